/* SPDX-License-Identifier: MIT */
/* Reproducible random Fanorona Chess positions for the chess suites and
 * the cross-check program: seeded random games through the public API, and
 * random set-ups written as position strings. */
#ifndef CHESS_RANDPOS_H
#define CHESS_RANDPOS_H

#include <fanorona-chess.h>
#include <stdint.h>

/* Plays up to max_plies random legal moves from the start (fewer when the
 * game ends; the last position reached is kept, ended or not) and writes
 * its string into buf (FAN_CHESS_STRING_MAX bytes). FAN_OK or a FAN_E*. */
int crp_game(char *buf, uint64_t *rng, unsigned max_plies);

/* A random set-up the library accepts: each side a king and a random part
 * of its other pieces, pools holding some of the rest, pawns often one step
 * from promotion, kings on their start points with their flag now and
 * then, clocks up to the 50-move limit. Set-ups where the side not to move
 * is in check are drawn again. */
int crp_setup(char *buf, uint64_t *rng);

#endif

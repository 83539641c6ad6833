/* SPDX-License-Identifier: MIT */
/* Reproducible random positions, reached by seeded random play through the
 * library's public step API (used by test-perft and perft-crosscheck). */
#ifndef RANDPOS_H
#define RANDPOS_H

#include <fanorona.h>
#include <stddef.h>
#include <stdint.h>

/* xorshift64*: small, fast and the same everywhere. state must not be 0. */
uint64_t rp_next(uint64_t *state);
/* A number in 0..n-1 (n > 0). */
unsigned rp_below(uint64_t *state, unsigned n);

/*
 * Plays up to steps random steps from the start of a game with the given
 * ruleset (in stop-at-will, an open chain is ended now and then instead of
 * continued), stopping early when the game ends; then, taking back the
 * last turn of a finished game, goes on with random steps until the turn
 * state is as asked: between turns (mid_chain 0) or inside an open capture
 * chain (mid_chain 1); rarely, after 400 tries, it is not. Writes the
 * position string into buf (FAN_POSITION_STRING_MAX bytes). Returns FAN_OK
 * or a FAN_E* code.
 */
int rp_position(char *buf, uint64_t *state, int rules, unsigned steps,
                int mid_chain);

/*
 * A random set-up board (not necessarily reachable in a game): a random
 * density, each point empty, white or black, at most 22 pieces a side, a
 * random side to move; its position string into buf as rp_position().
 * Such boards reach corners of the move generator that play rarely does.
 * With mid_chain 1, a random first capture step is played on it as well, so
 * that a chain is open (boards are drawn until one opens; rarely, after
 * 1000 tries, none does).
 */
int rp_board(char *buf, uint64_t *state, int rules, int mid_chain);

#endif

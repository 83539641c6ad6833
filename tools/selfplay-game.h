/* SPDX-License-Identifier: MIT */
/* One self-play game of fanorona-selfplay (tools/fanorona-selfplay.c), on
 * its own so that tests/test-selfplay.c can play games and check what they
 * wrote against an independent solver. */
#ifndef FANORONA_SELFPLAY_GAME_H
#define FANORONA_SELFPLAY_GAME_H

#include <fanorona.h>
#include <stdint.h>
#include <stdio.h>

/* How a game ended. */
typedef struct selfplay_end {
    int by_table;   /* 1: adjudicated by the tables, 0: by the rules */
    int value;      /* by_table: FAN_TB_* for side_to_move of final */
    int result;     /* FAN_WHITE_WINS, FAN_BLACK_WINS or FAN_DRAW */
    size_t written; /* positions written */
    fan_position *final; /* the last position (the caller frees it) */
} selfplay_end;

/* Plays one game from the start of rules: plies random turns drawn with
 * the splitmix64 generator seeded with seed, then the search s at nodes
 * nodes a turn (its table cleared first), until the rules end the game or,
 * with tb not NULL, a position tb covers is reached (its table value is the
 * result). Writes the quiet positions after the opening ("POSITION;R", R
 * for the side to move) to out. end may be NULL. 0, or -1 on an error. */
int selfplay_game(FILE *out, fan_search *s, const fan_tb *tb, int rules,
                  int plies, uint64_t nodes, uint64_t seed,
                  selfplay_end *end);

#endif

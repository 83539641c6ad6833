/* SPDX-License-Identifier: MIT */
/* One self-play game: see selfplay-game.h and tools/fanorona-selfplay.c. */
#include "selfplay-game.h"

#include <stdlib.h>

#include "lib/movegen.h"
#include "splitmix.h"

static int play_random(fan_position *p, uint64_t *rng)
{
    fan_turn turns[1024];
    size_t n = 0;
    if (fan_position_turns(turns, 1024, &n, p) != FAN_OK || n == 0)
        return -1;
    return fan_position_play_turn(p, turns[splitmix64_next(rng) % n]);
}

/* Whether the side to move of p must capture. */
static int must_capture(const fan_position *p)
{
    uint64_t w, b;
    fan_position_pieces(&w, p, FAN_WHITE);
    fan_position_pieces(&b, p, FAN_BLACK);
    int white = fan_position_side_to_move(p) == FAN_WHITE;
    return mg_capturers(white ? w : b, white ? b : w) != 0;
}

/* The game's result from a table value v for side to move. */
static int result_of_value(int v, int side)
{
    if (v == FAN_TB_DRAW)
        return FAN_DRAW;
    return (v == FAN_TB_WIN) == (side == FAN_WHITE) ? FAN_WHITE_WINS
                                                    : FAN_BLACK_WINS;
}

/* The quiet positions (strings and sides to move) are kept in lines/sides
 * until the result is known. */
int selfplay_game(FILE *out, fan_search *s, const fan_tb *tb, int rules,
                  int plies, uint64_t nodes, uint64_t seed, selfplay_end *end)
{
    fan_position *p = NULL;
    if (end)
        end->final = NULL;
    if (fan_position_new(&p, rules) != FAN_OK)
        return -1;
    uint64_t rng = seed;
    for (int i = 0; i < plies && fan_position_result(p) == FAN_ONGOING; i++)
        if (play_random(p, &rng) != FAN_OK)
            break;
    size_t cap = 512, n = 0;
    char (*lines)[FAN_POSITION_STRING_MAX] = malloc(cap * sizeof *lines);
    int *sides = malloc(cap * sizeof *sides);
    fan_search_clear(s);
    int rc = lines && sides ? FAN_OK : FAN_ENOMEM;
    int res = FAN_ONGOING, value = 0, dist;
    while (rc == FAN_OK && (res = fan_position_result(p)) == FAN_ONGOING) {
        /* FAN_ENOTABLE (more pieces than the tables hold): play on */
        if (tb && fan_tb_probe(&value, &dist, tb, p) == FAN_OK) {
            res = result_of_value(value, fan_position_side_to_move(p));
            break;
        }
        if (!must_capture(p) && n < cap) {
            fan_position_to_string(lines[n], FAN_POSITION_STRING_MAX, NULL, p);
            sides[n++] = fan_position_side_to_move(p);
        }
        fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
        l.max_nodes = nodes;
        fan_search_result r = FAN_SEARCH_RESULT_INIT;
        rc = fan_search_run(&r, s, p, &l, NULL, NULL);
        if (rc == FAN_OK)
            rc = fan_position_play_turn(p, r.best);
    }
    int white_won = res == FAN_WHITE_WINS;
    for (size_t i = 0; rc == FAN_OK && i < n; i++)
        fprintf(out, "%s;%s\n", lines[i],
                res == FAN_DRAW                      ? "0.5"
                : white_won == (sides[i] == FAN_WHITE) ? "1"
                                                       : "0");
    free(lines);
    free(sides);
    if (end && rc == FAN_OK) {
        end->by_table = fan_position_result(p) == FAN_ONGOING;
        end->value = end->by_table ? value : 0;
        end->result = res;
        end->written = n;
        end->final = p;
    } else {
        fan_position_free(p);
    }
    return rc == FAN_OK ? 0 : -1;
}

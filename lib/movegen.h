/* SPDX-License-Identifier: MIT */
/* Move generation: capture and paika steps from bitboards, and the walk over
 * every path of a capture chain. Works on plain masks (own = side to move),
 * allocates nothing and touches no global state. */
#ifndef FAN_MOVEGEN_H
#define FAN_MOVEGEN_H

#include "board.h"
#include "fanorona.h"

/* The run of enemy pieces starting at 'start' and going on in direction d,
 * up to the first point that is not an enemy piece (or the edge). */
static inline uint64_t mg_run(int start, int d, uint64_t opp)
{
    uint64_t line = board_ray[start][d] | BIT(start);
    uint64_t stop = line & ~opp;
    if (!stop)
        return line;
    if (d < 4) /* E, NE, N, NW: indices grow along the ray */
        return line & (BIT(board_lsb(stop)) - 1);
    return line & ~((BIT(63 - __builtin_clzll(stop)) << 1) - 1);
}

/* The run of enemy pieces at the start of 'line' (a ray in direction d,
 * given without its origin): the points up to the first one that is not an
 * enemy piece. Rays of directions 0..3 go towards higher bits, 4..7 lower.
 * mg_run_dir takes the sense instead (up: towards higher bits).
 * Both forms are computed without a branch (the direction and whether the
 * run reaches the edge are data the predictor cannot learn); a set low
 * bit under the shifted stop set stands for "no stop", so a run that ends
 * at the edge keeps its last point. */
static inline uint64_t mg_run_dir(uint64_t line, int up, uint64_t opp)
{
    uint64_t stop = line & ~opp;
    uint64_t upward = line & ((stop & (0 - stop)) - 1);
    uint64_t downward =
        line & (~(uint64_t)0 << (63 - __builtin_clzll((stop << 1) | 1)));
    uint64_t sel = 0 - (uint64_t)(up != 0); /* a select, not a branch */
    return (upward & sel) | (downward & ~sel);
}

static inline uint64_t mg_run_line(uint64_t line, int d, uint64_t opp)
{
    return mg_run_dir(line, d < 4, opp);
}

/* Pieces of 'own' that have an approach (resp. withdrawal) capture by a
 * step in direction d. */
static inline uint64_t mg_approachers(uint64_t own, uint64_t opp, int d)
{
    int back = DIR_OPPOSITE(d);
    uint64_t empty = ~(own | opp) & BOARD_MASK;
    uint64_t landing = empty & board_step_from[d] & board_shift(opp, back);
    return own & board_step_from[d] & board_shift(landing, back);
}

static inline uint64_t mg_withdrawers(uint64_t own, uint64_t opp, int d)
{
    int back = DIR_OPPOSITE(d);
    uint64_t empty = ~(own | opp) & BOARD_MASK;
    return own & board_step_from[d] & board_step_from[back] &
           board_shift(empty, back) & board_shift(opp, d);
}

static inline uint64_t mg_paika_movers(uint64_t own, uint64_t opp, int d)
{
    uint64_t empty = ~(own | opp) & BOARD_MASK;
    return own & board_step_from[d] & board_shift(empty, DIR_OPPOSITE(d));
}

/* Pieces of own that can capture now. */
uint64_t mg_capturers(uint64_t own, uint64_t opp);
/* 1 when own has any legal turn at all. */
int mg_has_turn(uint64_t own, uint64_t opp);

/* The state of a turn in progress. At the start of a turn length == 0. */
typedef struct mg_chain {
    uint64_t own, opp;      /* board now; own is the side making the turn */
    uint64_t visited;       /* origin and every landing point */
    uint64_t captured;      /* removed so far this turn */
    int sq;                 /* the active piece (valid when length > 0) */
    int lastdir;            /* direction of the last segment, -1 if none */
    fan_path path;          /* steps so far; path.length == 0 at the start */
} mg_chain;

void mg_chain_start(mg_chain *c, uint64_t own, uint64_t opp);

/* The legal next steps of c (turn start: captures, else paikas; in a chain:
 * the continuations). Returns their number (at most FAN_STEPS_MAX). */
int mg_steps(fan_step *out, const mg_chain *c);
/* 1 when a capture chain can go on (never after a paika). */
int mg_has_continuation(const mg_chain *c);
/* Applies a step that mg_steps() produced. */
void mg_apply(mg_chain *c, const fan_step *s);

/* Called for every complete turn found by mg_walk(); a non-zero return
 * stops the walk and is returned by it. */
typedef int (*mg_visit_fn)(void *ctx, const mg_chain *end);

/* Visits every complete turn that can follow the state c: under
 * stop-at-will every non-empty prefix of a chain, under must-continue only
 * chains that cannot go on; paikas when there is no capture. */
int mg_walk(const mg_chain *c, int rules, mg_visit_fn visit, void *ctx);

#endif

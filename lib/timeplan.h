/* SPDX-License-Identifier: MIT */
/* The time plan of a turn on a clock (doc/search.md, "Time"), as plain
 * arithmetic: used by the search (lib/timeman.c) and by fanorona-engine,
 * which plans a turn again at "ponderhit" (examples/engine/ponder.c), so
 * that both follow one set of numbers. No library state is involved. */
#ifndef FAN_TIMEPLAN_H
#define FAN_TIMEPLAN_H

#include <stdint.h>

/* For clock ms left (not 0), increment inc, moves_to_go (0: none) and
 * time_ms (0: none; it caps the plan): soft is the share a turn aims at
 * (no iteration starts after 60% of it), hard where the search stops, and
 * panic where it stops even inside its first iteration: as for a fixed
 * time, twice the hard limit or the hard limit and a second, whichever
 * is later, and never after the clock minus the margin. Before, panic was
 * the clock minus the margin alone, so a first iteration whose quiescence
 * met a capture tree of millions of nodes (time_plan_fixed below) could
 * spend almost the whole clock on one turn.
 *
 * The share counts half the increment and a turn never takes more than a
 * quarter of the clock: a turn often runs past its share (an iteration
 * started before 60% of it goes on to the hard limit), and with three
 * quarters of the increment and a limit of two fifths of the clock plus
 * that, a long game spent more than the increment a turn until the clock
 * sat at the margin, where 12 ms of delay lost on time (fanorona-match,
 * 10 s + 0.1 s, doc/search.md); half the clock still let it fall to 56 ms
 * on a loaded machine. Now three quarters of the clock are left after
 * the hard limit, and a clock low against the increment grows again. */
static inline void time_plan_clock(uint64_t clock, uint64_t inc,
                                   uint64_t moves_to_go, uint64_t time_ms,
                                   uint64_t *soft, uint64_t *hard,
                                   uint64_t *panic)
{
    uint64_t to_go = moves_to_go ? moves_to_go : 25;
    if (to_go > 50)
        to_go = 50;
    uint64_t margin = 10 + clock / 50;
    uint64_t usable = clock > margin ? clock - margin : 1;
    uint64_t share = clock / (to_go + 1) + inc / 2;
    uint64_t most = share * 3;
    if (most > clock * 2 / 5 + inc / 2)
        most = clock * 2 / 5 + inc / 2;
    if (most > clock / 4)
        most = clock / 4;
    if (most > usable)
        most = usable;
    if (time_ms && most > time_ms)
        most = time_ms;
    if (share > most)
        share = most;
    *soft = share ? share : 1;
    *hard = most ? most : 1;
    uint64_t cut = *hard + (*hard > 1000 ? *hard : 1000);
    *panic = cut < usable ? cut : usable;
}

/* A fixed time (time_ms, UCI's movetime): iterations go on until it is
 * up, and the first one completes so that the answer is a searched turn,
 * unless it runs on past the panic limit: twice the time, or the time and
 * a second when that is later. Depth 1 is short almost always, but its
 * quiescence can meet capture trees of millions of nodes in some opening
 * positions (2.2 s for one turn of `go movetime 20` with a fitted
 * evaluation, doc/search.md); the answer is then still a legal turn. */
static inline void time_plan_fixed(uint64_t time_ms, uint64_t *soft,
                                   uint64_t *hard, uint64_t *panic)
{
    *soft = *hard = time_ms;
    *panic = time_ms ? time_ms + (time_ms > 1000 ? time_ms : 1000) : 0;
}

#endif

/* SPDX-License-Identifier: MIT */
/* Time and node limits of a run: the time plan, the checks every
 * CHECK_EVERY nodes, and whether another iteration is worth starting.
 *
 * A fixed time (time_ms) is used whole: iterations go on until it is up
 * and the last completed one answers; a first iteration still running at
 * twice the time (the time and a second, if later) is cut off. With a clock (clock_ms, increment_ms,
 * moves_to_go) a turn aims at a share of what is left: the clock over the
 * turns to go (25 when none are given) plus half the increment. No
 * iteration starts after 60% of that share, and the search stops at three
 * shares, two fifths of the clock plus half the increment, or a quarter
 * of the clock, whichever is least, and never later than the clock minus a
 * margin for the program around the search (10 ms and 2% of the clock);
 * a first iteration still running at twice the hard limit (the hard limit
 * and a second, if later) or at that margin is cut, with a legal turn,
 * rather than spend the clock on one turn or lose on time. The numbers are in timeplan.h,
 * which fanorona-engine shares for "ponderhit". */
/* clock_gettime and sysconf are POSIX: ask for them also where the C
 * library shows only ISO C by default (musl under emscripten). */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"
#include "timeplan.h"

void search_plan_time(fan_search *s, const fan_search_limits *l)
{
    s->clock_mode = l->clock_ms != 0;
    time_plan_fixed(l->time_ms, &s->soft_ms, &s->hard_ms, &s->panic_ms);
    if (s->clock_mode)
        time_plan_clock(l->clock_ms, l->increment_ms, l->moves_to_go,
                        l->time_ms, &s->soft_ms, &s->hard_ms, &s->panic_ms);
}

uint64_t search_elapsed_ms(const fan_search *s)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t ms = (int64_t)(now.tv_sec - s->start.tv_sec) * 1000 +
                 (now.tv_nsec - s->start.tv_nsec) / 1000000;
    return ms < 0 ? 0 : (uint64_t)ms;
}

uint64_t search_total_nodes(const fan_search *s)
{
    uint64_t n = 0;
    for (int i = 0; i < s->nworkers; i++)
        n += atomic_load_explicit(&s->workers[i]->published,
                                  memory_order_relaxed);
    return n;
}

void search_check_limits(search_worker *w)
{
    fan_search *s = w->s;
    atomic_store_explicit(&w->published, w->nodes, memory_order_relaxed);
    if (w->id != 0)
        return;
    /* the first iteration completes, so that a time limit returns a
     * searched turn, unless it runs past the panic limit (the clock would
     * run out, or a fixed time is far exceeded: timeplan.h) */
    if (s->hard_ms) {
        uint64_t t = search_elapsed_ms(s);
        if ((w->depth_done >= 1 && t >= s->hard_ms) ||
            (s->panic_ms && t >= s->panic_ms))
            request_stop(s);
    }
    if (s->node_limit && s->nworkers > 1 &&
        search_total_nodes(s) >= s->node_limit)
        request_stop(s);
}

int search_another_iteration(const search_worker *w)
{
    const fan_search *s = w->s;
    if (!s->hard_ms)
        return 1;
    uint64_t t = search_elapsed_ms(s);
    if (!s->clock_mode)
        return t < s->hard_ms;
    /* a clock is better kept for later: a forced turn or a found win needs
     * no more, and an iteration started late would rarely finish */
    if (w->nroots == 1 || is_decisive(w->roots[0].score))
        return 0;
    return t * 10 < s->soft_ms * 6;
}

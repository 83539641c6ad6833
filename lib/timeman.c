/* SPDX-License-Identifier: MIT */
/* Time and node limits of a run: the clock, the checks every
 * CHECK_EVERY nodes, and whether another iteration is worth starting. */
/* clock_gettime and sysconf are POSIX: ask for them also where the C
 * library shows only ISO C by default (musl under emscripten). */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"

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
    /* the first iteration always completes, so that a time limit never
     * returns an unsearched turn */
    if (s->time_limit_ms && w->depth_done >= 1 &&
        search_elapsed_ms(s) >= s->time_limit_ms)
        request_stop(s);
    if (s->node_limit && s->nworkers > 1 &&
        search_total_nodes(s) >= s->node_limit)
        request_stop(s);
}

int search_another_iteration(const search_worker *w)
{
    const fan_search *s = w->s;
    if (!s->time_limit_ms)
        return 1;
    /* another iteration would rarely finish; a forced turn or a found win
     * needs no more */
    if (search_elapsed_ms(s) * 2 >= s->time_limit_ms)
        return 0;
    return !(w->nroots == 1 || is_decisive(w->roots[0].score));
}

/* SPDX-License-Identifier: MIT */
/* The workers of a search handle and their threads (Lazy SMP: every
 * thread searches the same tree, sharing the table). */
#include "engine.h"

#include <stdlib.h>

static void free_worker(search_worker *w)
{
    free(w->roots);
    free(w->saved);
    free(w->stack_moves);
    free(w->stack_scores);
    free(w->chess);
    free(w);
}

void free_workers(fan_search *s)
{
    for (int i = 0; i < s->nworkers; i++)
        free_worker(s->workers[i]);
    free(s->workers);
    s->workers = NULL;
    s->nworkers = 0;
}

int ensure_workers(fan_search *s, int n)
{
    if (s->nworkers == n)
        return FAN_OK;
    search_worker **ws = calloc((size_t)n, sizeof *ws);
    if (!ws)
        return FAN_ENOMEM;
    for (int i = 0; i < n; i++) {
        /* keep what the existing threads learnt */
        ws[i] = i < s->nworkers ? s->workers[i] : calloc(1, sizeof **ws);
        if (!ws[i]) {
            for (int j = s->nworkers; j < i; j++)
                free(ws[j]);
            free(ws);
            return FAN_ENOMEM;
        }
        ws[i]->s = s;
        ws[i]->id = i;
    }
    for (int i = n; i < s->nworkers; i++)
        free_worker(s->workers[i]);
    free(s->workers);
    s->workers = ws;
    s->nworkers = n;
    return FAN_OK;
}

/* The turn-list stack of w, grown to cap entries; FAN_ENOMEM leaves it as
 * it was. */
int worker_grow_stack(search_worker *w, size_t cap)
{
    fan_turn *m = realloc(w->stack_moves, cap * sizeof *m);
    if (!m)
        return FAN_ENOMEM;
    w->stack_moves = m;
    int *sc = realloc(w->stack_scores, cap * sizeof *sc);
    if (!sc)
        return FAN_ENOMEM;
    w->stack_scores = sc;
    w->stack_cap = cap;
    return FAN_OK;
}

static void *helper_main(void *arg)
{
    search_iterate(arg);
    return NULL;
}

void run_workers(fan_search *s, int threads)
{
    int started = 1;
    for (; started < threads; started++)
        if (pthread_create(&s->workers[started]->thread, NULL, helper_main,
                           s->workers[started]))
            break;
    search_iterate(s->workers[0]);
    request_stop(s);
    for (int i = 1; i < started; i++)
        pthread_join(s->workers[i]->thread, NULL);
}

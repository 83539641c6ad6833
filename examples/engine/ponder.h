/* SPDX-License-Identifier: MIT */
/* Pondering in fanorona-engine (doc/search.md): "go ponder" searches
 * without a time limit; "ponderhit" turns the running search into a timed
 * one, its time counted from the ponderhit, by a timer thread that stops
 * the search when the budget is spent and by the progress callback, which
 * ends it after an iteration as the library's own time plan would. The
 * budget is the library's plan (lib/timeplan.h, shared with
 * lib/timeman.c) computed again here, so that the API needs no deadline
 * that changes during a search. */
#ifndef FAN_ENGINE_PONDER_H
#define FAN_ENGINE_PONDER_H

#include <fanorona.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

typedef struct ponder {
    pthread_mutex_t lock;
    pthread_cond_t cond;   /* wakes the timer (cancel) */
    int pondering;         /* a "go ponder" search is running */
    int hit;               /* ponderhit came: the budget runs */
    struct timespec hit_at;
    fan_search_limits timed; /* the time limits given with "go ponder" */
    int forced;            /* the root has one legal turn */
    int iterations;        /* completed so far */
    int decisive;          /* the last one found a win or a loss */
    int stop_due;          /* the callback ends the search at once */
    uint64_t soft_ms, hard_ms, panic_ms; /* the plan, 0: no time limit */
    int clock_mode;
    int timer_running, cancel;
    pthread_t timer;
    fan_search *search;    /* what the timer stops */
    atomic_int *finished;  /* set once bestmove is out */
} ponder;

void ponder_init(ponder *p);
void ponder_destroy(ponder *p);

/* The library's time plan of a turn (lib/timeplan.h):
 * soft: no iteration starts after 60% of it (clock only); hard: the search
 * stops there; panic: it stops there even inside its first iteration.
 * All 0 without a time limit. */
void ponder_plan(const fan_search_limits *l, uint64_t *soft, uint64_t *hard,
                 uint64_t *panic);

/* "go ponder": keeps the time limits of *l for ponderhit and takes them
 * out of *l, so that the search runs until ponderhit or stop. pos is the
 * position searched. */
void ponder_start(ponder *p, fan_search_limits *l, const fan_position *pos,
                  fan_search *search, atomic_int *finished);
/* Whether a finished search must still hold its bestmove back (pondering
 * and no ponderhit yet). */
int ponder_waiting(ponder *p);
/* "ponderhit": the budget starts now. Returns 0 when no ponder search
 * runs (the command is then ignored), -1 when the timer cannot start. */
int ponder_hit(ponder *p);
/* From the progress callback after each line: 1 stops the search (after
 * ponderhit, when the library's plan would start no further iteration). */
int ponder_iteration_done(ponder *p, const fan_search_result *r);
/* The search has been joined: stops and joins the timer, pondering ends. */
void ponder_end(ponder *p);

/* The answer of a search after "bestmove ": the turn, and "ponder" with
 * the reply expected when the line has a second turn. */
void ponder_bestmove_text(char *buf, size_t size, const fan_position *pos,
                          const fan_search_result *r);

#endif

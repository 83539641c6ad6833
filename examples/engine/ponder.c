/* SPDX-License-Identifier: MIT */
/* Pondering (examples/engine/ponder.h): the time plan of a turn that
 * starts at "ponderhit" while the search has been running for a while. */
#define _POSIX_C_SOURCE 200809L
#include "ponder.h"

/* the library's plan itself, plain arithmetic (not the library's API) */
#include "../../lib/timeplan.h"

#include <stdio.h>
#include <string.h>

void ponder_plan(const fan_search_limits *l, uint64_t *soft, uint64_t *hard,
                 uint64_t *panic)
{
    time_plan_fixed(l->time_ms, soft, hard, panic);
    if (l->clock_ms)
        time_plan_clock(l->clock_ms, l->increment_ms, l->moves_to_go,
                        l->time_ms, soft, hard, panic);
}

void ponder_init(ponder *p)
{
    memset(p, 0, sizeof *p);
    pthread_mutex_init(&p->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&p->cond, &attr);
    pthread_condattr_destroy(&attr);
}

void ponder_destroy(ponder *p)
{
    ponder_end(p);
    pthread_cond_destroy(&p->cond);
    pthread_mutex_destroy(&p->lock);
}

void ponder_start(ponder *p, fan_search_limits *l, const fan_position *pos,
                  fan_search *search, atomic_int *finished)
{
    size_t n = 0;
    fan_position_turns(NULL, 0, &n, pos); /* FAN_EBUFS, n set */
    pthread_mutex_lock(&p->lock);
    p->pondering = 1;
    p->hit = 0;
    p->timed = *l;
    p->forced = n == 1;
    p->iterations = 0;
    p->decisive = 0;
    p->stop_due = 0;
    p->search = search;
    p->finished = finished;
    pthread_mutex_unlock(&p->lock);
    l->time_ms = 0;
    l->clock_ms = 0;
    l->increment_ms = 0;
    l->moves_to_go = 0;
}

int ponder_waiting(ponder *p)
{
    pthread_mutex_lock(&p->lock);
    int waiting = p->pondering && !p->hit;
    pthread_mutex_unlock(&p->lock);
    return waiting;
}

/* Milliseconds since ponderhit. Under p->lock. */
static uint64_t since_hit(const ponder *p)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t ms = (int64_t)(now.tv_sec - p->hit_at.tv_sec) * 1000 +
                 (now.tv_nsec - p->hit_at.tv_nsec) / 1000000;
    return ms < 0 ? 0 : (uint64_t)ms;
}

/* Whether the budget is spent: the hard limit, once an iteration has
 * completed (the library lets its first one finish), and the panic limit
 * (of a clock, or far past a fixed time: lib/timeplan.h) in any case.
 * Under p->lock. */
static int time_is_up(const ponder *p)
{
    if (p->stop_due)
        return 1;
    if (!p->hard_ms)
        return 0;
    uint64_t t = since_hit(p);
    return (p->iterations >= 1 && t >= p->hard_ms) ||
           (p->panic_ms && t >= p->panic_ms);
}

static void *timer_main(void *arg)
{
    ponder *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->cancel && !time_is_up(p)) {
        /* wake at the hard limit, then every millisecond while the first
         * iteration is still running */
        uint64_t t = since_hit(p);
        uint64_t wait = p->hard_ms > t ? p->hard_ms - t : 1;
        struct timespec until = p->hit_at;
        uint64_t ns = (uint64_t)until.tv_nsec + (t + wait) % 1000 * 1000000;
        until.tv_sec += (time_t)((t + wait) / 1000 + ns / 1000000000);
        until.tv_nsec = (long)(ns % 1000000000);
        pthread_cond_timedwait(&p->cond, &p->lock, &until);
    }
    /* a stop made before the search has begun is forgotten: repeat it
     * until the bestmove is out */
    while (!p->cancel && !atomic_load(p->finished)) {
        pthread_mutex_unlock(&p->lock);
        fan_search_stop(p->search);
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int ponder_hit(ponder *p)
{
    pthread_mutex_lock(&p->lock);
    if (!p->pondering || p->hit) {
        pthread_mutex_unlock(&p->lock);
        return 0;
    }
    p->hit = 1;
    clock_gettime(CLOCK_MONOTONIC, &p->hit_at);
    ponder_plan(&p->timed, &p->soft_ms, &p->hard_ms, &p->panic_ms);
    p->clock_mode = p->timed.clock_ms != 0;
    /* the plan starts no iteration for a forced turn or a found result */
    if (p->clock_mode && p->iterations >= 1 && (p->forced || p->decisive))
        p->stop_due = 1;
    int rc = 0;
    if (p->hard_ms || p->stop_due) {
        p->cancel = 0;
        if (pthread_create(&p->timer, NULL, timer_main, p) == 0)
            p->timer_running = 1;
        else
            rc = -1;
    }
    pthread_mutex_unlock(&p->lock);
    return rc ? rc : 1;
}

int ponder_iteration_done(ponder *p, const fan_search_result *r)
{
    pthread_mutex_lock(&p->lock);
    int stop = 0;
    if (p->pondering && r->line == 1) {
        p->iterations++;
        p->decisive = FAN_SCORE_IS_WIN(r->score) || FAN_SCORE_IS_LOSS(r->score);
        if (p->hit && p->clock_mode)
            stop = p->forced || p->decisive ||
                   since_hit(p) * 10 >= p->soft_ms * 6;
        if (p->hit && time_is_up(p))
            stop = 1;
    }
    pthread_mutex_unlock(&p->lock);
    return stop;
}

void ponder_end(ponder *p)
{
    pthread_mutex_lock(&p->lock);
    int joined = p->timer_running;
    p->cancel = 1;
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->lock);
    if (joined)
        pthread_join(p->timer, NULL);
    pthread_mutex_lock(&p->lock);
    p->timer_running = 0;
    p->pondering = 0;
    p->hit = 0;
    pthread_mutex_unlock(&p->lock);
}

void ponder_bestmove_text(char *buf, size_t size, const fan_position *pos,
                          const fan_search_result *r)
{
    char best[FAN_PATH_STRING_MAX], reply[FAN_PATH_STRING_MAX];
    if (fan_turn_to_string_ex(best, sizeof best, NULL, pos, r->best,
                              FAN_NOTATION_COMPACT) != FAN_OK) {
        snprintf(buf, size, "(none)");
        return;
    }
    snprintf(buf, size, "%s", best);
    fan_position *after = NULL;
    if (r->pv_length < 2 || r->pv[0] != r->best ||
        fan_position_clone(&after, pos) != FAN_OK)
        return;
    if (fan_position_play_turn(after, r->best) == FAN_OK &&
        fan_position_result(after) == FAN_ONGOING &&
        fan_turn_to_string_ex(reply, sizeof reply, NULL, after, r->pv[1],
                              FAN_NOTATION_COMPACT) == FAN_OK)
        snprintf(buf, size, "%s ponder %s", best, reply);
    fan_position_free(after);
}

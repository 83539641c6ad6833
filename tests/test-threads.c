/* SPDX-License-Identifier: MIT */
/* Thread safety: independent handles are usable from different threads at
 * once (the library has no global mutable state). Each job plays a seeded
 * game step by step with undo, redo, clones and position strings, and runs
 * perft (also fan_perft_ex with two threads and a table, which must count
 * the same), divide and a node-limited search; its results are digested. The digests of every job
 * are first computed on the main thread alone, then by several threads
 * running all jobs at the same time, each on its own handles; they must be
 * equal. Then searches without limits (one thread, and two with Lazy SMP)
 * are stopped from the main thread and must return a legal turn. Built
 * with -Db_sanitize=thread (clang) this test is also the ThreadSanitizer
 * check (.ci/run). */
#define _GNU_SOURCE /* pthread_tryjoin_np */
#include <fanorona.h>
#include <pthread.h>
#include <time.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JOBS 6
#define THREADS 4
#define ROUNDS 2

typedef struct result {
    uint64_t digest;       /* of every position string met */
    uint64_t start[2];     /* unique and paths counts from the start, depth 4 */
    uint64_t perft[2];     /* the same 30 steps into the game, depth 3 */
    uint64_t divide_sum;   /* depth 2, unique */
    fan_turn best;         /* a node-limited search on the job's handle */
    int32_t score;
    uint64_t nodes;
    int turns, result;     /* at the end of the game */
    int failed;            /* a library call returned an error */
} result;

static uint64_t mix(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001B3ull; /* FNV-1a */
    return h;
}

static unsigned rnd(uint64_t *state, unsigned n)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)((*state >> 33) % n);
}

#define OK(call)                                                               \
    do {                                                                       \
        if ((call) != FAN_OK) {                                                \
            out->failed = __LINE__;                                            \
            goto done;                                                         \
        }                                                                      \
    } while (0)

static void run_job(int job, result *out)
{
    uint64_t rng = 0x9E3779B97F4A7C15ull * (uint64_t)(job + 1);
    int rules = job % 2 ? FAN_RULES_MUST : FAN_RULES_STOP;
    fan_position *p = NULL, *q = NULL;
    fan_perft_entry *entries = NULL;
    fan_search *search = NULL;
    char text[FAN_POSITION_STRING_MAX];
    memset(out, 0, sizeof *out);
    out->digest = 0xCBF29CE484222325ull;
    OK(fan_position_new(&p, rules));
    OK(fan_perft(&out->start[0], p, 4, FAN_COUNT_UNIQUE));
    OK(fan_perft(&out->start[1], p, 4, FAN_COUNT_PATHS));
    /* the same counts with two threads of its own and a shared table */
    fan_perft_options opts = FAN_PERFT_OPTIONS_INIT;
    opts.threads = 2;
    opts.hash_mib = 1;
    uint64_t count = 0;
    OK(fan_perft_ex(&count, p, 4, FAN_COUNT_UNIQUE, &opts));
    if (count != out->start[0])
        out->failed = __LINE__;
    OK(fan_perft_ex(&count, p, 4, FAN_COUNT_PATHS, &opts));
    if (count != out->start[1])
        out->failed = __LINE__;

    for (int step = 0; step < 400 && fan_position_result(p) == FAN_ONGOING;
         step++) {
        fan_step steps[FAN_STEPS_MAX];
        size_t n = 0;
        OK(fan_position_steps(steps, FAN_STEPS_MAX, &n, p));
        const fan_step *s = &steps[rnd(&rng, (unsigned)n)];
        OK(fan_position_play_step(p, s->from, s->to, s->kind));
        if (fan_position_can_end_turn(p) == 1 && rnd(&rng, 2))
            OK(fan_position_end_turn(p));
        OK(fan_position_to_string(text, sizeof text, NULL, p));
        out->digest = mix(out->digest, text);
        switch (rnd(&rng, 8)) {
        case 0: /* the string alone makes an equal position */
            OK(fan_position_from_string(&q, text, FAN_RULES_STOP, NULL));
            if (fan_position_equal(p, q) != 1)
                out->failed = __LINE__;
            fan_position_free(q);
            q = NULL;
            break;
        case 1: /* go on in a clone */
            OK(fan_position_clone(&q, p));
            fan_position_free(p);
            p = q;
            q = NULL;
            break;
        case 2: /* take back and replay */
            if (fan_position_history_length(p) > 0 &&
                !fan_position_in_chain(p)) {
                OK(fan_position_undo(p));
                OK(fan_position_to_string(text, sizeof text, NULL, p));
                out->digest = mix(out->digest, text);
                OK(fan_position_redo(p));
            }
            break;
        default:
            break;
        }
        if (step == 30 && !fan_position_in_chain(p) &&
            fan_position_result(p) == FAN_ONGOING) {
            OK(fan_perft(&out->perft[0], p, 3, FAN_COUNT_UNIQUE));
            OK(fan_perft(&out->perft[1], p, 3, FAN_COUNT_PATHS));
            size_t count = 0;
            int r = fan_perft_divide(NULL, 0, &count, p, 2, FAN_COUNT_UNIQUE);
            if (r != FAN_EBUFS && r != FAN_OK)
                OK(r);
            entries = calloc(count + 1, sizeof *entries);
            if (!entries)
                OK(FAN_ENOMEM);
            OK(fan_perft_divide(entries, count, &count, p, 2,
                                FAN_COUNT_UNIQUE));
            for (size_t i = 0; i < count; i++)
                out->divide_sum += entries[i].nodes;
            free(entries);
            entries = NULL;
            /* one thread and a node limit: the result depends only on the
             * position and the (new) handle */
            fan_search_limits limits = FAN_SEARCH_LIMITS_INIT;
            fan_search_result found = FAN_SEARCH_RESULT_INIT;
            fan_search_options opts = FAN_SEARCH_OPTIONS_INIT;
            opts.hash_mib = 1;
            limits.max_nodes = 20000;
            OK(fan_search_new(&search, &opts));
            OK(fan_search_run(&found, search, p, &limits, NULL, NULL));
            out->best = found.best;
            out->score = found.score;
            out->nodes = found.nodes;
            fan_search_free(search);
            search = NULL;
        }
    }
    out->turns = fan_position_turns_played(p);
    out->result = fan_position_result(p);
done:
    fan_search_free(search);
    free(entries);
    fan_position_free(q);
    fan_position_free(p);
}

static result expected[JOBS];

/* A search without limits, stopped from another thread. */
typedef struct stopper {
    pthread_t thread;
    fan_search *search;
    const fan_position *pos;
    int code;
    fan_search_result found;
} stopper;

static void *search_until_stopped(void *arg)
{
    stopper *st = arg;
    fan_search_limits limits = FAN_SEARCH_LIMITS_INIT;
    st->code = fan_search_run(&st->found, st->search, st->pos, &limits, NULL,
                              NULL);
    return NULL;
}

static int sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    return nanosleep(&ts, NULL);
}

/* The main thread asks the search to stop (again, until it returns: a
 * request made before the search starts is forgotten); the search must
 * return FAN_OK with a legal turn. */
static int stop_from_another_thread(uint32_t search_threads)
{
    fan_position *pos = NULL;
    stopper st;
    memset(&st, 0, sizeof st);
    fan_search_options opts = FAN_SEARCH_OPTIONS_INIT;
    opts.threads = search_threads;
    opts.hash_mib = 1;
    fan_search_result_init(&st.found);
    if (fan_position_new(&pos, FAN_RULES_STOP) != FAN_OK ||
        fan_search_new(&st.search, &opts) != FAN_OK)
        return 1;
    st.pos = pos;
    st.code = 1; /* not a FAN_* code: the search has not returned */
    if (pthread_create(&st.thread, NULL, search_until_stopped, &st))
        return 1;
    sleep_ms(20);
    /* the searching thread writes st.code only when it ends; join is the
     * only synchronisation, so poll with a bounded number of requests */
    for (int i = 0; i < 500; i++) {
        if (fan_search_stop(st.search) != FAN_OK)
            return 1;
        sleep_ms(10);
        if (pthread_tryjoin_np(st.thread, NULL) == 0)
            goto joined;
    }
    fprintf(stderr, "search with %u threads did not stop\n", search_threads);
    return 1;
joined:;
    fan_turn turns[256];
    size_t n = 0;
    int legal = 0;
    if (fan_position_turns(turns, 256, &n, pos) == FAN_OK)
        for (size_t i = 0; i < n; i++)
            legal |= turns[i] == st.found.best;
    printf("search with %u threads stopped: %s, depth %u, %llu nodes, best "
           "turn %s\n", search_threads, fan_strerror(st.code),
           st.found.depth, (unsigned long long)st.found.nodes,
           legal ? "legal" : "NOT LEGAL");
    fan_search_free(st.search);
    fan_position_free(pos);
    return st.code != FAN_OK || !legal;
}

typedef struct worker {
    pthread_t thread;
    int id;
    int mismatches;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    for (int round = 0; round < ROUNDS; round++)
        for (int k = 0; k < JOBS; k++) {
            int job = (k + w->id) % JOBS; /* threads start on different jobs */
            result got;
            run_job(job, &got);
            if (memcmp(&got, &expected[job], sizeof got)) {
                fprintf(stderr, "thread %d, job %d: results differ\n", w->id,
                        job);
                w->mismatches++;
            }
        }
    return NULL;
}

int main(void)
{
    for (int job = 0; job < JOBS; job++) {
        run_job(job, &expected[job]);
        if (expected[job].failed) {
            fprintf(stderr, "job %d: a call failed at line %d\n", job,
                    expected[job].failed);
            return 1;
        }
        printf("job %d: %d turns, result %d, perft %llu/%llu from the "
               "start, %llu/%llu later, divide %llu\n",
               job, expected[job].turns, expected[job].result,
               (unsigned long long)expected[job].start[0],
               (unsigned long long)expected[job].start[1],
               (unsigned long long)expected[job].perft[0],
               (unsigned long long)expected[job].perft[1],
               (unsigned long long)expected[job].divide_sum);
        printf("       search: best %016llx, score %d, %llu nodes\n",
               (unsigned long long)expected[job].best, expected[job].score,
               (unsigned long long)expected[job].nodes);
    }
    worker workers[THREADS];
    for (int i = 0; i < THREADS; i++) {
        workers[i].id = i;
        workers[i].mismatches = 0;
        if (pthread_create(&workers[i].thread, NULL, work, &workers[i])) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    }
    int mismatches = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(workers[i].thread, NULL);
        mismatches += workers[i].mismatches;
    }
    printf("%d threads x %d rounds x %d jobs: %d mismatches\n", THREADS,
           ROUNDS, JOBS, mismatches);
    int stops = stop_from_another_thread(1) + stop_from_another_thread(2);
    return mismatches || stops ? 1 : 0;
}

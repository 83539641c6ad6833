/* SPDX-License-Identifier: MIT */
/* Thread safety: independent handles are usable from different threads at
 * once (the library has no global mutable state). Each job plays a seeded
 * game step by step with undo, redo, clones and position strings, and runs
 * perft and divide; its results are digested. The digests of every job
 * are first computed on the main thread alone, then by several threads
 * running all jobs at the same time, each on its own handles; they must be
 * equal. Built with -Db_sanitize=thread (clang) this test is also the
 * ThreadSanitizer check (.ci/run). */
#include <fanorona.h>
#include <pthread.h>
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
    char text[FAN_POSITION_STRING_MAX];
    memset(out, 0, sizeof *out);
    out->digest = 0xCBF29CE484222325ull;
    OK(fan_position_new(&p, rules));
    OK(fan_perft(&out->start[0], p, 4, FAN_COUNT_UNIQUE));
    OK(fan_perft(&out->start[1], p, 4, FAN_COUNT_PATHS));

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
        }
    }
    out->turns = fan_position_turns_played(p);
    out->result = fan_position_result(p);
done:
    free(entries);
    fan_position_free(q);
    fan_position_free(p);
}

static result expected[JOBS];

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
    return mismatches ? 1 : 0;
}

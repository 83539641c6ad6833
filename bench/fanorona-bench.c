/* SPDX-License-Identifier: MIT */
/* Speed of libfanorona: perft leaf rates (leaves per second) for both
 * counts, with one thread (fan_perft) and with all threads (fan_perft_ex),
 * from the start and from fixed middle-game and endgame positions; the
 * speed-up of fan_perft_ex from 1 to N threads; the size of the position
 * state; the peak memory of a perft(7) from the start; a fixed-depth
 * search of the same positions whose total node count is a signature of
 * the search (it changes only when the search does). Not a test: it
 * asserts nothing about time. See doc/performance.md.
 *
 *   fanorona-bench [--quick] [--reps N] [--threads N] [--no-perft7]
 *                  [--search-depth N] [--only perft|search]
 *   fanorona-bench --generate    (shows how the positions were made) */
#define _POSIX_C_SOURCE 200809L
#include <fanorona.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "lib/position.h" /* internal, only for the sizes of the state */

/* The positions: masks fixed here, so that the figures do not depend on
 * the order in which the library lists turns. They came from seeded random
 * play (--generate replays it): 'seed' and 'turns' name the game. */
typedef struct bench_position {
    const char *name;
    uint64_t white, black;
    int side, rules;
    unsigned depth;
    int seed, turns; /* 0: the start position */
} bench_position;

static const bench_position positions[] = {
    {"start", 0, 0, FAN_WHITE, FAN_RULES_STOP, 6, 0, 0},
    {"start", 0, 0, FAN_WHITE, FAN_RULES_MUST, 7, 0, 0},
    {"middle-1", 0x000052bafdbull, 0x1fbeba144000ull, FAN_WHITE, FAN_RULES_STOP, 5, 8, 4},
    {"middle-2", 0x000050bebf6ull, 0x1f7ffa840000ull, FAN_WHITE, FAN_RULES_STOP, 5, 26, 4},
    {"middle-3", 0x00005039fa3ull, 0x1f4f6a040000ull, FAN_WHITE, FAN_RULES_STOP, 6, 34, 4},
    {"middle-4", 0x0000503e7ebull, 0x1bfeda840004ull, FAN_WHITE, FAN_RULES_MUST, 7, 27, 4},
    {"middle-5", 0x000050be1e3ull, 0x1fef8a040800ull, FAN_WHITE, FAN_RULES_MUST, 8, 9, 4},
    {"middle-6", 0x00000cbbdceull, 0x1e3fb2240000ull, FAN_WHITE, FAN_RULES_MUST, 7, 37, 8},
    {"end-1", 0x005804127bbull, 0x24040040000ull, FAN_WHITE, FAN_RULES_STOP, 9, 16, 8},
    {"end-2", 0x00002081027ull, 0x2a00c040800ull, FAN_WHITE, FAN_RULES_STOP, 8, 4, 14},
    {"end-3", 0x00024008202ull, 0xb1010000000ull, FAN_WHITE, FAN_RULES_STOP, 9, 6, 14},
    {"end-4", 0x000000004a0ull, 0x82020400000ull, FAN_WHITE, FAN_RULES_STOP, 8, 10, 18},
    {"end-5", 0x00000048b82ull, 0x120400800000ull, FAN_WHITE, FAN_RULES_MUST, 6, 9, 24},
    {"end-6", 0x020008100a0ull, 0x00840040000ull, FAN_WHITE, FAN_RULES_MUST, 7, 1, 15},
    {"end-7", 0x00000800823ull, 0x01004000000ull, FAN_WHITE, FAN_RULES_MUST, 7, 7, 33},
};
#define NPOSITIONS (sizeof positions / sizeof positions[0])

/* splitmix64, the seeded generator of the random games */
static uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Up to 'turns' turns, each drawn uniformly from fan_position_turns();
 * a turn that would end the game ends the game early instead. */
static fan_position *random_game(uint64_t seed, int turns, int rules)
{
    fan_position *p = NULL;
    if (fan_position_new(&p, rules) != FAN_OK)
        return NULL;
    uint64_t state = seed;
    for (int t = 0; t < turns; t++) {
        fan_turn list[1024];
        size_t n = 0;
        fan_position *next = NULL;
        if (fan_position_turns(list, 1024, &n, p) != FAN_OK || n == 0 ||
            fan_position_clone(&next, p) != FAN_OK)
            break;
        fan_position_play_turn(next, list[rng_next(&state) % n]);
        if (fan_position_result(next) != FAN_ONGOING) {
            fan_position_free(next);
            break;
        }
        fan_position_free(p);
        p = next;
    }
    return p;
}

static int generate(void)
{
    for (size_t i = 0; i < NPOSITIONS; i++) {
        const bench_position *b = &positions[i];
        if (!b->seed)
            continue;
        fan_position *p = random_game((uint64_t)b->seed, b->turns, b->rules);
        if (!p)
            return 1;
        uint64_t w = 0, k = 0;
        fan_position_pieces(&w, p, FAN_WHITE);
        fan_position_pieces(&k, p, FAN_BLACK);
        printf("%-9s seed %2d, %2d turns asked, %2d played: white 0x%011" PRIx64
               " black 0x%011" PRIx64 " to move %s%s\n",
               b->name, b->seed, b->turns, fan_position_turns_played(p), w, k,
               fan_position_side_to_move(p) == FAN_WHITE ? "white" : "black",
               w == b->white && k == b->black ? "" : "  (differs from table)");
        fan_position_free(p);
    }
    return 0;
}

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static fan_position *make(const bench_position *b)
{
    fan_position *p = NULL;
    int r = b->seed ? fan_position_new_custom(&p, b->white, b->black, b->side,
                                              b->rules)
                    : fan_position_new(&p, b->rules);
    if (r != FAN_OK) {
        fprintf(stderr, "%s: %s\n", b->name, fan_strerror(r));
        exit(1);
    }
    return p;
}

/* Best wall time of reps runs; the count must not change between runs.
 * o == NULL: fan_perft() (one thread, no shared-out list). */
static double timed_perft(uint64_t *count, const fan_position *p,
                          unsigned depth, int kind,
                          const fan_perft_options *o, int reps)
{
    double best = 1e300;
    for (int i = 0; i < reps; i++) {
        uint64_t n = 0;
        double t = wall_now();
        int r = o ? fan_perft_ex(&n, p, depth, kind, o)
                  : fan_perft(&n, p, depth, kind);
        t = wall_now() - t;
        if (r != FAN_OK || (i && n != *count)) {
            fprintf(stderr, "perft failed: %s\n", fan_strerror(r));
            exit(1);
        }
        *count = n;
        if (t < best)
            best = t;
    }
    return best;
}

/* A search of every position to a fixed depth: one thread, a new table of
 * 16 MiB each time, so the node counts depend on the search alone. */
static int search_bench(unsigned depth)
{
    fan_search *s = NULL;
    fan_search_options opts = FAN_SEARCH_OPTIONS_INIT;
    opts.hash_mib = 16;
    if (fan_search_new(&s, &opts) != FAN_OK) {
        fprintf(stderr, "fan_search_new failed\n");
        return 1;
    }
    printf("search: depth %u, 1 thread, 16 MiB table cleared before each "
           "position\n", depth);
    printf("%-9s %-5s %-32s %7s %12s %9s %8s\n", "position", "rules", "best",
           "score", "nodes", "s", "k/s");
    uint64_t total = 0;
    double total_time = 0;
    for (size_t i = 0; i < NPOSITIONS; i++) {
        const bench_position *b = &positions[i];
        fan_position *p = make(b);
        fan_search_limits lim = FAN_SEARCH_LIMITS_INIT;
        lim.max_depth = depth;
        fan_search_result res = FAN_SEARCH_RESULT_INIT;
        char best[128];
        double t = wall_now();
        int r = fan_search_clear(s);
        if (r == FAN_OK)
            r = fan_search_run(&res, s, p, &lim, NULL, NULL);
        t = wall_now() - t;
        if (r == FAN_OK)
            r = fan_turn_to_string(best, sizeof best, NULL, p, res.best);
        if (r != FAN_OK) {
            fprintf(stderr, "%s: search failed: %s\n", b->name,
                    fan_strerror(r));
            return 1;
        }
        total += res.nodes;
        total_time += t;
        printf("%-9s %-5s %-32s %7d %12" PRIu64 " %9.3f %8.0f\n", b->name,
               b->rules == FAN_RULES_STOP ? "stop" : "must", best, res.score,
               res.nodes, t, (double)res.nodes / t * 1e-3);
        fflush(stdout);
        fan_position_free(p);
    }
    printf("search signature (total nodes at depth %u): %" PRIu64
           "; %.3f s, %.0f k nodes/s\n",
           depth, total, total_time, (double)total / total_time * 1e-3);
    fan_search_free(s);
    return 0;
}

/* Default depth of the search part: a few seconds per position at most. */
#define SEARCH_DEPTH 10

static long peak_rss_kib(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss; /* KiB on Linux */
}

int main(int argc, char **argv)
{
    int reps = 3, quick = 0, perft7 = 1, do_perft = 1, do_search = 1;
    unsigned threads = 0, search_depth = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--generate"))
            return generate();
        else if (!strcmp(argv[i], "--quick"))
            quick = 1;
        else if (!strcmp(argv[i], "--no-perft7"))
            perft7 = 0;
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = (unsigned)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--search-depth") && i + 1 < argc)
            search_depth = (unsigned)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc &&
                 !strcmp(argv[i + 1], "perft"))
            do_search = 0, i++;
        else if (!strcmp(argv[i], "--only") && i + 1 < argc &&
                 !strcmp(argv[i + 1], "search"))
            do_perft = 0, i++;
        else {
            fprintf(stderr, "usage: %s [--quick] [--reps N] [--threads N] "
                            "[--no-perft7] [--search-depth N] "
                            "[--only perft|search] | --generate\n",
                    argv[0]);
            return 2;
        }
    }
    if (reps < 1)
        reps = 1;
    if (quick)
        reps = 1;
    if (!search_depth)
        search_depth = quick ? SEARCH_DEPTH - 2 : SEARCH_DEPTH;
    if (!threads) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        threads = n > 0 ? (unsigned)n : 1;
    }
    fan_perft_options one = FAN_PERFT_OPTIONS_INIT, all = FAN_PERFT_OPTIONS_INIT;
    all.threads = threads;

    printf("libfanorona %s benchmark: best of %d, wall time\n",
           fan_version_string(), reps);
    if (!do_perft)
        return search_bench(search_depth);
    printf("state: perft node %zu bytes (two masks), turn in progress "
           "(mg_chain) %zu bytes, fan_position handle %zu bytes + history\n",
           2 * sizeof(uint64_t), sizeof(mg_chain), sizeof(struct fan_position));
    printf("perft: 1 thread = fan_perft, %u threads = fan_perft_ex\n",
           threads);
    printf("%-9s %-5s %5s %-6s %12s %9s %8s %9s %8s\n", "position", "rules",
           "depth", "count", "leaves", "1 thr s", "M/s", "N thr s", "M/s");
    double total_leaves = 0, total_time = 0;
    for (size_t i = 0; i < NPOSITIONS; i++) {
        const bench_position *b = &positions[i];
        unsigned depth = b->depth - (quick ? 1 : 0);
        fan_position *p = make(b);
        for (int kind = FAN_COUNT_UNIQUE; kind <= FAN_COUNT_PATHS; kind++) {
            uint64_t n1 = 0, nn = 0;
            double t1 = timed_perft(&n1, p, depth, kind, NULL, reps);
            double tn = timed_perft(&nn, p, depth, kind, &all, reps);
            if (n1 != nn) {
                fprintf(stderr, "%s: counts differ with threads\n", b->name);
                return 1;
            }
            total_leaves += (double)n1;
            total_time += t1;
            printf("%-9s %-5s %5u %-6s %12" PRIu64 " %9.3f %8.1f %9.3f %8.1f\n",
                   b->name, b->rules == FAN_RULES_STOP ? "stop" : "must",
                   depth, kind == FAN_COUNT_UNIQUE ? "unique" : "paths", n1, t1,
                   (double)n1 / t1 * 1e-6, tn, (double)nn / tn * 1e-6);
            fflush(stdout);
        }
        fan_position_free(p);
    }
    printf("all positions, 1 thread: %.0f leaves in %.3f s, %.1f M leaves/s\n",
           total_leaves, total_time, total_leaves / total_time * 1e-6);

    if (perft7 && !quick) {
        /* The same algorithm (fan_perft_ex, shared-out list) on 1 and on N
         * threads, runs interleaved so that a busy minute hits both. */
        fan_position *p = make(&positions[0]);
        double b1 = 1e300, bn = 1e300;
        uint64_t n1 = 0, nn = 0;
        for (int k = 0; k < reps; k++) {
            double t = timed_perft(&n1, p, 7, FAN_COUNT_UNIQUE, &one, 1);
            b1 = t < b1 ? t : b1;
            t = timed_perft(&nn, p, 7, FAN_COUNT_UNIQUE, &all, 1);
            bn = t < bn ? t : bn;
        }
        if (n1 != nn) {
            fprintf(stderr, "perft(7): counts differ with threads\n");
            return 1;
        }
        printf("threads: perft(7) start stop unique with fan_perft_ex, best "
               "of %d: 1 thread %.3f s, %u threads %.3f s, speed-up %.2fx\n",
               reps, b1, threads, bn, b1 / bn);
        fan_perft_options hashed = all;
        hashed.hash_mib = 64;
        long before = peak_rss_kib();
        uint64_t n = 0;
        double t = timed_perft(&n, p, 7, FAN_COUNT_UNIQUE, NULL, 1);
        printf("memory: perft(7) start stop unique, fan_perft: %" PRIu64
               " leaves, %.3f s, %.1f M/s; peak RSS %ld KiB (%ld KiB "
               "before)\n",
               n, t, (double)n / t * 1e-6, peak_rss_kib(), before);
        before = peak_rss_kib();
        t = timed_perft(&n, p, 7, FAN_COUNT_UNIQUE, &hashed, 1);
        printf("memory: the same, %u threads, table %u MiB: %.3f s, "
               "%.1f M/s; peak RSS %ld KiB (%ld KiB before)\n",
               hashed.threads, hashed.hash_mib, t, (double)n / t * 1e-6,
               peak_rss_kib(), before);
        fan_position_free(p);
    }
    fflush(stdout);
    return do_search ? search_bench(search_depth) : 0;
}

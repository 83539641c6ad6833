/* SPDX-License-Identifier: MIT */
/* Times fan_perft() from the start position: best of N runs, wall clock and
 * the CPU time of the thread, for the unique and the paths count. It uses
 * only functions that every version of the library has, so the same file
 * can be built against an older build to compare (doc/performance.md).
 *
 *   perft-time [depth (6)] [rules: 0 stop, 1 must (0)] [runs (5)] */
#define _POSIX_C_SOURCE 200809L
#include <fanorona.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    unsigned depth = argc > 1 ? (unsigned)atoi(argv[1]) : 6;
    int rules = argc > 2 ? atoi(argv[2]) : FAN_RULES_STOP;
    int runs = argc > 3 ? atoi(argv[3]) : 5;
    fan_position *p = NULL;
    if (fan_position_new(&p, rules) != FAN_OK) {
        fprintf(stderr, "usage: %s [depth] [rules 0|1] [runs]\n", argv[0]);
        return 2;
    }
    for (int kind = FAN_COUNT_UNIQUE; kind <= FAN_COUNT_PATHS; kind++) {
        double wall = 1e300, cpu = 1e300;
        uint64_t n = 0;
        for (int i = 0; i < runs; i++) {
            double w0 = seconds(CLOCK_MONOTONIC);
            double c0 = seconds(CLOCK_THREAD_CPUTIME_ID);
            int r = fan_perft(&n, p, depth, kind);
            double c = seconds(CLOCK_THREAD_CPUTIME_ID) - c0;
            double w = seconds(CLOCK_MONOTONIC) - w0;
            if (r != FAN_OK) {
                fprintf(stderr, "%s\n", fan_strerror(r));
                return 1;
            }
            wall = w < wall ? w : wall;
            cpu = c < cpu ? c : cpu;
        }
        printf("%s perft(%u) %s = %" PRIu64 ": wall %.3f s, cpu %.3f s, "
               "%.1f M leaves/s (best of %d)\n",
               rules == FAN_RULES_STOP ? "stop" : "must", depth,
               kind == FAN_COUNT_UNIQUE ? "unique" : "paths ", n, wall, cpu,
               (double)n / wall * 1e-6, runs);
    }
    fan_position_free(p);
    return 0;
}

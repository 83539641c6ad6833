/* SPDX-License-Identifier: MIT */
/* Speed of the Fanorona Chess search: a fixed-depth fan_chess_search_run
 * (one thread unless --threads) from the start and from fixed positions,
 * with nodes, time and nodes per second; the total node count is a
 * signature of the search (with one thread it changes only when the
 * search does). Not a test: it asserts nothing about time.
 *
 *   chess-search-bench [--depth N] [--threads N] [--hash MIB] */
#define _POSIX_C_SOURCE 200809L
#include <fanorona-chess.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const positions[] = {
    "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1", /* start */
    "nrkr1/1bqb1/p1ppn/1p3/2P2/P4/1P1PP/1BQBN/NRK1R w Kk - - 0 1",
    "2k2/1r1p1/p1b2/2p1p/1P3/P1N2/2P1P/1B1R1/2K2 w - QN rn 6 20",
};

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    unsigned depth = 12, threads = 1, hash = 64;
    for (int i = 1; i + 1 < argc; i += 2) {
        unsigned v = (unsigned)strtoul(argv[i + 1], NULL, 10);
        if (!strcmp(argv[i], "--depth"))
            depth = v;
        else if (!strcmp(argv[i], "--threads"))
            threads = v;
        else if (!strcmp(argv[i], "--hash"))
            hash = v;
        else {
            fprintf(stderr, "usage: %s [--depth N] [--threads N] [--hash MIB]\n",
                    argv[0]);
            return 2;
        }
    }
    fan_search_options o;
    fan_search_options_init(&o);
    o.threads = threads;
    o.hash_mib = hash;
    fan_search *s = NULL;
    int r = fan_search_new(&s, &o);
    if (r != FAN_OK) {
        fprintf(stderr, "fan_search_new: %s\n", fan_strerror(r));
        return 1;
    }
    uint64_t total = 0;
    double wall = 0, cpu = 0;
    printf("%-10s %6s %12s %10s %10s %12s\n", "position", "depth", "nodes",
           "wall ms", "cpu ms", "nodes/cpu-s");
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        fan_chess *g = NULL;
        fan_parse_error e;
        if (fan_chess_from_string(&g, positions[i], &e) != FAN_OK) {
            fprintf(stderr, "%s: %s\n", positions[i], e.message);
            return 1;
        }
        fan_search_clear(s);
        fan_search_limits l;
        fan_search_limits_init(&l);
        l.max_depth = depth;
        fan_chess_search_result res;
        fan_chess_search_result_init(&res);
        double w0 = now_s(), c0 = cpu_s();
        r = fan_chess_search_run(&res, s, g, &l, NULL, NULL);
        double w = now_s() - w0, c = cpu_s() - c0;
        if (r != FAN_OK) {
            fprintf(stderr, "search: %s\n", fan_strerror(r));
            return 1;
        }
        char name[16];
        snprintf(name, sizeof name, i ? "pos-%zu" : "start", i);
        printf("%-10s %6u %12" PRIu64 " %10.0f %10.0f %12.0f\n", name,
               res.depth, res.nodes, w * 1e3, c * 1e3,
               c > 0 ? (double)res.nodes / c : 0);
        total += res.nodes;
        wall += w;
        cpu += c;
        fan_chess_free(g);
    }
    printf("total %" PRIu64 " nodes, %.0f ms wall, %.0f nodes per CPU-second\n",
           total, wall * 1e3, cpu > 0 ? (double)total / cpu : 0);
    printf("signature %" PRIu64 "\n", total);
    fan_search_free(s);
    return 0;
}

/* SPDX-License-Identifier: MIT */
/* Times the endgame tables: fan_tb_open() of a directory, then
 * fan_tb_probe() on random covered positions of each table size, best of
 * R rounds (thread CPU time, so a loaded machine distorts it less). It
 * uses only the public tables API, so the same file builds against an
 * older build of the library to compare (doc/tablebases.md, "Probing
 * speed").
 *
 *   tb-probe-bench DIR [stop|must (stop)] [positions a size (200000)]
 *                  [rounds (5)] [seed (1)]
 *
 * The positions: for each table size n that DIR holds for the ruleset,
 * random placements of random materials a v b (a + b = n, white to move
 * with a pieces) among those DIR covers, made before the timing. The
 * values found are summed into a checksum line, so that two builds can
 * be seen to agree. */
#define _POSIX_C_SOURCE 200809L
#include <fanorona.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../examples/cli/splitmix.h"

static double seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* k random points of the board outside taken */
static uint64_t random_set(uint64_t *rng, int k, uint64_t taken)
{
    uint64_t set = 0;
    while (k > 0) {
        uint64_t b = (uint64_t) 1 << (splitmix64_next(rng) % 45);
        if (!((set | taken) & b)) {
            set |= b;
            k--;
        }
    }
    return set;
}

/* Whether tb has the table of a v b for the ruleset. */
static int covered(const fan_tb *tb, int rules, int a, int b)
{
    fan_tb_info info;
    fan_tb_info_init(&info);
    for (int i = 0; i < fan_tb_count(tb); i++)
        if (fan_tb_info_get(&info, tb, i) == FAN_OK && info.rules == rules &&
            info.own_pieces == (uint32_t) a && info.other_pieces == (uint32_t) b)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 6) {
        fprintf(stderr, "usage: %s DIR [stop|must] [positions] [rounds] "
                        "[seed]\n", argv[0]);
        return 2;
    }
    int rules = argc > 2 && strcmp(argv[2], "must") == 0 ? FAN_RULES_MUST
                                                         : FAN_RULES_STOP;
    long count = argc > 3 ? atol(argv[3]) : 200000;
    int rounds = argc > 4 ? atoi(argv[4]) : 5;
    uint64_t rng = argc > 5 ? strtoull(argv[5], NULL, 10) : 1;
    if (count < 1 || rounds < 1) {
        fprintf(stderr, "%s: positions and rounds must be positive\n",
                argv[0]);
        return 2;
    }
    fan_tb *tb = NULL;
    double w0 = seconds(CLOCK_MONOTONIC);
    int rc = fan_tb_open(&tb, argv[1]);
    double open_s = seconds(CLOCK_MONOTONIC) - w0;
    if (rc != FAN_OK) {
        fprintf(stderr, "%s: %s: %s\n", argv[0], argv[1], fan_strerror(rc));
        return 1;
    }
    printf("open %s: %d tables in %.3f s\n", argv[1], fan_tb_count(tb),
           open_s);
    fan_position **pos = malloc((size_t) count * sizeof *pos);
    if (!pos)
        return 1;
    for (int n = 2; n <= 8; n++) {
        int mats[8], nm = 0;
        for (int a = 1; a < n; a++)
            if (covered(tb, rules, a, n - a))
                mats[nm++] = a;
        if (nm == 0)
            continue;
        for (long i = 0; i < count; i++) {
            int a = mats[splitmix64_next(&rng) % (uint64_t) nm];
            uint64_t w = random_set(&rng, a, 0);
            uint64_t b = random_set(&rng, n - a, w);
            pos[i] = NULL;
            if (fan_position_new_custom(&pos[i], w, b, FAN_WHITE, rules) !=
                FAN_OK) {
                fprintf(stderr, "%s: cannot set up a position\n", argv[0]);
                return 1;
            }
        }
        double best = 1e300;
        uint64_t sum = 0;
        for (int r = 0; r < rounds; r++) {
            uint64_t s = 0;
            double c0 = seconds(CLOCK_THREAD_CPUTIME_ID);
            for (long i = 0; i < count; i++) {
                int value = 0, distance = 0;
                if (fan_tb_probe(&value, &distance, tb, pos[i]) != FAN_OK) {
                    fprintf(stderr, "%s: a probe failed\n", argv[0]);
                    return 1;
                }
                s += (uint64_t) (value + 2) * 1000 + (uint64_t) (distance + 1);
            }
            double c = seconds(CLOCK_THREAD_CPUTIME_ID) - c0;
            if (c < best)
                best = c;
            sum = s;
        }
        printf("%d pieces (%d materials): %ld probes, %.1f ns a probe, "
               "%.2f M probes/s, checksum %" PRIu64 "\n",
               n, nm, count, best * 1e9 / (double) count,
               (double) count / best * 1e-6, sum);
        for (long i = 0; i < count; i++)
            fan_position_free(pos[i]);
    }
    free(pos);
    fan_tb_close(tb);
    return 0;
}

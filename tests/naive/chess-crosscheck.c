/* SPDX-License-Identifier: MIT */
/* How tests/data/chess-perft.txt is made and rechecked, and the sweep
 * that compares the library with the naive generator.
 *
 *   chess-crosscheck games SEED COUNT DEPTH    candidate cases from random games
 *   chess-crosscheck setups SEED COUNT DEPTH   candidate cases from random set-ups
 *   chess-crosscheck check                     reads "name | position | depth"
 *       lines on stdin, counts each with both generators and prints
 *       "name | position | depth | nodes" where they agree (stderr and
 *       exit status 1 where not)
 *   chess-crosscheck sweep SEED COUNT DEPTH    compares COUNT games and COUNT
 *       set-ups (root moves and perft 1..DEPTH) and prints what they covered */
#include "chess-compare.h"
#include "chess-randpos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int candidates(int setups, uint64_t seed, unsigned count,
                      unsigned depth)
{
    uint64_t rng = seed ? seed : 1;
    for (unsigned i = 0; i < count; i++) {
        char text[FAN_CHESS_STRING_MAX];
        int r = setups ? crp_setup(text, &rng) : crp_game(text, &rng, 160);
        if (r != FAN_OK) {
            fprintf(stderr, "no position: %s\n", fan_strerror(r));
            return 1;
        }
        printf("%c%llu-%u | %s | %u\n", setups ? 's' : 'g',
               (unsigned long long)seed, i, text, depth);
    }
    return 0;
}

static int check(void)
{
    char line[512];
    int status = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *name, *pos, *nodes;
        unsigned d;
        if (cc_data_line(line, &name, &pos, &d, &nodes) != 0)
            continue;
        fan_chess *g = NULL;
        uint64_t lib = 0, naive = cc_naive_perft(pos, d);
        if (fan_chess_from_string(&g, pos, NULL) != FAN_OK ||
            fan_chess_perft(&lib, g, d) != FAN_OK || lib != naive) {
            fprintf(stderr, "%s: library %llu, naive %llu\n", name,
                    (unsigned long long)lib, (unsigned long long)naive);
            status = 1;
        } else {
            printf("%s | %s | %u | %llu\n", name, pos, d,
                   (unsigned long long)lib);
        }
        fan_chess_free(g);
    }
    return status;
}

static int sweep(uint64_t seed, unsigned count, unsigned depth)
{
    uint64_t rng = seed ? seed : 1;
    cc_traits sum = {0};
    unsigned compared = 0, failed = 0;
    for (unsigned i = 0; i < 2 * count; i++) {
        char text[FAN_CHESS_STRING_MAX], why[512];
        int r = i % 2 ? crp_setup(text, &rng) : crp_game(text, &rng, 160);
        if (r != FAN_OK)
            return 1;
        if (cc_compare(text, depth, &sum, why, sizeof why)) {
            fprintf(stderr, "%s\n", why);
            failed++;
        }
        compared++;
    }
    printf("compared %u positions (perft 1..%u), %u disagreed\n", compared,
           depth, failed);
    printf("in check %d, pools non-empty %d, promotions %d, a king moved %d, "
           "clock >= 90 %d, captures %d, king's knight move %d, no move %d\n",
           sum.in_check, sum.pool_nonempty, sum.promotions, sum.king_moved,
           sum.near_fifty, sum.captures, sum.king_knight, sum.no_moves);
    return failed != 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "check"))
        return check();
    if (argc == 5) {
        uint64_t seed = strtoull(argv[2], NULL, 10);
        unsigned count = (unsigned)atoi(argv[3]), depth = (unsigned)atoi(argv[4]);
        if (!strcmp(argv[1], "games"))
            return candidates(0, seed, count, depth);
        if (!strcmp(argv[1], "setups"))
            return candidates(1, seed, count, depth);
        if (!strcmp(argv[1], "sweep"))
            return sweep(seed, count, depth);
    }
    fprintf(stderr, "usage: chess-crosscheck games|setups|sweep SEED COUNT DEPTH\n"
                    "       chess-crosscheck check < CASES\n");
    return 2;
}

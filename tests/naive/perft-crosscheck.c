/* SPDX-License-Identifier: MIT */
/* How tests/data/perft*.txt are made and rechecked.
 *
 *   perft-crosscheck random SEED COUNT DEPTH
 *       prints COUNT candidate cases "name | position | DEPTH", positions
 *       reached by seeded random play (both rulesets, some mid-chain);
 *   perft-crosscheck boards SEED COUNT DEPTH
 *       the same with random set-up boards (rp_board), a third mid-chain;
 *   perft-crosscheck check [FILE]
 *       reads cases (stdin or FILE), counts each with the library (fan_perft)
 *       and with the naive generator, and prints the full data line when
 *       both agree (and agree with the counts already on the line, if any).
 *       A disagreement goes to stderr and makes the exit status 1.
 *
 * The data files are therefore: chosen candidates | perft-crosscheck check. */
#include "naive.h"
#include "perftdata.h"
#include "randpos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int random_cases(uint64_t seed, unsigned count, unsigned depth)
{
    uint64_t state = seed ? seed : 1;
    for (unsigned i = 0; i < count; i++) {
        char text[FAN_POSITION_STRING_MAX];
        int rules = i % 2 ? FAN_RULES_MUST : FAN_RULES_STOP;
        unsigned steps = rp_below(&state, 90);
        int mid_chain = rp_below(&state, 3) == 0;
        int r = rp_position(text, &state, rules, steps, mid_chain);
        if (r != FAN_OK) {
            fprintf(stderr, "random play failed: %s\n", fan_strerror(r));
            return 1;
        }
        printf("r%llu-%u | %s | %u\n", (unsigned long long)seed, i, text,
               depth);
    }
    return 0;
}

static int random_boards(uint64_t seed, unsigned count, unsigned depth)
{
    uint64_t state = seed ? seed : 1;
    for (unsigned i = 0; i < count; i++) {
        char text[FAN_POSITION_STRING_MAX];
        int r = rp_board(text, &state, i % 2 ? FAN_RULES_MUST : FAN_RULES_STOP,
                         i % 3 == 0);
        if (r != FAN_OK) {
            fprintf(stderr, "random board failed: %s\n", fan_strerror(r));
            return 1;
        }
        printf("b%llu-%u | %s | %u\n", (unsigned long long)seed, i, text,
               depth);
    }
    return 0;
}

static int check_case(const perft_case *c, int line)
{
    fan_position *pos;
    fan_parse_error perr;
    nv_pos npos;
    char nerr[120];
    uint64_t lib[2], nv[2];
    int r = fan_position_from_string(&pos, c->position, FAN_RULES_STOP, &perr);
    if (r != FAN_OK) {
        fprintf(stderr, "line %d: library refuses the position: %s\n", line,
                perr.message);
        return 1;
    }
    if (nv_parse(&npos, c->position, nerr, sizeof nerr)) {
        fprintf(stderr, "line %d: naive parser refuses the position: %s\n",
                line, nerr);
        fan_position_free(pos);
        return 1;
    }
    for (int k = 0; k < 2; k++) {
        int kind = k ? FAN_COUNT_PATHS : FAN_COUNT_UNIQUE;
        if ((r = fan_perft(&lib[k], pos, c->depth, kind)) != FAN_OK ||
            nv_perft(&nv[k], &npos, c->depth,
                     k ? NV_COUNT_PATHS : NV_COUNT_UNIQUE)) {
            fprintf(stderr, "line %d: perft failed\n", line);
            fan_position_free(pos);
            return 1;
        }
    }
    fan_position_free(pos);
    int bad = lib[0] != nv[0] || lib[1] != nv[1] ||
              (c->has_counts && (c->unique != lib[0] || c->paths != lib[1]));
    if (bad) {
        fprintf(stderr,
                "line %d: %s depth %u: library %llu/%llu, naive %llu/%llu",
                line, c->name, c->depth, (unsigned long long)lib[0],
                (unsigned long long)lib[1], (unsigned long long)nv[0],
                (unsigned long long)nv[1]);
        if (c->has_counts)
            fprintf(stderr, ", file %llu/%llu", (unsigned long long)c->unique,
                    (unsigned long long)c->paths);
        fprintf(stderr, " (unique/paths)\n");
        return 1;
    }
    printf("%s | %s | %u | %llu | %llu\n", c->name, c->position, c->depth,
           (unsigned long long)lib[0], (unsigned long long)lib[1]);
    fflush(stdout);
    return 0;
}

static int check_cases(FILE *in)
{
    char buf[1024];
    int line = 0, failed = 0;
    while (fgets(buf, sizeof buf, in)) {
        perft_case c;
        line++;
        buf[strcspn(buf, "\n")] = '\0';
        int r = perft_line(&c, buf);
        if (r == 0) {
            puts(buf); /* comments and blank lines pass through */
        } else if (r < 0) {
            fprintf(stderr, "line %d: malformed\n", line);
            failed = 1;
        } else {
            failed |= check_case(&c, line);
        }
    }
    return failed;
}

int main(int argc, char **argv)
{
    if (argc == 5 && !strcmp(argv[1], "random"))
        return random_cases(strtoull(argv[2], NULL, 10),
                            (unsigned)strtoul(argv[3], NULL, 10),
                            (unsigned)strtoul(argv[4], NULL, 10));
    if (argc == 5 && !strcmp(argv[1], "boards"))
        return random_boards(strtoull(argv[2], NULL, 10),
                             (unsigned)strtoul(argv[3], NULL, 10),
                             (unsigned)strtoul(argv[4], NULL, 10));
    if ((argc == 2 || argc == 3) && !strcmp(argv[1], "check")) {
        FILE *in = argc == 3 ? fopen(argv[2], "r") : stdin;
        if (!in) {
            perror(argv[2]);
            return 2;
        }
        int r = check_cases(in);
        if (in != stdin)
            fclose(in);
        return r;
    }
    fprintf(stderr,
            "usage: %s random|boards SEED COUNT DEPTH | %s check [FILE]\n",
            argv[0], argv[0]);
    return 2;
}

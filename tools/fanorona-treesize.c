/* SPDX-License-Identifier: MIT */
/* fanorona-treesize: the nodes and time two engine configurations take
 * to search the same positions to the same depth, so that a change of
 * the move ordering or of the pruning can be judged by the trees it
 * searches before a match judges it by games.
 *
 *   fanorona-treesize [--a SPEC] [--b SPEC] [--depth D] [--positions N]
 *                     [--rules stop|must] [--seed S]
 *
 * SPEC is an engine spec of fanorona-match ("engine[:key=value,...]",
 * default "engine"). The positions are N (default 200) games of 6 to 25
 * random turns from the start, the same for a seed (a game over by then is
 * left out); each is searched by A, then by B, each with a new handle
 * (an empty table of 16 MiB), one thread, to depth D (default 10). The
 * nodes are the searches' own counts and do not depend on the machine;
 * the times are wall-clock and do (a benchmark, not a test). */
#include <fanorona.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match-players.h"
#include "options.h"

static int run(uint64_t *nodes, double *ms, const player_spec *spec,
               const fan_position *p, unsigned depth)
{
    fan_search *s = NULL;
    fan_search_options o = spec->options;
    o.threads = 1;
    o.hash_mib = 16;
    int rc = fan_search_new(&s, &o);
    if (rc != FAN_OK)
        return rc;
    search_set_config(s, &spec->cfg);
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = depth;
    fan_search_result r;
    fan_search_result_init(&r);
    double t0 = now_ms();
    rc = fan_search_run(&r, s, p, &l, NULL, NULL);
    *ms += now_ms() - t0;
    *nodes += r.nodes;
    fan_search_free(s);
    return rc;
}

const char cli_program_name[] = "fanorona-treesize";

enum { OPT_A, OPT_B, OPT_DEPTH, OPT_POSITIONS, OPT_RULES, OPT_SEED, OPT_END };

static const cli_option treesize_options[] = {
    [OPT_A] = {.name = "--a", .kind = CLI_TEXT, .value = "SPEC",
               .help = "configuration A: an engine spec of fanorona-match "
                       "(default engine)"},
    [OPT_B] = {.name = "--b", .kind = CLI_TEXT, .value = "SPEC",
               .help = "configuration B (default engine)"},
    [OPT_DEPTH] = {.name = "--depth", .kind = CLI_NUMBER, .value = "D",
                   .lo = 1, .hi = 64, .help = "the depth of every search "
                                              "(default 10)"},
    [OPT_POSITIONS] = {.name = "--positions", .kind = CLI_NUMBER,
                       .value = "N", .lo = 1, .hi = 1000000,
                       .help = "games of 6 to 25 random turns from the "
                               "start (default 200)"},
    [OPT_RULES] = CLI_OPTION_RULES,
    [OPT_SEED] = {.name = "--seed", .kind = CLI_NUMBER, .value = "S",
                  .lo = 0, .hi = UINT64_MAX,
                  .help = "the seed of the random turns (default 1)"},
    [OPT_END] = {0},
};

static int run_treesize(const cli_command *cmd, const cli_value *v,
                        int noperands, char **operands)
{
    (void)noperands;
    (void)operands;
    const char *a_text = v[OPT_A].given ? v[OPT_A].text : "engine";
    const char *b_text = v[OPT_B].given ? v[OPT_B].text : "engine";
    unsigned depth = v[OPT_DEPTH].given ? (unsigned)v[OPT_DEPTH].number : 10;
    long npos = v[OPT_POSITIONS].given ? (long)v[OPT_POSITIONS].number : 200;
    int rules = cli_rules(&v[OPT_RULES]) == FAN_RULES_MUST ? FAN_RULES_MUST
                                                          : FAN_RULES_STOP;
    uint64_t seed = v[OPT_SEED].given ? v[OPT_SEED].number : 1;
    fan_search_limits none = FAN_SEARCH_LIMITS_INIT;
    player_spec a, b;
    if (parse_spec(&a, a_text, &none, 0) || a.kind != P_ENGINE ||
        parse_spec(&b, b_text, &none, 0) || b.kind != P_ENGINE)
        return cli_usage_error(cmd, "A and B must be engine specs");
    uint64_t rng = seed, na = 0, nb = 0;
    double ta = 0, tb = 0;
    long done = 0;
    fan_turn turns[4096];
    for (long g = 0; g < npos; g++) {
        fan_position *p = NULL;
        int rc = fan_position_new(&p, rules);
        if (rc != FAN_OK)
            return cli_library_error("fan_position_new", rc);
        int plies = 6 + (int)(g % 20);
        for (int k = 0; k < plies; k++) {
            size_t n = 0;
            if (fan_position_turns(turns, 4096, &n, p) != FAN_OK || n == 0)
                break;
            fan_position_play_turn(p, turns[rng_next(&rng) % n]);
        }
        size_t n = 0;
        if (fan_position_turns(turns, 4096, &n, p) == FAN_OK && n > 0) {
            rc = run(&na, &ta, &a, p, depth);
            if (rc == FAN_OK)
                rc = run(&nb, &tb, &b, p, depth);
            if (rc != FAN_OK) {
                fan_position_free(p);
                return cli_library_error("fan_search_run", rc);
            }
            done++;
        }
        fan_position_free(p);
    }
    printf("%ld positions, %s rules, depth %u\n", done,
           rules == FAN_RULES_MUST ? "must" : "stop", depth);
    printf("A %-40s %12llu nodes %9.1f ms\n", a_text, (unsigned long long)na, ta);
    printf("B %-40s %12llu nodes %9.1f ms\n", b_text, (unsigned long long)nb, tb);
    printf("A / B: nodes %.3f, time %.3f\n", nb ? (double)na / (double)nb : 0.0,
           tb > 0 ? ta / tb : 0.0);
    return 0;
}

static const cli_command treesize_command = {
    .name = "",
    .options = treesize_options,
    .help = "searches the same random positions to a fixed depth with two "
            "engine configurations and prints the nodes and the time of "
            "each.",
    .run = run_treesize,
};

int main(int argc, char **argv)
{
    return cli_run(&treesize_command, argc - 1, argv + 1);
}

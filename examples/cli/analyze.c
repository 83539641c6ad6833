/* SPDX-License-Identifier: MIT */
/* fanorona analyze: the engine's view of a position, one line per
 * completed depth, then the turn it would play (doc/search.md). */
#include "options.h"
#include "text.h"

#include <inttypes.h>

enum { OPT_FEN, OPT_RULES, OPT_DEPTH, OPT_TIME, OPT_MULTIPV };

static const cli_option analyze_options[] = {
    [OPT_FEN] = CLI_OPTION_FEN,
    [OPT_RULES] = CLI_OPTION_RULES,
    [OPT_DEPTH] = {.name = "--depth",
                   .kind = CLI_NUMBER,
                   .value = "N",
                   .lo = 1,
                   .hi = FAN_SEARCH_MAX_DEPTH,
                   .group = 1,
                   .help = "search N turns deep"},
    [OPT_TIME] = {.name = "--time",
                  .kind = CLI_NUMBER,
                  .value = "MS",
                  .lo = 1,
                  .hi = UINT32_MAX,
                  .group = 1,
                  .help = "search for MS milliseconds (the default: 1000)"},
    [OPT_MULTIPV] = {.name = "--multipv",
                     .kind = CLI_NUMBER,
                     .value = "K",
                     .lo = 1,
                     .hi = FAN_SEARCH_MAX_MULTIPV,
                     .help = "report the K best turns, each with 'multipv "
                             "K'"},
    {0},
};

typedef struct analysis {
    const fan_position *pos;
    uint32_t multipv;
    int failed; /* a library error while writing a line */
} analysis;

/* Prints the turns of a line in notation, each read in the position the
 * ones before it lead to. Returns FAN_OK or the library's error. */
static int print_pv(const fan_position *pos, const fan_turn *pv, uint32_t n)
{
    fan_position *work = NULL;
    int r = fan_position_clone(&work, pos);
    for (uint32_t i = 0; i < n && r == FAN_OK; i++) {
        char text[FAN_PATH_STRING_MAX];
        r = fan_turn_to_string(text, sizeof text, NULL, work, pv[i]);
        if (r == FAN_OK)
            r = fan_position_play_turn(work, pv[i]);
        if (r == FAN_OK)
            printf(" %s", text);
    }
    fan_position_free(work);
    return r;
}

/* The progress callback: one line per line of each completed depth. */
static int analysis_line(void *user, const fan_search_result *line)
{
    analysis *a = user;
    print_search_line(line->depth, line->seldepth, a->multipv, line->line,
                      line->score, line->nodes, line->time_ms);
    int r = print_pv(a->pos, line->pv, line->pv_length);
    printf("\n");
    fflush(stdout);
    if (r != FAN_OK) {
        a->failed = r;
        return 1;
    }
    return 0;
}

static int run_analyze(const cli_command *cmd, const cli_value *v,
                       int noperands, char **operands)
{
    (void) noperands;
    (void) operands;
    fan_position *pos = NULL;
    int status = start_position(&pos, cmd, v[OPT_FEN].text,
                                cli_rules(&v[OPT_RULES]), "--fen");
    if (status)
        return status;
    fan_search *search = NULL;
    int r = fan_search_new(&search, NULL);
    if (r != FAN_OK) {
        fan_position_free(pos);
        return cli_library_error("analyze", r);
    }
    fan_search_limits limits;
    analyze_limits(&limits, &v[OPT_DEPTH], &v[OPT_TIME], &v[OPT_MULTIPV]);
    analysis a = {pos, limits.multipv, 0};
    fan_search_result result = FAN_SEARCH_RESULT_INIT;
    r = fan_search_run(&result, search, pos, &limits, analysis_line, &a);
    if (r == FAN_OK && a.failed)
        r = a.failed;
    if (r == FAN_OK) {
        char text[FAN_PATH_STRING_MAX];
        r = fan_turn_to_string(text, sizeof text, NULL, pos, result.best);
        if (r == FAN_OK)
            printf("best %s\n", text);
    }
    if (r != FAN_OK)
        status = cli_library_error("analyze", r);
    fan_search_free(search);
    fan_position_free(pos);
    return status;
}

const cli_command cli_command_analyze = {
    .name = "analyze",
    .options = analyze_options,
    .help = "searches the start position, or --fen STRING, with the engine "
            "and prints one line per completed depth: 'info depth D "
            "seldepth S [multipv K] score ... nodes N time MS pv TURNS', the "
            "score in hundredths of a piece for the side to move ('cp 25') "
            "or 'win in N' / 'loss in N' where N counts the turns of both "
            "sides to the end; then 'best TURN'. A proven win or loss ends "
            "the search before its depth (doc/search.md).",
    .run = run_analyze,
};

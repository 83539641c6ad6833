/* SPDX-License-Identifier: MIT */
/* fanorona chess analyze: the engine's view of a Fanorona Chess position
 * (fan_chess_search_run()), one line per completed depth as fanorona
 * analyze prints them, then the move it would play. */
#include "chess.h"
#include "text.h"

#include <inttypes.h>
#include <stdio.h>

enum { OPT_DEPTH, OPT_TIME, OPT_MULTIPV };

static const cli_option analyze_options[] = {
    [OPT_DEPTH] = {.name = "--depth", .kind = CLI_NUMBER, .value = "N",
                   .lo = 1, .hi = FAN_SEARCH_MAX_DEPTH, .group = 1,
                   .help = "search N plies deep"},
    [OPT_TIME] = {.name = "--time", .kind = CLI_NUMBER, .value = "MS",
                  .lo = 1, .hi = UINT32_MAX, .group = 1,
                  .help = "search for MS milliseconds (the default: 1000)"},
    [OPT_MULTIPV] = {.name = "--multipv", .kind = CLI_NUMBER, .value = "K",
                     .lo = 1, .hi = FAN_SEARCH_MAX_MULTIPV,
                     .help = "report the K best moves, each with 'multipv "
                             "K'"},
    {0},
};

typedef struct analysis {
    const fan_chess *pos;
    uint32_t multipv;
    int failed; /* a library error while writing a line */
} analysis;

/* The moves of a line in notation, each read in the position the ones
 * before it lead to. Returns FAN_OK or the library's error. */
static int print_pv(const fan_chess *pos, const fan_chess_move *pv,
                    uint32_t n)
{
    fan_chess *work = NULL;
    int r = fan_chess_clone(&work, pos);
    for (uint32_t i = 0; i < n && r == FAN_OK; i++) {
        char text[FAN_CHESS_MOVE_STRING_MAX];
        r = fan_chess_move_to_string(text, sizeof text, NULL, work, pv[i]);
        if (r == FAN_OK)
            r = fan_chess_play(work, pv[i]);
        if (r == FAN_OK)
            printf(" %s", text);
    }
    fan_chess_free(work);
    return r;
}

static int analysis_line(void *user, const fan_chess_search_result *line)
{
    analysis *a = user;
    print_search_line(line->depth, line->seldepth, a->multipv, line->line,
                      line->score, line->nodes, line->time_ms);
    uint32_t n = line->pv_length;
    int r = print_pv(a->pos, line->pv, n > FAN_SEARCH_PV_MAX ? 0 : n);
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
    (void) cmd;
    fan_chess *pos = NULL;
    int status = chess_position(&pos, noperands ? operands[0] : NULL,
                                "position string");
    if (status)
        return status;
    fan_search *search = NULL;
    int r = fan_search_new(&search, NULL);
    fan_search_limits limits;
    analyze_limits(&limits, &v[OPT_DEPTH], &v[OPT_TIME], &v[OPT_MULTIPV]);
    analysis a = {pos, limits.multipv, 0};
    fan_chess_search_result result;
    fan_chess_search_result_init(&result);
    if (r == FAN_OK)
        r = fan_chess_search_run(&result, search, pos, &limits,
                                 analysis_line, &a);
    if (r == FAN_OK && a.failed)
        r = a.failed;
    if (r == FAN_OK) {
        char text[FAN_CHESS_MOVE_STRING_MAX];
        r = fan_chess_move_to_string(text, sizeof text, NULL, pos,
                                     result.best);
        if (r == FAN_OK)
            printf("best %s\n", text);
    }
    if (r != FAN_OK)
        status = cli_library_error("chess analyze", r);
    fan_search_free(search);
    fan_chess_free(pos);
    return status;
}

const cli_command cli_chess_analyze = {
    .name = "chess analyze",
    .options = analyze_options,
    .operands = "[STRING]",
    .max_operands = 1,
    .help = "searches a Fanorona Chess position (default: the start) with "
            "the engine and prints one line per completed depth: 'info "
            "depth D seldepth S [multipv K] score ... nodes N time MS pv "
            "MOVES', the score in centipawns for the side to move ('cp 25') "
            "or 'win in N' / 'loss in N' where N counts the plies to "
            "checkmate or stalemate; then 'best MOVE'.",
    .run = run_analyze,
};

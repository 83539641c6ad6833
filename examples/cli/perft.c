/* SPDX-License-Identifier: MIT */
/* fanorona perft: counts the turn sequences to a depth (doc/perft.md). */
#include "options.h"
#include "text.h"

#include <inttypes.h>
#include <stdlib.h>

enum { OPT_FEN, OPT_RULES, OPT_COUNT, OPT_DIVIDE, OPT_THREADS, OPT_HASH };

static const char *const count_choices[] = {"unique", "paths", NULL};

static const cli_option perft_options[] = {
    [OPT_FEN] = CLI_OPTION_FEN,
    [OPT_RULES] = CLI_OPTION_RULES,
    [OPT_COUNT] = {.name = "--count",
                   .kind = CLI_CHOICE,
                   .choices = count_choices,
                   .help = "unique (the default) counts one turn per origin, "
                           "destination and captured set; paths counts "
                           "every distinct sequence of steps"},
    [OPT_DIVIDE] = {.name = "--divide",
                    .kind = CLI_FLAG,
                    .help = "first one line per first turn: its path and "
                            "the count below it"},
    [OPT_THREADS] = {.name = "--threads",
                     .kind = CLI_NUMBER,
                     .value = "N",
                     .lo = 0,
                     .hi = FAN_PERFT_THREADS_MAX,
                     .help = "threads to share the work (0: one per core)"},
    [OPT_HASH] = {.name = "--hash",
                  .kind = CLI_NUMBER,
                  .value = "MIB",
                  .lo = 0,
                  .hi = FAN_PERFT_HASH_MAX_MIB,
                  .help = "the size of a table of counts in MiB (0: none)"},
    {0},
};

static int print_divide(const fan_position *pos, unsigned depth, int count)
{
    size_t n = 0;
    int r = fan_perft_divide(NULL, 0, &n, pos, depth, count);
    if (r != FAN_OK && r != FAN_EBUFS)
        return cli_library_error("perft", r);
    fan_perft_entry *entries = malloc((n ? n : 1) * sizeof *entries);
    if (!entries)
        return cli_library_error("perft", FAN_ENOMEM);
    r = fan_perft_divide(entries, n, &n, pos, depth, count);
    if (r != FAN_OK) {
        free(entries);
        return cli_library_error("perft", r);
    }
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        char text[FAN_PATH_STRING_MAX];
        path_text(text, &entries[i].path);
        printf("%s %" PRIu64 "\n", text, entries[i].nodes);
        total += entries[i].nodes;
    }
    free(entries);
    printf("nodes %" PRIu64 "\n", total);
    return 0;
}

static int run_perft(const cli_command *cmd, const cli_value *v, int noperands,
                     char **operands)
{
    (void) noperands;
    uint64_t depth;
    if (cli_parse_unsigned(operands[0], &depth) < 0 || depth > UINT32_MAX)
        return cli_usage_error(cmd, "DEPTH must be a number, not '%s'",
                               operands[0]);
    int count = v[OPT_COUNT].number == 1 ? FAN_COUNT_PATHS : FAN_COUNT_UNIQUE;
    fan_perft_options opts = FAN_PERFT_OPTIONS_INIT;
    opts.threads = (uint32_t) v[OPT_THREADS].number;
    opts.hash_mib = (uint32_t) v[OPT_HASH].number;

    fan_position *pos = NULL;
    int status = start_position(&pos, cmd, v[OPT_FEN].text,
                                cli_rules(&v[OPT_RULES]), "--fen");
    if (status)
        return status;
    if (v[OPT_DIVIDE].given && depth > 0) {
        status = print_divide(pos, (unsigned) depth, count);
    } else {
        uint64_t nodes = 0;
        int r = fan_perft_ex(&nodes, pos, (unsigned) depth, count, &opts);
        if (r != FAN_OK)
            status = cli_library_error("perft", r);
        else
            printf("nodes %" PRIu64 "\n", nodes);
    }
    fan_position_free(pos);
    return status;
}

const cli_command cli_command_perft = {
    .name = "perft",
    .options = perft_options,
    .operands = "DEPTH",
    .min_operands = 1,
    .max_operands = 1,
    .help = "counts the sequences of DEPTH complete turns from the start "
            "position, or from --fen STRING, and prints 'nodes N' as its "
            "last line.",
    .run = run_perft,
};

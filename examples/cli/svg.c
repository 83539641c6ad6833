/* SPDX-License-Identifier: MIT */
/* fanorona svg: the picture of a position, with marks and a turn. */
#include "options.h"
#include "text.h"

#include <stdlib.h>

enum { OPT_HIGHLIGHT, OPT_TURN, OPT_NO_COORDINATES, OPT_RULES };

static const cli_option svg_options[] = {
    [OPT_HIGHLIGHT] = {.name = "--highlight",
                       .kind = CLI_TEXT,
                       .value = "SQUARES",
                       .help = "marks points, named with spaces or commas "
                               "between them (\"c3 d3\")"},
    [OPT_TURN] = {.name = "--turn",
                  .kind = CLI_TEXT,
                  .value = "MOVE",
                  .help = "draws a legal turn as arrows, its captures "
                          "crossed out (f4-e4W-e3A)"},
    [OPT_NO_COORDINATES] = {.name = "--no-coordinates",
                            .kind = CLI_FLAG,
                            .help = "leaves out the labels a..i and 1..5"},
    [OPT_RULES] = CLI_OPTION_RULES,
    {0},
};

/* A mask from square names separated by spaces or commas; -1 when a name
 * is not a square. */
static int parse_squares(const char *text, uint64_t *out)
{
    uint64_t mask = 0;
    char name[3] = {0};
    for (const char *p = text; *p;) {
        if (*p == ' ' || *p == ',') {
            p++;
            continue;
        }
        name[0] = p[0];
        name[1] = p[1];
        int sq = p[1] ? fan_square_parse(name) : -1;
        if (sq < 0 || (p[2] && p[2] != ' ' && p[2] != ','))
            return -1;
        mask |= (uint64_t) 1 << sq;
        p += 2;
    }
    *out = mask;
    return 0;
}

static int run_svg(const cli_command *cmd, const cli_value *v, int noperands,
                   char **operands)
{
    uint64_t highlight = 0;
    if (v[OPT_HIGHLIGHT].given &&
        parse_squares(v[OPT_HIGHLIGHT].text, &highlight) < 0)
        return cli_usage_error(cmd, "--highlight takes square names");
    uint32_t flags = v[OPT_NO_COORDINATES].given ? 0 : FAN_SVG_COORDINATES;
    fan_position *pos = NULL;
    int status = start_position(&pos, cmd, noperands ? operands[0] : NULL,
                                cli_rules(&v[OPT_RULES]), "position string");
    if (status)
        return status;
    const char *turn = v[OPT_TURN].text;
    fan_path path;
    if (turn) {
        /* a turn that cannot be read, is not legal or is ambiguous is an
         * input error, as a position string that cannot be read */
        fan_parse_error e;
        int r = fan_position_parse_path(&path, pos, turn, &e);
        if (r == FAN_EPARSE)
            print_parse_error("--turn", turn, &e);
        else if (r != FAN_OK)
            fprintf(stderr, "%s: --turn %s: %s: %s\n", cli_program_name, turn,
                    fan_strerror(r), e.message);
        if (r != FAN_OK) {
            fan_position_free(pos);
            return cli_exit_status(r);
        }
    }
    char *svg = malloc(FAN_SVG_MAX);
    int r = svg ? fan_position_svg(svg, FAN_SVG_MAX, NULL, pos, highlight,
                                   turn ? &path : NULL, flags)
                : FAN_ENOMEM;
    if (r == FAN_OK)
        fputs(svg, stdout);
    else
        status = cli_library_error("svg", r);
    free(svg);
    fan_position_free(pos);
    return status;
}

const cli_command cli_command_svg = {
    .name = "svg",
    .options = svg_options,
    .operands = "[STRING]",
    .max_operands = 1,
    .help = "writes the position STRING (default: the start) as an SVG "
            "picture to standard output.",
    .run = run_svg,
};

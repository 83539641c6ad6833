/* SPDX-License-Identifier: MIT */
/* fanorona chess ...: Fanorona Chess (doc/fanorona-chess.md) from the
 * command line: perft, show and svg here, play (chess-play.c) and analyze
 * (chess-analyze.c), the family of commands that options.h foresees. */
#include "chess.h"
#include "text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const type_names[] = {"", "king", "queen", "rook",
                                         "bishop", "knight", "pawn"};

int chess_position(fan_chess **out, const char *text, const char *what)
{
    fan_parse_error e;
    int r = text ? fan_chess_from_string(out, text, &e) : fan_chess_new(out);
    if (r == FAN_EPARSE || r == FAN_EPOSITION) {
        print_parse_error(what, text, &e);
        return EXIT_USAGE;
    }
    return r == FAN_OK ? 0 : cli_library_error(what, r);
}

void chess_print_board(const fan_chess *g)
{
    for (int rank = FAN_CHESS_RANKS - 1; rank >= 0; rank--) {
        printf("%d ", rank + 1);
        for (int f = 0; f < FAN_CHESS_FILES; f++) {
            int p = fan_chess_piece(g, FAN_CHESS_POINT(f, rank));
            char c = p ? " KQRBNP"[FAN_CHESS_PIECE_TYPE(p)] : '.';
            if (p && FAN_CHESS_PIECE_COLOR(p) == FAN_BLACK)
                c = (char) (c - 'A' + 'a');
            printf(" %c", c);
        }
        putchar('\n');
    }
    printf("   a b c d e\n");
}

/* ------------------------------------------------------------------ */
/* chess perft                                                         */

enum { PERFT_FEN, PERFT_DIVIDE };

static const cli_option perft_options[] = {
    [PERFT_FEN] = {.name = "--fen", .kind = CLI_TEXT, .value = "STRING",
                   .help = "the Fanorona Chess position string to start from "
                           "(default: the start)"},
    [PERFT_DIVIDE] = {.name = "--divide", .kind = CLI_FLAG,
                      .help = "first one line per first move: its notation "
                              "and the count below it"},
    {0},
};

static int run_perft(const cli_command *cmd, const cli_value *v, int noperands,
                     char **operands)
{
    (void) noperands;
    uint64_t depth, nodes = 0;
    if (cli_parse_unsigned(operands[0], &depth) < 0 ||
        depth > FAN_CHESS_PERFT_MAX_DEPTH)
        return cli_usage_error(cmd, "DEPTH must be a number up to %d, not '%s'",
                               FAN_CHESS_PERFT_MAX_DEPTH, operands[0]);
    fan_chess *g = NULL;
    int status = chess_position(&g, v[PERFT_FEN].text, "--fen");
    if (status)
        return status;
    if (v[PERFT_DIVIDE].given && depth > 0) {
        fan_chess_perft_entry e[FAN_CHESS_MOVES_MAX];
        size_t n = 0;
        int r = fan_chess_perft_divide(e, FAN_CHESS_MOVES_MAX, &n, g,
                                       (unsigned) depth);
        if (r != FAN_OK)
            status = cli_library_error("chess perft", r);
        for (size_t i = 0; i < n && !status; i++) {
            char text[FAN_CHESS_MOVE_STRING_MAX];
            fan_chess_move_to_string(text, sizeof text, NULL, g, e[i].move);
            printf("%s %" PRIu64 "\n", text, e[i].nodes);
            nodes += e[i].nodes;
        }
    } else {
        int r = fan_chess_perft(&nodes, g, (unsigned) depth);
        if (r != FAN_OK)
            status = cli_library_error("chess perft", r);
    }
    if (!status)
        printf("nodes %" PRIu64 "\n", nodes);
    fan_chess_free(g);
    return status;
}

static const cli_command chess_perft = {
    .name = "chess perft",
    .options = perft_options,
    .operands = "DEPTH",
    .min_operands = 1,
    .max_operands = 1,
    .help = "counts the sequences of DEPTH plies of Fanorona Chess from the "
            "start, or from --fen STRING, and prints 'nodes N' as its last "
            "line.",
    .run = run_perft,
};

/* ------------------------------------------------------------------ */
/* chess show                                                          */

static const cli_option no_options[] = {{0}};

static int run_show(const cli_command *cmd, const cli_value *v, int noperands,
                    char **operands)
{
    (void) cmd;
    (void) v;
    fan_chess *g = NULL;
    int status = chess_position(&g, noperands ? operands[0] : NULL,
                                "position string");
    if (status)
        return status;
    chess_print_board(g);
    int side = fan_chess_side_to_move(g);
    printf("%s to move%s\n", side == FAN_WHITE ? "White" : "Black",
           fan_chess_in_check(g) == 1 ? ", in check" : "");
    for (int c = FAN_WHITE; c <= FAN_BLACK; c++) {
        printf("%s: king %s, pool", c == FAN_WHITE ? "White" : "Black",
               fan_chess_king_unmoved(g, c) ? "not moved yet" : "has moved");
        int any = 0;
        for (int t = FAN_CHESS_QUEEN; t <= FAN_CHESS_KNIGHT; t++)
            for (int k = 0; k < fan_chess_pool_count(g, c, t); k++, any = 1)
                printf(" %s", type_names[t]);
        printf("%s\n", any ? "" : " empty");
    }
    int result = fan_chess_result(g);
    static const char *const results[] = {"goes on", "White wins",
                                          "Black wins", "drawn"};
    if (result == FAN_ONGOING) {
        size_t n = 0;
        fan_chess_moves(NULL, 0, &n, g);
        printf("game goes on: %zu legal moves\n", n);
    } else {
        printf("game over: %s (%s)\n", results[result],
               fan_chess_reason_name(fan_chess_result_reason(g)));
    }
    char text[FAN_CHESS_STRING_MAX];
    fan_chess_to_string(text, sizeof text, NULL, g);
    printf("%s\n", text);
    fan_chess_free(g);
    return 0;
}

static const cli_command chess_show = {
    .name = "chess show",
    .options = no_options,
    .operands = "[STRING]",
    .max_operands = 1,
    .help = "draws a Fanorona Chess position (default: the start), says who "
            "is to move, the kings' flags, the pools and the result, then "
            "prints its position string.",
    .run = run_show,
};

/* ------------------------------------------------------------------ */
/* chess svg                                                           */

enum { SVG_HIGHLIGHT, SVG_MOVE, SVG_NO_COORDINATES };

static const cli_option svg_options[] = {
    [SVG_HIGHLIGHT] = {.name = "--highlight", .kind = CLI_TEXT,
                       .value = "POINTS",
                       .help = "points to mark, e.g. \"c3 c4\""},
    [SVG_MOVE] = {.name = "--move", .kind = CLI_TEXT, .value = "MOVE",
                  .help = "a legal move to draw as an arrow, e.g. Kc1-a2"},
    [SVG_NO_COORDINATES] = {.name = "--no-coordinates", .kind = CLI_FLAG,
                            .help = "leave out the file and rank labels"},
    {0},
};

static int parse_points(const char *text, uint64_t *out)
{
    uint64_t mask = 0;
    for (const char *p = text; *p;) {
        if (*p == ' ' || *p == ',') {
            p++;
            continue;
        }
        char name[3] = {p[0], p[1], 0};
        int point = p[1] ? fan_chess_point_parse(name) : -1;
        if (point < 0 || (p[2] && p[2] != ' ' && p[2] != ','))
            return -1;
        mask |= (uint64_t) 1 << point;
        p += 2;
    }
    *out = mask;
    return 0;
}

static int run_svg(const cli_command *cmd, const cli_value *v, int noperands,
                   char **operands)
{
    uint64_t highlight = 0;
    if (v[SVG_HIGHLIGHT].given &&
        parse_points(v[SVG_HIGHLIGHT].text, &highlight) < 0)
        return cli_usage_error(cmd, "--highlight takes point names a1..e9");
    fan_chess *g = NULL;
    int status = chess_position(&g, noperands ? operands[0] : NULL,
                                "position string");
    if (status)
        return status;
    fan_chess_move move = 0;
    const char *text = v[SVG_MOVE].text;
    if (text) {
        fan_parse_error e;
        int r = fan_chess_parse_move(&move, g, text, &e);
        if (r == FAN_EPARSE)
            print_parse_error("--move", text, &e);
        else if (r != FAN_OK)
            fprintf(stderr, "%s: --move %s: %s: %s\n", cli_program_name, text,
                    fan_strerror(r), e.message);
        if (r != FAN_OK) {
            fan_chess_free(g);
            return cli_exit_status(r);
        }
    }
    char *svg = malloc(FAN_CHESS_SVG_MAX);
    int r = svg ? fan_chess_svg(svg, FAN_CHESS_SVG_MAX, NULL, g, highlight,
                                text ? &move : NULL,
                                v[SVG_NO_COORDINATES].given
                                    ? 0
                                    : FAN_CHESS_SVG_COORDINATES)
                : FAN_ENOMEM;
    if (r == FAN_OK)
        fputs(svg, stdout);
    else
        status = cli_library_error("chess svg", r);
    free(svg);
    fan_chess_free(g);
    return status;
}

static const cli_command chess_svg = {
    .name = "chess svg",
    .options = svg_options,
    .operands = "[STRING]",
    .max_operands = 1,
    .help = "writes a Fanorona Chess position (default: the start) as an SVG "
            "picture to standard output.",
    .run = run_svg,
};

static const cli_command *const chess_commands[] = {
    &chess_perft, &chess_show, &chess_svg, &cli_chess_play,
    &cli_chess_analyze, NULL};

const cli_command cli_command_chess = {
    .name = "chess",
    .help = "Fanorona Chess (doc/fanorona-chess.md): chess pieces on the "
            "same board, capturing by approach and withdrawal.",
    .subcommands = chess_commands,
};

/* SPDX-License-Identifier: MIT */
/* fanorona: a command-line front end to libfanorona.
 *
 *   fanorona perft [--rules stop|must] [--count unique|paths] [--divide]
 *                  [--position STRING] DEPTH
 *   fanorona svg [--highlight SQUARES] [--turn MOVE] [--no-coordinates]
 *                [STRING]
 *   fanorona play [--rules stop|must] [--white human|random]
 *                 [--black human|random] [--seed N]
 *   fanorona help | --help | --version
 *
 * Exit status: 0 success, 1 an error reported by the library, 2 a usage
 * error. The game reads one line at a time, so it can be scripted through a
 * pipe; the end of input ends the program cleanly. */
#define _POSIX_C_SOURCE 200809L

#include <fanorona.h>

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli-notation.h"

#define EXIT_LIBRARY 1
#define EXIT_USAGE 2

static const char usage_text[] =
    "Usage:\n"
    "  fanorona perft [--rules stop|must] [--count unique|paths] [--divide]\n"
    "                 [--position STRING] DEPTH\n"
    "  fanorona svg [--highlight SQUARES] [--turn MOVE] [--no-coordinates]\n"
    "               [STRING]\n"
    "  fanorona play [--rules stop|must] [--white human|random]\n"
    "                [--black human|random] [--seed N]\n"
    "  fanorona help\n"
    "  fanorona --version\n";

static const char help_text[] =
    "\n"
    "perft   counts the sequences of DEPTH complete turns from the start\n"
    "        position and prints 'nodes N' as its last line. --count unique\n"
    "        (the default) counts one turn per origin, destination and\n"
    "        captured set; --count paths counts every distinct sequence of\n"
    "        steps. --divide first prints one line per first turn: its path\n"
    "        and the count below it. --position counts from the position\n"
    "        STRING instead (a position string, doc/formats.md).\n"
    "svg     writes the position STRING (default: the start) as an SVG\n"
    "        picture to standard output. --highlight marks squares (\"c3 d3\"),\n"
    "        --turn draws a legal turn as arrows (f4-e4W-e3A).\n"
    "play    plays a game in the terminal, one step at a time. Each side is\n"
    "        a human (the default for White) or the random player (the\n"
    "        default for Black), which --seed makes repeatable. Type 'help'\n"
    "        during the game for its commands.\n"
    "--rules stop (the default) lets a capture chain end after any segment;\n"
    "        must makes it go on while a continuation exists.\n"
    "\n"
    "Notation: squares a1..i5 (columns a..i, rows 1..5 from White's side);\n"
    "a step is from-to, a capture step ends in A (approach) or W\n"
    "(withdrawal): d3-e3W; a chain joins its steps: f4-e4W-e3A.\n";

static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fanorona: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\n", stderr);
    va_end(ap);
    fputs(usage_text, stderr);
    return EXIT_USAGE;
}

static int library_error(const char *what, int code)
{
    fprintf(stderr, "fanorona: %s: %s\n", what, fan_strerror(code));
    return EXIT_LIBRARY;
}

/* Matches "--name VALUE" or "--name=VALUE" at argv[*i]. Returns 1 with
 * *value set (and *i moved past the value), 0 when argv[*i] is another
 * argument, -1 when the value is missing. */
static int option_value(int argc, char **argv, int *i, const char *name,
                        const char **value)
{
    const char *arg = argv[*i];
    size_t len = strlen(name);
    if (strncmp(arg, name, len) != 0)
        return 0;
    if (arg[len] == '=') {
        *value = arg + len + 1;
        return 1;
    }
    if (arg[len] != '\0')
        return 0;
    if (*i + 1 >= argc)
        return -1;
    *value = argv[++*i];
    return 1;
}

static int parse_rules(const char *text)
{
    if (strcmp(text, "stop") == 0)
        return FAN_RULES_STOP;
    if (strcmp(text, "must") == 0)
        return FAN_RULES_MUST;
    return -1;
}

/* A decimal number made of digits only; -1 when it is not one. */
static int parse_unsigned(const char *text, uint64_t *out)
{
    uint64_t n = 0;
    if (!*text)
        return -1;
    for (const char *p = text; *p; p++) {
        if (!isdigit((unsigned char)*p))
            return -1;
        unsigned digit = (unsigned)(*p - '0');
        if (n > (UINT64_MAX - digit) / 10)
            return -1;
        n = n * 10 + digit;
    }
    *out = n;
    return 0;
}

/* ------------------------------------------------------------------ */
/* perft                                                               */

/* The start position, or the position string text when it is not NULL.
 * Returns 0, or the exit status after saying what went wrong. */
static int open_position(fan_position **out, const char *text, int rules)
{
    int r;
    if (!text) {
        r = fan_position_new(out, rules);
        return r == FAN_OK ? 0 : library_error("new position", r);
    }
    fan_parse_error err;
    r = fan_position_from_string(out, text, rules, &err);
    if (r == FAN_EPARSE) {
        fprintf(stderr, "fanorona: position string, at offset %u: %s\n",
                (unsigned)err.offset, err.message);
        return EXIT_LIBRARY;
    }
    return r == FAN_OK ? 0 : library_error("position string", r);
}

static int print_divide(const fan_position *pos, unsigned depth, int count)
{
    size_t n = 0;
    int r = fan_perft_divide(NULL, 0, &n, pos, depth, count);
    if (r != FAN_OK && r != FAN_EBUFS)
        return library_error("perft", r);
    fan_perft_entry *entries = malloc((n ? n : 1) * sizeof *entries);
    if (!entries)
        return library_error("perft", FAN_ENOMEM);
    r = fan_perft_divide(entries, n, &n, pos, depth, count);
    if (r != FAN_OK) {
        free(entries);
        return library_error("perft", r);
    }
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        char text[CLI_PATH_TEXT_MAX];
        cli_path_text(text, &entries[i].path);
        printf("%s %" PRIu64 "\n", text, entries[i].nodes);
        total += entries[i].nodes;
    }
    free(entries);
    printf("nodes %" PRIu64 "\n", total);
    return 0;
}

static int cmd_perft(int argc, char **argv)
{
    int rules = FAN_RULES_STOP, count = FAN_COUNT_UNIQUE, divide = 0;
    const char *depth_text = NULL, *position = NULL;
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        int m;
        if ((m = option_value(argc, argv, &i, "--rules", &value)) != 0) {
            if (m < 0 || (rules = parse_rules(value)) < 0)
                return usage_error("--rules takes stop or must");
        } else if ((m = option_value(argc, argv, &i, "--count", &value)) !=
                   0) {
            if (m < 0)
                return usage_error("--count takes unique or paths");
            if (strcmp(value, "unique") == 0)
                count = FAN_COUNT_UNIQUE;
            else if (strcmp(value, "paths") == 0)
                count = FAN_COUNT_PATHS;
            else
                return usage_error("--count takes unique or paths");
        } else if (strcmp(argv[i], "--divide") == 0) {
            divide = 1;
        } else if ((m = option_value(argc, argv, &i, "--position", &value)) !=
                   0) {
            if (m < 0)
                return usage_error("--position takes a position string");
            position = value;
        } else if (argv[i][0] == '-') {
            return usage_error("perft: unknown option '%s'", argv[i]);
        } else if (depth_text) {
            return usage_error("perft takes one DEPTH");
        } else {
            depth_text = argv[i];
        }
    }
    uint64_t depth;
    if (!depth_text)
        return usage_error("perft needs a DEPTH");
    if (parse_unsigned(depth_text, &depth) < 0 || depth > UINT32_MAX)
        return usage_error("DEPTH must be a number, not '%s'", depth_text);

    fan_position *pos = NULL;
    int status = open_position(&pos, position, rules);
    if (status != 0)
        return status;
    if (divide && depth > 0) {
        status = print_divide(pos, (unsigned)depth, count);
    } else {
        uint64_t nodes = 0;
        int r = fan_perft(&nodes, pos, (unsigned)depth, count);
        if (r != FAN_OK)
            status = library_error("perft", r);
        else
            printf("nodes %" PRIu64 "\n", nodes);
    }
    fan_position_free(pos);
    return status;
}

/* ------------------------------------------------------------------ */
/* svg                                                                 */

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
        name[0] = (char)tolower((unsigned char)p[0]);
        name[1] = p[1];
        int sq = p[1] ? fan_square_parse(name) : -1;
        if (sq < 0 || (p[2] && p[2] != ' ' && p[2] != ','))
            return -1;
        mask |= (uint64_t)1 << sq;
        p += 2;
    }
    *out = mask;
    return 0;
}

static int cmd_svg(int argc, char **argv)
{
    const char *position = NULL, *turn = NULL;
    uint64_t highlight = 0;
    uint32_t flags = FAN_SVG_COORDINATES;
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        int m;
        if ((m = option_value(argc, argv, &i, "--highlight", &value)) != 0) {
            if (m < 0 || parse_squares(value, &highlight) < 0)
                return usage_error("--highlight takes square names");
        } else if ((m = option_value(argc, argv, &i, "--turn", &value)) !=
                   0) {
            if (m < 0)
                return usage_error("--turn takes a move");
            turn = value;
        } else if (strcmp(argv[i], "--no-coordinates") == 0) {
            flags = 0;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            return usage_error("svg: unknown option '%s'", argv[i]);
        } else if (position) {
            return usage_error("svg takes one position STRING");
        } else {
            position = argv[i];
        }
    }
    fan_position *pos = NULL;
    int status = open_position(&pos, position, FAN_RULES_STOP);
    if (status != 0)
        return status;
    fan_path path;
    fan_parse_error err;
    int r = turn ? fan_position_parse_path(&path, pos, turn, &err) : FAN_OK;
    if (r != FAN_OK && turn) {
        fprintf(stderr, "fanorona: svg --turn %s: %s: %s\n", turn,
                fan_strerror(r), err.message);
        fan_position_free(pos);
        return EXIT_LIBRARY;
    }
    char *svg = NULL;
    if (r == FAN_OK && !(svg = malloc(FAN_SVG_MAX)))
        r = FAN_ENOMEM;
    if (r == FAN_OK)
        r = fan_position_svg(svg, FAN_SVG_MAX, NULL, pos, highlight,
                             turn ? &path : NULL, flags);
    if (r == FAN_OK)
        fputs(svg, stdout);
    else
        status = library_error("svg", r);
    free(svg);
    fan_position_free(pos);
    return status;
}

/* ------------------------------------------------------------------ */
/* play: state, input and drawing                                      */

#define HUMAN 0
#define RANDOM 1

/* What a command asks the game loop to do next. */
#define ACT_STAY 0   /* prompt again */
#define ACT_REDRAW 1 /* draw the board, then prompt */
#define ACT_QUIT 2   /* the player left */
#define ACT_EOF 3    /* the input ended */

typedef struct game {
    fan_position *pos;
    int player[3]; /* by colour: HUMAN or RANDOM */
    uint64_t rng;
    int selected; /* square of the piece the player picked, or -1 */
    int echo;     /* input is not a terminal: repeat it after the prompt */
} game;

static const char *color_name(int color)
{
    return color == FAN_WHITE ? "White" : "Black";
}

static int other(int color)
{
    return color == FAN_WHITE ? FAN_BLACK : FAN_WHITE;
}

/* splitmix64: small, seedable, good enough to pick random turns. */
static uint64_t next_random(game *g)
{
    uint64_t z = (g->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Reads one line into buf without its newline, trimmed and in lower case.
 * Returns 0, or EOF at the end of input. */
static int read_line(game *g, const char *prompt, char *buf, size_t size)
{
    printf("%s", prompt);
    fflush(stdout);
    if (!fgets(buf, (int)size, stdin)) {
        printf("\n");
        return EOF;
    }
    size_t len = strlen(buf);
    if (len && buf[len - 1] != '\n' && !feof(stdin)) {
        int c; /* an over-long line: drop the rest of it */
        while ((c = getchar()) != EOF && c != '\n')
            ;
    }
    while (len && isspace((unsigned char)buf[len - 1]))
        buf[--len] = '\0';
    size_t start = 0;
    while (isspace((unsigned char)buf[start]))
        start++;
    memmove(buf, buf + start, len - start + 1);
    for (char *p = buf; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    if (g->echo)
        printf("%s\n", buf);
    return 0;
}

static int steps_now(fan_step *out, size_t *n, const fan_position *pos)
{
    return fan_position_steps(out, FAN_STEPS_MAX, n, pos);
}

/* Draws the board, rows 5 to 1, with the lines between the points: a
 * diagonal runs through every cell of the grid, from the strong corner. */
static void draw_board(const game *g, uint64_t destinations, uint64_t visited,
                       int marked)
{
    for (int row = FAN_ROWS - 1; row >= 0; row--) {
        char line[4 * FAN_COLUMNS + 8];
        memset(line, ' ', sizeof line);
        line[0] = (char)('1' + row);
        for (int col = 0; col < FAN_COLUMNS; col++) {
            int sq = FAN_SQUARE(col, row), x = 4 + 4 * col;
            int piece = fan_position_piece(g->pos, sq);
            char c = '.';
            if (piece == FAN_WHITE)
                c = 'W';
            else if (piece == FAN_BLACK)
                c = 'B';
            else if (destinations >> sq & 1)
                c = '*';
            else if (visited >> sq & 1)
                c = 'o';
            line[x] = c;
            if (col + 1 < FAN_COLUMNS)
                memcpy(line + x + 1, "---", 3);
            if (sq == marked) {
                line[x - 1] = '[';
                line[x + 1] = ']';
            }
        }
        int end = 4 + 4 * (FAN_COLUMNS - 1) + 2;
        while (end > 0 && line[end - 1] == ' ')
            end--;
        printf("%.*s\n", end, line);
        if (row == 0)
            break;
        memset(line, ' ', sizeof line);
        for (int col = 0; col < FAN_COLUMNS; col++) {
            int x = 4 + 4 * col;
            line[x] = '|';
            if (col + 1 < FAN_COLUMNS)
                line[x + 2] = (col + row) % 2 == 0 ? '\\' : '/';
        }
        printf("%.*s\n", 4 + 4 * (FAN_COLUMNS - 1) + 1, line);
    }
    printf("    a   b   c   d   e   f   g   h   i\n");
}

static void print_legend(void)
{
    printf("Board: W white, B black, . empty point, * legal destination,\n"
           "       o point visited this turn, [ ] selected or active "
           "piece.\n");
}

/* Lists the steps of origin 'from' (-1: all), captures with what each one
 * removes, paikas several to a line. */
static void print_steps(const fan_step *steps, size_t n, int from)
{
    int column = 0;
    for (size_t i = 0; i < n; i++) {
        const fan_step *s = &steps[i];
        if (from >= 0 && s->from != from)
            continue;
        char text[CLI_PATH_TEXT_MAX], removes[CLI_MASK_TEXT_MAX];
        cli_step_text(text, s->from, s->to, s->kind);
        if (s->kind != FAN_STEP_PAIKA) {
            cli_mask_text(removes, s->captures);
            printf("  %-8s removes %s\n", text, removes);
            continue;
        }
        if (column == 0)
            printf(" ");
        printf(" %s", text);
        if (++column == 10) {
            printf("\n");
            column = 0;
        }
    }
    if (column)
        printf("\n");
}

static void show(game *g)
{
    fan_position *pos = g->pos;
    fan_step steps[FAN_STEPS_MAX];
    size_t n = 0;
    steps_now(steps, &n, pos);
    int side = fan_position_side_to_move(pos);
    int in_chain = fan_position_in_chain(pos);
    int active = -1;
    uint64_t visited = 0, destinations = 0;
    fan_position_active_piece(&active, pos);
    fan_position_visited(&visited, pos);
    int origin = in_chain ? active : g->selected;
    for (size_t i = 0; i < n; i++)
        if (origin < 0 || steps[i].from == origin)
            destinations |= (uint64_t)1 << steps[i].to;

    printf("\n");
    draw_board(g, destinations, visited, origin);
    printf("Turn %d: %s to move.", fan_position_turns_played(pos) + 1,
           color_name(side));
    if (!in_chain && fan_position_must_capture(pos))
        printf(" A capture is compulsory.");
    printf("\n");
    if (in_chain) {
        fan_path chain;
        uint64_t captured = 0;
        char path[CLI_PATH_TEXT_MAX], visits[CLI_MASK_TEXT_MAX];
        char taken[CLI_MASK_TEXT_MAX];
        fan_position_chain_path(&chain, pos);
        fan_position_chain_captured(&captured, pos);
        cli_path_text(path, &chain);
        cli_mask_text(visits, visited);
        cli_mask_text(taken, captured);
        char square[3];
        fan_square_name(square, sizeof square, active);
        printf("Capture chain %s so far (removed %s).\n", path, taken);
        printf("Active piece %s; visited %s.\n", square, visits);
        printf("Continuations:\n");
        print_steps(steps, n, active);
        if (fan_position_can_end_turn(pos))
            printf("Play a continuation, or 'end' to end the turn.\n");
        else
            printf("The chain must go on.\n");
    } else if (g->selected >= 0) {
        char square[3];
        fan_square_name(square, sizeof square, g->selected);
        printf("Selected %s; its steps:\n", square);
        print_steps(steps, n, g->selected);
    } else {
        printf("Legal steps:\n");
        print_steps(steps, n, -1);
    }
}

static void print_help(void)
{
    printf(
        "Commands:\n"
        "  e2-e3, e2e3, e2 e3  play a step; add A or W to name the capture\n"
        "                      mode (d3-e3W), else you are asked when both\n"
        "                      are possible\n"
        "  f4-e4W-e3A          play several steps of a chain at once\n"
        "  e2                  select the piece on e2; with a piece selected\n"
        "                      or in a chain, move it to e2\n"
        "  end                 end the capture chain here (stop-at-will "
        "only)\n"
        "  undo                take back the chain in progress or the last "
        "turn\n"
        "                      (with the random player: its reply too)\n"
        "  redo                replay a turn taken back\n"
        "  board               draw the board again\n"
        "  help                this text\n"
        "  quit                leave the game\n");
    print_legend();
}

static void print_result(const fan_position *pos)
{
    int result = fan_position_result(pos);
    int loser = fan_position_side_to_move(pos);
    switch (fan_position_result_reason(pos)) {
    case FAN_REASON_NO_PIECES:
        printf("Result: %s wins (%s has no pieces left).\n",
               color_name(other(loser)), color_name(loser));
        break;
    case FAN_REASON_NO_MOVES:
        printf("Result: %s wins (%s has no legal move).\n",
               color_name(other(loser)), color_name(loser));
        break;
    case FAN_REASON_REPETITION:
        printf("Result: draw (the position occurred a third time).\n");
        break;
    case FAN_REASON_TURN_LIMIT:
        printf("Result: draw (%d turns were played).\n", FAN_TURN_LIMIT);
        break;
    default:
        printf("Result: %s.\n", fan_result_name(result));
        break;
    }
}

/* ------------------------------------------------------------------ */
/* play: turns                                                         */

/* Says which turn was just completed (the last one in the history). */
static void report_last_turn(const game *g, const char *prefix,
                             const char *who)
{
    int len = fan_position_history_length(g->pos);
    fan_path path;
    if (len <= 0 || fan_position_history_path(&path, g->pos, len - 1) != 0)
        return;
    char text[CLI_PATH_TEXT_MAX], removed[CLI_MASK_TEXT_MAX];
    cli_path_text(text, &path);
    int side = other(fan_position_side_to_move(g->pos));
    printf("%s%s%s plays %s", prefix, color_name(side), who, text);
    if (path.captured) {
        cli_mask_text(removed, path.captured);
        printf(" (removes %s)", removed);
    }
    printf(".\n");
}

static int random_turn(game *g)
{
    size_t n = 0;
    int r = fan_position_paths(NULL, 0, &n, g->pos);
    if (r != FAN_OK && r != FAN_EBUFS)
        return r;
    if (n == 0)
        return FAN_EILLEGAL;
    fan_path *paths = malloc(n * sizeof *paths);
    if (!paths)
        return FAN_ENOMEM;
    r = fan_position_paths(paths, n, &n, g->pos);
    if (r == FAN_OK)
        r = fan_position_play_path(g->pos, &paths[next_random(g) % n]);
    free(paths);
    if (r == FAN_OK)
        report_last_turn(g, "", " (random)");
    return r;
}

/* Asks whether the step takes the approach or the withdrawal group.
 * Returns FAN_STEP_APPROACH, FAN_STEP_WITHDRAWAL, 0 (cancelled), or
 * -ACT_QUIT / -ACT_EOF. */
static int ask_mode(game *g, const fan_step *approach,
                    const fan_step *withdrawal)
{
    char step[CLI_PATH_TEXT_MAX], a[CLI_MASK_TEXT_MAX], w[CLI_MASK_TEXT_MAX];
    cli_step_text(step, approach->from, approach->to, FAN_STEP_PAIKA);
    cli_mask_text(a, approach->captures);
    cli_mask_text(w, withdrawal->captures);
    printf("%s captures either way; choose one group:\n", step);
    printf("  a  approach    removes %s\n", a);
    printf("  w  withdrawal  removes %s\n", w);
    for (;;) {
        char line[256];
        if (read_line(g, "Approach or withdrawal (a/w, or cancel)? ", line,
                      sizeof line) == EOF)
            return -ACT_EOF;
        if (!strcmp(line, "a") || !strcmp(line, "approach"))
            return FAN_STEP_APPROACH;
        if (!strcmp(line, "w") || !strcmp(line, "withdrawal"))
            return FAN_STEP_WITHDRAWAL;
        if (!strcmp(line, "cancel") || !strcmp(line, "c"))
            return 0;
        if (!strcmp(line, "quit") || !strcmp(line, "q"))
            return -ACT_QUIT;
        printf("Answer a (approach), w (withdrawal) or cancel.\n");
    }
}

/* Why from-to cannot be played on pos. */
static void explain_illegal(const fan_position *pos, int from, int to,
                            int kind)
{
    char text[CLI_PATH_TEXT_MAX];
    cli_step_text(text, from, to, kind);
    printf("%s is not a legal step here.", text);
    if (fan_position_in_chain(pos)) {
        printf(" In a chain only the active piece moves, and only by a\n"
               "capture that lands on no visited point and does not repeat"
               " the last direction.");
    } else if (fan_position_must_capture(pos)) {
        printf(" A capture is compulsory this turn.");
    }
    printf("\n");
}

/* Plays the steps of m (already parsed, at least two squares) on a copy of
 * the position, asking for the mode where both are possible, and keeps the
 * copy only when every step was legal. */
static int play_move(game *g, const cli_move *m)
{
    fan_position *work = NULL;
    int r = fan_position_clone(&work, g->pos);
    if (r != FAN_OK)
        return r;
    int before = fan_position_turns_played(g->pos);
    int side = fan_position_side_to_move(g->pos);
    int act = ACT_REDRAW;
    for (int i = 0; i + 1 < m->count; i++) {
        int from = m->squares[i], to = m->squares[i + 1];
        int kind = m->kinds[i];
        if (fan_position_turns_played(work) != before) {
            printf("The turn ended before the step to ");
            printf("%c%c", 'a' + to % FAN_COLUMNS, '1' + to / FAN_COLUMNS);
            printf("; nothing was played.\n");
            act = ACT_STAY;
            break;
        }
        fan_step steps[FAN_STEPS_MAX];
        size_t n = 0;
        steps_now(steps, &n, work);
        const fan_step *approach = NULL, *withdrawal = NULL;
        for (size_t k = 0; k < n; k++) {
            if (steps[k].from != from || steps[k].to != to)
                continue;
            if (steps[k].kind == FAN_STEP_APPROACH)
                approach = &steps[k];
            else if (steps[k].kind == FAN_STEP_WITHDRAWAL)
                withdrawal = &steps[k];
        }
        if (kind == FAN_STEP_ANY && approach && withdrawal) {
            kind = ask_mode(g, approach, withdrawal);
            if (kind <= 0) {
                if (kind == 0)
                    printf("Cancelled; nothing was played.\n");
                act = kind == 0 ? ACT_STAY : -kind;
                break;
            }
        }
        r = fan_position_play_step(work, from, to, kind);
        if (r == FAN_EILLEGAL) {
            explain_illegal(work, from, to, kind);
            act = ACT_STAY;
            break;
        }
        if (r != FAN_OK) {
            fan_position_free(work);
            return r;
        }
    }
    if (act != ACT_REDRAW) {
        fan_position_free(work);
        return act;
    }
    fan_position_free(g->pos);
    g->pos = work;
    g->selected = -1;
    if (fan_position_turns_played(g->pos) != before) {
        report_last_turn(g, "", "");
    } else {
        fan_path chain;
        char text[CLI_PATH_TEXT_MAX];
        fan_position_chain_path(&chain, g->pos);
        cli_path_text(text, &chain);
        printf("%s captures with %s; the chain can go on.\n",
               color_name(side), text);
    }
    return ACT_REDRAW;
}

/* A lone square: select a piece, or move the selected/active piece. */
static int square_command(game *g, int sq)
{
    fan_position *pos = g->pos;
    char name[3];
    fan_square_name(name, sizeof name, sq);
    int origin = g->selected;
    if (fan_position_in_chain(pos))
        fan_position_active_piece(&origin, pos);
    uint64_t movable = 0, dest = 0;
    fan_position_movable(&movable, pos);
    if (origin >= 0)
        fan_position_destinations(&dest, pos, origin);
    if (dest >> sq & 1) {
        cli_move m = {.count = 2, .squares = {origin, sq}};
        return play_move(g, &m);
    }
    if (!fan_position_in_chain(pos) && (movable >> sq & 1)) {
        g->selected = sq;
        return ACT_REDRAW;
    }
    if (fan_position_in_chain(pos))
        printf("%s is not a continuation of the chain.\n", name);
    else if (fan_position_piece(pos, sq) == fan_position_side_to_move(pos))
        printf("The piece on %s has no legal step now.%s\n", name,
               fan_position_must_capture(pos)
                   ? " A capture is compulsory this turn."
                   : "");
    else if (origin >= 0)
        printf("%s is not a destination of the selected piece.\n", name);
    else
        printf("%s holds none of your pieces that can move. Select one, or "
               "type a whole step such as d3-e3.\n", name);
    return ACT_STAY;
}

/* Takes back the chain or the last turn, and then the random player's
 * turns so that a human is to move again when that is possible. */
static int undo_command(game *g)
{
    fan_position *pos = g->pos;
    g->selected = -1;
    if (fan_position_in_chain(pos)) {
        int r = fan_position_undo(pos);
        if (r == FAN_OK)
            printf("Took back the chain in progress.\n");
        return r == FAN_OK ? ACT_REDRAW : r;
    }
    if (fan_position_history_length(pos) == 0) {
        printf("Nothing to undo.\n");
        return ACT_STAY;
    }
    do {
        int len = fan_position_history_length(pos);
        fan_path path;
        char text[CLI_PATH_TEXT_MAX];
        int r = fan_position_history_path(&path, pos, len - 1);
        if (r == FAN_OK)
            r = fan_position_undo(pos);
        if (r != FAN_OK)
            return r;
        cli_path_text(text, &path);
        printf("Took back %s's turn %s.\n",
               color_name(fan_position_side_to_move(pos)), text);
    } while (g->player[fan_position_side_to_move(pos)] == RANDOM &&
             fan_position_history_length(pos) > 0);
    return ACT_REDRAW;
}

static int redo_command(game *g)
{
    g->selected = -1;
    if (fan_position_in_chain(g->pos)) {
        printf("Finish or take back the chain first.\n");
        return ACT_STAY;
    }
    int r = fan_position_redo(g->pos);
    if (r == FAN_ENOHISTORY) {
        printf("Nothing to redo.\n");
        return ACT_STAY;
    }
    while (r == FAN_OK) {
        report_last_turn(g, "Redo: ", "");
        if (g->player[fan_position_side_to_move(g->pos)] != RANDOM ||
            fan_position_result(g->pos) != FAN_ONGOING)
            break;
        r = fan_position_redo(g->pos);
    }
    return r == FAN_OK || r == FAN_ENOHISTORY ? ACT_REDRAW : r;
}

static int end_command(game *g)
{
    if (fan_position_can_end_turn(g->pos)) {
        int r = fan_position_end_turn(g->pos);
        if (r != FAN_OK)
            return r;
        report_last_turn(g, "", "");
        return ACT_REDRAW;
    }
    if (!fan_position_in_chain(g->pos))
        printf("There is no capture chain to end.\n");
    else
        printf("Under must-continue rules the chain goes on while it can.\n");
    return ACT_STAY;
}

static int human_command(game *g, const char *line)
{
    cli_move m;
    if (!*line)
        return ACT_STAY;
    if (!strcmp(line, "help") || !strcmp(line, "?")) {
        print_help();
        return ACT_STAY;
    }
    if (!strcmp(line, "quit") || !strcmp(line, "q") || !strcmp(line, "exit"))
        return ACT_QUIT;
    if (!strcmp(line, "undo"))
        return undo_command(g);
    if (!strcmp(line, "redo"))
        return redo_command(g);
    if (!strcmp(line, "end"))
        return end_command(g);
    if (!strcmp(line, "board"))
        return ACT_REDRAW;
    if (cli_move_parse(&m, line) < 0) {
        printf("Not understood: '%s'. Type 'help' for the commands.\n", line);
        return ACT_STAY;
    }
    if (m.count == 1)
        return square_command(g, m.squares[0]);
    return play_move(g, &m);
}

static int play_game(game *g)
{
    int redraw = 1;
    for (;;) {
        if (fan_position_result(g->pos) != FAN_ONGOING) {
            printf("\n");
            draw_board(g, 0, 0, -1);
            print_result(g->pos);
            return 0;
        }
        int side = fan_position_side_to_move(g->pos);
        if (g->player[side] == RANDOM) {
            int r = random_turn(g);
            if (r != FAN_OK)
                return library_error("random player", r);
            redraw = 1;
            continue;
        }
        if (redraw)
            show(g);
        char prompt[32], line[256];
        snprintf(prompt, sizeof prompt, "%s> ", color_name(side));
        if (read_line(g, prompt, line, sizeof line) == EOF) {
            printf("End of input; the game is left unfinished.\n");
            return 0;
        }
        int act = human_command(g, line);
        if (act < 0)
            return library_error("play", act);
        if (act == ACT_QUIT) {
            printf("Game left unfinished.\n");
            return 0;
        }
        if (act == ACT_EOF) {
            printf("End of input; the game is left unfinished.\n");
            return 0;
        }
        redraw = act == ACT_REDRAW;
    }
}

static int parse_player(const char *text)
{
    if (strcmp(text, "human") == 0)
        return HUMAN;
    if (strcmp(text, "random") == 0)
        return RANDOM;
    return -1;
}

static int cmd_play(int argc, char **argv)
{
    int rules = FAN_RULES_STOP;
    game g = {.player = {0, HUMAN, RANDOM}, .selected = -1};
    uint64_t seed = 0;
    int seeded = 0;
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        int m;
        if ((m = option_value(argc, argv, &i, "--rules", &value)) != 0) {
            if (m < 0 || (rules = parse_rules(value)) < 0)
                return usage_error("--rules takes stop or must");
        } else if ((m = option_value(argc, argv, &i, "--white", &value)) !=
                   0) {
            if (m < 0 || (g.player[FAN_WHITE] = parse_player(value)) < 0)
                return usage_error("--white takes human or random");
        } else if ((m = option_value(argc, argv, &i, "--black", &value)) !=
                   0) {
            if (m < 0 || (g.player[FAN_BLACK] = parse_player(value)) < 0)
                return usage_error("--black takes human or random");
        } else if ((m = option_value(argc, argv, &i, "--seed", &value)) != 0) {
            if (m < 0 || parse_unsigned(value, &seed) < 0)
                return usage_error("--seed takes a non-negative number");
            seeded = 1;
        } else {
            return usage_error("play: unknown argument '%s'", argv[i]);
        }
    }
    if (!seeded)
        seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    g.rng = seed;
    g.echo = !isatty(STDIN_FILENO);
    int r = fan_position_new(&g.pos, rules);
    if (r != FAN_OK)
        return library_error("new position", r);

    printf("Fanorona, %s rules. White: %s, Black: %s.",
           rules == FAN_RULES_STOP ? "stop-at-will" : "must-continue",
           g.player[FAN_WHITE] == HUMAN ? "human" : "random",
           g.player[FAN_BLACK] == HUMAN ? "human" : "random");
    if (g.player[FAN_WHITE] == RANDOM || g.player[FAN_BLACK] == RANDOM)
        printf(" Random seed %" PRIu64 ".", seed);
    printf("\n");
    if (g.player[FAN_WHITE] == HUMAN || g.player[FAN_BLACK] == HUMAN) {
        printf("Type 'help' for the commands.\n");
        print_legend();
    }
    int status = play_game(&g);
    fan_position_free(g.pos);
    return status;
}

/* ------------------------------------------------------------------ */

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("a command is needed");
    const char *cmd = argv[1];
    if (!strcmp(cmd, "perft"))
        return cmd_perft(argc - 2, argv + 2);
    if (!strcmp(cmd, "play"))
        return cmd_play(argc - 2, argv + 2);
    if (!strcmp(cmd, "svg"))
        return cmd_svg(argc - 2, argv + 2);
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        if (argc > 2)
            return usage_error("help takes no arguments");
        printf("fanorona %s: Fanorona (Fanoron-Tsivy) with libfanorona.\n\n",
               fan_version_string());
        fputs(usage_text, stdout);
        fputs(help_text, stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        if (argc > 2)
            return usage_error("--version takes no arguments");
        printf("%s\n", fan_version_string());
        return 0;
    }
    return usage_error("unknown command '%s'", cmd);
}

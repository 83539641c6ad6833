/* SPDX-License-Identifier: MIT */
/* fanorona: a command-line front end to libfanorona.
 *
 *   fanorona perft [--fen STRING] [--rules stop|must] [--count unique|paths]
 *                  [--threads N] [--hash MIB] [--divide] DEPTH
 *   fanorona play [--fen STRING | --load FILE] [--rules stop|must]
 *                 [--white PLAYER] [--black PLAYER] [--seed N]
 *                 (PLAYER: human, random, engine or engine:LEVEL)
 *   fanorona analyze [--fen STRING] [--rules stop|must]
 *                    [--depth N | --time MS] [--multipv K]
 *   fanorona show [--rules stop|must] STRING
 *   fanorona svg [--highlight SQUARES] [--turn MOVE] [--no-coordinates]
 *                [--rules stop|must] [STRING]
 *   fanorona help | --help | --version
 *
 * Exit status: 0 success, 1 an error reported by the library or the system
 * (a depth out of range, a file that cannot be written, no memory), 2 a
 * usage or input error: a bad argument, a position string or game record
 * that cannot be read (with the offset marked), a file that cannot be read.
 * The game reads one line at a time, so it can be scripted through a pipe;
 * the end of input ends the program cleanly.
 *
 * All move text goes through the library's notation (fan_path_to_string,
 * fan_position_parse_step, fan_position_parse_path); this program only
 * brings typed input to its alphabet. */
#define _POSIX_C_SOURCE 200809L

#include <fanorona.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define EXIT_LIBRARY 1
#define EXIT_USAGE 2

static const char usage_text[] =
    "Usage:\n"
    "  fanorona perft [--fen STRING] [--rules stop|must] "
    "[--count unique|paths]\n"
    "                 [--threads N] [--hash MIB] [--divide] DEPTH\n"
    "  fanorona play [--fen STRING | --load FILE] [--rules stop|must]\n"
    "                [--white PLAYER] [--black PLAYER] [--seed N]\n"
    "                (PLAYER: human, random, engine or engine:LEVEL)\n"
    "  fanorona analyze [--fen STRING] [--rules stop|must]\n"
    "                   [--depth N | --time MS] [--multipv K]\n"
    "  fanorona show [--rules stop|must] STRING\n"
    "  fanorona svg [--highlight SQUARES] [--turn MOVE] [--no-coordinates]\n"
    "               [--rules stop|must] [STRING]\n"
    "  fanorona help\n"
    "  fanorona --version\n";

static const char help_text[] =
    "\n"
    "perft   counts the sequences of DEPTH complete turns from the start\n"
    "        position, or from --fen STRING, and prints 'nodes N' as its last\n"
    "        line. --count unique (the default) counts one turn per origin,\n"
    "        destination and captured set; --count paths counts every\n"
    "        distinct sequence of steps. --divide first prints one line per\n"
    "        first turn: its path and the count below it.\n"
    "play    plays a game in the terminal, one step at a time, from the\n"
    "        start, from --fen STRING, or going on with the game record in\n"
    "        FILE (--load; undo goes back through its turns). Each side is\n"
    "        a human (the default for White), the random player (the\n"
    "        default for Black) or the engine: 'engine:LEVEL' plays at a\n"
    "        level from 1 (weakest) to 10, plain 'engine' at full strength\n"
    "        with 1000 ms a turn. --seed makes the random player and the\n"
    "        levels' noise repeatable. Type 'help' during the game for its\n"
    "        commands ('save FILE' writes a record, 'fen' prints the\n"
    "        position string).\n"
    "analyze searches the start position, or --fen STRING, with the engine\n"
    "        for --depth N turns or --time MS (default: 1000 ms) and prints\n"
    "        one line per completed depth: 'info depth D seldepth S\n"
    "        [multipv K] score ... nodes N time MS pv TURNS', the score in\n"
    "        hundredths of a piece for the side to move ('cp 25') or 'win in\n"
    "        N' / 'loss in N' where N counts the turns of both sides to the\n"
    "        end; then 'best TURN'. --multipv K reports the K best turns.\n"
    "show    draws the position of STRING and says who is to move, the\n"
    "        ruleset, the turns played, the result and, in the middle of a\n"
    "        capture chain, the chain so far; then the full position string.\n"
    "svg     writes the position STRING (default: the start) as an SVG\n"
    "        picture to standard output. --highlight marks squares (\"c3 d3\"),\n"
    "        --turn draws a legal turn as arrows (f4-e4W-e3A).\n"
    "--rules stop (the default) lets a capture chain end after any segment;\n"
    "        must makes it go on while a continuation exists. A short-form\n"
    "        position string (board, side and two counters) takes this\n"
    "        ruleset; a full-form one names its own, and --rules may only\n"
    "        repeat it. A game record names its own too.\n"
    "\n"
    "Position strings (doc/formats.md): the start is\n"
    "  BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -\n"
    "or in short form ... w 0 1. A string or record that cannot be read is\n"
    "shown with a caret under the byte at fault; the exit status is then 2.\n"
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

/* An option whose value is a number from lo to hi, written as
 * option_value takes it: 0 when argv[*i] is not 'name', 1 with the number
 * in *out (and its text in *text, if text is not NULL), -1 when the value
 * is missing, not a number or out of range. */
static int option_number(int argc, char **argv, int *i, const char *name,
                         uint64_t lo, uint64_t hi, uint64_t *out,
                         const char **text)
{
    const char *value = NULL;
    int m = option_value(argc, argv, i, name, &value);
    if (m <= 0)
        return m;
    if (parse_unsigned(value, out) < 0 || *out < lo || *out > hi)
        return -1;
    if (text)
        *text = value;
    return 1;
}

/* ------------------------------------------------------------------ */
/* Texts: notation, position strings and game records                  */

/* Room for the squares of a mask as mask_text() writes them. */
#define MASK_TEXT_MAX (3 * FAN_SQUARES + 1)

/* The squares of a mask, space separated, in square order ("c3 f3"). */
static void mask_text(char *buf, uint64_t mask)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int sq = 0; sq < FAN_SQUARES; sq++) {
        if (!(mask >> sq & 1))
            continue;
        if (len)
            buf[len++] = ' ';
        fan_square_name(buf + len, 3, NULL, sq);
        len += 2;
    }
}

/* A path in move notation; buf holds FAN_PATH_STRING_MAX bytes. The paths
 * written here come from the library, so "?" marks a broken one. */
static void path_text(char *buf, const fan_path *path)
{
    if (fan_path_to_string(buf, FAN_PATH_STRING_MAX, NULL, path) != FAN_OK)
        strcpy(buf, "?");
}

/* A step in move notation; buf holds FAN_STEP_STRING_MAX bytes. */
static void step_text(char *buf, const fan_step *step)
{
    if (fan_step_to_string(buf, FAN_STEP_STRING_MAX, NULL, step) != FAN_OK)
        strcpy(buf, "?");
}

/* Where offset 'at' of text is: its line (from 1), the offset where that
 * line starts and its length. */
static void locate(const char *text, size_t at, size_t *line,
                   size_t *line_start, size_t *line_len)
{
    *line = 1;
    *line_start = 0;
    for (size_t i = 0; i < at && text[i]; i++)
        if (text[i] == '\n') {
            ++*line;
            *line_start = i + 1;
        }
    *line_len = strcspn(text + *line_start, "\n");
}

/* Prints the line of text that holds offset 'at', indented, and a caret
 * under the byte at that offset (one column per byte, so that it lines
 * up: bytes that do not print are shown as '?'). */
static void print_text_at(FILE *out, const char *text, size_t at)
{
    size_t line, start, len;
    if (at > strlen(text))
        at = strlen(text);
    locate(text, at, &line, &start, &len);
    fputs("  ", out);
    for (size_t i = start; i < start + len; i++) {
        unsigned char c = (unsigned char)text[i];
        fputc(c >= 0x20 && c < 0x7f ? c : '?', out);
    }
    fprintf(out, "\n  %*s^\n", (int)(at - start), "");
}

/* Says where a text was refused: "fanorona: WHAT: REASON (at byte N)" for
 * a one-line text, "fanorona: WHAT:LINE:COLUMN: REASON" for a text of
 * several lines (a record), then the line and a caret under the fault. */
static void print_parse_error(const char *what, const char *text,
                              const fan_parse_error *e)
{
    size_t at = e->offset, line, start, len;
    if (at > strlen(text))
        at = strlen(text);
    locate(text, at, &line, &start, &len);
    if (strchr(text, '\n'))
        fprintf(stderr, "fanorona: %s:%zu:%zu: %s\n", what, line,
                at - start + 1, e->message);
    else
        fprintf(stderr, "fanorona: %s: %s (at byte %zu)\n", what, e->message,
                at);
    print_text_at(stderr, text, at);
}

/* Refuses a --rules that says otherwise than the text that was read. */
static int check_rules(fan_position **pos, int rules, const char *what)
{
    if (rules < 0 || fan_position_rules(*pos) == rules)
        return 0;
    const char *own = fan_position_rules(*pos) == FAN_RULES_MUST ? "must"
                                                                 : "stop";
    fan_position_free(*pos);
    *pos = NULL;
    return usage_error("--rules %s contradicts the ruleset '%s' of %s",
                       rules == FAN_RULES_MUST ? "must" : "stop", own, what);
}

/* The position of a position string given on the command line. rules is
 * what --rules said, or -1: a short-form string takes it (stop when it is
 * -1), a full-form string must agree with it. Returns 0 or an exit status,
 * having said why. */
static int position_from_text(fan_position **out, const char *text,
                              int rules, const char *what)
{
    fan_parse_error e;
    *out = NULL;
    int r = fan_position_from_string(out, text,
                                     rules < 0 ? FAN_RULES_STOP : rules, &e);
    if (r != FAN_OK && e.message[0]) {
        print_parse_error(what, text, &e);
        return EXIT_USAGE;
    }
    if (r != FAN_OK)
        return library_error(what, r);
    return check_rules(out, rules, "the position string");
}

/* The whole of a file as a NUL-terminated string (NULL, with errno set,
 * when it cannot be read; EINVAL when it holds a NUL byte). */
static char *read_file(const char *name)
{
    FILE *f = fopen(name, "rb");
    if (!f)
        return NULL;
    size_t len = 0, cap = 4096;
    char *text = malloc(cap);
    while (text) {
        len += fread(text + len, 1, cap - 1 - len, f);
        if (ferror(f) || feof(f))
            break;
        char *more = realloc(text, cap * 2);
        if (!more) {
            free(text);
            text = NULL;
            errno = ENOMEM;
            break;
        }
        text = more;
        cap *= 2;
    }
    int failed = !text || ferror(f);
    fclose(f);
    if (failed) {
        free(text);
        if (errno == 0)
            errno = EIO;
        return NULL;
    }
    text[len] = '\0';
    if (strlen(text) != len) {
        free(text);
        errno = EINVAL;
        return NULL;
    }
    return text;
}

/* The game of a record file, replayed. rules as position_from_text(). */
static int position_from_record(fan_position **out, const char *file,
                                int rules)
{
    *out = NULL;
    errno = 0;
    char *text = read_file(file);
    if (!text) {
        fprintf(stderr, "fanorona: %s: %s\n", file,
                errno == EINVAL ? "not a text file (it holds a NUL byte)"
                                : strerror(errno));
        return EXIT_USAGE;
    }
    fan_parse_error e;
    int r = fan_record_read(out, text, &e);
    int status = 0;
    if (r != FAN_OK && e.message[0]) {
        print_parse_error(file, text, &e);
        status = EXIT_USAGE;
    } else if (r != FAN_OK) {
        status = library_error(file, r);
    }
    free(text);
    return status ? status : check_rules(out, rules, "the game record");
}

/* ------------------------------------------------------------------ */
/* perft                                                               */

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
        char text[FAN_PATH_STRING_MAX];
        path_text(text, &entries[i].path);
        printf("%s %" PRIu64 "\n", text, entries[i].nodes);
        total += entries[i].nodes;
    }
    free(entries);
    printf("nodes %" PRIu64 "\n", total);
    return 0;
}

static int cmd_perft(int argc, char **argv)
{
    int rules = -1, count = FAN_COUNT_UNIQUE, divide = 0;
    const char *depth_text = NULL, *fen = NULL;
    fan_perft_options opts = FAN_PERFT_OPTIONS_INIT;
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        uint64_t number;
        int m;
        if ((m = option_value(argc, argv, &i, "--fen", &fen)) != 0) {
            if (m < 0)
                return usage_error("--fen takes a position string");
        } else if ((m = option_number(argc, argv, &i, "--threads", 0,
                                      FAN_PERFT_THREADS_MAX, &number,
                                      NULL)) != 0) {
            if (m < 0)
                return usage_error("--threads takes 0 (all cores) to %d",
                                   FAN_PERFT_THREADS_MAX);
            opts.threads = (uint32_t)number;
        } else if ((m = option_number(argc, argv, &i, "--hash", 0,
                                      FAN_PERFT_HASH_MAX_MIB, &number,
                                      NULL)) != 0) {
            if (m < 0)
                return usage_error("--hash takes a table size in MiB, 0 to %d",
                                   FAN_PERFT_HASH_MAX_MIB);
            opts.hash_mib = (uint32_t)number;
        } else if ((m = option_value(argc, argv, &i, "--rules", &value)) !=
                   0) {
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
    int r, status = 0;
    if (fen) {
        if ((status = position_from_text(&pos, fen, rules, "--fen")) != 0)
            return status;
    } else if ((r = fan_position_new(&pos, rules < 0 ? FAN_RULES_STOP
                                                    : rules)) != FAN_OK) {
        return library_error("new position", r);
    }
    if (divide && depth > 0) {
        status = print_divide(pos, (unsigned)depth, count);
    } else {
        uint64_t nodes = 0;
        r = fan_perft_ex(&nodes, pos, (unsigned)depth, count, &opts);
        if (r != FAN_OK)
            status = library_error("perft", r);
        else
            printf("nodes %" PRIu64 "\n", nodes);
    }
    fan_position_free(pos);
    return status;
}

/* ------------------------------------------------------------------ */
/* play: state, input and drawing                                      */

#define HUMAN 0
#define RANDOM 1
#define ENGINE 2

/* The time a turn of plain 'engine' (full strength) may take. */
#define ENGINE_TIME_MS 1000

/* What a command asks the game loop to do next. */
#define ACT_STAY 0   /* prompt again */
#define ACT_REDRAW 1 /* draw the board, then prompt */
#define ACT_QUIT 2   /* the player left */
#define ACT_EOF 3    /* the input ended */

typedef struct game {
    fan_position *pos;
    int player[3]; /* by colour: HUMAN, RANDOM or ENGINE */
    int level[3];  /* by colour, for ENGINE: 0 full strength, 1..10 */
    fan_search *search; /* one handle for the game, when an engine plays */
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

/* Reads one line into buf without its newline, trimmed (case is kept: a
 * file name may need it). Returns 0, or EOF at the end of input. */
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
static void draw_board(const fan_position *pos, uint64_t destinations,
                       uint64_t visited, int marked)
{
    for (int row = FAN_ROWS - 1; row >= 0; row--) {
        char line[4 * FAN_COLUMNS + 8];
        memset(line, ' ', sizeof line);
        line[0] = (char)('1' + row);
        for (int col = 0; col < FAN_COLUMNS; col++) {
            int sq = FAN_SQUARE(col, row), x = 4 + 4 * col;
            int piece = fan_position_piece(pos, sq);
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
        char text[FAN_STEP_STRING_MAX], removes[MASK_TEXT_MAX];
        step_text(text, s);
        if (s->kind != FAN_STEP_PAIKA) {
            mask_text(removes, s->captures);
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
    draw_board(pos, destinations, visited, origin);
    printf("Turn %d: %s to move.", fan_position_turns_played(pos) + 1,
           color_name(side));
    if (!in_chain && fan_position_must_capture(pos))
        printf(" A capture is compulsory.");
    printf("\n");
    if (in_chain) {
        fan_path chain;
        uint64_t captured = 0;
        char path[FAN_PATH_STRING_MAX], visits[MASK_TEXT_MAX];
        char taken[MASK_TEXT_MAX];
        fan_position_chain_path(&chain, pos);
        fan_position_chain_captured(&captured, pos);
        path_text(path, &chain);
        mask_text(visits, visited);
        mask_text(taken, captured);
        char square[3];
        fan_square_name(square, sizeof square, NULL, active);
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
        fan_square_name(square, sizeof square, NULL, g->selected);
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
        "  f4-e4W-e3A          play several steps of a chain at once (under\n"
        "                      must-continue, the whole chain); where a mode\n"
        "                      is left out, only one may fit\n"
        "  e2                  select the piece on e2; with a piece selected\n"
        "                      or in a chain, move it to e2\n"
        "  end                 end the capture chain here (stop-at-will "
        "only)\n"
        "  undo                take back the chain in progress or the last "
        "turn\n"
        "                      (against the random player or the engine:\n"
        "                      its reply too)\n"
        "  redo                replay a turn taken back\n"
        "  board               draw the board again\n"
        "  fen                 print the position string\n"
        "  save FILE           write the game so far as a game record\n"
        "                      (fanorona play --load FILE goes on with it)\n"
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
    char text[FAN_PATH_STRING_MAX], removed[MASK_TEXT_MAX];
    path_text(text, &path);
    int side = other(fan_position_side_to_move(g->pos));
    printf("%s%s%s plays %s", prefix, color_name(side), who, text);
    if (path.captured) {
        mask_text(removed, path.captured);
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

/* The engine's turn: a search of the position (at its level, or at full
 * strength for ENGINE_TIME_MS), whose best turn is played. The level's
 * noise is seeded from the game's generator, so --seed repeats the game. */
static int engine_turn(game *g)
{
    int side = fan_position_side_to_move(g->pos);
    fan_search_limits limits = FAN_SEARCH_LIMITS_INIT;
    limits.level = (uint32_t)g->level[side];
    if (limits.level == 0)
        limits.time_ms = ENGINE_TIME_MS;
    limits.seed = next_random(g);
    fan_search_result result = FAN_SEARCH_RESULT_INIT;
    fflush(stdout);
    int r = fan_search_run(&result, g->search, g->pos, &limits, NULL, NULL);
    if (r == FAN_OK)
        r = fan_position_play_turn(g->pos, result.best);
    if (r == FAN_OK)
        report_last_turn(g, "", " (engine)");
    return r;
}

static void lower_case(char *text)
{
    for (char *p = text; *p; p++)
        *p = (char)tolower((unsigned char)*p);
}

/* Asks whether the step takes the approach or the withdrawal group.
 * Returns FAN_STEP_APPROACH, FAN_STEP_WITHDRAWAL, 0 (cancelled), or
 * -ACT_QUIT / -ACT_EOF. */
static int ask_mode(game *g, const fan_step *approach,
                    const fan_step *withdrawal)
{
    fan_step plain = *approach; /* from-to, without a mode letter */
    plain.kind = FAN_STEP_PAIKA;
    plain.captures = 0;
    char step[FAN_STEP_STRING_MAX], a[MASK_TEXT_MAX], w[MASK_TEXT_MAX];
    step_text(step, &plain);
    mask_text(a, approach->captures);
    mask_text(w, withdrawal->captures);
    printf("%s captures either way; choose one group:\n", step);
    printf("  a  approach    removes %s\n", a);
    printf("  w  withdrawal  removes %s\n", w);
    for (;;) {
        char line[256];
        if (read_line(g, "Approach or withdrawal (a/w, or cancel)? ", line,
                      sizeof line) == EOF)
            return -ACT_EOF;
        lower_case(line);
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

/* After steps of side's turn (begun with 'before' turns played): the turn
 * it completed, or the chain so far when it goes on. */
static void report_steps(const game *g, int before, int side)
{
    if (fan_position_turns_played(g->pos) != before) {
        report_last_turn(g, "", "");
        return;
    }
    fan_path chain;
    char text[FAN_PATH_STRING_MAX];
    fan_position_chain_path(&chain, g->pos);
    path_text(text, &chain);
    printf("%s captures with %s; the chain can go on.\n", color_name(side),
           text);
}

/* Plays one step from-to; with kind FAN_STEP_ANY, asks for the mode where
 * both capture. The caller knows the step is legal. */
static int play_one_step(game *g, int from, int to, int kind)
{
    if (kind == FAN_STEP_ANY) {
        fan_step steps[FAN_STEPS_MAX];
        size_t n = 0;
        steps_now(steps, &n, g->pos);
        const fan_step *approach = NULL, *withdrawal = NULL;
        for (size_t k = 0; k < n; k++) {
            if (steps[k].from != from || steps[k].to != to)
                continue;
            if (steps[k].kind == FAN_STEP_APPROACH)
                approach = &steps[k];
            else if (steps[k].kind == FAN_STEP_WITHDRAWAL)
                withdrawal = &steps[k];
        }
        if (approach && withdrawal) {
            kind = ask_mode(g, approach, withdrawal);
            if (kind == 0)
                printf("Cancelled; nothing was played.\n");
            if (kind <= 0)
                return kind == 0 ? ACT_STAY : -kind;
        }
    }
    int before = fan_position_turns_played(g->pos);
    int side = fan_position_side_to_move(g->pos);
    int r = fan_position_play_step(g->pos, from, to, kind);
    if (r != FAN_OK)
        return r;
    g->selected = -1;
    report_steps(g, before, side);
    return ACT_REDRAW;
}

/* Plays the steps of a whole turn (as fan_position_parse_path() gives it)
 * that are not played yet. Like steps typed one by one, they leave the
 * chain open when it can go on: 'end' ends it. */
static int play_path_steps(game *g, const fan_path *path)
{
    fan_path chain;
    int r = fan_position_chain_path(&chain, g->pos);
    if (r != FAN_OK)
        return r;
    if (chain.length >= path->length) {
        printf("That is the chain so far; type 'end' to end the turn "
               "here.\n");
        return ACT_STAY;
    }
    fan_position *work = NULL;
    if ((r = fan_position_clone(&work, g->pos)) != FAN_OK)
        return r;
    for (int i = chain.length; i < path->length && r == FAN_OK; i++)
        r = fan_position_play_step(work, i ? path->to[i - 1] : path->from,
                                   path->to[i], path->kind[i]);
    if (r != FAN_OK) {
        fan_position_free(work);
        return r;
    }
    int before = fan_position_turns_played(g->pos);
    int side = fan_position_side_to_move(g->pos);
    fan_position_free(g->pos);
    g->pos = work;
    g->selected = -1;
    report_steps(g, before, side);
    return ACT_REDRAW;
}

/* Brings a typed move to the alphabet of the notation, which is strict:
 * squares in lower case, the mode letters A and W in upper case, and
 * spaces before a square read as a dash, others dropped ("E2 e3" is e2-e3,
 * "d3 e3 w" is d3-e3W). What it means is left to the library's reader. */
static void normalize_move(char *out, size_t size, const char *in)
{
    size_t n = 0;
    int gap = 0;
    for (const char *p = in; *p && n + 2 < size; p++) {
        char c = *p;
        if (c == ' ' || c == '\t') {
            gap = 1;
            continue;
        }
        int square = isalpha((unsigned char)c) && isdigit((unsigned char)p[1]);
        if (gap && square && n && out[n - 1] != '-')
            out[n++] = '-';
        gap = 0;
        char low = (char)tolower((unsigned char)c);
        if (square)
            out[n++] = low;
        else if (low == 'a' || low == 'w')
            out[n++] = (char)toupper((unsigned char)c);
        else
            out[n++] = c;
    }
    out[n] = '\0';
}

/* A move typed by the player: one step (the library's step reader; where
 * both capture modes fit, the player is asked), else a whole turn or the
 * rest of the chain (its turn reader). */
static int move_command(game *g, const char *line)
{
    char text[256];
    normalize_move(text, sizeof text, line);
    fan_step step;
    fan_parse_error e;
    int r = fan_position_parse_step(&step, g->pos, text, &e);
    if (r == FAN_OK)
        return play_one_step(g, step.from, step.to, step.kind);
    if (r == FAN_EAMBIGUOUS) {
        /* the text with a letter names the step; the player picks the mode */
        char named[sizeof text + 1];
        snprintf(named, sizeof named, "%sA", text);
        if (fan_position_parse_step(&step, g->pos, named, NULL) == FAN_OK)
            return play_one_step(g, step.from, step.to, FAN_STEP_ANY);
    }
    if (r == FAN_EILLEGAL || r == FAN_EAMBIGUOUS) {
        printf("%s is not a legal step here: %s.\n", text, e.message);
        return ACT_STAY;
    }
    if (r != FAN_EPARSE)
        return r;
    fan_path path;
    r = fan_position_parse_path(&path, g->pos, text, &e);
    if (r == FAN_OK)
        return play_path_steps(g, &path);
    if (r == FAN_EILLEGAL || r == FAN_EAMBIGUOUS) {
        printf("%s is not a legal turn here: %s.\n", text, e.message);
        return ACT_STAY;
    }
    if (r != FAN_EPARSE)
        return r;
    printf("Not understood: %s.\n", e.message);
    print_text_at(stdout, text, e.offset);
    printf("Type 'help' for the commands.\n");
    return ACT_STAY;
}

/* A lone square: select a piece, or move the selected/active piece. */
static int square_command(game *g, int sq)
{
    fan_position *pos = g->pos;
    char name[3];
    fan_square_name(name, sizeof name, NULL, sq);
    int origin = g->selected;
    if (fan_position_in_chain(pos))
        fan_position_active_piece(&origin, pos);
    uint64_t movable = 0, dest = 0;
    fan_position_movable(&movable, pos);
    if (origin >= 0)
        fan_position_destinations(&dest, pos, origin);
    if (dest >> sq & 1) {
        return play_one_step(g, origin, sq, FAN_STEP_ANY);
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

/* Takes back the chain or the last turn, and then the computer's (random
 * player's or engine's) turns so that a human is to move again when that is possible. */
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
        char text[FAN_PATH_STRING_MAX];
        int r = fan_position_history_path(&path, pos, len - 1);
        if (r == FAN_OK)
            r = fan_position_undo(pos);
        if (r != FAN_OK)
            return r;
        path_text(text, &path);
        printf("Took back %s's turn %s.\n",
               color_name(fan_position_side_to_move(pos)), text);
    } while (g->player[fan_position_side_to_move(pos)] != HUMAN &&
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
        if (g->player[fan_position_side_to_move(g->pos)] == HUMAN ||
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

/* Writes the game as a record (fan_record_write) to file. */
static int save_command(game *g, const char *file)
{
    if (!*file) {
        printf("Name the file: save FILE\n");
        return ACT_STAY;
    }
    size_t needed = 0;
    int r = fan_record_write(NULL, 0, &needed, g->pos);
    if (r != FAN_OK && r != FAN_EBUFS)
        return r;
    char *text = malloc(needed);
    if (!text)
        return FAN_ENOMEM;
    if ((r = fan_record_write(text, needed, NULL, g->pos)) != FAN_OK) {
        free(text);
        return r;
    }
    FILE *f = fopen(file, "w");
    int failed = !f || fputs(text, f) == EOF;
    if (f && fclose(f) != 0)
        failed = 1;
    if (failed)
        printf("Could not save the game to %s: %s.\n", file, strerror(errno));
    else
        printf("Saved the game to %s.\n", file);
    free(text);
    return ACT_STAY;
}

/* Prints the position string of the game now. */
static int fen_command(game *g)
{
    char text[FAN_POSITION_STRING_MAX];
    int r = fan_position_to_string(text, sizeof text, NULL, g->pos);
    if (r != FAN_OK)
        return r;
    printf("%s\n", text);
    return ACT_STAY;
}

static int human_command(game *g, const char *line)
{
    /* the command word in lower case; its argument as typed */
    char word[16];
    size_t len = strcspn(line, " \t");
    if (!*line)
        return ACT_STAY;
    snprintf(word, sizeof word, "%.*s", (int)(len < 15 ? len : 15), line);
    lower_case(word);
    const char *arg = line + len;
    arg += strspn(arg, " \t");
    if (len >= sizeof word)
        word[0] = '\0';
    if (!strcmp(word, "save"))
        return save_command(g, arg);
    if (*arg)
        word[0] = '\0'; /* the other commands take no argument */
    if (!strcmp(word, "help") || !strcmp(word, "?")) {
        print_help();
        return ACT_STAY;
    }
    if (!strcmp(word, "quit") || !strcmp(word, "q") || !strcmp(word, "exit"))
        return ACT_QUIT;
    if (!strcmp(word, "undo"))
        return undo_command(g);
    if (!strcmp(word, "redo"))
        return redo_command(g);
    if (!strcmp(word, "end"))
        return end_command(g);
    if (!strcmp(word, "board"))
        return ACT_REDRAW;
    if (!strcmp(word, "fen"))
        return fen_command(g);
    if (fan_position_result(g->pos) != FAN_ONGOING) {
        printf("The game is over: 'undo' takes back the last turn, "
               "'save FILE' keeps it, 'quit' leaves.\n");
        return ACT_STAY;
    }
    int sq = fan_square_parse(word);
    if (sq >= 0)
        return square_command(g, sq);
    return move_command(g, line);
}

/* Plays until the game ends or the players leave. When it ends and a
 * human plays, the game waits for 'save', 'fen', 'undo' or 'quit'. */
static int play_game(game *g)
{
    int redraw = 1;
    for (;;) {
        int over = fan_position_result(g->pos) != FAN_ONGOING;
        int side = fan_position_side_to_move(g->pos);
        if (over) {
            if (redraw) {
                printf("\n");
                draw_board(g->pos, 0, 0, -1);
                print_result(g->pos);
            }
            if (g->player[FAN_WHITE] != HUMAN &&
                g->player[FAN_BLACK] != HUMAN)
                return 0;
        } else if (g->player[side] != HUMAN) {
            int r = g->player[side] == RANDOM ? random_turn(g) : engine_turn(g);
            if (r != FAN_OK)
                return library_error(g->player[side] == RANDOM
                                         ? "random player"
                                         : "engine",
                                     r);
            redraw = 1;
            continue;
        } else if (redraw) {
            show(g);
        }
        char prompt[32], line[256];
        snprintf(prompt, sizeof prompt, "%s> ",
                 over ? "Game over" : color_name(side));
        int act = read_line(g, prompt, line, sizeof line) == EOF
                      ? ACT_EOF
                      : human_command(g, line);
        if (act < 0)
            return library_error("play", act);
        if (act == ACT_QUIT || act == ACT_EOF) {
            if (!over)
                printf(act == ACT_QUIT
                           ? "Game left unfinished.\n"
                           : "End of input; the game is left unfinished.\n");
            return 0;
        }
        redraw = act == ACT_REDRAW;
    }
}

/* human, random, engine or engine:LEVEL (1..FAN_SEARCH_MAX_LEVEL; plain
 * engine plays at full strength, level 0). */
static int parse_player(const char *text, int *level)
{
    uint64_t n = 0;
    *level = 0;
    if (strcmp(text, "human") == 0)
        return HUMAN;
    if (strcmp(text, "random") == 0)
        return RANDOM;
    if (strcmp(text, "engine") == 0)
        return ENGINE;
    if (strncmp(text, "engine:", 7) == 0 && parse_unsigned(text + 7, &n) == 0 &&
        n >= 1 && n <= FAN_SEARCH_MAX_LEVEL) {
        *level = (int)n;
        return ENGINE;
    }
    return -1;
}

/* How the command line named a player ("engine level 3"). */
static void player_text(char *buf, size_t size, const game *g, int color)
{
    if (g->player[color] == HUMAN)
        snprintf(buf, size, "human");
    else if (g->player[color] == RANDOM)
        snprintf(buf, size, "random");
    else if (g->level[color])
        snprintf(buf, size, "engine level %d", g->level[color]);
    else
        snprintf(buf, size, "engine (full strength, %d ms a turn)",
                 ENGINE_TIME_MS);
}

static int cmd_play(int argc, char **argv)
{
    int rules = -1;
    game g = {.player = {0, HUMAN, RANDOM}, .selected = -1};
    uint64_t seed = 0;
    int seeded = 0;
    const char *fen = NULL, *load = NULL;
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        int m;
        if ((m = option_value(argc, argv, &i, "--fen", &fen)) != 0) {
            if (m < 0)
                return usage_error("--fen takes a position string");
        } else if ((m = option_value(argc, argv, &i, "--load", &load)) != 0) {
            if (m < 0)
                return usage_error("--load takes a file name");
        } else if ((m = option_value(argc, argv, &i, "--rules", &value)) !=
                   0) {
            if (m < 0 || (rules = parse_rules(value)) < 0)
                return usage_error("--rules takes stop or must");
        } else if ((m = option_value(argc, argv, &i, "--white", &value)) !=
                   0) {
            if (m < 0 || (g.player[FAN_WHITE] = parse_player(
                              value, &g.level[FAN_WHITE])) < 0)
                return usage_error("--white takes human, random, engine or "
                                   "engine:LEVEL (1..10)");
        } else if ((m = option_value(argc, argv, &i, "--black", &value)) !=
                   0) {
            if (m < 0 || (g.player[FAN_BLACK] = parse_player(
                              value, &g.level[FAN_BLACK])) < 0)
                return usage_error("--black takes human, random, engine or "
                                   "engine:LEVEL (1..10)");
        } else if ((m = option_number(argc, argv, &i, "--seed", 0, UINT64_MAX,
                                      &seed, NULL)) != 0) {
            if (m < 0)
                return usage_error("--seed takes a non-negative number");
            seeded = 1;
        } else {
            return usage_error("play: unknown argument '%s'", argv[i]);
        }
    }
    if (fen && load)
        return usage_error("play takes --fen or --load, not both");
    int r, status = 0;
    if (fen)
        status = position_from_text(&g.pos, fen, rules, "--fen");
    else if (load)
        status = position_from_record(&g.pos, load, rules);
    else if ((r = fan_position_new(&g.pos, rules < 0 ? FAN_RULES_STOP
                                                     : rules)) != FAN_OK)
        status = library_error("new position", r);
    if (status)
        return status;
    if (!seeded)
        seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    g.rng = seed;
    g.echo = !isatty(STDIN_FILENO);

    if (g.player[FAN_WHITE] == ENGINE || g.player[FAN_BLACK] == ENGINE) {
        if ((r = fan_search_new(&g.search, NULL)) != FAN_OK) {
            fan_position_free(g.pos);
            return library_error("engine", r);
        }
    }
    char white[64], black[64];
    player_text(white, sizeof white, &g, FAN_WHITE);
    player_text(black, sizeof black, &g, FAN_BLACK);
    printf("Fanorona, %s rules. White: %s, Black: %s.",
           fan_position_rules(g.pos) == FAN_RULES_STOP ? "stop-at-will"
                                                       : "must-continue",
           white, black);
    if (g.player[FAN_WHITE] != HUMAN || g.player[FAN_BLACK] != HUMAN)
        printf(" Random seed %" PRIu64 ".", seed);
    printf("\n");
    if (load)
        printf("Going on with the game of %s: %d turns played.\n", load,
               fan_position_turns_played(g.pos));
    if (g.player[FAN_WHITE] == HUMAN || g.player[FAN_BLACK] == HUMAN) {
        printf("Type 'help' for the commands.\n");
        print_legend();
    }
    status = play_game(&g);
    fan_search_free(g.search);
    fan_position_free(g.pos);
    return status;
}

/* ------------------------------------------------------------------ */
/* analyze                                                             */

#define ANALYZE_TIME_MS 1000

typedef struct analysis {
    const fan_position *pos;
    uint32_t multipv;
    int failed; /* a library error while writing a line */
} analysis;

/* A search score as text: "cp 25", or "win in N" / "loss in N" with N the
 * complete turns of both sides until the game ends. */
static void score_text(char *buf, size_t size, int32_t score)
{
    if (FAN_SCORE_IS_WIN(score))
        snprintf(buf, size, "win in %d", (int)FAN_SCORE_TURNS(score));
    else if (FAN_SCORE_IS_LOSS(score))
        snprintf(buf, size, "loss in %d", (int)FAN_SCORE_TURNS(score));
    else
        snprintf(buf, size, "cp %d", (int)score);
}

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
    char score[32];
    score_text(score, sizeof score, line->score);
    printf("info depth %" PRIu32 " seldepth %" PRIu32, line->depth,
           line->seldepth);
    if (a->multipv > 1)
        printf(" multipv %" PRIu32, line->line);
    printf(" score %s nodes %" PRIu64 " time %" PRIu64 " pv", score,
           line->nodes, line->time_ms);
    int r = print_pv(a->pos, line->pv, line->pv_length);
    printf("\n");
    fflush(stdout);
    if (r != FAN_OK) {
        a->failed = r;
        return 1;
    }
    return 0;
}

static int cmd_analyze(int argc, char **argv)
{
    int rules = -1;
    const char *fen = NULL, *depth_text = NULL, *time_text = NULL;
    uint64_t depth = 0, time_ms = 0, multipv = 1;
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        int m;
        if ((m = option_value(argc, argv, &i, "--fen", &fen)) != 0) {
            if (m < 0)
                return usage_error("--fen takes a position string");
        } else if ((m = option_value(argc, argv, &i, "--rules", &value)) !=
                   0) {
            if (m < 0 || (rules = parse_rules(value)) < 0)
                return usage_error("--rules takes stop or must");
        } else if ((m = option_number(argc, argv, &i, "--depth", 1,
                                      FAN_SEARCH_MAX_DEPTH, &depth,
                                      &depth_text)) != 0) {
            if (m < 0)
                return usage_error("--depth takes a number from 1 to %d",
                                   FAN_SEARCH_MAX_DEPTH);
        } else if ((m = option_number(argc, argv, &i, "--time", 1, UINT32_MAX,
                                      &time_ms, &time_text)) != 0) {
            if (m < 0)
                return usage_error("--time takes a number of milliseconds");
        } else if ((m = option_number(argc, argv, &i, "--multipv", 1,
                                      FAN_SEARCH_MAX_MULTIPV, &multipv,
                                      NULL)) != 0) {
            if (m < 0)
                return usage_error("--multipv takes a number from 1 to %d",
                                   FAN_SEARCH_MAX_MULTIPV);
        } else {
            return usage_error("analyze: unknown argument '%s'", argv[i]);
        }
    }
    if (depth_text && time_text)
        return usage_error("analyze takes --depth or --time, not both");
    if (!depth_text && !time_text)
        time_ms = ANALYZE_TIME_MS;

    fan_position *pos = NULL;
    int r, status = 0;
    if (fen)
        status = position_from_text(&pos, fen, rules, "--fen");
    else if ((r = fan_position_new(&pos, rules < 0 ? FAN_RULES_STOP
                                                   : rules)) != FAN_OK)
        status = library_error("new position", r);
    if (status)
        return status;
    fan_search *search = NULL;
    if ((r = fan_search_new(&search, NULL)) != FAN_OK) {
        fan_position_free(pos);
        return library_error("analyze", r);
    }
    fan_search_limits limits = FAN_SEARCH_LIMITS_INIT;
    limits.max_depth = (uint32_t)depth;
    limits.time_ms = time_ms;
    limits.multipv = (uint32_t)multipv;
    analysis a = {pos, (uint32_t)multipv, 0};
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
        status = library_error("analyze", r);
    fan_search_free(search);
    fan_position_free(pos);
    return status;
}

/* ------------------------------------------------------------------ */
/* show                                                                */

static int cmd_show(int argc, char **argv)
{
    int rules = -1;
    const char *text = NULL;
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        int m;
        if ((m = option_value(argc, argv, &i, "--rules", &value)) != 0) {
            if (m < 0 || (rules = parse_rules(value)) < 0)
                return usage_error("--rules takes stop or must");
        } else if (argv[i][0] == '-') {
            return usage_error("show: unknown option '%s'", argv[i]);
        } else if (text) {
            return usage_error("show takes one position string (quote it)");
        } else {
            text = argv[i];
        }
    }
    if (!text)
        return usage_error("show needs a position string");
    fan_position *pos = NULL;
    int status = position_from_text(&pos, text, rules, "position string");
    if (status)
        return status;

    /* In a chain, the marks of the game: continuations, visited points
     * and the active piece. */
    int in_chain = fan_position_in_chain(pos), active = -1;
    uint64_t visited = 0, continuations = 0, captured = 0;
    fan_position_active_piece(&active, pos);
    if (in_chain) {
        fan_position_visited(&visited, pos);
        fan_position_destinations(&continuations, pos, active);
        fan_position_chain_captured(&captured, pos);
    }
    draw_board(pos, continuations, visited, active);
    if (in_chain)
        print_legend();
    int rules_now = fan_position_rules(pos);
    printf("Side to move: %s\n", color_name(fan_position_side_to_move(pos)));
    printf("Rules: %s\n", rules_now == FAN_RULES_MUST ? "must (must-continue)"
                                                      : "stop (stop-at-will)");
    printf("Turns played: %d\n", fan_position_turns_played(pos));
    print_result(pos);
    if (in_chain) {
        fan_path chain;
        char path[FAN_PATH_STRING_MAX], taken[MASK_TEXT_MAX], name[3];
        fan_position_chain_path(&chain, pos);
        path_text(path, &chain);
        mask_text(taken, captured);
        fan_square_name(name, sizeof name, NULL, active);
        printf("Chain so far: %s (captured %s), active piece %s\n", path,
               taken, name);
    }
    char full[FAN_POSITION_STRING_MAX];
    int r = fan_position_to_string(full, sizeof full, NULL, pos);
    if (r == FAN_OK)
        printf("Position: %s\n", full);
    else
        status = library_error("position string", r);
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
        name[0] = p[0];
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
    int rules = -1;
    const char *text = NULL, *turn = NULL;
    uint64_t highlight = 0;
    uint32_t flags = FAN_SVG_COORDINATES;
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        int m;
        if ((m = option_value(argc, argv, &i, "--rules", &value)) != 0) {
            if (m < 0 || (rules = parse_rules(value)) < 0)
                return usage_error("--rules takes stop or must");
        } else if ((m = option_value(argc, argv, &i, "--highlight", &value)) !=
                   0) {
            if (m < 0 || parse_squares(value, &highlight) < 0)
                return usage_error("--highlight takes square names");
        } else if ((m = option_value(argc, argv, &i, "--turn", &value)) !=
                   0) {
            if (m < 0)
                return usage_error("--turn takes a move");
            turn = value;
        } else if (strcmp(argv[i], "--no-coordinates") == 0) {
            flags = 0;
        } else if (argv[i][0] == '-') {
            return usage_error("svg: unknown option '%s'", argv[i]);
        } else if (text) {
            return usage_error("svg takes one position string (quote it)");
        } else {
            text = argv[i];
        }
    }
    fan_position *pos = NULL;
    int status = 0, r;
    if (text)
        status = position_from_text(&pos, text, rules, "position string");
    else if ((r = fan_position_new(&pos, rules < 0 ? FAN_RULES_STOP
                                                   : rules)) != FAN_OK)
        status = library_error("new position", r);
    if (status)
        return status;
    fan_path path;
    if (turn) {
        fan_parse_error e;
        r = fan_position_parse_path(&path, pos, turn, &e);
        if (r == FAN_EPARSE) {
            print_parse_error("--turn", turn, &e);
            fan_position_free(pos);
            return EXIT_USAGE;
        }
        if (r != FAN_OK) {
            fprintf(stderr, "fanorona: --turn %s: %s: %s\n", turn,
                    fan_strerror(r), e.message);
            fan_position_free(pos);
            return EXIT_LIBRARY;
        }
    }
    char *svg = malloc(FAN_SVG_MAX);
    r = svg ? fan_position_svg(svg, FAN_SVG_MAX, NULL, pos, highlight,
                               turn ? &path : NULL, flags)
            : FAN_ENOMEM;
    if (r == FAN_OK)
        fputs(svg, stdout);
    else
        status = library_error("svg", r);
    free(svg);
    fan_position_free(pos);
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
    if (!strcmp(cmd, "analyze"))
        return cmd_analyze(argc - 2, argv + 2);
    if (!strcmp(cmd, "show"))
        return cmd_show(argc - 2, argv + 2);
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

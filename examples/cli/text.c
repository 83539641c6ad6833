/* SPDX-License-Identifier: MIT */
/* Text helpers of the fanorona program (text.h). */
#include "text.h"

#include "options.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void mask_text(char *buf, uint64_t mask)
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

void path_text(char *buf, const fan_path *path)
{
    if (fan_path_to_string(buf, FAN_PATH_STRING_MAX, NULL, path) != FAN_OK)
        strcpy(buf, "?");
}

void step_text(char *buf, const fan_step *step)
{
    if (fan_step_to_string(buf, FAN_STEP_STRING_MAX, NULL, step) != FAN_OK)
        strcpy(buf, "?");
}

const char *color_name(int color)
{
    return color == FAN_WHITE ? "White" : "Black";
}

int other_color(int color)
{
    return color == FAN_WHITE ? FAN_BLACK : FAN_WHITE;
}

/* ------------------------------------------------------------------ */
/* Refused input                                                       */

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

void print_text_at(FILE *out, const char *text, size_t at)
{
    size_t line, start, len;
    size_t total = strlen(text);
    if (at > total)
        at = total;
    locate(text, at, &line, &start, &len);
    size_t end = start + len, from = start, to = end;
    if (len > TEXT_WINDOW) {
        /* a third of the window before the fault, the rest after it */
        from = at - start > TEXT_WINDOW / 3 ? at - TEXT_WINDOW / 3 : start;
        to = from + TEXT_WINDOW < end ? from + TEXT_WINDOW : end;
        if (to - from < TEXT_WINDOW)
            from = to - TEXT_WINDOW;
    }
    const char *left = from > start ? "..." : "";
    fprintf(out, "  %s", left);
    for (size_t i = from; i < to; i++) {
        unsigned char c = (unsigned char) text[i];
        fputc(c >= 0x20 && c < 0x7f ? c : '?', out);
    }
    fprintf(out, "%s\n  %*s^\n", to < end ? "..." : "",
            (int) (strlen(left) + at - from), "");
}

void print_parse_error(const char *what, const char *text,
                       const fan_parse_error *e)
{
    size_t at = e->offset, line, start, len;
    if (at > strlen(text))
        at = strlen(text);
    locate(text, at, &line, &start, &len);
    if (strchr(text, '\n'))
        fprintf(stderr, "%s: %s:%zu:%zu: %s (at byte %zu)\n", cli_program_name,
                what, line, at - start + 1, e->message, at);
    else
        fprintf(stderr, "%s: %s: %s (at byte %zu)\n", cli_program_name, what,
                e->message, at);
    print_text_at(stderr, text, at);
}

/* ------------------------------------------------------------------ */
/* Positions                                                           */

/* Refuses a --rules that says otherwise than the text that was read. */
static int check_rules(fan_position **pos, const cli_command *cmd, int rules,
                       const char *what)
{
    if (rules < 0 || fan_position_rules(*pos) == rules)
        return 0;
    const char *own =
        fan_position_rules(*pos) == FAN_RULES_MUST ? "must" : "stop";
    fan_position_free(*pos);
    *pos = NULL;
    return cli_usage_error(cmd, "--rules %s contradicts the ruleset '%s' of %s",
                           rules == FAN_RULES_MUST ? "must" : "stop", own,
                           what);
}

int start_position(fan_position **out, const cli_command *cmd, const char *fen,
                   int rules, const char *what)
{
    *out = NULL;
    int own = rules < 0 ? FAN_RULES_STOP : rules;
    if (!fen) {
        int r = fan_position_new(out, own);
        return r == FAN_OK ? 0 : cli_library_error("new position", r);
    }
    fan_parse_error e;
    int r = fan_position_from_string(out, fen, own, &e);
    if (r != FAN_OK && e.message[0]) {
        print_parse_error(what, fen, &e);
        return EXIT_USAGE;
    }
    if (r != FAN_OK)
        return cli_library_error(what, r);
    return check_rules(out, cmd, rules, "the position string");
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

int position_from_record(fan_position **out, const cli_command *cmd,
                         const char *file, int rules)
{
    *out = NULL;
    errno = 0;
    char *text = read_file(file);
    if (!text) {
        fprintf(stderr, "%s: %s: %s\n", cli_program_name, file,
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
        status = cli_library_error(file, r);
    }
    free(text);
    return status ? status : check_rules(out, cmd, rules, "the game record");
}

void analyze_limits(fan_search_limits *out, const cli_value *depth,
                    const cli_value *time_ms, const cli_value *multipv)
{
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = (uint32_t) depth->number;
    l.time_ms = time_ms->given ? time_ms->number
                : depth->given ? 0
                               : ANALYZE_TIME_MS;
    l.multipv = multipv->given ? (uint32_t) multipv->number : 1;
    *out = l;
}

void print_search_line(uint32_t depth, uint32_t seldepth, uint32_t multipv,
                       uint32_t line, int32_t score, uint64_t nodes,
                       uint64_t time_ms)
{
    printf("info depth %" PRIu32 " seldepth %" PRIu32, depth, seldepth);
    if (multipv > 1)
        printf(" multipv %" PRIu32, line);
    printf(" score ");
    if (FAN_SCORE_IS_WIN(score))
        printf("win in %d", (int) FAN_SCORE_TURNS(score));
    else if (FAN_SCORE_IS_LOSS(score))
        printf("loss in %d", (int) FAN_SCORE_TURNS(score));
    else
        printf("cp %d", (int) score);
    printf(" nodes %" PRIu64 " time %" PRIu64 " pv", nodes, time_ms);
}

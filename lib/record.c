/* SPDX-License-Identifier: MIT */
/* Game records (doc/formats.md): tag lines for the ruleset, the start
 * position when it is not the standard one, the result and its reason,
 * then the turns in move notation, numbered by the turn counter. Reading
 * replays every turn on a new handle so that its history, repetition
 * count and undo cover the whole game. */
#include "text.h"

#include <stdio.h>
#include <string.h>

#define LINE_WIDTH 79

static const char *const result_tokens[] = {"*", "1-0", "0-1", "1/2-1/2"};
static const char *const reason_tokens[] = {"", "no-pieces", "no-moves",
                                            "repetition", "turn-limit"};
#define NRESULTS 4
#define NREASONS 5

/* ------------------------------------------------------------------ */
/* Writing                                                             */

static void put_tag(writer *w, const char *name, const char *value)
{
    text_put_char(w, '[');
    text_put(w, name);
    text_put(w, " \"");
    text_put(w, value);
    text_put(w, "\"]\n");
}

/* Appends one numbered turn, breaking the line before it when it would
 * pass LINE_WIDTH. */
static void put_turn(writer *w, size_t *line, int number, const fan_path *p,
                     int unfinished)
{
    char entry[128];
    writer e = {entry, sizeof entry, 0};
    char num[16];
    snprintf(num, sizeof num, "%d. ", number);
    text_put(&e, num);
    text_put_path(&e, p);
    if (unfinished)
        text_put(&e, " ...");
    text_finish(&e, NULL);
    if (*line && *line + 1 + e.len > LINE_WIDTH) {
        text_put_char(w, '\n');
        *line = 0;
    } else if (*line) {
        text_put_char(w, ' ');
        (*line)++;
    }
    text_put(w, entry);
    *line += e.len;
}

FAN_API int fan_record_write(char *buf, size_t size, size_t *needed,
                             const fan_position *pos)
{
    if (!pos || (!buf && size))
        return FAN_EINVAL;
    writer w = {buf, size, 0};
    uint64_t white, black;
    int stm, turns;
    position_game_start(pos, &white, &black, &stm, &turns);
    put_tag(&w, "Rules", pos->rules == FAN_RULES_MUST ? "must" : "stop");
    if (white != START_WHITE || black != START_BLACK || stm || turns) {
        char start[FAN_POSITION_STRING_MAX];
        writer s = {start, sizeof start, 0};
        fen_put(&s, white, black, stm, pos->rules, turns, NULL);
        text_finish(&s, NULL);
        put_tag(&w, "Start", start);
    }
    put_tag(&w, "Result", result_tokens[pos->result]);
    if (pos->result != FAN_ONGOING)
        put_tag(&w, "Reason", reason_tokens[pos->reason]);
    size_t line = 0;
    if (pos->nhist || pos->cur.path.length)
        text_put_char(&w, '\n');
    for (size_t i = 0; i < pos->nhist; i++)
        put_turn(&w, &line, pos->hist[i].turns + 1, &pos->hist[i].path, 0);
    if (pos->cur.path.length)
        put_turn(&w, &line, pos->turns + 1, &pos->cur.path, 1);
    if (line)
        text_put_char(&w, '\n');
    return text_finish(&w, needed);
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */

static int is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

static void skip_space(reader *rd)
{
    while (is_space(rd->s[rd->i]))
        rd->i++;
}

/* A tag's value as found in the text (not NUL-terminated). */
typedef struct tag_value {
    int present;
    size_t at, len;
} tag_value;

enum { TAG_RULES, TAG_START, TAG_RESULT, TAG_REASON, NTAGS };
static const char *const tag_names[NTAGS] = {"Rules", "Start", "Result",
                                             "Reason"};

/* [Name "value"] */
static int read_tag(reader *rd, tag_value *tags)
{
    char b[16];
    size_t at = rd->i++, name_at = rd->i, n = 0;
    while (((rd->s[rd->i] | 0x20) >= 'a' && (rd->s[rd->i] | 0x20) <= 'z') &&
           n < 32) {
        rd->i++;
        n++;
    }
    int k = 0;
    while (k < NTAGS &&
           !(strlen(tag_names[k]) == n && !strncmp(rd->s + name_at,
                                                   tag_names[k], n)))
        k++;
    if (k == NTAGS)
        return text_fail(rd, name_at, FAN_EPARSE,
                         "unknown tag '%.*s' (Rules, Start, Result or Reason)",
                         (int)n, rd->s + name_at);
    if (tags[k].present)
        return text_fail(rd, at, FAN_EPARSE, "the %s tag is given twice",
                         tag_names[k]);
    if (rd->s[rd->i] != ' ' || rd->s[rd->i + 1] != '"')
        return text_fail(rd, rd->i, FAN_EPARSE,
                         "expected a space and '\"' after the tag name");
    rd->i += 2;
    size_t value_at = rd->i;
    while (rd->s[rd->i] != '"') {
        unsigned char u = (unsigned char)rd->s[rd->i];
        if (!u)
            return text_fail(rd, rd->i, FAN_EPARSE,
                             "the %s tag's value has no closing '\"'",
                             tag_names[k]);
        if (u < ' ' || u >= 0x7f)
            return text_fail(rd, rd->i, FAN_EPARSE,
                             "unexpected %s in the %s tag's value",
                             text_char(b, rd->s[rd->i]), tag_names[k]);
        rd->i++;
    }
    tags[k].present = 1;
    tags[k].at = value_at;
    tags[k].len = rd->i - value_at;
    rd->i++;
    if (rd->s[rd->i] != ']')
        return text_fail(rd, rd->i, FAN_EPARSE,
                         "expected ']' after the tag value, found %s",
                         text_char(b, rd->s[rd->i]));
    rd->i++;
    if (rd->s[rd->i] && rd->s[rd->i] != '\n' && rd->s[rd->i] != '\r')
        return text_fail(rd, rd->i, FAN_EPARSE,
                         "a tag must end its line; found %s",
                         text_char(b, rd->s[rd->i]));
    return FAN_OK;
}

/* Index of the value in list (n entries), or -1. */
static int find_value(const reader *rd, const tag_value *v,
                      const char *const *list, int n)
{
    for (int k = 0; k < n; k++)
        if (*list[k] && strlen(list[k]) == v->len &&
            !strncmp(rd->s + v->at, list[k], v->len))
            return k;
    return -1;
}

/* The start position: the Start tag or the standard start. */
static int make_start(reader *rd, fan_position **out, const tag_value *tags)
{
    int rules = FAN_RULES_STOP, r;
    const tag_value *rv = &tags[TAG_RULES], *sv = &tags[TAG_START];
    if (rv->present) {
        static const char *const names[] = {"stop", "must"};
        rules = find_value(rd, rv, names, 2);
        if (rules < 0)
            return text_fail(rd, rv->at, FAN_EPARSE,
                             "unknown ruleset '%.*s' (stop or must)",
                             (int)rv->len, rd->s + rv->at);
    }
    if (!sv->present)
        return fan_position_new(out, rules);
    char text[FAN_POSITION_STRING_MAX];
    if (sv->len >= sizeof text)
        return text_fail(rd, sv->at, FAN_EPARSE,
                         "the Start position is longer than %d characters",
                         FAN_POSITION_STRING_MAX - 1);
    memcpy(text, rd->s + sv->at, sv->len);
    text[sv->len] = '\0';
    fan_parse_error inner;
    r = fan_position_from_string(out, text, rules, &inner);
    if (r == FAN_EPARSE)
        return text_fail(rd, sv->at + inner.offset, r, "in the Start tag: %s",
                         inner.message);
    if (r != FAN_OK)
        return r;
    const char *why = NULL;
    if ((*out)->rules != rules && rv->present)
        why = "the Start position's ruleset differs from the Rules tag";
    else if ((*out)->cur.path.length)
        why = "the Start position must be at the start of a turn";
    if (why) {
        fan_position_free(*out);
        *out = NULL;
        return text_fail(rd, sv->at, FAN_EPARSE, "%s", why);
    }
    return FAN_OK;
}

/* Puts "turn N: " before the message of an error about that turn. */
static int turn_error(reader *rd, int code, int number)
{
    if (rd->err) {
        char msg[sizeof rd->err->message];
        snprintf(msg, sizeof msg, "turn %d: ", number);
        text_cat(msg, sizeof msg, rd->err->message);
        memcpy(rd->err->message, msg, sizeof msg);
    }
    return code;
}

/* "N." with N the number the turn must have; then the turn and, for an
 * unfinished last turn, "...". Plays it on pos. */
static int read_turn(reader *rd, fan_position *pos, int *unfinished)
{
    char b[16];
    size_t at = rd->i;
    int number = pos->turns + 1, r;
    unsigned long n = 0;
    if (rd->s[rd->i] < '0' || rd->s[rd->i] > '9') {
        static const char *const ends[] = {"*", "1-0", "0-1", "1/2-1/2"};
        for (int k = 0; k < 4; k++)
            if (!strncmp(rd->s + rd->i, ends[k], strlen(ends[k])))
                return text_fail(rd, at, FAN_EPARSE,
                                 "the result belongs in the Result tag");
        return text_fail(rd, at, FAN_EPARSE,
                         "expected turn number %d, found %s", number,
                         text_char(b, rd->s[rd->i]));
    }
    while (rd->s[rd->i] >= '0' && rd->s[rd->i] <= '9') {
        if (n < 100000)
            n = n * 10 + (unsigned long)(rd->s[rd->i] - '0');
        rd->i++;
    }
    if (rd->s[rd->i] != '.') {
        if (rd->s[rd->i] == '-' || rd->s[rd->i] == '/')
            return text_fail(rd, at, FAN_EPARSE,
                             "the result belongs in the Result tag");
        return text_fail(rd, rd->i, FAN_EPARSE,
                         "expected '.' after the turn number, found %s",
                         text_char(b, rd->s[rd->i]));
    }
    if (n != (unsigned long)number || rd->s[at] == '0')
        return text_fail(rd, at, FAN_EPARSE,
                         "turn number %.*s out of sequence: expected %d",
                         (int)(rd->i - at), rd->s + at, number);
    rd->i++;
    skip_space(rd);
    if (pos->result != FAN_ONGOING)
        return turn_error(rd,
                          text_fail(rd, rd->i, FAN_EGAMEOVER,
                                    "the game is already over (%s: %s)",
                                    fan_result_name(pos->result),
                                    fan_reason_name(pos->reason)),
                          number);
    turn_text t;
    if ((r = turn_text_read(rd, &t)) != FAN_OK)
        return turn_error(rd, r, number);
    if (rd->s[rd->i] && !is_space(rd->s[rd->i]))
        return turn_error(rd,
                          text_fail(rd, rd->i, FAN_EPARSE,
                                    "unexpected %s in the turn",
                                    text_char(b, rd->s[rd->i])),
                          number);
    size_t j = rd->i;
    while (is_space(rd->s[j]))
        j++;
    *unfinished = !strncmp(rd->s + j, "...", 3) &&
                  (rd->s[j + 3] == '\0' || is_space(rd->s[j + 3]));
    if (*unfinished)
        rd->i = j + 3;
    fan_path path;
    r = turn_text_resolve(rd, &path, pos, &t,
                          *unfinished ? RESOLVE_PARTIAL : RESOLVE_WHOLE);
    if (r != FAN_OK)
        return turn_error(rd, r, number);
    if (!*unfinished) {
        r = fan_position_play_path(pos, &path);
    } else {
        for (int i = 0; i < path.length && r == FAN_OK; i++)
            r = fan_position_play_step(pos, i ? path.to[i - 1] : path.from,
                                       path.to[i], path.kind[i]);
    }
    if (r != FAN_OK) /* resolved but not played: out of memory */
        return turn_error(rd, text_fail(rd, t.at[0], r, "%s",
                                        fan_strerror(r)),
                          number);
    return FAN_OK;
}

/* Compares the Result and Reason tags with the game as replayed. */
static int check_result(reader *rd, const tag_value *tags,
                        const fan_position *pos)
{
    const tag_value *res = &tags[TAG_RESULT], *why = &tags[TAG_REASON];
    int result = -1, reason = -1;
    if (res->present &&
        (result = find_value(rd, res, result_tokens, NRESULTS)) < 0)
        return text_fail(rd, res->at, FAN_EPARSE,
                         "unknown result '%.*s' (1-0, 0-1, 1/2-1/2 or *)",
                         (int)res->len, rd->s + res->at);
    if (why->present &&
        (reason = find_value(rd, why, reason_tokens, NREASONS)) < 0)
        return text_fail(rd, why->at, FAN_EPARSE,
                         "unknown reason '%.*s' (no-pieces, no-moves, "
                         "repetition or turn-limit)",
                         (int)why->len, rd->s + why->at);
    if (res->present && result != pos->result)
        return text_fail(rd, res->at, FAN_EPARSE,
                         "the Result tag says %s, but the game as replayed "
                         "has %s%s%s",
                         result_tokens[result], result_tokens[pos->result],
                         pos->result == FAN_ONGOING ? " (it goes on)" : " by ",
                         reason_tokens[pos->reason]);
    if (why->present && reason != pos->reason)
        return text_fail(rd, why->at, FAN_EPARSE,
                         "the Reason tag says %s, but the game as replayed "
                         "%s%s",
                         reason_tokens[reason],
                         pos->result == FAN_ONGOING ? "goes on"
                                                    : "ended by ",
                         reason_tokens[pos->reason]);
    return FAN_OK;
}

FAN_API int fan_record_read(fan_position **out, const char *text,
                            fan_parse_error *error)
{
    if (error)
        memset(error, 0, sizeof *error);
    if (!out || !text)
        return FAN_EINVAL;
    reader rd = {text, 0, error};
    tag_value tags[NTAGS];
    memset(tags, 0, sizeof tags);
    int r = FAN_OK, unfinished = 0;
    skip_space(&rd);
    while (text[rd.i] == '[') {
        if ((r = read_tag(&rd, tags)) != FAN_OK)
            return r;
        skip_space(&rd);
    }
    fan_position *pos = NULL;
    if ((r = make_start(&rd, &pos, tags)) != FAN_OK)
        return r;
    while (text[rd.i]) {
        if (unfinished) {
            r = text_fail(&rd, rd.i, FAN_EPARSE,
                          "an unfinished turn must be the last in the record");
            break;
        }
        if ((r = read_turn(&rd, pos, &unfinished)) != FAN_OK)
            break;
        skip_space(&rd);
    }
    if (r == FAN_OK)
        r = check_result(&rd, tags, pos);
    if (r != FAN_OK) {
        fan_position_free(pos);
        return r;
    }
    *out = pos;
    return FAN_OK;
}

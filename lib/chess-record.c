/* SPDX-License-Identifier: MIT */
/* Fanorona Chess game records, with the tags of the Fanorona records
 * (doc/formats.md) less the ruleset: the start position when it is not
 * the standard one, the result and its reason, then the moves numbered by
 * ply. Reading replays every move on a new handle, so that its history,
 * repetition count and undo cover the whole game. */
#include "chess.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_WIDTH 79

static const char *const RESULTS[] = {"*", "1-0", "0-1", "1/2-1/2"};
static const char *const REASONS[] = {"", "checkmate", "stalemate",
                                      "repetition", "fifty-moves"};
enum { TAG_START, TAG_RESULT, TAG_REASON, NTAGS };
static const char *const TAGS[NTAGS] = {"Start", "Result", "Reason"};

/* The number of the first move of a game from s: plies before it + 1. */
static unsigned long first_number(const chess_state *s)
{
    return 2ul * (s->fullmove - 1) + s->stm + 1;
}

FAN_API int fan_chess_record_write(char *buf, size_t size, size_t *needed,
                                   const fan_chess *pos)
{
    if (!pos || (!buf && size))
        return FAN_EINVAL;
    writer w = {buf, size, 0};
    chess_state start;
    chess_start(&start);
    const chess_state *s0 = &pos->states[0];
    char text[FAN_CHESS_STRING_MAX + 16];
    if (memcmp(s0->piece, start.piece, CHESS_KEY_SIZE) || s0->halfmove ||
        s0->fullmove != 1) {
        /* the handle's first state written as a one-state game */
        fan_chess first = {(chess_state *)s0, NULL, 0, 0, 1, 0, 0};
        fan_chess_to_string(text, sizeof text, NULL, &first);
        text_put(&w, "[Start \"");
        text_put(&w, text);
        text_put(&w, "\"]\n");
    }
    text_put(&w, "[Result \"");
    text_put(&w, RESULTS[pos->result]);
    text_put(&w, "\"]\n");
    if (pos->result != FAN_ONGOING) {
        text_put(&w, "[Reason \"");
        text_put(&w, REASONS[pos->reason]);
        text_put(&w, "\"]\n");
    }
    if (pos->ply)
        text_put_char(&w, '\n');
    size_t line = 0;
    for (size_t i = 0; i < pos->ply; i++) {
        fan_chess at = {&pos->states[i], NULL, 0, 0, 1, FAN_ONGOING, 0};
        char move[FAN_CHESS_MOVE_STRING_MAX];
        fan_chess_move_to_string(move, sizeof move, NULL, &at,
                                 chess_move_public(pos->moves[i]));
        int n = snprintf(text, sizeof text, "%lu. %s",
                         first_number(s0) + i, move);
        if (line && line + 1 + (size_t)n > LINE_WIDTH) {
            text_put_char(&w, '\n');
            line = 0;
        } else if (line) {
            text_put_char(&w, ' ');
            line++;
        }
        text_put(&w, text);
        line += (size_t)n;
    }
    if (line)
        text_put_char(&w, '\n');
    return text_finish(&w, needed);
}

static int blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

/* Where each tag's value lies in the text. */
typedef struct tag_span {
    int seen;
    size_t at, len;
} tag_span;

/* [Name "value"] at rd->i. */
static int read_tag(reader *rd, tag_span *tags)
{
    char b[16];
    size_t at = ++rd->i;
    int k = 0;
    while (k < NTAGS && (strncmp(rd->s + at, TAGS[k], strlen(TAGS[k])) ||
                         rd->s[at + strlen(TAGS[k])] != ' '))
        k++;
    if (k == NTAGS)
        return text_fail(rd, at, FAN_EPARSE,
                         "unknown tag (Start, Result or Reason)");
    if (tags[k].seen)
        return text_fail(rd, at, FAN_EPARSE, "tag %s given twice", TAGS[k]);
    rd->i = at + strlen(TAGS[k]) + 1;
    if (rd->s[rd->i] != '"')
        return text_fail(rd, rd->i, FAN_EPARSE, "expected '\"', found %s",
                         text_char(b, rd->s[rd->i]));
    tags[k].at = ++rd->i;
    while (rd->s[rd->i] && rd->s[rd->i] != '"' && rd->s[rd->i] != '\n')
        rd->i++;
    if (rd->s[rd->i] != '"')
        return text_fail(rd, rd->i, FAN_EPARSE, "the tag value is not closed");
    tags[k].len = rd->i - tags[k].at;
    tags[k].seen = 1;
    if (rd->s[++rd->i] != ']')
        return text_fail(rd, rd->i, FAN_EPARSE, "expected ']', found %s",
                         text_char(b, rd->s[rd->i]));
    rd->i++;
    return FAN_OK;
}

/* Which of names[0..n) the tag value is, or -1. */
static int token(const reader *rd, const tag_span *t, const char *const *names,
                 int n)
{
    for (int k = 0; k < n; k++)
        if (strlen(names[k]) == t->len && !strncmp(rd->s + t->at, names[k], t->len))
            return k;
    return -1;
}

/* The moves: "N. move" with N counting on from the start's number. */
static int read_moves(reader *rd, fan_chess *g)
{
    char b[16], move[32];
    unsigned long want = first_number(&g->states[0]);
    for (;;) {
        while (blank(rd->s[rd->i]))
            rd->i++;
        if (!rd->s[rd->i])
            return FAN_OK;
        size_t at = rd->i;
        unsigned long n = 0;
        while (rd->s[rd->i] >= '0' && rd->s[rd->i] <= '9' && n < 100000000ul)
            n = n * 10 + (unsigned long)(rd->s[rd->i++] - '0');
        if (rd->i == at || rd->s[rd->i] != '.')
            return text_fail(rd, rd->i, FAN_EPARSE,
                             "expected a move number and '.', found %s",
                             text_char(b, rd->s[rd->i]));
        if (n != want)
            return text_fail(rd, at, FAN_EPARSE, "move %lu numbered %lu", want, n);
        rd->i++;
        while (blank(rd->s[rd->i]))
            rd->i++;
        size_t mat = rd->i, len = 0;
        while (rd->s[rd->i] && !blank(rd->s[rd->i]) && len + 1 < sizeof move)
            move[len++] = rd->s[rd->i++];
        move[len] = '\0';
        fan_parse_error err;
        fan_chess_move m = 0;
        int r = fan_chess_parse_move(&m, g, move, &err);
        if (r == FAN_OK)
            r = fan_chess_play(g, m);
        if (r != FAN_OK)
            return text_fail(rd, mat + (r == FAN_ENOMEM ? 0 : err.offset), r,
                             "move %lu: %s", want,
                             r == FAN_ENOMEM ? fan_strerror(r) : err.message);
        want++;
    }
}

FAN_API int fan_chess_record_read(fan_chess **out, const char *text,
                                  fan_parse_error *error)
{
    if (!out || !text)
        return FAN_EINVAL;
    if (error)
        memset(error, 0, sizeof *error);
    reader rd = {text, 0, error};
    tag_span tags[NTAGS] = {{0}};
    int r;
    for (;;) {
        while (blank(text[rd.i]))
            rd.i++;
        if (text[rd.i] != '[')
            break;
        if ((r = read_tag(&rd, tags)) != FAN_OK)
            return r;
    }
    fan_chess *g = NULL;
    if (tags[TAG_START].seen) {
        char start[FAN_CHESS_STRING_MAX + 1];
        fan_parse_error err;
        size_t len = tags[TAG_START].len < FAN_CHESS_STRING_MAX
                         ? tags[TAG_START].len
                         : FAN_CHESS_STRING_MAX;
        memcpy(start, text + tags[TAG_START].at, len);
        start[len] = '\0';
        r = fan_chess_from_string(&g, start, &err);
        if (r != FAN_OK)
            return text_fail(&rd, tags[TAG_START].at + err.offset,
                             r == FAN_ENOMEM ? r : FAN_EPARSE, "Start: %s",
                             err.message);
    } else if ((r = fan_chess_new(&g)) != FAN_OK) {
        return r;
    }
    int result = tags[TAG_RESULT].seen ? token(&rd, &tags[TAG_RESULT], RESULTS, 4) : 0;
    int reason = tags[TAG_REASON].seen ? token(&rd, &tags[TAG_REASON], REASONS, 5) : 0;
    if (result < 0 || (tags[TAG_REASON].seen && reason <= 0))
        r = text_fail(&rd, result < 0 ? tags[TAG_RESULT].at : tags[TAG_REASON].at,
                      FAN_EPARSE, result < 0 ? "unknown result"
                                             : "unknown reason");
    else
        r = read_moves(&rd, g);
    if (r == FAN_OK && tags[TAG_RESULT].seen && result != g->result)
        r = text_fail(&rd, tags[TAG_RESULT].at, FAN_EPARSE,
                      "the result does not match the game (%s)",
                      RESULTS[g->result]);
    if (r == FAN_OK && tags[TAG_REASON].seen && reason != g->reason)
        r = text_fail(&rd, tags[TAG_REASON].at, FAN_EPARSE,
                      "the reason does not match the game (%s)",
                      g->reason ? REASONS[g->reason] : "it goes on");
    if (r != FAN_OK) {
        fan_chess_free(g);
        return r;
    }
    *out = g;
    return FAN_OK;
}

/* SPDX-License-Identifier: MIT */
/* Position strings: one line, FEN-like, with the ruleset, the turn counter
 * and the state of an unfinished chain (doc/formats.md). The reader is
 * strict, never reads past the terminating NUL and reports offset + reason. */
#include "position.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct reader {
    const char *s;
    size_t i;
    fan_parse_error *err;
} reader;

static int fail(reader *rd, size_t at, const char *fmt, ...)
{
    if (rd->err) {
        va_list ap;
        memset(rd->err, 0, sizeof *rd->err);
        rd->err->offset = at > UINT32_MAX ? UINT32_MAX : (uint32_t)at;
        va_start(ap, fmt);
        vsnprintf(rd->err->message, sizeof rd->err->message, fmt, ap);
        va_end(ap);
    }
    return FAN_EPARSE;
}

static int expect_space(reader *rd, const char *next_field)
{
    if (rd->s[rd->i] != ' ')
        return rd->s[rd->i] ? fail(rd, rd->i, "expected a space before the %s",
                                   next_field)
                            : fail(rd, rd->i, "missing the %s", next_field);
    rd->i++;
    return FAN_OK;
}

static int is_point(char ch)
{
    return ch == 'W' || ch == 'B' || (ch >= '1' && ch <= '9');
}

static int read_board(reader *rd, uint64_t *white, uint64_t *black)
{
    *white = *black = 0;
    for (int row = BOARD_ROWS - 1; row >= 0; row--) {
        int col = 0;
        while (col < BOARD_COLS) {
            char ch = rd->s[rd->i];
            if (ch == 'W' || ch == 'B') {
                *(ch == 'W' ? white : black) |= BIT(FAN_SQUARE(col, row));
                col++;
            } else if (ch >= '1' && ch <= '9') {
                col += ch - '0';
                if (col > BOARD_COLS)
                    return fail(rd, rd->i, "row %d has more than 9 points",
                                row + 1);
            } else if (ch == '/' || ch == ' ' || ch == '\0') {
                return fail(rd, rd->i, "row %d has %d points, not 9", row + 1,
                            col);
            } else {
                return fail(rd, rd->i,
                            "unexpected character '%c' in the board (use W, B, "
                            "1-9 and /)",
                            ch);
            }
            rd->i++;
        }
        if (is_point(rd->s[rd->i]))
            return fail(rd, rd->i, "row %d has more than 9 points", row + 1);
        if (row > 0) {
            if (rd->s[rd->i] != '/')
                return fail(rd, rd->i, "expected '/' after row %d", row + 1);
            rd->i++;
        }
    }
    if (board_popcount(*white) > FAN_MAX_PIECES)
        return fail(rd, 0, "White has %d pieces, more than 22",
                    board_popcount(*white));
    if (board_popcount(*black) > FAN_MAX_PIECES)
        return fail(rd, 0, "Black has %d pieces, more than 22",
                    board_popcount(*black));
    return FAN_OK;
}

/* A decimal number without sign or leading zeros, at most max. */
static int read_number(reader *rd, unsigned long max, unsigned long *out,
                       const char *what)
{
    size_t start = rd->i;
    unsigned long v = 0;
    if (rd->s[rd->i] < '0' || rd->s[rd->i] > '9')
        return fail(rd, rd->i, "expected the %s (a number)", what);
    if (rd->s[rd->i] == '0' && rd->s[rd->i + 1] >= '0' &&
        rd->s[rd->i + 1] <= '9')
        return fail(rd, rd->i, "the %s has a leading zero", what);
    while (rd->s[rd->i] >= '0' && rd->s[rd->i] <= '9') {
        v = v * 10 + (unsigned long)(rd->s[rd->i] - '0');
        if (v > max)
            return fail(rd, start, "the %s is larger than %lu", what, max);
        rd->i++;
    }
    *out = v;
    return FAN_OK;
}

static int read_square(reader *rd, int *out)
{
    char c = rd->s[rd->i], r = c ? rd->s[rd->i + 1] : '\0';
    if (c < 'a' || c > 'i' || r < '1' || r > '5')
        return fail(rd, rd->i, "expected a square a1..i5");
    *out = (c - 'a') + BOARD_COLS * (r - '1');
    rd->i += 2;
    return FAN_OK;
}

/* "d2-e3A-e4W[e1,e2,e5]": the turn so far and what it captured. */
static int read_chain(reader *rd, fan_path *path)
{
    int sq, r;
    memset(path, 0, sizeof *path);
    if ((r = read_square(rd, &sq)) != FAN_OK)
        return r;
    path->from = (uint8_t)sq;
    while (rd->s[rd->i] == '-') {
        rd->i++;
        if (path->length == FAN_MAX_PIECES)
            return fail(rd, rd->i, "a chain has at most 22 segments");
        if ((r = read_square(rd, &sq)) != FAN_OK)
            return r;
        char m = rd->s[rd->i];
        if (m != 'A' && m != 'W')
            return fail(rd, rd->i,
                        "a chain segment needs its mode, A or W");
        rd->i++;
        path->to[path->length] = (uint8_t)sq;
        path->kind[path->length] =
            m == 'A' ? FAN_STEP_APPROACH : FAN_STEP_WITHDRAWAL;
        path->length++;
    }
    if (path->length == 0)
        return fail(rd, rd->i, "a chain needs at least one segment (from-toA)");
    if (rd->s[rd->i] != '[')
        return fail(rd, rd->i, "expected '[' and the captured squares");
    rd->i++;
    do {
        size_t at = rd->i;
        if ((r = read_square(rd, &sq)) != FAN_OK)
            return r;
        if (path->captured & BIT(sq))
            return fail(rd, at, "a captured square is listed twice");
        path->captured |= BIT(sq);
    } while (rd->s[rd->i] == ',' && ++rd->i);
    if (rd->s[rd->i] != ']')
        return fail(rd, rd->i, "expected ',' or ']' in the captured squares");
    rd->i++;
    return FAN_OK;
}

/* Checks a chain against the board by replaying it from the start of the
 * turn, which the board and the captured set determine. */
static int check_chain(reader *rd, size_t at, mg_chain *c, const fan_path *path,
                       uint64_t own, uint64_t opp)
{
    int active = path->to[path->length - 1];
    if (!(own & BIT(active)))
        return fail(rd, at, "the chain's last point holds no piece of the side "
                            "to move");
    /* only the active piece moves in a turn, so it alone may stand on a
     * point whose piece it captured earlier in the chain */
    if ((opp | (own & ~BIT(active))) & path->captured)
        return fail(rd, at, "a captured square is not empty");
    if (board_popcount(opp | path->captured) > FAN_MAX_PIECES)
        return fail(rd, at, "more than 22 pieces with the captured ones");
    if ((own | opp) & BIT(path->from))
        return fail(rd, at, "the chain's origin is not empty");
    uint64_t own0 = (own & ~BIT(active)) | BIT(path->from);
    mg_chain_start(c, own0, opp | path->captured);
    if (chain_replay(c, path) != FAN_OK || c->own != own || c->opp != opp)
        return fail(rd, at, "the chain is not a legal capture sequence on this "
                            "board");
    if (!mg_has_continuation(c))
        return fail(rd, at, "a chain that cannot go on would have ended");
    return FAN_OK;
}

FAN_API int fan_position_from_string(fan_position **out, const char *text,
                                     int default_rules,
                                     fan_parse_error *error)
{
    if (error)
        memset(error, 0, sizeof *error);
    if (!out || !text || !VALID_RULES(default_rules))
        return FAN_EINVAL;
    reader rd = {text, 0, error};
    uint64_t white, black;
    int r = read_board(&rd, &white, &black);
    if (r == FAN_OK)
        r = expect_space(&rd, "side to move");
    if (r != FAN_OK)
        return r;
    int stm;
    if (text[rd.i] == 'w' || text[rd.i] == 'b')
        stm = text[rd.i++] == 'b';
    else
        return fail(&rd, rd.i, "the side to move must be w or b");
    if ((r = expect_space(&rd, "ruleset or counters")) != FAN_OK)
        return r;

    if (!(stm ? white : black))
        return fail(&rd, 0, "the side that has just moved has no pieces");
    int rules = default_rules;
    unsigned long turns;
    mg_chain c;
    uint64_t own = stm ? black : white, opp = stm ? white : black;
    mg_chain_start(&c, own, opp);
    if (!strncmp(text + rd.i, "stop", 4) || !strncmp(text + rd.i, "must", 4)) {
        rules = text[rd.i] == 's' ? FAN_RULES_STOP : FAN_RULES_MUST;
        rd.i += 4;
        if ((r = expect_space(&rd, "turn counter")) != FAN_OK ||
            (r = read_number(&rd, FAN_TURN_LIMIT, &turns, "turn counter")) !=
                FAN_OK ||
            (r = expect_space(&rd, "chain field")) != FAN_OK)
            return r;
        size_t at = rd.i;
        if (text[rd.i] == '-') {
            rd.i++;
        } else {
            fan_path path;
            if ((r = read_chain(&rd, &path)) != FAN_OK ||
                (r = check_chain(&rd, at, &c, &path, own, opp)) != FAN_OK)
                return r;
            if (turns >= FAN_TURN_LIMIT)
                return fail(&rd, at, "no turn is played after 400 turns");
        }
    } else {
        unsigned long clock, number;
        if ((r = read_number(&rd, 100000, &clock, "first counter")) != FAN_OK ||
            (r = expect_space(&rd, "turn number")) != FAN_OK ||
            (r = read_number(&rd, 100000, &number, "turn number")) != FAN_OK)
            return r;
        (void)clock; /* a counter other engines keep; no rule here uses it */
        if (number < 1)
            return fail(&rd, rd.i - 1, "the turn number starts at 1");
        turns = 2 * (number - 1) + (unsigned long)stm;
        if (turns > FAN_TURN_LIMIT)
            return fail(&rd, rd.i - 1, "the turn number is past the 400-turn "
                                       "limit");
    }
    if (text[rd.i] != '\0')
        return fail(&rd, rd.i, "unexpected text after the position");
    return position_make(out, &c, stm, rules, (int)turns);
}

/* Appends to a buffer that may be too small; counts what it would need. */
typedef struct writer {
    char *buf;
    size_t size, len;
} writer;

static void put(writer *w, const char *s)
{
    for (; *s; s++, w->len++)
        if (w->len + 1 < w->size)
            w->buf[w->len] = *s;
}

static void put_square(writer *w, int sq)
{
    char name[3] = {(char)('a' + SQ_COL(sq)), (char)('1' + SQ_ROW(sq)), 0};
    put(w, name);
}

FAN_API int fan_position_to_string(char *buf, size_t size, size_t *needed,
                                   const fan_position *pos)
{
    if (!pos || (!buf && size))
        return FAN_EINVAL;
    writer w = {buf, size, 0};
    uint64_t white = pos_white(pos), black = pos_black(pos);
    for (int row = BOARD_ROWS - 1; row >= 0; row--) {
        int empty = 0;
        for (int col = 0; col < BOARD_COLS; col++) {
            uint64_t b = BIT(FAN_SQUARE(col, row));
            char ch = (white & b) ? 'W' : (black & b) ? 'B' : 0;
            if (!ch) {
                empty++;
                continue;
            }
            char run[3] = {(char)('0' + empty), ch, 0};
            put(&w, empty ? run : run + 1);
            empty = 0;
        }
        char run[2] = {(char)('0' + empty), 0};
        if (empty)
            put(&w, run);
        if (row)
            put(&w, "/");
    }
    put(&w, pos->stm ? " b " : " w ");
    put(&w, pos->rules == FAN_RULES_MUST ? "must " : "stop ");
    char num[16];
    snprintf(num, sizeof num, "%d ", pos->turns);
    put(&w, num);
    const fan_path *p = &pos->cur.path;
    if (!p->length) {
        put(&w, "-");
    } else {
        put_square(&w, p->from);
        for (int i = 0; i < p->length; i++) {
            put(&w, "-");
            put_square(&w, p->to[i]);
            put(&w, p->kind[i] == FAN_STEP_APPROACH ? "A" : "W");
        }
        put(&w, "[");
        for (uint64_t m = pos->cur.captured; m; m &= m - 1) {
            put_square(&w, board_lsb(m));
            if (m & (m - 1))
                put(&w, ",");
        }
        put(&w, "]");
    }
    if (needed)
        *needed = w.len + 1;
    if (size)
        buf[w.len < size ? w.len : size - 1] = '\0';
    return w.len < size ? FAN_OK : FAN_EBUFS;
}

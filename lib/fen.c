/* SPDX-License-Identifier: MIT */
/* Position strings: one line, FEN-like, with the ruleset, the turn counter
 * and the state of an unfinished chain (doc/formats.md). The reader is
 * strict, never reads past the terminating NUL and reports offset + reason. */
#include "text.h"

#include <stdio.h>
#include <string.h>

#define fail(rd, at, ...) text_fail((rd), (at), FAN_EPARSE, __VA_ARGS__)

static int expect_space(reader *rd, const char *next_field)
{
    char b[16];
    if (rd->s[rd->i] != ' ')
        return rd->s[rd->i]
                   ? fail(rd, rd->i, "expected a space before the %s, found %s",
                          next_field, text_char(b, rd->s[rd->i]))
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
    char b[16];
    *white = *black = 0;
    for (int row = BOARD_ROWS - 1; row >= 0; row--) {
        int col = 0;
        while (col < BOARD_COLS) {
            char ch = rd->s[rd->i];
            if (ch == 'W' || ch == 'B') {
                uint64_t *side = ch == 'W' ? white : black;
                if (board_popcount(*side) == FAN_MAX_PIECES)
                    return fail(rd, rd->i, "%s has more than 22 pieces",
                                ch == 'W' ? "White" : "Black");
                *side |= BIT(FAN_SQUARE(col, row));
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
                            "unexpected %s in the board (use W, B, 1-9 and /)",
                            text_char(b, ch));
            }
            rd->i++;
        }
        if (is_point(rd->s[rd->i]))
            return fail(rd, rd->i, "row %d has more than 9 points", row + 1);
        if (row > 0) {
            if (rd->s[rd->i] != '/')
                return fail(rd, rd->i, "expected '/' after row %d, found %s",
                            row + 1, text_char(b, rd->s[rd->i]));
            rd->i++;
        }
    }
    return FAN_OK;
}

/* A chain as read, with where each part was found for error reports. */
typedef struct chain_text {
    fan_path path;
    size_t origin_at;
    size_t seg_at[FAN_MAX_PIECES];      /* the destination square of each */
    size_t cap_at[FAN_MAX_PIECES + 1];  /* each captured square, as listed */
    int cap_sq[FAN_MAX_PIECES + 1];
    int ncap;
    size_t list_at; /* the '[' */
} chain_text;

/* "d2-e3A-e4W[e1,e2,e5]": the turn so far and what it captured. */
static int read_chain(reader *rd, chain_text *ct)
{
    fan_path *path = &ct->path;
    char b[16];
    int sq, r;
    memset(ct, 0, sizeof *ct);
    ct->origin_at = rd->i;
    if ((r = text_read_square(rd, &sq)) != FAN_OK)
        return r;
    path->from = (uint8_t)sq;
    while (rd->s[rd->i] == '-') {
        rd->i++;
        if (path->length == FAN_MAX_PIECES)
            return fail(rd, rd->i, "a chain has at most 22 segments");
        ct->seg_at[path->length] = rd->i;
        if ((r = text_read_square(rd, &sq)) != FAN_OK)
            return r;
        char m = rd->s[rd->i];
        if (m != 'A' && m != 'W')
            return fail(rd, rd->i,
                        "a chain segment needs its mode, A or W, found %s",
                        text_char(b, m));
        rd->i++;
        path->to[path->length] = (uint8_t)sq;
        path->kind[path->length] =
            m == 'A' ? FAN_STEP_APPROACH : FAN_STEP_WITHDRAWAL;
        path->length++;
    }
    if (path->length == 0)
        return fail(rd, rd->i, "a chain needs at least one segment (from-toA)");
    if (rd->s[rd->i] != '[')
        return fail(rd, rd->i, "expected '[' and the captured squares, found %s",
                    text_char(b, rd->s[rd->i]));
    ct->list_at = rd->i++;
    do {
        size_t at = rd->i;
        if ((r = text_read_square(rd, &sq)) != FAN_OK)
            return r;
        if (path->captured & BIT(sq))
            return fail(rd, at, "captured square %.2s is listed twice",
                        rd->s + at);
        if (ct->ncap == FAN_MAX_PIECES)
            return fail(rd, at, "more than 22 captured squares");
        path->captured |= BIT(sq);
        ct->cap_at[ct->ncap] = at;
        ct->cap_sq[ct->ncap++] = sq;
    } while (rd->s[rd->i] == ',' && ++rd->i);
    if (rd->s[rd->i] != ']')
        return fail(rd, rd->i,
                    "expected ',' or ']' in the captured squares, found %s",
                    text_char(b, rd->s[rd->i]));
    rd->i++;
    return FAN_OK;
}

/* Checks a chain against the board by replaying it from the start of the
 * turn, which the board and the captured set determine; a fault is
 * reported at the part of the chain that shows it. */
static int check_chain(reader *rd, mg_chain *c, const chain_text *ct,
                       uint64_t own, uint64_t opp)
{
    const fan_path *path = &ct->path;
    int last = path->length - 1, active = path->to[last];
    char msg[96];
    if (!(own & BIT(active)))
        return fail(rd, ct->seg_at[last],
                    "the chain ends on %.2s, which holds no piece of the side "
                    "to move",
                    rd->s + ct->seg_at[last]);
    if ((own | opp) & BIT(path->from))
        return fail(rd, ct->origin_at,
                    "the chain's origin %.2s is not empty (its piece left it)",
                    rd->s + ct->origin_at);
    /* only the active piece moves in a turn, so it alone may stand on a
     * point whose piece it captured earlier in the chain */
    for (int k = 0; k < ct->ncap; k++)
        if ((opp | (own & ~BIT(active))) & BIT(ct->cap_sq[k]))
            return fail(rd, ct->cap_at[k], "captured square %.2s is not empty",
                        rd->s + ct->cap_at[k]);
    if (board_popcount(opp | path->captured) > FAN_MAX_PIECES)
        return fail(rd, ct->list_at,
                    "more than 22 opposing pieces with the captured ones");
    /* the board at the start of the turn: the chain's end state undone */
    mg_state end = {.own = own, .opp = opp, .captured = path->captured,
                    .from = path->from, .sq = active, .lastdir = NDIRS};
    uint64_t own0, opp0;
    mg_turn_start_board(&end, &own0, &opp0);
    mg_chain_start(c, own0, opp0);
    for (int i = 0; i < path->length; i++) {
        int from = i ? path->to[i - 1] : path->from, to = path->to[i];
        fan_step steps[FAN_STEPS_MAX];
        int n = mg_steps(steps, &c->st), k = 0;
        while (k < n && !(steps[k].from == from && steps[k].to == to &&
                          steps[k].kind == path->kind[i]))
            k++;
        if (k == n) {
            step_diagnose(msg, sizeof msg, &c->st, from, to, path->kind[i]);
            return fail(rd, ct->seg_at[i], "chain segment %d: %s", i + 1, msg);
        }
        mg_chain_apply(c, &steps[k]);
    }
    if (c->st.captured != path->captured || c->st.own != own ||
        c->st.opp != opp)
        return fail(rd, ct->list_at,
                    "the captured squares are not those the chain captures");
    if (!mg_has_continuation(&c->st))
        return fail(rd, ct->seg_at[last],
                    "the piece on %.2s cannot capture again, so the turn would "
                    "have ended",
                    rd->s + ct->seg_at[last]);
    return FAN_OK;
}

/* The ruleset field: a lowercase word. */
static int read_rules(reader *rd, int *rules)
{
    size_t start = rd->i, n = 0;
    while (rd->s[start + n] >= 'a' && rd->s[start + n] <= 'z' && n < 16)
        n++;
    if (n == 4 && !strncmp(rd->s + start, "stop", 4))
        *rules = FAN_RULES_STOP;
    else if (n == 4 && !strncmp(rd->s + start, "must", 4))
        *rules = FAN_RULES_MUST;
    else
        return fail(rd, start, "unknown ruleset '%.*s' (stop or must)",
                    (int)n, rd->s + start);
    rd->i += 4;
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
    char b[16];
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
        return fail(&rd, rd.i, "the side to move must be w or b, found %s",
                    text_char(b, text[rd.i]));
    if ((r = expect_space(&rd, "ruleset or counters")) != FAN_OK)
        return r;

    int rules = default_rules;
    unsigned long turns;
    mg_chain c;
    uint64_t own = stm ? black : white, opp = stm ? white : black;
    mg_chain_start(&c, own, opp);
    if (text[rd.i] >= 'a' && text[rd.i] <= 'z') {
        if ((r = read_rules(&rd, &rules)) != FAN_OK ||
            (r = expect_space(&rd, "turn counter")) != FAN_OK ||
            (r = text_read_number(&rd, FAN_TURN_LIMIT, &turns, "turn counter")) !=
                FAN_OK ||
            (r = expect_space(&rd, "chain field")) != FAN_OK)
            return r;
        size_t at = rd.i;
        if (text[rd.i] == '-') {
            rd.i++;
        } else {
            chain_text ct;
            if ((r = read_chain(&rd, &ct)) != FAN_OK ||
                (r = check_chain(&rd, &c, &ct, own, opp)) != FAN_OK)
                return r;
            if (turns >= FAN_TURN_LIMIT)
                return fail(&rd, at, "no turn is played after 400 turns");
        }
    } else if (text[rd.i] >= '0' && text[rd.i] <= '9') {
        unsigned long clock, number;
        if ((r = text_read_number(&rd, 100000, &clock, "first counter")) != FAN_OK ||
            (r = expect_space(&rd, "turn number")) != FAN_OK)
            return r;
        size_t number_at = rd.i;
        if ((r = text_read_number(&rd, 100000, &number, "turn number")) != FAN_OK)
            return r;
        (void)clock; /* a counter other engines keep; no rule here uses it */
        if (number < 1)
            return fail(&rd, number_at, "the turn number starts at 1");
        turns = 2 * (number - 1) + (unsigned long)stm;
        if (turns > FAN_TURN_LIMIT)
            return fail(&rd, number_at, "the turn number is past the 400-turn "
                                        "limit");
    } else {
        return fail(&rd, rd.i,
                    "expected the ruleset (stop or must) or two counters, "
                    "found %s",
                    text_char(b, text[rd.i]));
    }
    if (text[rd.i] != '\0')
        return fail(&rd, rd.i, "unexpected %s after the position",
                    text_char(b, text[rd.i]));
    /* (mid-chain, the chain check has shown that there is more to capture) */
    if (!c.st.opp)
        return fail(&rd, 0, "the side that has just moved has no pieces");
    return position_make(out, &c, stm, rules, (int)turns);
}

void fen_put(writer *w, uint64_t white, uint64_t black, int stm, int rules,
             int turns, const mg_chain *c)
{
    for (int row = BOARD_ROWS - 1; row >= 0; row--) {
        int empty = 0;
        for (int col = 0; col < BOARD_COLS; col++) {
            uint64_t b = BIT(FAN_SQUARE(col, row));
            char ch = (white & b) ? 'W' : (black & b) ? 'B' : 0;
            if (!ch) {
                empty++;
                continue;
            }
            if (empty)
                text_put_char(w, (char)('0' + empty));
            text_put_char(w, ch);
            empty = 0;
        }
        if (empty)
            text_put_char(w, (char)('0' + empty));
        if (row)
            text_put_char(w, '/');
    }
    text_put(w, stm ? " b " : " w ");
    text_put(w, rules == FAN_RULES_MUST ? "must " : "stop ");
    char num[16];
    snprintf(num, sizeof num, "%d ", turns);
    text_put(w, num);
    if (!c || !c->path.length) {
        text_put_char(w, '-');
        return;
    }
    text_put_path(w, &c->path);
    text_put_char(w, '[');
    for (uint64_t m = c->st.captured; m; m &= m - 1) {
        text_put_square(w, board_lsb(m));
        if (m & (m - 1))
            text_put_char(w, ',');
    }
    text_put_char(w, ']');
}

FAN_API int fan_position_to_string(char *buf, size_t size, size_t *needed,
                                   const fan_position *pos)
{
    if (!pos || (!buf && size))
        return FAN_EINVAL;
    writer w = {buf, size, 0};
    fen_put(&w, pos_white(pos), pos_black(pos), pos->stm, pos->rules,
            pos->turns, &pos->cur);
    return text_finish(&w, needed);
}

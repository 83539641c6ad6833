/* SPDX-License-Identifier: MIT */
/* Square names and move notation: steps "d3-e3W", turns "f4-e4W-e3A",
 * paikas "d3-e3"; written on request and read also in the compact form
 * "f4e4We3A", read without a capture letter where only one mode fits
 * (doc/formats.md). */
#include "text.h"

#include <stdio.h>
#include <string.h>

FAN_API int fan_square_name(char *buf, size_t size, size_t *needed,
                            int square)
{
    if (!buf && size)
        return FAN_EINVAL;
    if (!VALID_SQUARE(square))
        return FAN_ERANGE;
    writer w = {buf, size, 0};
    text_put_square(&w, square);
    return text_finish(&w, needed);
}

FAN_API int fan_square_parse(const char *text)
{
    if (!text)
        return FAN_EINVAL;
    if (text[0] < 'a' || text[0] > 'i' || text[1] < '1' || text[1] > '5' ||
        text[2] != '\0')
        return FAN_EPARSE;
    return (text[0] - 'a') + BOARD_COLS * (text[1] - '1');
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

static int valid_kind(int kind)
{
    return kind >= FAN_STEP_PAIKA && kind <= FAN_STEP_WITHDRAWAL;
}

FAN_API int fan_step_to_string(char *buf, size_t size, size_t *needed,
                               const fan_step *step)
{
    if (!step || (!buf && size) || !valid_kind(step->kind))
        return FAN_EINVAL;
    if (!VALID_SQUARE(step->from) || !VALID_SQUARE(step->to))
        return FAN_ERANGE;
    fan_path p;
    memset(&p, 0, sizeof p);
    p.from = step->from;
    p.length = 1;
    p.to[0] = step->to;
    p.kind[0] = step->kind;
    writer w = {buf, size, 0};
    text_put_path(&w, &p);
    return text_finish(&w, needed);
}

FAN_API int fan_path_to_string_ex(char *buf, size_t size, size_t *needed,
                                  const fan_path *path, uint32_t flags)
{
    if (!path || (!buf && size) || path->length < 1 ||
        path->length > FAN_PATH_MAX || (flags & ~FAN_NOTATION_COMPACT))
        return FAN_EINVAL;
    if (!VALID_SQUARE(path->from))
        return FAN_ERANGE;
    for (int i = 0; i < path->length; i++) {
        if (!valid_kind(path->kind[i]))
            return FAN_EINVAL;
        if (!VALID_SQUARE(path->to[i]))
            return FAN_ERANGE;
    }
    writer w = {buf, size, 0};
    text_put_path_flags(&w, path, flags);
    return text_finish(&w, needed);
}

FAN_API int fan_path_to_string(char *buf, size_t size, size_t *needed,
                               const fan_path *path)
{
    return fan_path_to_string_ex(buf, size, needed, path, 0);
}

FAN_API int fan_turn_to_string_ex(char *buf, size_t size, size_t *needed,
                                  const fan_position *pos, fan_turn turn,
                                  uint32_t flags)
{
    if (!pos || (!buf && size) || (flags & ~FAN_NOTATION_COMPACT))
        return FAN_EINVAL;
    fan_path p;
    int r = fan_position_turn_path(&p, pos, turn);
    if (r != FAN_OK)
        return r;
    return fan_path_to_string_ex(buf, size, needed, &p, flags);
}

FAN_API int fan_turn_to_string(char *buf, size_t size, size_t *needed,
                               const fan_position *pos, fan_turn turn)
{
    return fan_turn_to_string_ex(buf, size, needed, pos, turn, 0);
}

/* ------------------------------------------------------------------ */
/* Why a step is not legal                                             */

static const char *const dir_names[NDIRS] = {
    "east", "north-east", "north", "north-west",
    "west", "south-west", "south", "south-east"};

void step_diagnose(char *msg, size_t size, const mg_state *c, int from, int to,
                   int kind)
{
    char f[3], t[3];
    fan_square_name(f, sizeof f, NULL, from);
    fan_square_name(t, sizeof t, NULL, to);
    int chain = mg_in_chain(c);
    if (chain && from != c->sq) {
        char a[3];
        fan_square_name(a, sizeof a, NULL, c->sq);
        snprintf(msg, size, "the chain goes on with the piece on %s", a);
        return;
    }
    if (!(c->own & BIT(from))) {
        snprintf(msg, size, "%s holds no piece of the side to move", f);
        return;
    }
    int d = board_direction(from, to);
    if (d < 0) {
        snprintf(msg, size, "%s and %s are not neighbours on a line", f, t);
        return;
    }
    if ((c->own | c->opp) & BIT(to)) {
        snprintf(msg, size, "%s is not empty", t);
        return;
    }
    if (chain && (c->visited & BIT(to))) {
        snprintf(msg, size, "%s was already visited this turn", t);
        return;
    }
    if (chain && d == c->lastdir) {
        snprintf(msg, size,
                 "a chain may not go %s twice in a row", dir_names[d]);
        return;
    }
    int kinds = mg_step_kinds(c, from, to);
    int approach = (kinds >> FAN_STEP_APPROACH) & 1;
    int withdrawal = (kinds >> FAN_STEP_WITHDRAWAL) & 1;
    if (kind == FAN_STEP_APPROACH && !approach) {
        snprintf(msg, size, withdrawal ? "%s-%s captures by withdrawal (W), "
                                         "not by approach"
                                       : "%s-%s captures nothing by approach",
                 f, t);
        return;
    }
    if (kind == FAN_STEP_WITHDRAWAL && !withdrawal) {
        snprintf(msg, size, approach ? "%s-%s captures by approach (A), not "
                                       "by withdrawal"
                                     : "%s-%s captures nothing by withdrawal",
                 f, t);
        return;
    }
    if (kind == FAN_STEP_PAIKA || (kind == FAN_STEP_ANY && !approach &&
                                   !withdrawal)) {
        if (chain)
            snprintf(msg, size, "every step of a chain must capture");
        else if (mg_capturers(c->own, c->opp))
            snprintf(msg, size,
                     "a capture is compulsory and %s-%s captures nothing", f,
                     t);
        else
            snprintf(msg, size, "%s-%s is not legal here", f, t);
        return;
    }
    snprintf(msg, size, "%s-%s is not legal here", f, t);
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */

static int at_square(const char *s)
{
    return s[0] >= 'a' && s[0] <= 'i' && s[1] >= '1' && s[1] <= '5';
}

int turn_text_read(reader *rd, turn_text *t)
{
    enum { UNKNOWN, DASHED, COMPACT } style = UNKNOWN;
    char b[16];
    int r;
    memset(t, 0, sizeof *t);
    t->at[0] = rd->i;
    if (!at_square(rd->s + rd->i))
        return text_fail(rd, rd->i, FAN_EPARSE,
                         "expected a step such as d3-e3W, found %s",
                         text_char(b, rd->s[rd->i]));
    text_read_square(rd, &t->from);
    for (;;) {
        size_t at = rd->i;
        if (rd->s[rd->i] == '-') {
            if (style == COMPACT)
                return text_fail(rd, at, FAN_EPARSE,
                                 "a dash after a compact step (write every "
                                 "step with a dash or none)");
            style = DASHED;
            rd->i++;
            if (t->n == FAN_PATH_MAX)
                return text_fail(rd, at, FAN_EPARSE,
                                 "a turn has at most %d steps", FAN_PATH_MAX);
            if ((r = text_read_square(rd, &t->to[t->n])) != FAN_OK)
                return r;
        } else if (at_square(rd->s + rd->i)) {
            if (style == DASHED)
                return text_fail(rd, at, FAN_EPARSE,
                                 "expected '-' before %.2s (write every step "
                                 "with a dash or none)",
                                 rd->s + at);
            style = COMPACT;
            if (t->n == FAN_PATH_MAX)
                return text_fail(rd, at, FAN_EPARSE,
                                 "a turn has at most %d steps", FAN_PATH_MAX);
            text_read_square(rd, &t->to[t->n]);
        } else {
            break;
        }
        if (t->n)
            t->at[t->n] = at + (style == DASHED);
        char m = rd->s[rd->i];
        t->kind[t->n] = m == 'A'   ? FAN_STEP_APPROACH
                        : m == 'W' ? FAN_STEP_WITHDRAWAL
                                   : FAN_STEP_ANY;
        if (t->kind[t->n] != FAN_STEP_ANY)
            rd->i++;
        t->n++;
    }
    if (t->n == 0)
        return text_fail(rd, rd->i, FAN_EPARSE,
                         "expected '-' and the destination after %.2s, found "
                         "%s",
                         rd->s + t->at[0], text_char(b, rd->s[rd->i]));
    return FAN_OK;
}

/* The depth-first search over the readings of a turn text: each step
 * without a letter may be either capture mode. */
typedef struct resolver {
    reader *rd;
    const turn_text *t;
    int rules, mode;
    int nmatch;
    fan_path match[2];
    int fail_depth, fail_code;
    size_t fail_at;
    char fail_msg[112];
} resolver;

static void note_failure(resolver *rs, int depth, size_t at, const char *msg)
{
    if (depth <= rs->fail_depth)
        return;
    rs->fail_depth = depth;
    rs->fail_code = FAN_EILLEGAL;
    rs->fail_at = at;
    snprintf(rs->fail_msg, sizeof rs->fail_msg, "%s", msg);
}

static void step_label(char *buf, size_t size, const turn_text *t, int i)
{
    char f[3], to[3];
    fan_square_name(f, sizeof f, NULL, i ? t->to[i - 1] : t->from);
    fan_square_name(to, sizeof to, NULL, t->to[i]);
    snprintf(buf, size, "%s-%s%s", f, to,
             t->kind[i] == FAN_STEP_APPROACH     ? "A"
             : t->kind[i] == FAN_STEP_WITHDRAWAL ? "W"
                                                 : "");
}

static void resolve_dfs(resolver *rs, const mg_chain *c, int i)
{
    const turn_text *t = rs->t;
    char msg[112], why[96], label[16];
    if (rs->nmatch >= 2)
        return;
    if (i == t->n) {
        int last = c->path.length - 1;
        int open = c->path.kind[last] != FAN_STEP_PAIKA &&
                   mg_has_continuation(&c->st);
        char a[3];
        fan_square_name(a, sizeof a, NULL, c->st.sq);
        if (rs->mode == RESOLVE_PARTIAL && !open) {
            snprintf(msg, sizeof msg,
                     "the turn cannot go on after %s, so it is not unfinished",
                     a);
            note_failure(rs, i + 1, t->at[t->n - 1], msg);
        } else if (rs->mode == RESOLVE_WHOLE &&
                   rs->rules == FAN_RULES_MUST && open) {
            snprintf(msg, sizeof msg,
                     "the chain must go on (must-continue rules): the piece "
                     "on %s can still capture",
                     a);
            note_failure(rs, i + 1, t->at[t->n - 1], msg);
        } else {
            rs->match[rs->nmatch++] = c->path;
        }
        return;
    }
    int from = i ? t->to[i - 1] : t->from, found = 0;
    fan_step steps[FAN_STEPS_MAX];
    int n = mg_steps(steps, &c->st);
    for (int k = 0; k < n && rs->nmatch < 2; k++) {
        const fan_step *s = &steps[k];
        if (s->from != from || s->to != t->to[i] ||
            (t->kind[i] != FAN_STEP_ANY && s->kind != t->kind[i]))
            continue;
        found = 1;
        if (s->kind == FAN_STEP_PAIKA && i + 1 < t->n) {
            note_failure(rs, i + 2, t->at[i + 1],
                         "a paika is a whole turn; no step may follow it");
            continue;
        }
        mg_chain child = *c;
        mg_chain_apply(&child, s);
        resolve_dfs(rs, &child, i + 1);
    }
    if (!found) {
        step_diagnose(why, sizeof why, &c->st, from, t->to[i], t->kind[i]);
        step_label(label, sizeof label, t, i);
        msg[0] = '\0';
        if (t->n > 1)
            snprintf(msg, sizeof msg, "step %d (%s): ", i + 1, label);
        text_cat(msg, sizeof msg, why);
        note_failure(rs, i + 1, t->at[i], msg);
    }
}

static int game_over(reader *rd, size_t at, const fan_position *pos)
{
    return text_fail(rd, at, FAN_EGAMEOVER, "the game is over (%s: %s)",
                     fan_result_name(pos->result),
                     fan_reason_name(pos->reason));
}

int turn_text_resolve(reader *rd, fan_path *out, const fan_position *pos,
                      const turn_text *t, int mode)
{
    const mg_chain *cur = &pos->cur;
    int done = cur->path.length, start = 0;
    if (pos->result != FAN_ONGOING)
        return game_over(rd, t->at[0], pos);
    if (done && t->from == cur->path.from) {
        /* the whole turn, starting with the chain played so far */
        char so_far[FAN_PATH_STRING_MAX];
        writer w = {so_far, sizeof so_far, 0};
        text_put_path(&w, &cur->path);
        text_finish(&w, NULL);
        /* the text may stop where the chain is now: ending it there */
        if (t->n < done)
            return text_fail(rd, t->at[0], FAN_EILLEGAL,
                             "the text stops within the turn so far (%s)",
                             so_far);
        for (int i = 0; i < done; i++)
            if (t->to[i] != cur->path.to[i] ||
                (t->kind[i] != FAN_STEP_ANY &&
                 t->kind[i] != cur->path.kind[i]))
                return text_fail(rd, t->at[i], FAN_EILLEGAL,
                                 "step %d differs from the turn so far (%s)",
                                 i + 1, so_far);
        start = done;
    }
    resolver rs;
    memset(&rs, 0, sizeof rs);
    rs.rd = rd;
    rs.t = t;
    rs.rules = pos->rules;
    rs.mode = mode;
    rs.fail_depth = -1;
    resolve_dfs(&rs, cur, start);
    if (rs.nmatch == 1) {
        *out = rs.match[0];
        return FAN_OK;
    }
    if (rs.nmatch == 2) {
        char a[FAN_PATH_STRING_MAX], b[FAN_PATH_STRING_MAX];
        writer wa = {a, sizeof a, 0}, wb = {b, sizeof b, 0};
        text_put_path(&wa, &rs.match[0]);
        text_put_path(&wb, &rs.match[1]);
        text_finish(&wa, NULL);
        text_finish(&wb, NULL);
        int k = 0; /* the first step where the two readings differ */
        while (k < t->n - 1 &&
               rs.match[0].kind[k + done - start] ==
                   rs.match[1].kind[k + done - start])
            k++;
        return text_fail(rd, t->at[k], FAN_EAMBIGUOUS,
                         "ambiguous: %s or %s", a, b);
    }
    return text_fail(rd, rs.fail_at, rs.fail_code, "%s", rs.fail_msg);
}

/* The text after a step or turn must be the end of the string. */
static int expect_end(reader *rd, const char *what)
{
    char b[16];
    char ch = rd->s[rd->i];
    if (ch == '\0')
        return FAN_OK;
    return text_fail(rd, rd->i, FAN_EPARSE, "unexpected %s after the %s%s",
                     text_char(b, ch), what,
                     ch == 'a' || ch == 'w' ? " (capture modes are A and W)"
                                            : "");
}

/* What both readers do first: a cleared error, the arguments checked, the
 * steps of the text read. */
static int read_steps(reader *rd, turn_text *t, const void *out,
                      const fan_position *pos, const char *text,
                      fan_parse_error *error)
{
    if (error)
        memset(error, 0, sizeof *error);
    if (!out || !pos || !text)
        return FAN_EINVAL;
    *rd = (reader){text, 0, error};
    return turn_text_read(rd, t);
}

FAN_API int fan_position_parse_step(fan_step *out, const fan_position *pos,
                                    const char *text, fan_parse_error *error)
{
    reader rd;
    turn_text t;
    int r = read_steps(&rd, &t, out, pos, text, error);
    if (r != FAN_OK)
        return r;
    if (t.n > 1)
        return text_fail(&rd, t.at[1], FAN_EPARSE,
                         "a step has one segment; this text has %d", t.n);
    if ((r = expect_end(&rd, "step")) != FAN_OK)
        return r;
    if (pos->result != FAN_ONGOING)
        return game_over(&rd, 0, pos);
    fan_step steps[FAN_STEPS_MAX];
    int n = mg_steps(steps, &pos->cur.st), found = -1;
    for (int k = 0; k < n; k++) {
        if (steps[k].from != t.from || steps[k].to != t.to[0] ||
            (t.kind[0] != FAN_STEP_ANY && steps[k].kind != t.kind[0]))
            continue;
        if (found >= 0) {
            char a[FAN_STEP_STRING_MAX], b[FAN_STEP_STRING_MAX];
            fan_step_to_string(a, sizeof a, NULL, &steps[found]);
            fan_step_to_string(b, sizeof b, NULL, &steps[k]);
            return text_fail(&rd, 0, FAN_EAMBIGUOUS, "ambiguous: %s or %s", a,
                             b);
        }
        found = k;
    }
    if (found < 0) {
        char why[96];
        step_diagnose(why, sizeof why, &pos->cur.st, t.from, t.to[0], t.kind[0]);
        return text_fail(&rd, 0, FAN_EILLEGAL, "%s", why);
    }
    *out = steps[found];
    return FAN_OK;
}

FAN_API int fan_position_parse_path(fan_path *out, const fan_position *pos,
                                    const char *text, fan_parse_error *error)
{
    reader rd;
    turn_text t;
    int r = read_steps(&rd, &t, out, pos, text, error);
    if (r == FAN_OK)
        r = expect_end(&rd, "turn");
    if (r == FAN_OK)
        r = turn_text_resolve(&rd, out, pos, &t, RESOLVE_WHOLE);
    return r;
}

/* SPDX-License-Identifier: MIT */
#include "movegen.h"

#include <string.h>

uint64_t mg_capturers(uint64_t own, uint64_t opp)
{
    uint64_t m = 0;
    for (int d = 0; d < NDIRS; d++)
        m |= mg_approachers(own, opp, d) | mg_withdrawers(own, opp, d);
    return m;
}

int mg_has_turn(uint64_t own, uint64_t opp)
{
    /* Any capture is also a step to an empty neighbour, so a side has a
     * turn exactly when some piece can step somewhere. */
    for (int d = 0; d < NDIRS; d++)
        if (mg_paika_movers(own, opp, d))
            return 1;
    return 0;
}

void mg_chain_start(mg_chain *c, uint64_t own, uint64_t opp)
{
    memset(c, 0, sizeof *c);
    c->own = own;
    c->opp = opp;
    c->sq = NO_SQUARE;
    c->lastdir = -1;
}

static int push_step(fan_step *out, int n, int from, int to, int kind, int d,
                     uint64_t captures)
{
    fan_step *s = &out[n];
    memset(s, 0, sizeof *s);
    s->captures = captures;
    s->from = (uint8_t)from;
    s->to = (uint8_t)to;
    s->kind = (uint8_t)kind;
    s->direction = (uint8_t)d;
    return n + 1;
}

/* Capture steps of the piece on sq, skipping direction 'banned' and
 * landing points in 'visited'. */
static int piece_captures(fan_step *out, int n, const mg_chain *c, int sq,
                          int banned, uint64_t visited)
{
    uint64_t occupied = c->own | c->opp;
    for (int d = 0; d < NDIRS; d++) {
        int to = board_neighbour[sq][d];
        if (d == banned || to == NO_SQUARE || ((occupied | visited) & BIT(to)))
            continue;
        int ahead = board_neighbour[to][d];
        if (ahead != NO_SQUARE && (c->opp & BIT(ahead)))
            n = push_step(out, n, sq, to, FAN_STEP_APPROACH, d,
                          mg_run(ahead, d, c->opp));
        int behind = board_neighbour[sq][DIR_OPPOSITE(d)];
        if (behind != NO_SQUARE && (c->opp & BIT(behind)))
            n = push_step(out, n, sq, to, FAN_STEP_WITHDRAWAL, d,
                          mg_run(behind, DIR_OPPOSITE(d), c->opp));
    }
    return n;
}

int mg_steps(fan_step *out, const mg_chain *c)
{
    int n = 0;
    if (c->path.length > 0)
        return piece_captures(out, 0, c, c->sq, c->lastdir, c->visited);
    uint64_t capturers = mg_capturers(c->own, c->opp);
    if (capturers) {
        for (uint64_t m = capturers; m; m &= m - 1)
            n = piece_captures(out, n, c, board_lsb(m), -1, 0);
        return n;
    }
    uint64_t empty = ~(c->own | c->opp) & BOARD_MASK;
    for (uint64_t m = c->own; m; m &= m - 1) {
        int sq = board_lsb(m);
        for (int d = 0; d < NDIRS; d++) {
            int to = board_neighbour[sq][d];
            if (to != NO_SQUARE && (empty & BIT(to)))
                n = push_step(out, n, sq, to, FAN_STEP_PAIKA, d, 0);
        }
    }
    return n;
}

int mg_has_continuation(const mg_chain *c)
{
    /* only a capture chain goes on; a paika is a whole turn */
    fan_step buf[2 * NDIRS];
    return c->path.length > 0 && c->path.kind[0] != FAN_STEP_PAIKA &&
           piece_captures(buf, 0, c, c->sq, c->lastdir, c->visited) > 0;
}

void mg_apply(mg_chain *c, const fan_step *s)
{
    if (c->path.length == 0) {
        c->path.from = s->from;
        c->visited = BIT(s->from);
    }
    c->own = (c->own & ~BIT(s->from)) | BIT(s->to);
    c->opp &= ~s->captures;
    c->captured |= s->captures;
    c->visited |= BIT(s->to);
    c->sq = s->to;
    c->lastdir = s->direction;
    c->path.to[c->path.length] = s->to;
    c->path.kind[c->path.length] = s->kind;
    c->path.length++;
    c->path.captured = c->captured;
}

/* Depth-first walk below a chain that has at least one segment. */
static int walk_chain(const mg_chain *c, int rules, mg_visit_fn visit,
                      void *ctx)
{
    fan_step next[2 * NDIRS];
    int n = piece_captures(next, 0, c, c->sq, c->lastdir, c->visited);
    if (rules == FAN_RULES_STOP || n == 0) {
        int r = visit(ctx, c);
        if (r)
            return r;
    }
    for (int i = 0; i < n; i++) {
        mg_chain child = *c;
        mg_apply(&child, &next[i]);
        int r = walk_chain(&child, rules, visit, ctx);
        if (r)
            return r;
    }
    return 0;
}

int mg_walk(const mg_chain *c, int rules, mg_visit_fn visit, void *ctx)
{
    if (c->path.length > 0)
        return walk_chain(c, rules, visit, ctx);
    fan_step first[FAN_STEPS_MAX];
    int n = mg_steps(first, c);
    for (int i = 0; i < n; i++) {
        mg_chain child = *c;
        mg_apply(&child, &first[i]);
        int r = first[i].kind == FAN_STEP_PAIKA
                    ? visit(ctx, &child)
                    : walk_chain(&child, rules, visit, ctx);
        if (r)
            return r;
    }
    return 0;
}

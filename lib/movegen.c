/* SPDX-License-Identifier: MIT */
/* Steps, the chain-step state and the path-recording walk, on the capture
 * primitives of movegen.h; the choice of the copy built for BMI2. */
#include "movegen.h"

#include <string.h>

uint64_t mg_capturers(uint64_t own, uint64_t opp)
{
    mg_first f;
    return mg_first_segments(&f, own, opp);
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

void mg_state_start(mg_state *s, uint64_t own, uint64_t opp)
{
    s->own = own;
    s->opp = opp;
    s->visited = 0;
    s->captured = 0;
    s->from = NO_SQUARE;
    s->sq = NO_SQUARE;
    s->lastdir = NDIRS;
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

/* The capture steps of the piece on sq in state s (which may be at the
 * start of the turn, sq then being any piece of own). */
static void piece_landings(const mg_state *s, int sq, uint64_t *app,
                           uint64_t *wdr)
{
    mg_capture_landings(s->opp, sq,
                        mg_land(s->own | s->visited, s->opp, sq, s->lastdir),
                        app, wdr);
}

static int piece_captures(fan_step *out, int n, const mg_state *s, int sq)
{
    uint64_t app, wdr;
    piece_landings(s, sq, &app, &wdr);
    for (int d = 0; d < NDIRS && (app | wdr); d++) {
        uint64_t bit = board_neighbour_bit[sq][d];
        int to = board_neighbour[sq][d];
        if (app & bit)
            n = push_step(out, n, sq, to, FAN_STEP_APPROACH, d,
                          mg_run_approach(sq, to, s->opp));
        if (wdr & bit)
            n = push_step(out, n, sq, to, FAN_STEP_WITHDRAWAL, d,
                          mg_run_withdrawal(sq, to, s->opp));
        app &= ~bit;
        wdr &= ~bit;
    }
    return n;
}

int mg_steps(fan_step *out, const mg_state *s)
{
    int n = 0;
    if (mg_in_chain(s))
        return piece_captures(out, 0, s, s->sq);
    uint64_t capturers = mg_capturers(s->own, s->opp);
    if (capturers) {
        for (uint64_t m = capturers; m; m &= m - 1)
            n = piece_captures(out, n, s, board_lsb(m));
        return n;
    }
    uint64_t empty = ~(s->own | s->opp) & BOARD_MASK;
    for (uint64_t m = s->own; m; m &= m - 1) {
        int sq = board_lsb(m);
        for (int d = 0; d < NDIRS; d++)
            if (empty & board_neighbour_bit[sq][d])
                n = push_step(out, n, sq, board_neighbour[sq][d],
                              FAN_STEP_PAIKA, d, 0);
    }
    return n;
}

int mg_step_kinds(const mg_state *s, int from, int to)
{
    uint64_t app, wdr, bit = BIT(to);
    piece_landings(s, from, &app, &wdr);
    return (app & bit ? 1 << FAN_STEP_APPROACH : 0) |
           (wdr & bit ? 1 << FAN_STEP_WITHDRAWAL : 0);
}

int mg_has_continuation(const mg_state *s)
{
    uint64_t app, wdr;
    /* only a capture chain goes on; a paika is a whole turn */
    if (!mg_in_chain(s) || !s->captured)
        return 0;
    piece_landings(s, s->sq, &app, &wdr);
    return (app | wdr) != 0;
}

void mg_apply(mg_state *s, const fan_step *step)
{
    if (!mg_in_chain(s)) {
        s->from = step->from;
        s->visited = BIT(step->from);
    }
    s->own = (s->own & ~BIT(step->from)) | BIT(step->to);
    s->opp &= ~step->captures;
    s->captured |= step->captures;
    s->visited |= BIT(step->to);
    s->sq = step->to;
    s->lastdir = step->direction;
}

void mg_chain_start(mg_chain *c, uint64_t own, uint64_t opp)
{
    memset(c, 0, sizeof *c);
    mg_state_start(&c->st, own, opp);
}

/* Entries past the length stay zero, as the public paths promise. */
static void path_pop(fan_path *p, uint64_t captured)
{
    p->length--;
    p->to[p->length] = 0;
    p->kind[p->length] = 0;
    p->captured = captured;
}

static void path_push(fan_path *p, const fan_step *step, uint64_t captured)
{
    if (p->length == 0)
        p->from = step->from;
    p->to[p->length] = step->to;
    p->kind[p->length] = step->kind;
    p->length++;
    p->captured = captured;
}

void mg_chain_apply(mg_chain *c, const fan_step *step)
{
    mg_apply(&c->st, step);
    path_push(&c->path, step, c->st.captured);
}

/* Depth-first walk below a chain state; path holds its steps. */
static int walk_chain(const mg_state *s, fan_path *path, int rules,
                      mg_visit_fn visit, void *ctx)
{
    fan_step next[2 * NDIRS];
    int n = piece_captures(next, 0, s, s->sq);
    if (rules == FAN_RULES_STOP || n == 0) {
        int r = visit(ctx, s, path);
        if (r)
            return r;
    }
    uint64_t captured = path->captured;
    for (int i = 0; i < n; i++) {
        mg_state child = *s;
        mg_apply(&child, &next[i]);
        path_push(path, &next[i], child.captured);
        int r = walk_chain(&child, path, rules, visit, ctx);
        path_pop(path, captured);
        if (r)
            return r;
    }
    return 0;
}

int mg_walk(const mg_chain *c, int rules, mg_visit_fn visit, void *ctx)
{
    fan_path path = c->path;
    if (mg_in_chain(&c->st))
        return walk_chain(&c->st, &path, rules, visit, ctx);
    fan_step first[FAN_STEPS_MAX];
    int n = mg_steps(first, &c->st);
    for (int i = 0; i < n; i++) {
        mg_state child = c->st;
        mg_apply(&child, &first[i]);
        path_push(&path, &first[i], child.captured);
        int r = first[i].kind == FAN_STEP_PAIKA
                    ? visit(ctx, &child, &path)
                    : walk_chain(&child, &path, rules, visit, ctx);
        path_pop(&path, 0);
        if (r)
            return r;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* The copy for this processor                                          */

int mg_cpu_fast(void)
{
#ifdef FAN_PERFT_FAST
    /* AMD processors before Zen 3 (families 15h and 17h) have pext and
     * pdep in microcode, dozens of cycles each, so they keep the generic
     * copy. The compiler's runtime reads cpuid once when the program
     * loads: cpuid itself, called per search or perft, cost several
     * microseconds in a virtual machine (it traps to the hypervisor). */
    return __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt") &&
           !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
#else
    return 0;
#endif
}

mg_turns_fn mg_turns_for_cpu(void)
{
#ifdef FAN_PERFT_FAST
    if (mg_cpu_fast())
        return mg_turns_fast;
#endif
    return mg_turns_generic;
}

int mg_turns(fan_turn *out, size_t cap, const mg_state *s, int rules)
{
    return mg_turns_for_cpu()(out, cap, s, rules);
}

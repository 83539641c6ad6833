/* SPDX-License-Identifier: MIT */
/* Test helpers over the public API: a full snapshot of a position's
 * observable state, a seeded random generator and small step helpers.
 * Include after tcommon.h. */
#ifndef TSTATE_H
#define TSTATE_H

#include "tcommon.h"

/* Everything a caller can observe about a position, read through the API. */
typedef struct tsnap {
    uint64_t white, black, visited, captured, hash;
    int stm, rules, turns, result, reason, history, in_chain, active, lastdir;
    int can_end, must_capture;
    fan_path chain;      /* the turn in progress */
    fan_path last_turn;  /* the last turn in the history (zero if none) */
} tsnap;

static inline void snap_take(tsnap *s, const fan_position *p)
{
    memset(s, 0, sizeof *s);
    ck_assert_fan_ok(fan_position_pieces(&s->white, p, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&s->black, p, FAN_BLACK));
    ck_assert_fan_ok(fan_position_visited(&s->visited, p));
    ck_assert_fan_ok(fan_position_chain_captured(&s->captured, p));
    ck_assert_fan_ok(fan_position_hash(&s->hash, p));
    ck_assert_fan_ok(fan_position_active_piece(&s->active, p));
    ck_assert_fan_ok(fan_position_last_direction(&s->lastdir, p));
    ck_assert_fan_ok(fan_position_chain_path(&s->chain, p));
    s->stm = fan_position_side_to_move(p);
    s->rules = fan_position_rules(p);
    s->turns = fan_position_turns_played(p);
    s->result = fan_position_result(p);
    s->reason = fan_position_result_reason(p);
    s->history = fan_position_history_length(p);
    s->in_chain = fan_position_in_chain(p);
    s->can_end = fan_position_can_end_turn(p);
    s->must_capture = fan_position_must_capture(p);
    if (s->history > 0)
        ck_assert_fan_ok(
            fan_position_history_path(&s->last_turn, p, s->history - 1));
}

/* Two paths are the same turn so far: origin, captured set and steps. */
static inline int path_same(const fan_path *a, const fan_path *b)
{
    if (a->length != b->length || a->captured != b->captured)
        return 0;
    if (a->length == 0)
        return 1;
    return a->from == b->from && !memcmp(a->to, b->to, a->length) &&
           !memcmp(a->kind, b->kind, a->length);
}

#define ck_assert_snap_eq(a, b)                                                \
    do {                                                                       \
        const tsnap *a_ = (a), *b_ = (b);                                      \
        ck_assert_uint_eq(a_->white, b_->white);                               \
        ck_assert_uint_eq(a_->black, b_->black);                               \
        ck_assert_uint_eq(a_->visited, b_->visited);                           \
        ck_assert_uint_eq(a_->captured, b_->captured);                         \
        ck_assert_uint_eq(a_->hash, b_->hash);                                 \
        ck_assert_int_eq(a_->stm, b_->stm);                                    \
        ck_assert_int_eq(a_->rules, b_->rules);                                \
        ck_assert_int_eq(a_->turns, b_->turns);                                \
        ck_assert_int_eq(a_->result, b_->result);                              \
        ck_assert_int_eq(a_->reason, b_->reason);                              \
        ck_assert_int_eq(a_->history, b_->history);                            \
        ck_assert_int_eq(a_->in_chain, b_->in_chain);                          \
        ck_assert_int_eq(a_->active, b_->active);                              \
        ck_assert_int_eq(a_->lastdir, b_->lastdir);                            \
        ck_assert_int_eq(a_->can_end, b_->can_end);                            \
        ck_assert_int_eq(a_->must_capture, b_->must_capture);                  \
        ck_assert(path_same(&a_->chain, &b_->chain));                          \
        ck_assert(path_same(&a_->last_turn, &b_->last_turn));                  \
    } while (0)

/* xorshift64: a small seeded generator so random games are reproducible. */
static inline uint64_t xs_next(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

static inline size_t xs_below(uint64_t *state, size_t n)
{
    return (size_t)(xs_next(state) % n);
}

/* The legal steps now; returns their number. */
static inline size_t all_steps(fan_step *out, const fan_position *p)
{
    size_t n = 0;
    ck_assert_fan_ok(fan_position_steps(out, FAN_STEPS_MAX, &n, p));
    return n;
}

/* Index of the step from -> to of that kind in the list, or -1. */
static inline int step_index(const fan_step *steps, size_t n, int from, int to,
                             int kind)
{
    for (size_t i = 0; i < n; i++)
        if (steps[i].from == from && steps[i].to == to && steps[i].kind == kind)
            return (int)i;
    return -1;
}

/* Plays a step that must be legal. */
#define PLAY(p, from, to, kind)                                                \
    ck_assert_fan_ok(fan_position_play_step((p), SQ(from), SQ(to), (kind)))

/* Plays one whole turn of random legal steps (choosing the mode too) and
 * writes the path played to *played. Under stop-at-will an open chain is
 * ended early now and then. The game must be going on. */
static inline void play_random_turn(fan_position *p, uint64_t *rng,
                                    fan_path *played)
{
    memset(played, 0, sizeof *played);
    do {
        fan_step steps[FAN_STEPS_MAX];
        size_t n = all_steps(steps, p);
        ck_assert_uint_gt(n, 0);
        const fan_step *s = &steps[xs_below(rng, n)];
        if (played->length == 0)
            played->from = s->from;
        ck_assert_uint_lt(played->length, FAN_PATH_MAX);
        played->to[played->length] = s->to;
        played->kind[played->length] = s->kind;
        played->length++;
        played->captured |= s->captures;
        ck_assert_fan_ok(fan_position_play_step(p, s->from, s->to, s->kind));
        if (fan_position_can_end_turn(p) == 1 && xs_below(rng, 3) == 0)
            ck_assert_fan_ok(fan_position_end_turn(p));
    } while (fan_position_in_chain(p) == 1);
}

#endif

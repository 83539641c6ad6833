/* SPDX-License-Identifier: MIT */
/* Positions and a reference count for the perft suites: boards reached by
 * seeded random play, positions in the middle of a chain, and perft through
 * the turn API (fan_position_turns / fan_position_paths and play), which
 * shares no code with the perft engine beyond the board tables. */
#ifndef TPERFT_H
#define TPERFT_H

#include "tcommon.h"

#include <inttypes.h>

static inline uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Perft through the turn API: every turn (unique) or path, played on a
 * clone. Mirrors the perft conventions: no children without pieces. */
static inline uint64_t naive(const fan_position *p, unsigned depth, int kind)
{
    if (depth == 0)
        return 1;
    uint64_t w = 0, b = 0;
    ck_assert_fan_ok(fan_position_pieces(&w, p, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
    if (!w || !b)
        return 0;
    size_t n = 0;
    uint64_t total = 0;
    if (kind == FAN_COUNT_UNIQUE) {
        fan_turn turns[1024];
        ck_assert_fan_ok(fan_position_turns(turns, 1024, &n, p));
        for (size_t i = 0; i < n; i++) {
            fan_position *c = NULL;
            ck_assert_fan_ok(fan_position_clone(&c, p));
            ck_assert_fan_ok(fan_position_play_turn(c, turns[i]));
            total += depth == 1 ? 1 : naive(c, depth - 1, kind);
            fan_position_free(c);
        }
    } else {
        static fan_path paths[8][2048];
        ck_assert(depth <= 8);
        fan_path *list = paths[depth - 1];
        ck_assert_fan_ok(fan_position_paths(list, 2048, &n, p));
        for (size_t i = 0; i < n; i++) {
            fan_position *c = NULL;
            ck_assert_fan_ok(fan_position_clone(&c, p));
            ck_assert_fan_ok(fan_position_play_path(c, &list[i]));
            total += depth == 1 ? 1 : naive(c, depth - 1, kind);
            fan_position_free(c);
        }
    }
    return total;
}

/* A fresh position with the board of p (no history). */
static inline fan_position *fresh(const fan_position *p)
{
    uint64_t w = 0, b = 0;
    fan_position *q = NULL;
    ck_assert_fan_ok(fan_position_pieces(&w, p, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
    ck_assert_fan_ok(fan_position_new_custom(&q, w, b,
                                             fan_position_side_to_move(p),
                                             fan_position_rules(p)));
    return q;
}

/* The board after 'turns' random turns from the start, or before the turn
 * that would have ended the game. */
static inline fan_position *random_position(uint64_t seed, int turns, int rules)
{
    fan_position *p = NULL;
    uint64_t state = seed;
    ck_assert_fan_ok(fan_position_new(&p, rules));
    for (int t = 0; t < turns; t++) {
        fan_turn list[1024];
        size_t n = 0;
        ck_assert_fan_ok(fan_position_turns(list, 1024, &n, p));
        if (n == 0)
            break;
        fan_position *c = NULL;
        ck_assert_fan_ok(fan_position_clone(&c, p));
        ck_assert_fan_ok(fan_position_play_turn(c, list[rng_next(&state) % n]));
        if (fan_position_result(c) != FAN_ONGOING) {
            fan_position_free(c);
            break;
        }
        fan_position_free(p);
        p = c;
    }
    fan_position *q = fresh(p);
    fan_position_free(p);
    return q;
}

/* The positions that the perft suites check with their own check(p,
 * budget): the start under both rulesets, and (start_or_random with i =
 * 0..RANDOM_POSITION_RUNS - 1, one Check loop run each) boards after a
 * few to many random turns, both rulesets. */
typedef void (*tperft_check)(const fan_position *p, uint64_t budget);

#define RANDOM_POSITION_RUNS 8

static inline void check_start_positions(tperft_check check, uint64_t budget)
{
    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        fan_position *p = NULL;
        ck_assert_fan_ok(fan_position_new(&p, rules));
        check(p, budget);
        fan_position_free(p);
    }
}

static inline void check_random_positions(tperft_check check, uint64_t budget,
                                          int i)
{
    static const int lengths[RANDOM_POSITION_RUNS] = {2, 4, 6, 9, 13, 18, 25,
                                                      40};
    for (int rules = FAN_RULES_STOP; rules <= FAN_RULES_MUST; rules++) {
        fan_position *p =
            random_position((uint64_t)(100 + i), lengths[i], rules);
        check(p, budget);
        fan_position_free(p);
    }
}

/* Plays random steps from p until a chain is open (NULL if none opens
 * within a few turns). */
static inline fan_position *random_mid_chain(fan_position *p, uint64_t seed)
{
    uint64_t state = seed;
    for (int i = 0; i < 40; i++) {
        fan_step steps[FAN_STEPS_MAX];
        size_t n = 0;
        ck_assert_fan_ok(fan_position_steps(steps, FAN_STEPS_MAX, &n, p));
        if (n == 0)
            return NULL;
        const fan_step *s = &steps[rng_next(&state) % n];
        ck_assert_fan_ok(fan_position_play_step(p, s->from, s->to, s->kind));
        if (fan_position_in_chain(p))
            return p;
    }
    return NULL;
}

#endif

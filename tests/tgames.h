/* SPDX-License-Identifier: MIT */
/* Seeded random games for the round-trip and fuzz tests of the text
 * formats: every state a game passes through, turn starts and the middle
 * of chains alike. Include after tcommon.h. */
#ifndef TGAMES_H
#define TGAMES_H

#include "tcommon.h"

static inline uint64_t xorshift64(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* One random action: a legal step, or (sometimes) ending a chain that may
 * end. Returns 0 when the game is over. */
static inline int random_action(fan_position *p, uint64_t *seed)
{
    if (fan_position_result(p) != FAN_ONGOING)
        return 0;
    if (fan_position_can_end_turn(p) == 1 && xorshift64(seed) % 3 == 0) {
        ck_assert_fan_ok(fan_position_end_turn(p));
        return 1;
    }
    fan_step steps[FAN_STEPS_MAX];
    size_t n = 0;
    ck_assert_fan_ok(fan_position_steps(steps, FAN_STEPS_MAX, &n, p));
    ck_assert_uint_gt(n, 0);
    const fan_step *s = &steps[xorshift64(seed) % n];
    ck_assert_fan_ok(fan_position_play_step(p, s->from, s->to, s->kind));
    return 1;
}

/* Called with every state of a game; a non-zero return stops the game. */
typedef int (*state_fn)(const fan_position *p, void *ctx);

/* Plays `games` random games of at most max_actions actions under rules,
 * starting from the standard start, and calls visit on every state
 * (the start included). The seed makes the run reproducible. */
static inline void random_games(int rules, int games, int max_actions,
                                uint64_t seed, state_fn visit, void *ctx)
{
    uint64_t s = 2 * seed + 1; /* odd, and distinct for distinct seeds */
    for (int g = 0; g < games; g++) {
        fan_position *p = NULL;
        ck_assert_fan_ok(fan_position_new(&p, rules));
        int stop = visit(p, ctx);
        for (int a = 0; !stop && a < max_actions && random_action(p, &s); a++)
            stop = visit(p, ctx);
        fan_position_free(p);
    }
}

/* A random game kept whole: the handle after at most max_actions actions. */
static inline fan_position *random_game(int rules, int max_actions,
                                        uint64_t seed)
{
    uint64_t s = 2 * seed + 1; /* odd, and distinct for distinct seeds */
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, rules));
    for (int a = 0; a < max_actions && random_action(p, &s); a++)
        ;
    return p;
}

/* A heap copy of exactly strlen(text) + 1 bytes, so that a read past the
 * NUL is caught by valgrind or ASan. */
static inline char *exact_copy(const char *text, size_t len)
{
    char *c = malloc(len + 1);
    ck_assert_ptr_nonnull(c);
    memcpy(c, text, len);
    c[len] = '\0';
    return c;
}

/* A parse error must point inside the text (or at its NUL) and carry a
 * NUL-terminated, non-empty reason. */
#define ck_assert_parse_error(err, len)                                        \
    do {                                                                       \
        ck_assert_uint_le((err).offset, (len));                                \
        ck_assert_ptr_nonnull(memchr((err).message, 0, sizeof (err).message)); \
        ck_assert_uint_gt(strlen((err).message), 0);                           \
    } while (0)

#endif

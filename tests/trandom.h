/* SPDX-License-Identifier: MIT */
/* Reproducible random positions for the search suites: random games from
 * the start position (stopped after a random number of turns) and random
 * placements of pieces. */
#ifndef TRANDOM_H
#define TRANDOM_H

#include <fanorona.h>
#include <stdint.h>

static inline uint64_t trand_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A position after up to max_turns random turns from the start (fewer if
 * the game ends first: the last ongoing position is returned). Returns
 * NULL only when out of memory. */
static inline fan_position *trand_game(uint64_t *rng, int rules,
                                       int max_turns)
{
    fan_position *p = NULL;
    if (fan_position_new(&p, rules) != FAN_OK)
        return NULL;
    int target = (int)(trand_next(rng) % (uint64_t)(max_turns + 1));
    for (int i = 0; i < target; i++) {
        fan_turn turns[1024];
        size_t n = 0;
        if (fan_position_turns(turns, 1024, &n, p) != FAN_OK || n == 0)
            break;
        fan_turn t = turns[trand_next(rng) % n];
        fan_position *next = NULL;
        if (fan_position_clone(&next, p) != FAN_OK)
            break;
        fan_position_play_turn(next, t);
        if (fan_position_result(next) != FAN_ONGOING) {
            fan_position_free(next);
            break;
        }
        fan_position_free(p);
        p = next;
    }
    return p;
}

/* Plays one random capture step of q: 1 when q is then in the middle of a
 * chain, 0 when it is not (no capture to make, or the turn ended), a
 * negative error code when a call failed. */
static inline int trand_capture_step(fan_position *q, uint64_t *rng)
{
    fan_step steps[FAN_STEPS_MAX];
    size_t n = 0;
    int r = fan_position_steps(steps, FAN_STEPS_MAX, &n, q);
    if (r != FAN_OK)
        return r;
    if (n == 0 || steps[0].kind == FAN_STEP_PAIKA)
        return 0;
    const fan_step *s = &steps[trand_next(rng) % n];
    r = fan_position_play_step(q, s->from, s->to, s->kind);
    if (r != FAN_OK)
        return r;
    return fan_position_in_chain(q) == 1;
}

/* A random placement with 1..22 pieces a side, or NULL if the game would
 * already be over there (the caller draws again). */
static inline fan_position *trand_board(uint64_t *rng, int rules)
{
    uint64_t white = 0, black = 0;
    int nw = 1 + (int)(trand_next(rng) % 22), nb = 1 + (int)(trand_next(rng) % 22);
    while (__builtin_popcountll(white) < nw) {
        int s = (int)(trand_next(rng) % FAN_SQUARES);
        white |= (uint64_t)1 << s;
    }
    while (__builtin_popcountll(black) < nb) {
        int s = (int)(trand_next(rng) % FAN_SQUARES);
        if (!(white & ((uint64_t)1 << s)))
            black |= (uint64_t)1 << s;
    }
    int side = (trand_next(rng) & 1) ? FAN_BLACK : FAN_WHITE;
    fan_position *p = NULL;
    if (fan_position_new_custom(&p, white, black, side, rules) != FAN_OK)
        return NULL;
    if (fan_position_result(p) != FAN_ONGOING) {
        fan_position_free(p);
        return NULL;
    }
    return p;
}

#endif

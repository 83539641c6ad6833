/* SPDX-License-Identifier: MIT */
/* The playing levels: a depth and node cap, quiescence on or off, and
 * noise on the root scores from the run's seed. */
#include "engine.h"

static const level_spec levels[FAN_SEARCH_MAX_LEVEL + 1] = {
    {0, 0, 0, 1},          /* 0: full strength */
    {1, 0, 400, 0},        /* 1: one turn ahead, mostly at random */
    {1, 0, 150, 0},        /* 2 */
    {2, 0, 100, 0},        /* 3 */
    {2, 0, 60, 1},         /* 4 */
    {3, 0, 40, 1},         /* 5 */
    {4, 20000, 25, 1},     /* 6 */
    {5, 60000, 15, 1},     /* 7 */
    {6, 200000, 8, 1},     /* 8 */
    {8, 600000, 4, 1},     /* 9 */
    {0, 2000000, 0, 1},    /* 10: full strength, bounded work */
};

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

const level_spec *search_level(unsigned level)
{
    return &levels[level];
}

int level_noise(uint64_t seed, fan_turn turn, int noise)
{
    return noise ? (int)(mix64(seed ^ mix64(turn)) % (uint64_t)noise) : 0;
}

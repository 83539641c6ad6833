/* SPDX-License-Identifier: MIT */
/* splitmix64: the small seedable generator of the programs' random choices
 * (the random player of fanorona play, the openings of fanorona-match).
 * Not for anything that needs unpredictable numbers. */
#ifndef FANORONA_CLI_SPLITMIX_H
#define FANORONA_CLI_SPLITMIX_H

#include <stdint.h>

static inline uint64_t splitmix64_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif

/* SPDX-License-Identifier: MIT */
/* The perft counting engine of perft-count.c again, compiled with BMI2 and
 * popcnt allowed (lib/meson.build); perft_ctx_init chooses it on
 * processors that run pext and pdep fast. */
#define FAN_FAST_COPY 1
#include "perft-count.c"

/* SPDX-License-Identifier: MIT */
/* The unique-turn generator of movegen-turns.c again, compiled with BMI2
 * and popcnt allowed (lib/meson.build); mg_turns_for_cpu() chooses it on
 * processors that run pext and pdep fast. */
#define FAN_FAST_COPY 1
#include "movegen-turns.c"

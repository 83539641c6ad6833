/* SPDX-License-Identifier: MIT */
/* The evaluation of eval.c again, compiled with BMI2 and popcnt allowed
 * (lib/meson.build); evaluate_for_cpu() chooses it. */
#define FAN_FAST_COPY 1
#include "eval.c"

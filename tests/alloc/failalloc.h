/* SPDX-License-Identifier: MIT */
/* Control of the failing allocator shim (failalloc.c). */
#ifndef FAILALLOC_H
#define FAILALLOC_H

#include <stddef.h>

/* From now on, the n-th allocation (n >= 1) fails; with keep_failing, so
 * does every one after it. Resets the counters. */
void failalloc_arm(long n, int keep_failing);
/* Every allocation succeeds again (the counters keep their values). */
void failalloc_disarm(void);
/* Allocations seen, and refused, since the last failalloc_arm(). */
long failalloc_calls(void);
long failalloc_failures(void);

#endif

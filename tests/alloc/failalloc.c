/* SPDX-License-Identifier: MIT */
/* An allocator shim for tests: a shared library that defines malloc, calloc
 * and realloc, so that a test program linked with it (or any program run
 * with LD_PRELOAD=libfailalloc.so) sends every allocation of the process,
 * libfanorona's included, through here. Once armed with n, the n-th call
 * fails (and, in persistent mode, every later one) by returning NULL with
 * errno = ENOMEM; the rest go to glibc's allocator. free is glibc's own.
 *
 * Single-threaded tests only: the counters are plain globals (of the test,
 * not of the library). Under AddressSanitizer the sanitizer's allocator is
 * found first and this shim sees nothing: failalloc_calls() stays 0, which
 * the test uses to skip itself. */
#include "failalloc.h"

#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);

static long fail_at;  /* 0: disarmed */
static int persistent;
static long calls;    /* allocations seen since arming */
static long failures; /* allocations refused since arming */

void failalloc_arm(long n, int keep_failing)
{
    calls = 0;
    failures = 0;
    persistent = keep_failing;
    fail_at = n;
}

void failalloc_disarm(void)
{
    fail_at = 0;
}

long failalloc_calls(void)
{
    return calls;
}

long failalloc_failures(void)
{
    return failures;
}

static int refuse(void)
{
    if (!fail_at)
        return 0;
    calls++;
    if (calls == fail_at || (persistent && calls > fail_at)) {
        failures++;
        errno = ENOMEM;
        return 1;
    }
    return 0;
}

void *malloc(size_t size)
{
    return refuse() ? NULL : __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
    return refuse() ? NULL : __libc_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
    return refuse() ? NULL : __libc_realloc(p, size);
}

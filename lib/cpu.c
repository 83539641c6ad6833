/* SPDX-License-Identifier: MIT */
/* clock_gettime and sysconf are POSIX: ask for them also where the C
 * library shows only ISO C by default (musl under emscripten). */
#define _POSIX_C_SOURCE 200809L
#include "cpu.h"

#include <unistd.h>

unsigned cpu_online(unsigned cap)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        return 1;
    return (unsigned long) n > cap ? cap : (unsigned) n;
}

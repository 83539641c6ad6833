/* SPDX-License-Identifier: MIT */
#include "cpu.h"

#include <unistd.h>

unsigned cpu_online(unsigned cap)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        return 1;
    return (unsigned long) n > cap ? cap : (unsigned) n;
}

/* SPDX-License-Identifier: MIT */
/* Facts about the processor the library runs on. */
#ifndef FAN_CPU_H
#define FAN_CPU_H

/* The online processors, at least 1 and at most cap: what a thread count
 * of 0 ("one per processor") means in perft and the search. */
unsigned cpu_online(unsigned cap);

#endif

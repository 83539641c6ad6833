/* SPDX-License-Identifier: MIT */
/* The perft data files (tests/data/perft*.txt): one case a line,
 *   name | position string | depth | unique | paths
 * with '#' starting a comment line. The counts may be left out (the
 * cross-check tool fills them in). */
#ifndef PERFTDATA_H
#define PERFTDATA_H

#include <fanorona.h>
#include <stdint.h>

typedef struct perft_case {
    char name[64];
    char position[FAN_POSITION_STRING_MAX];
    unsigned depth;
    int has_counts; /* 1 when unique and paths were given */
    uint64_t unique, paths;
} perft_case;

/* 1 for a case, 0 for a blank or comment line, -1 for a malformed line. */
int perft_line(perft_case *out, const char *line);

#endif

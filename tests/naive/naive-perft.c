/* SPDX-License-Identifier: MIT */
/* naive-perft "<position string>" DEPTH [divide]
 * Prints the naive generator's perft counts (unique and paths) so that a
 * library count can be rechecked by hand; with "divide", also the count
 * below each root turn (paths, in generation order). */
#include "naive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char START[] =
    "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -";

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr,
                "usage: %s \"<position string>\"|startpos DEPTH [divide]\n",
                argv[0]);
        return 2;
    }
    nv_pos p;
    char err[120];
    const char *text = strcmp(argv[1], "startpos") ? argv[1] : START;
    if (nv_parse(&p, text, err, sizeof err)) {
        fprintf(stderr, "%s: cannot read the position: %s\n", argv[0], err);
        return 2;
    }
    char *end;
    long depth = strtol(argv[2], &end, 10);
    if (*end || depth < 0 || depth > 64) {
        fprintf(stderr, "%s: DEPTH must be 0..64\n", argv[0]);
        return 2;
    }
    if (argc == 4) {
        nv_list l = {0};
        if (depth < 1 || nv_turns(&p, &l)) {
            fprintf(stderr, "%s: divide needs depth >= 1\n", argv[0]);
            return 1;
        }
        for (size_t i = 0; i < l.n; i++) {
            char buf[200];
            uint64_t n;
            nv_turn_text(buf, sizeof buf, &l.items[i]);
            if (nv_perft(&n, &l.items[i].after, (unsigned)depth - 1,
                         NV_COUNT_PATHS))
                return 1;
            printf("%s %llu\n", buf, (unsigned long long)n);
        }
        nv_list_free(&l);
    }
    uint64_t unique, paths;
    if (nv_perft(&unique, &p, (unsigned)depth, NV_COUNT_UNIQUE) ||
        nv_perft(&paths, &p, (unsigned)depth, NV_COUNT_PATHS)) {
        fprintf(stderr, "%s: out of memory\n", argv[0]);
        return 1;
    }
    printf("depth %ld unique %llu paths %llu\n", depth,
           (unsigned long long)unique, (unsigned long long)paths);
    return 0;
}

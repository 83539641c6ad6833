/* SPDX-License-Identifier: MIT */
#include "train-line.h"

#include <fanorona.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int train_line_parse(char *line, int rules, uint64_t *own, uint64_t *opp,
                     double *label)
{
    /* fanorona-label writes the result and a score between the position
     * and the label */
    char *last = strrchr(line, ';'), *end = strchr(line, ';');
    if (!last)
        return -1;
    *end = '\0';
    fan_position *p = NULL;
    if (fan_position_from_string(&p, line, rules, NULL) != FAN_OK)
        return -1;
    uint64_t w, b;
    fan_position_pieces(&w, p, FAN_WHITE);
    fan_position_pieces(&b, p, FAN_BLACK);
    int white = fan_position_side_to_move(p) == FAN_WHITE;
    fan_position_free(p);
    *own = white ? w : b;
    *opp = white ? b : w;
    *label = strtod(last + 1, NULL);
    return 0;
}

int train_file_read(const char *path, int rules, train_line_fn add, void *ctx)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return -1;
    char line[512];
    int r = 0;
    while (!r && fgets(line, sizeof line, in)) {
        uint64_t own, opp;
        double label;
        if (train_line_parse(line, rules, &own, &opp, &label) == 0)
            r = add(ctx, own, opp, label);
    }
    fclose(in);
    return r ? -1 : 0;
}

void *train_grow(void **arr, size_t *cap, size_t n, size_t size)
{
    if (n == *cap) {
        size_t ncap = *cap ? 2 * *cap : 65536;
        void *p = realloc(*arr, ncap * size);
        if (!p)
            return NULL;
        *arr = p;
        *cap = ncap;
    }
    return (char *)*arr + n * size;
}

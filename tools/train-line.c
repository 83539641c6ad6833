/* SPDX-License-Identifier: MIT */
#include "train-line.h"

#include <fanorona.h>
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

/* SPDX-License-Identifier: MIT */
/* One line of the training data that fanorona-selfplay and fanorona-label
 * write, for the fitting tools (fanorona-tune, fanorona-patterns). */
#ifndef FAN_TRAIN_LINE_H
#define FAN_TRAIN_LINE_H

#include <stdint.h>

/* "POSITION-STRING;R" or "POSITION-STRING;R;S;T": the position ends at the
 * first ';', the label is the last field. Fills the pieces of the side to
 * move (own) and of the other (opp) and the label, and returns 0; -1 when
 * the line holds no position of rules (FAN_RULES_*). Cuts line at its
 * first ';'. */
int train_line_parse(char *line, int rules, uint64_t *own, uint64_t *opp,
                     double *label);

#endif

/* SPDX-License-Identifier: MIT */
/* One line of the training data that fanorona-selfplay and fanorona-label
 * write, for the fitting tools (fanorona-tune, fanorona-patterns). */
#ifndef FAN_TRAIN_LINE_H
#define FAN_TRAIN_LINE_H

#include <stddef.h>
#include <stdint.h>

/* "POSITION-STRING;R" or "POSITION-STRING;R;S;T": the position ends at the
 * first ';', the label is the last field. Fills the pieces of the side to
 * move (own) and of the other (opp) and the label, and returns 0; -1 when
 * the line holds no position of rules (FAN_RULES_*). Cuts line at its
 * first ';'. */
int train_line_parse(char *line, int rules, uint64_t *own, uint64_t *opp,
                     double *label);

/* Calls add(ctx, own, opp, label) for each position line of the file at
 * path (lines train_line_parse refuses are skipped). Returns 0, or -1
 * when the file cannot be read or add returns nonzero. */
typedef int (*train_line_fn)(void *ctx, uint64_t own, uint64_t opp,
                             double label);
int train_file_read(const char *path, int rules, train_line_fn add, void *ctx);

/* Room for sample n in *arr, an array of *cap elements of size bytes,
 * grown (doubled) when full; the element's address, or NULL when out of
 * memory (*arr unchanged). */
void *train_grow(void **arr, size_t *cap, size_t n, size_t size);

/* Whether sample i is held out of the fit: one block of 1000 in ten
 * (consecutive lines are one game). */
static inline int train_held_out(size_t i)
{
    return (i / 1000) % 10 == 9;
}

#endif

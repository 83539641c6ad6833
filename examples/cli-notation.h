/* SPDX-License-Identifier: MIT */
/* Move notation for the fanorona command-line program. Kept local to the
 * example on purpose: small, self-contained, built on the public API only.
 *
 *   square   a1 .. i5
 *   step     from-to, with A or W after a capture's landing point: d3-e3W
 *   turn     the origin then each landing point: f4-e4W-e3A; paika d3-e3
 */
#ifndef CLI_NOTATION_H
#define CLI_NOTATION_H

#include <fanorona.h>
#include <stddef.h>
#include <stdint.h>

/* Longest text of a path: origin + FAN_PATH_MAX times "-e3W", and a NUL. */
#define CLI_PATH_TEXT_MAX (2 + 4 * FAN_PATH_MAX + 1)
/* Longest text of a mask: 45 names of 2 characters and separators. */
#define CLI_MASK_TEXT_MAX (3 * FAN_SQUARES + 1)

/* A move as typed by a player: squares[0] is where it starts, each further
 * square is one step, kinds[i] the mode asked for the step that lands on
 * squares[i + 1] (FAN_STEP_ANY when none was written). */
typedef struct cli_move {
    int count; /* number of squares, 1 .. FAN_PATH_MAX + 1 */
    int squares[FAN_PATH_MAX + 1];
    int kinds[FAN_PATH_MAX];
} cli_move;

/* Writes a path ("f4-e4W-e3A"); buf must hold CLI_PATH_TEXT_MAX bytes. */
void cli_path_text(char *buf, const fan_path *path);
/* Writes one step ("d3-e3W"); buf must hold CLI_PATH_TEXT_MAX bytes. */
void cli_step_text(char *buf, int from, int to, int kind);
/* Writes the squares of a mask, space separated, in square order ("c3 f3");
 * buf must hold CLI_MASK_TEXT_MAX bytes. */
void cli_mask_text(char *buf, uint64_t mask);
/* Parses "e2-e3", "e2e3", "e2 e3", "d3-e3w", "f4-e4W-e3A" or a lone square
 * "e2" (case does not matter). Returns 0, or -1 when the text is not a move. */
int cli_move_parse(cli_move *out, const char *text);

#endif

/* SPDX-License-Identifier: MIT */
/* Text helpers of the fanorona program: squares, steps and turns in the
 * library's notation, positions read from the command line or a record
 * file, and refused input shown around the byte at fault. */
#ifndef FANORONA_CLI_TEXT_H
#define FANORONA_CLI_TEXT_H

#include "options.h"

#include <fanorona.h>

#include <stdio.h>

/* Room for the squares of a mask as mask_text() writes them. */
#define MASK_TEXT_MAX (3 * FAN_SQUARES + 1)

/* The squares of a mask, space separated, in square order ("c3 f3"). */
void mask_text(char *buf, uint64_t mask);
/* A path in move notation; buf holds FAN_PATH_STRING_MAX bytes ("?" for a
 * broken one: the paths come from the library). */
void path_text(char *buf, const fan_path *path);
/* A step in move notation; buf holds FAN_STEP_STRING_MAX bytes. */
void step_text(char *buf, const fan_step *step);

const char *color_name(int color);
int other_color(int color);

/* The limits of "analyze" and "chess analyze" from their --depth N,
 * --time MS and --multipv K: a depth alone has no time limit, neither
 * gives ANALYZE_TIME_MS. */
#define ANALYZE_TIME_MS 1000
void analyze_limits(fan_search_limits *out, const cli_value *depth,
                    const cli_value *time_ms, const cli_value *multipv);

/* The start of an analysis line, up to " pv" (the moves follow in the
 * game's notation): "info depth D seldepth S [multipv K] score ... nodes
 * N time MS pv", the score "cp 25", or "win in N" / "loss in N" with N
 * the complete turns (Fanorona) or plies (Fanorona Chess) of both sides
 * until the game ends; "multipv K" when multipv > 1. */
void print_search_line(uint32_t depth, uint32_t seldepth, uint32_t multipv,
                       uint32_t line, int32_t score, uint64_t nodes,
                       uint64_t time_ms);

/* At most this many bytes of a refused line are shown around the fault. */
#define TEXT_WINDOW 100

/* Prints the line of text that holds offset 'at', indented, and a caret
 * under the byte at that offset. A line longer than TEXT_WINDOW bytes is
 * cut to a window around the offset, "..." marking each cut end. Bytes
 * that do not print are shown as '?', so that the caret lines up. */
void print_text_at(FILE *out, const char *text, size_t at);

/* Says on stderr where a text was refused: "PROGRAM: WHAT: REASON (at byte
 * N)" for a one-line text, "PROGRAM: WHAT:LINE:COLUMN: REASON (at byte N)"
 * for a text of several lines (a record), then print_text_at(). */
void print_parse_error(const char *what, const char *text,
                       const fan_parse_error *e);

/* The position to work on: the start, or the position string fen. rules
 * is what --rules of cmd said, or -1: the start and a short-form string
 * take it (stop when it is -1), a full-form string must agree with it.
 * Returns 0 or an exit status, having said why. */
int start_position(fan_position **out, const cli_command *cmd, const char *fen,
                   int rules, const char *what);

/* The game of a record file, replayed; rules as start_position(). */
int position_from_record(fan_position **out, const cli_command *cmd,
                         const char *file, int rules);

#endif

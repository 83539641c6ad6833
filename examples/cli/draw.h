/* SPDX-License-Identifier: MIT */
/* The board in the terminal, shared by 'play' and 'show'. */
#ifndef FANORONA_CLI_DRAW_H
#define FANORONA_CLI_DRAW_H

#include <fanorona.h>

/* Draws the board, rows 5 to 1, with the lines between the points: a
 * diagonal runs through every cell of the grid, from the strong corner.
 * Empty points of destinations show '*', of visited 'o'; the piece on
 * square 'marked' (or -1) is framed [ ]. */
void draw_board(const fan_position *pos, uint64_t destinations,
                uint64_t visited, int marked);
/* What the marks of draw_board() mean. */
void print_legend(void);
/* Lists the steps of origin 'from' (-1: all), captures with what each one
 * removes, paikas several to a line. */
void print_steps(const fan_step *steps, size_t n, int from);
/* "Result: ..." with the reason the game ended, or "Result: ongoing.". */
void print_result(const fan_position *pos);

#endif

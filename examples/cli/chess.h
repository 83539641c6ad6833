/* SPDX-License-Identifier: MIT */
/* The fanorona chess commands (chess.c, chess-play.c): what they share. */
#ifndef FANORONA_CLI_CHESS_H
#define FANORONA_CLI_CHESS_H

#include "options.h"

#include <fanorona-chess.h>

/* The start, or the position string text; 0 or an exit status, having
 * said why (what names the text in the message). */
int chess_position(fan_chess **out, const char *text, const char *what);
/* The board, rank 9 first, and the file letters under it. */
void chess_print_board(const fan_chess *g);

extern const cli_command cli_chess_play;
extern const cli_command cli_chess_analyze;

#endif

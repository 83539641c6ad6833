/* SPDX-License-Identifier: MIT */
/* Fanorona Chess games of fanorona-match (tools/match-chess.c). */
#ifndef FAN_MATCH_CHESS_H
#define FAN_MATCH_CHESS_H

#include "match.h"

/* Plays game g of the match (opening g / 2, A White when g is even);
 * counts it and returns 1, 0 or -1 from A's view. */
int chess_play_game(match *m, int g, player *pa, player *pb);
/* The report's line of how the games ended. */
void chess_report_ends(const match *m);

#endif

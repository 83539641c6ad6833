/* SPDX-License-Identifier: MIT */
/* The players of fanorona-match: their specs, the protocol programs they
 * may be, and how each chooses a turn (tools/match-players.c). */
#ifndef FAN_MATCH_PLAYERS_H
#define FAN_MATCH_PLAYERS_H

#include <fanorona.h>
#include <sys/types.h>

#include "lib/chess-search.h"
#include "lib/search.h"

typedef struct player_spec {
    char text[200];
    enum { P_ENGINE, P_PLAIN, P_UCI, P_GREEDY, P_RANDOM } kind;
    char path[200]; /* P_UCI: the program */
    search_config cfg;           /* Fanorona */
    chess_search_config chess_cfg; /* Fanorona Chess */
    fan_search_limits limits;
    fan_search_options options; /* threads and table of its search handle */
    char tables[200];           /* engine: endgame tables to probe ("") */
} player_spec;

typedef struct player {
    const player_spec *spec;
    fan_search *search;
    uint64_t rng;
    /* the last turn chosen came with a won or lost score (an engine's, or
     * a protocol program's "score mate") */
    int decided;
    /* P_UCI: the running program */
    pid_t pid;
    int to, from;    /* its stdin, stdout */
    char buf[16384]; /* unread output */
    size_t have;
} player;

uint64_t rng_next(uint64_t *state);
double now_ms(void);
/* Reads a spec "KIND[:key=value,...]" (see fanorona-match.c) over the
 * default limits, for Fanorona or (chess) Fanorona Chess; -1 when it
 * cannot be read. */
int parse_spec(player_spec *p, const char *text,
               const fan_search_limits *defaults, int chess);
/* The limits of the player's search for this turn: its own with a fresh
 * seed, or under --tc (clock_ms not NULL) the mover's clock. */
fan_search_limits turn_limits(player *pl, int white, const double clock_ms[2],
                              double inc_ms);
/* A protocol program: started (with the ruleset), told a game begins,
 * stopped. Non-zero when it does not answer. */
int start_program(player *pl, int rules);
int new_game_program(player *pl);
void stop_program(player *pl);
/* The player's turn in pos; clock_ms (white's, black's) and inc_ms under
 * --tc, else NULL. Adds the nodes searched to *nodes. */
int choose(fan_turn *out, player *pl, const fan_position *pos, uint64_t *nodes,
           const double clock_ms[2], double inc_ms);

#endif

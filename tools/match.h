/* SPDX-License-Identifier: MIT */
/* A match of fanorona-match, shared by its two games: the settings, the
 * tallies the jobs add to (under lock) and the calls that add to them
 * (tools/match.c). The game loops are tools/fanorona-match.c
 * (Fanorona) and tools/match-chess.c (Fanorona Chess). */
#ifndef FAN_MATCH_H
#define FAN_MATCH_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "match-players.h"

/* Game ends that are not the rules' own reasons, in match.reasons. */
#define MATCH_REASON_OTHER 5 /* Fanorona: a program failed (forfeit);
                                chess: the length cap (a draw) */
#define MATCH_REASON_TIME 6  /* a clock ran out */

typedef struct match {
    player_spec a, b;
    int games, plies, rules, jobs, verbose;
    int chess;     /* --game chess */
    int max_plies; /* chess: the length cap, plies from the start */
    int end_min, end_max; /* --endgame: openings with this many pieces */
    int balanced_cp; /* --balanced: openings scored within this, or -1 */
    uint64_t seed;
    FILE *records;   /* --records: every game's record, or NULL */
    FILE *positions; /* chess --positions: material and result, or NULL */
    /* shared between jobs */
    pthread_mutex_t lock;
    int next_game;
    int wins, draws, losses; /* from a's view */
    int reasons[7]; /* the game's reason codes, then MATCH_REASON_* */
    /* pairs: each game's score for A (-1, 0, 1; 2 = not yet played) and
     * the finished pairs by A's points in half points (0..4) */
    signed char *score;
    long pairs[5];
    /* --tc: milliseconds on each clock at the start, added after a turn */
    double tc_base_ms, tc_inc_ms;
    /* --sprt */
    int sprt;
    double elo0, elo1, alpha, beta, llr;
    int verdict; /* STATS_SPRT_* once decided */
    long long turns_total;
    uint64_t nodes[2];
    double ms[2];
    long moves[2];
    /* the time of every turn of each side (ms) that had a choice and was
     * not decided, for the spread, and the numbers of forced turns (one
     * legal move) and of decided ones (answered with a won or lost score,
     * where the search may end early) left out; with --tc the losses on
     * time and the least a clock had left after a turn */
    double *turn_ms[2];
    unsigned long nturn[2], turn_cap[2];
    long forced[2], decided[2];
    int time_losses[2];
    double least_left[2];
} match;

/* The generator state of opening k, attempt (the same for both games of
 * the pair). */
uint64_t match_opening_rng(const match *m, int k, int attempt);
/* How a turn counts in the spread of the time a turn: MATCH_TURN_CHOSEN,
 * or left out as MATCH_TURN_FORCED (the only legal one) or
 * MATCH_TURN_DECIDED (the player answered with a won or lost score). */
enum { MATCH_TURN_CHOSEN, MATCH_TURN_FORCED, MATCH_TURN_DECIDED };
/* The kind of the turn pl just chose, of nlegal legal ones. */
int match_turn_kind(const player *pl, size_t nlegal);
/* Adds a turn of A (side 0) or B (1) of kind (MATCH_TURN_*) to the
 * tallies. */
void match_count_turn(match *m, int side, uint64_t nodes, double ms,
                      int kind);
/* Under --tc: takes used_ms off the mover's clock (white's or black's),
 * notes the least clock left, and adds the increment; 1, with a message
 * naming the turn number, when the clock ran out (the turn and the loss
 * on time are then counted). */
int match_clock(match *m, double clock_ms[2], int white, double used_ms,
                int g, const player *pl, int turn, int kind);
/* Counts game g, scored score for A (1, 0, -1), ended by reason after
 * turns turns (plies in chess); under --verbose prints a line with the
 * result's name, the rules' name of the reason (rule) and the running
 * score. */
void match_count_game(match *m, int g, int score, int reason, int turns,
                      const char *result, const char *rule);
/* Prints the result of the match: games, pairs and Elo with intervals,
 * the SPRT, how games ended, speed and time a turn of each side. */
void match_report(const match *m);

#endif

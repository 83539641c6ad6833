/* SPDX-License-Identifier: MIT */
/* fanorona play: the state of a game in the terminal, shared by the game
 * loop (play.c) and the reading of a human's commands (play-input.c). */
#ifndef FANORONA_CLI_PLAY_H
#define FANORONA_CLI_PLAY_H

#include <fanorona.h>

#include <stddef.h>

/* Who plays a side. */
#define HUMAN 0
#define RANDOM 1
#define ENGINE 2

/* The time a turn of plain 'engine' (full strength) may take. */
#define ENGINE_TIME_MS 1000

/* What a command asks the game loop to do next; a negative value is an
 * error code of the library. */
#define ACT_STAY 0   /* prompt again */
#define ACT_REDRAW 1 /* draw the board, then prompt */
#define ACT_QUIT 2   /* the player left */
#define ACT_EOF 3    /* the input ended */

typedef struct game {
    fan_position *pos;
    int player[3];      /* by colour: HUMAN, RANDOM or ENGINE */
    int level[3];       /* by colour, for ENGINE: 0 full strength, 1..10 */
    fan_search *search; /* one handle for the game, when an engine plays */
    uint64_t rng;
    int selected; /* square of the piece the player picked, or -1 */
    int echo;     /* input is not a terminal: repeat it after the prompt */
} game;

/* Reads one line into buf without its newline, trimmed (case is kept: a
 * file name may need it). Returns 0, or EOF at the end of input. */
int read_line(game *g, const char *prompt, char *buf, size_t size);
/* The legal steps now (FAN_STEPS_MAX room in out). */
int steps_now(fan_step *out, size_t *n, const fan_position *pos);
/* Says which turn was just completed (the last one in the history). */
void report_last_turn(const game *g, const char *prefix, const char *who);
/* human, random, engine or engine:LEVEL (1..FAN_SEARCH_MAX_LEVEL; plain
 * engine plays at full strength, level 0): HUMAN, RANDOM or ENGINE with
 * *level set, or -1. Fanorona Chess's players too (chess-play.c). */
int parse_player(const char *text, int *level);
/* Carries out one line a human typed; an ACT_ value or an error code. */
int human_command(game *g, const char *line);

#endif

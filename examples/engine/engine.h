/* SPDX-License-Identifier: MIT */
/* What the two games of fanorona-engine share inside the program: the
 * engine's state (protocol.c) and the Fanorona Chess commands (chess.c)
 * that run on it after "setoption name Variant value fanorona-chess". */
#ifndef FAN_ENGINE_ENGINE_H
#define FAN_ENGINE_ENGINE_H

#include "ponder.h"
#include "protocol.h"

#include <fanorona-chess.h>

#include <pthread.h>
#include <stdatomic.h>

struct engine {
    FILE *out;
    uint32_t cap_depth; /* engine_set_cap() */
    uint64_t cap_nodes;
    fan_search *search;
    fan_tb *tables; /* setoption TablePath: borrowed by the search */
    fan_position *pos;
    int rules;       /* MandatoryContinuation */
    int chess;       /* Variant fanorona-chess: cpos is the game */
    fan_chess *cpos;
    uint32_t hash, threads, multipv, level;
    pthread_mutex_t out_lock;
    /* the search thread */
    pthread_t thread;
    int running;           /* a thread exists that was not joined */
    atomic_int finished;   /* it has printed bestmove */
    int infinite;          /* bestmove waits for stop */
    atomic_int stop_requested;
    fan_search_limits limits;
    fan_position *search_pos;  /* the searched copy, Fanorona */
    fan_chess *search_cpos;    /* or Fanorona Chess */
    ponder ponder; /* go ponder, ponderhit (ponder.c; Fanorona only) */
};

/* One answer line (a newline is added), whole even while the search
 * thread writes too. */
void engine_say(engine *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The next word of *s (ended in place), NULL at the end. */
char *engine_next_token(char **s);
/* One "info depth ..." line of a completed iteration; pv is the line in
 * the game's notation. The score is "cp X", "mate N" or "mate -N" (the
 * search counts turns for Fanorona and plies for chess, the same
 * arithmetic). */
void engine_say_info(engine *e, uint32_t depth, uint32_t seldepth,
                     uint32_t line, int score, uint64_t nodes,
                     uint64_t time_ms, const char *pv);
/* The "info nodes N nps X time T" line said after a search, before its
 * "bestmove": every node of the search, the iteration that the limit
 * stopped included (the "info depth" lines count completed iterations
 * only). */
void engine_say_total(engine *e, uint64_t nodes, uint64_t time_ms);
/* The answers of "position" that refuses a string (the engine is then at
 * the start) or move i (the moves before it are kept), with the
 * library's reason. */
void engine_bad_position(engine *e, const fan_parse_error *err);
void engine_move_refused(engine *e, int i, const char *move, int code,
                         const char *why);
/* After the search: under "go infinite", waits for "stop" (bestmove
 * comes after it). */
void engine_wait_stop(engine *e);

/* Fanorona Chess (chess.c). */
/* "position startpos|fen STRING [moves M...]" with chess moves: fen is
 * NULL for the start or the position string, moves NULL or what follows
 * the word "moves". */
void chess_cmd_position(engine *e, const char *fen, char *moves);
/* "d" (details) and "fen". */
void chess_cmd_show(engine *e, int details);
/* The thread body of "go" on search_cpos. */
void *chess_search_main(void *arg);
/* Back to the start position, for "ucinewgame" and the switch; 0 or a
 * library error, with the old position kept. */
int chess_new_game(engine *e);

#endif

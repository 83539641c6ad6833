/* SPDX-License-Identifier: MIT */
/* The opaque position handle and the internals shared by its modules. */
#ifndef FAN_POSITION_H
#define FAN_POSITION_H

#include "movegen.h"

typedef struct history_entry {
    uint64_t white, black; /* board at the start of the turn */
    uint16_t turns;        /* turns played before it */
    uint8_t stm;           /* 0 white, 1 black */
    fan_path path;         /* the turn played */
} history_entry;

struct fan_position {
    mg_chain cur; /* board (own = side to move) and the turn in progress */
    int stm;      /* 0 white, 1 black */
    int rules;
    int turns;    /* complete turns played */
    int result, reason;
    history_entry *hist;
    size_t nhist, caphist;
    fan_path *redo;
    size_t nredo, capredo;
};

/* Start position: White on rows 1-2, Black on rows 4-5, row 3 B W B W . B W B W. */
#define ROW_MASK(r) ((uint64_t)0x1FF << (9 * (r)))
#define START_WHITE                                                            \
    (ROW_MASK(0) | ROW_MASK(1) | BIT(19) | BIT(21) | BIT(24) | BIT(26))
#define START_BLACK                                                            \
    (ROW_MASK(3) | ROW_MASK(4) | BIT(18) | BIT(20) | BIT(23) | BIT(25))

#define VALID_SQUARE(s) ((s) >= 0 && (s) < BOARD_SQUARES)
#define VALID_RULES(r) ((r) == FAN_RULES_STOP || (r) == FAN_RULES_MUST)
#define VALID_COUNT(k) ((k) == FAN_COUNT_UNIQUE || (k) == FAN_COUNT_PATHS)

static inline uint64_t pos_white(const fan_position *p)
{
    return p->stm == 0 ? p->cur.st.own : p->cur.st.opp;
}

static inline uint64_t pos_black(const fan_position *p)
{
    return p->stm == 0 ? p->cur.st.opp : p->cur.st.own;
}

/* The effect of a path (origin, last landing point, captured set). */
fan_turn path_effect(const fan_path *path);

/* The order of canonical paths (doc/formats.md): 1 when a comes before b,
 * that is when a has fewer steps, or as many and at the first step where
 * they differ a lower landing square, or the same one and approach where
 * b withdraws. */
int path_less(const fan_path *a, const fan_path *b);

/* The turns that can follow a chain state (turns.c), in heap buffers of
 * exactly n entries: TURN_LIST_UNIQUE the unique turns (paths NULL),
 * TURN_LIST_CANONICAL the same with the canonical path of each,
 * TURN_LIST_PATHS every path (turns[i] is the effect of paths[i]), in
 * walk order. FAN_ENOMEM on failure (the list then empty). */
typedef struct turn_list {
    fan_turn *turns;
    fan_path *paths;
    size_t n;
} turn_list;

#define TURN_LIST_UNIQUE 0
#define TURN_LIST_CANONICAL 1
#define TURN_LIST_PATHS 2

int turn_list_build(turn_list *tl, const mg_chain *c, int rules, int what);
void turn_list_free(turn_list *tl);

/* The canonical path of turn t after the chain c; FAN_EILLEGAL when t is
 * not a turn there. */
int canonical_path(fan_path *out, const mg_chain *c, int rules, fan_turn t);

/* Checks the fields of a path: length 1..FAN_PATH_MAX and reserved bytes
 * zero (FAN_EINVAL), squares and captured bits on the board (FAN_ERANGE),
 * known step kinds (FAN_EINVAL). Not whether it is legal anywhere. */
int path_check_fields(const fan_path *path);

/* Applies the steps of path that follow the chain so far in c (the chain
 * must be a prefix of path, or path itself: under stop-at-will ending the
 * chain now is a turn), checking each; FAN_EILLEGAL if one is not legal
 * or the captured set differs. c is undefined after a failure. */
int chain_replay(mg_chain *c, const fan_path *path);

/* Decides the result at a turn boundary (history.c). */
void position_update_result(fan_position *p);
/* Makes room for one more history entry (FAN_ENOMEM: unchanged). */
int position_reserve_history(fan_position *p);
/* Records the finished turn c and passes the move; the history entry must
 * have been reserved. */
void position_finish_turn(fan_position *p, const mg_chain *c);
/* Plays a whole turn, or mid-chain the rest of the turn whose prefix is
 * the chain so far, after checking it on a copy (play.c). */
int position_play_path(fan_position *pos, const fan_path *path);

/* A new handle with the given state (chain included) and no history. */
int position_make(fan_position **out, const mg_chain *cur, int stm,
                  int rules, int turns);

/* Where the game held by p began: the board, side and turn counter at the
 * start of its first recorded turn (or of the turn in progress). */
void position_game_start(const fan_position *p, uint64_t *white,
                         uint64_t *black, int *stm, int *turns);

/* Mixes a board and side into a hash (also used by the search). */
uint64_t board_hash(uint64_t white, uint64_t black, int stm);

#endif

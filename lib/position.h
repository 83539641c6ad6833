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
    return p->stm == 0 ? p->cur.own : p->cur.opp;
}

static inline uint64_t pos_black(const fan_position *p)
{
    return p->stm == 0 ? p->cur.opp : p->cur.own;
}

/* The effect of a path (origin, last landing point, captured set). */
fan_turn path_effect(const fan_path *path);

/* A growing list of the turns that can follow a state, optionally with one
 * entry per effect (unique). Allocates; err is FAN_ENOMEM on failure. */
typedef struct turn_list {
    fan_path *paths;
    size_t n, cap;
    size_t group_start; /* first entry with the current origin */
    int unique;
    int err;
} turn_list;

int turn_list_build(turn_list *tl, const mg_chain *c, int rules, int unique);
void turn_list_free(turn_list *tl);

/* Checks the fields of a path: length 1..FAN_PATH_MAX and reserved bytes
 * zero (FAN_EINVAL), squares and captured bits on the board (FAN_ERANGE),
 * known step kinds (FAN_EINVAL). Not whether it is legal anywhere. */
int path_check_fields(const fan_path *path);

/* Applies the steps of path that follow the chain so far in c (the chain
 * must be a prefix of path, or path itself: under stop-at-will ending the
 * chain now is a turn), checking each; FAN_EILLEGAL if one is not legal
 * or the captured set differs. c is undefined after a failure. */
int chain_replay(mg_chain *c, const fan_path *path);

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

/* SPDX-License-Identifier: MIT */
/* Fanorona Chess internals: the position state, the move generator and
 * the handle. Inside the library every point is a Fanorona square
 * (lib/board.h), so that the one table of lines serves both games; points
 * and directions are turned into chess coordinates only at the public API
 * (BOARD_FROM_CHESS / BOARD_TO_CHESS). Nothing here shares the Fanorona
 * rules code. */
#ifndef FAN_CHESS_INTERNAL_H
#define FAN_CHESS_INTERNAL_H

#include "board.h"
#include "fanorona-chess.h"

#define CHESS_WHITE 0 /* side indexes; the API's colours are side + 1 */
#define CHESS_BLACK 1
#define CHESS_NONE 0xFF /* an unset square in chess_state.king */
#define CHESS_POOL_TYPES 4 /* queen, rook, bishop, knight */
#define CHESS_POOL_INDEX(type) ((type) - FAN_CHESS_QUEEN)
/* A piece code: FAN colour << 3 | type, as fan_chess_piece() returns. */
#define CHESS_CODE(side, type) ((uint8_t)((((side) + 1) << 3) | (type)))
#define CHESS_SIDE(code) (((code) >> 3) - 1)
#define CHESS_TYPE(code) ((code) & 7)

/* The state of a position. The fields up to and including pool are what
 * repetition compares (they are bytes, so there is no padding inside). */
typedef struct chess_state {
    uint8_t piece[BOARD_SQUARES]; /* 0 or a piece code, by Fanorona square */
    uint8_t stm;                  /* CHESS_WHITE or CHESS_BLACK */
    uint8_t unmoved;              /* bit side: that king has not moved */
    uint8_t pool[2][CHESS_POOL_TYPES];
    /* end of the repetition key */
    uint8_t king[2];   /* each side's king square, or CHESS_NONE */
    uint16_t halfmove; /* plies since a capture or a pawn move */
    uint32_t fullmove; /* 1 at the start, grows after Black's move */
    uint64_t occ[2];   /* each side's pieces */
} chess_state;

/* The largest move number; the counter stops there, so that every
 * position written reads back. */
#define CHESS_FULLMOVE_MAX 999999u

#define CHESS_KEY_SIZE (BOARD_SQUARES + 2 + 2 * CHESS_POOL_TYPES)

/* Moves inside the library have the public layout (fan_chess_move) with
 * Fanorona squares in place of chess points. */
#define CHESS_MOVE(from, to, kind, cap, promo)                                 \
    FAN_CHESS_MOVE_MAKE(from, to, kind, cap, promo)

/* The start position. */
FAN_INTERNAL void chess_start(chess_state *s);
/* Is side's king capturable by the other side (the notes' "in check")?
 * 0 when side has no king. */
FAN_INTERNAL int chess_attacked(const chess_state *s, int side);
/* Its moves ignoring its own king's safety (compulsion, promotion and the
 * king's knight move applied), into out (FAN_CHESS_MOVES_MAX room). */
FAN_INTERNAL int chess_pseudo(const chess_state *s, fan_chess_move *out);
/* The legal moves of the side to move into out (FAN_CHESS_MOVES_MAX
 * room); returns their number. Ignores the end of the game. */
FAN_INTERNAL int chess_legal(const chess_state *s, fan_chess_move *out);
/* Plays a legal (or at least pseudo-legal) move. */
FAN_INTERNAL void chess_make(chess_state *s, fan_chess_move m);
/* Internal move <-> public move. */
FAN_INTERNAL fan_chess_move chess_move_public(fan_chess_move m);
FAN_INTERNAL fan_chess_move chess_move_internal(fan_chess_move m);

struct fan_chess {
    chess_state *states;   /* states[0] the set-up, states[i] after i moves */
    fan_chess_move *moves; /* moves[i] played from states[i] (internal form) */
    size_t ply, top, cap;  /* current index, last replayable index, room */
    int result, reason;
};

/* The position now. */
static inline const chess_state *chess_cur(const fan_chess *g)
{
    return &g->states[g->ply];
}

/* A handle holding the single state s (its result computed). */
FAN_INTERNAL int chess_handle_new(fan_chess **out, const chess_state *s);

#endif

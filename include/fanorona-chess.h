/* SPDX-License-Identifier: MIT */
/**
 * libfanorona: Fanorona Chess (Peter Aronson, 2004), chess pieces on the
 * Fanorona board with approach and withdrawal captures. The rules as the
 * library applies them, the notation and the position string are in
 * doc/fanorona-chess.md.
 *
 * Conventions (those of fanorona.h, whose error codes and fan_parse_error
 * this header reuses):
 * - Points are integers 0..44 in chess coordinates: point = file + 5 * rank
 *   with files a..e = 0..4 and ranks 1..9 = 0..8; a1 = 0, e1 = 4, c9 = 42,
 *   e9 = 44. Point sets are uint64_t masks, bit n = point n. (This is the
 *   Fanorona board turned a quarter turn; Fanorona's own square numbers are
 *   not used here.)
 * - Functions return FAN_OK or a negative FAN_E* code and change nothing
 *   when they refuse; getters return their value or a negative code.
 *   Out-parameters come first; text goes into caller buffers
 *   (buf, size, needed) as in fanorona.h.
 * - A fan_chess handle is not thread-safe; distinct handles may be used
 *   from distinct threads. No global mutable state.
 */
#ifndef FANORONA_CHESS_H
#define FANORONA_CHESS_H

#include "fanorona.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FAN_CHESS_FILES 5
#define FAN_CHESS_RANKS 9
#define FAN_CHESS_POINTS 45
#define FAN_CHESS_POINT(file, rank) ((file) + 5 * (rank)) /* 0-based */
#define FAN_CHESS_NO_POINT 63

/* Piece types. */
#define FAN_CHESS_KING 1
#define FAN_CHESS_QUEEN 2
#define FAN_CHESS_ROOK 3
#define FAN_CHESS_BISHOP 4
#define FAN_CHESS_KNIGHT 5
#define FAN_CHESS_PAWN 6

/* fan_chess_piece() returns 0 (FAN_EMPTY) or colour << 3 | type, the
 * colour being FAN_WHITE or FAN_BLACK. */
#define FAN_CHESS_PIECE_COLOR(p) ((p) >> 3)
#define FAN_CHESS_PIECE_TYPE(p) ((p) & 7)

/* Move kinds. FAN_CHESS_ANY is accepted only as input: "whichever fits". */
#define FAN_CHESS_ANY 0
#define FAN_CHESS_PLAIN 1        /* no capture */
#define FAN_CHESS_APPROACH 2     /* captures the piece beyond the landing point */
#define FAN_CHESS_WITHDRAWAL 3   /* captures the piece behind the origin */
#define FAN_CHESS_KING_KNIGHT 4  /* the king's first-move knight move */

/**
 * A move, a 32-bit value with a fixed layout:
 *   bits  0..5   origin point (0..44)
 *   bits  6..11  destination point (0..44)
 *   bits 12..14  kind (FAN_CHESS_PLAIN .. FAN_CHESS_KING_KNIGHT)
 *   bits 15..20  captured point, FAN_CHESS_NO_POINT (63) when none
 *   bits 21..23  promotion piece type (FAN_CHESS_QUEEN .. _KNIGHT) or 0
 *   bits 24..31  zero
 * Two legal moves of a position are equal exactly when their values are.
 */
typedef uint32_t fan_chess_move;

#define FAN_CHESS_MOVE_FROM(m) ((int)((m) & 63u))
#define FAN_CHESS_MOVE_TO(m) ((int)(((m) >> 6) & 63u))
#define FAN_CHESS_MOVE_KIND(m) ((int)(((m) >> 12) & 7u))
#define FAN_CHESS_MOVE_CAPTURED(m) ((int)(((m) >> 15) & 63u))
#define FAN_CHESS_MOVE_PROMOTION(m) ((int)(((m) >> 21) & 7u))
#define FAN_CHESS_MOVE_MAKE(from, to, kind, captured, promotion)               \
    ((fan_chess_move)((uint32_t)(from) | ((uint32_t)(to) << 6) |               \
                      ((uint32_t)(kind) << 12) | ((uint32_t)(captured) << 15) | \
                      ((uint32_t)(promotion) << 21)))

/**
 * The most legal moves a position can have. A side has at most the
 * pieces of its start (promotion brings back only pieces captured before),
 * and a (route, destination) has at most two versions (approach,
 * withdrawal), times four promotion pieces for a pawn. A slider's
 * approach is possible only at the last point of a ray, so a slider has at
 * most (points it reaches) + (lines it uses) moves: queen 20 + 8, rook
 * 12 + 4, bishop 8 + 4; a knight 8 x 2; a king 8 x 2 steps plus 8 knight
 * moves; a pawn 3 x 2 x 4. With K, Q, 2 R, 2 B, 2 N and 5 P:
 * 24 + 28 + 32 + 24 + 32 + 120 = 260.
 */
#define FAN_CHESS_MOVES_MAX 260

/* Results are FAN_ONGOING, FAN_WHITE_WINS, FAN_BLACK_WINS, FAN_DRAW. */
#define FAN_CHESS_REASON_NONE 0
#define FAN_CHESS_REASON_CHECKMATE 1   /* no legal move, in check: loses */
#define FAN_CHESS_REASON_STALEMATE 2   /* no legal move, not in check: loses */
#define FAN_CHESS_REASON_REPETITION 3  /* the position occurred a third time */
#define FAN_CHESS_REASON_FIFTY_MOVES 4 /* 100 plies without capture or pawn move */

/* fan_chess_choices() flags. */
#define FAN_CHESS_CHOOSE_MODE 1u      /* approach and withdrawal both legal */
#define FAN_CHESS_CHOOSE_PROMOTION 2u /* more than one promotion piece */

typedef struct fan_chess fan_chess;

/* ------------------------------------------------------------------ */
/* Handle                                                              */

/** A new game at the start position. FAN_EINVAL, FAN_ENOMEM. */
FAN_API int fan_chess_new(fan_chess **out);
/** A deep copy, history included. */
FAN_API int fan_chess_clone(fan_chess **out, const fan_chess *pos);
/** Frees a handle; NULL is a no-op. */
FAN_API void fan_chess_free(fan_chess *pos);

/* ------------------------------------------------------------------ */
/* Queries                                                             */

/** 0 for an empty point, else colour << 3 | type; FAN_ERANGE, FAN_EINVAL. */
FAN_API int fan_chess_piece(const fan_chess *pos, int point);
/** The points of one colour's pieces of one type (type 0: all of them). */
FAN_API int fan_chess_pieces(uint64_t *out, const fan_chess *pos, int color,
                             int type);
/** FAN_WHITE or FAN_BLACK. */
FAN_API int fan_chess_side_to_move(const fan_chess *pos);
/** 1 when that colour's king has not moved yet, else 0. */
FAN_API int fan_chess_king_unmoved(const fan_chess *pos, int color);
/** How many pieces of type (QUEEN..KNIGHT) colour may promote to. */
FAN_API int fan_chess_pool_count(const fan_chess *pos, int color, int type);
/** Plies since the last capture or pawn move. */
FAN_API int fan_chess_halfmove_clock(const fan_chess *pos);
/** The move number (1 at the start, grows after Black's move). */
FAN_API int fan_chess_move_number(const fan_chess *pos);
/** 1 when the side to move is in check, else 0. */
FAN_API int fan_chess_in_check(const fan_chess *pos);
/** FAN_ONGOING, FAN_WHITE_WINS, FAN_BLACK_WINS or FAN_DRAW. */
FAN_API int fan_chess_result(const fan_chess *pos);
/** FAN_CHESS_REASON_*. */
FAN_API int fan_chess_result_reason(const fan_chess *pos);
/** A static English name of a reason ("" for unknown values). */
FAN_API const char *fan_chess_reason_name(int reason);
/** 1 when a and b have the same pieces, side to move, kings' flags, pools
 *  and clocks (history not compared), 0 otherwise, or FAN_EINVAL. */
FAN_API int fan_chess_equal(const fan_chess *a, const fan_chess *b);

/* ------------------------------------------------------------------ */
/* Moves                                                               */

/**
 * The legal moves, in a fixed order. Writes up to capacity moves to out
 * (NULL allowed with capacity 0) and the total to *count; FAN_EBUFS when
 * capacity is short (FAN_CHESS_MOVES_MAX is always enough). An ended game
 * has none.
 */
FAN_API int fan_chess_moves(fan_chess_move *out, size_t capacity,
                            size_t *count, const fan_chess *pos);
/** Plays a legal move (a value from fan_chess_moves()); FAN_EILLEGAL,
 *  FAN_EGAMEOVER. Clears the moves that redo could replay. */
FAN_API int fan_chess_play(fan_chess *pos, fan_chess_move move);
/**
 * Plays the move from -> to. kind may be FAN_CHESS_ANY and promotion 0
 * when only one legal move fits; FAN_EAMBIGUOUS when several do (see
 * fan_chess_choices()), never a guess. FAN_ERANGE for a bad point.
 */
FAN_API int fan_chess_play_points(fan_chess *pos, int from, int to,
                                  int kind, int promotion);
/** Takes back the last move; FAN_ENOHISTORY at the start of the history. */
FAN_API int fan_chess_undo(fan_chess *pos);
/** Replays the last move undone; FAN_ENOHISTORY when there is none. */
FAN_API int fan_chess_redo(fan_chess *pos);
/** Number of moves that fan_chess_undo() can take back. */
FAN_API int fan_chess_history_length(const fan_chess *pos);
/** The move of ply index (0 = the first played in this handle). */
FAN_API int fan_chess_history_move(fan_chess_move *out, const fan_chess *pos,
                                   int index);

/* UI helpers */
/** The points of the pieces that have a legal move. */
FAN_API int fan_chess_movable(uint64_t *out, const fan_chess *pos);
/** The legal destinations of the piece on point. */
FAN_API int fan_chess_destinations(uint64_t *out, const fan_chess *pos,
                                   int point);
/** The legal moves of the piece on point, each with the point it would
 *  capture (the preview); as fan_chess_moves() for capacity and count. */
FAN_API int fan_chess_moves_from(fan_chess_move *out, size_t capacity,
                                 size_t *count, const fan_chess *pos,
                                 int point);
/* The longest reason fan_chess_explain_move() writes, NUL included. */
#define FAN_CHESS_EXPLAIN_MAX 160

/**
 * Says whether fan_chess_play_points(pos, from, to, kind, promotion) would
 * play a move, without playing it: returns the code that call would
 * return (FAN_OK, FAN_EINVAL, FAN_ERANGE, FAN_EGAMEOVER, FAN_EILLEGAL or
 * FAN_EAMBIGUOUS) and writes an English reason into buf ("" for FAN_OK),
 * e.g. "c3-c4 would leave the king in check" or "b5-c5 is not a plain
 * move: capture is compulsory". Buffer rules of fan_chess_to_string(),
 * FAN_EBUFS only when the reason does not fit (FAN_CHESS_EXPLAIN_MAX
 * always does). pos is only read.
 */
FAN_API int fan_chess_explain_move(char *buf, size_t size, size_t *needed,
                                   const fan_chess *pos, int from, int to,
                                   int kind, int promotion);
/** FAN_CHESS_CHOOSE_* flags for the move from -> to: what the player must
 *  name; FAN_EILLEGAL when there is no legal move from -> to. */
FAN_API int fan_chess_choices(uint32_t *out, const fan_chess *pos, int from,
                              int to);

/* ------------------------------------------------------------------ */
/* Perft                                                               */

#define FAN_CHESS_PERFT_MAX_DEPTH 64

/** Counts the legal move sequences of depth plies (repetition and the
 *  50-move rule ignored; a position without a legal move has no
 *  children). FAN_ERANGE above FAN_CHESS_PERFT_MAX_DEPTH. */
FAN_API int fan_chess_perft(uint64_t *out, const fan_chess *pos,
                            unsigned depth);

typedef struct fan_chess_perft_entry {
    fan_chess_move move; /* the root move */
    uint32_t reserved;   /* zero */
    uint64_t nodes;      /* count below it (depth - 1) */
} fan_chess_perft_entry;

/** perft split by root move; capacity and count as fan_chess_moves();
 *  depth 0 is FAN_ERANGE. */
FAN_API int fan_chess_perft_divide(fan_chess_perft_entry *out,
                                   size_t capacity, size_t *count,
                                   const fan_chess *pos, unsigned depth);

/* ------------------------------------------------------------------ */
/* Text (doc/fanorona-chess.md)                                        */

/* The longest position string fan_chess_to_string() writes, NUL included. */
#define FAN_CHESS_STRING_MAX 96
/* The longest move text fan_chess_move_to_string() writes, NUL included. */
#define FAN_CHESS_MOVE_STRING_MAX 12

/**
 * Reads a position string, e.g. the start
 * "nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1". Strict:
 * FAN_EPARSE for anything else, FAN_EPOSITION for an impossible position
 * (a king missing or doubled, more pieces of a type than a side starts
 * with, counting its pool, a pawn on its far rank, a king's flag with the
 * king off its start point, the side not to move in check); a clock
 * above 100 (the game ends at 100) is FAN_EPARSE. error (may be NULL) gets
 * the byte offset and the reason.
 */
FAN_API int fan_chess_from_string(fan_chess **out, const char *text,
                                  fan_parse_error *error);
/** Writes the position string; buffer rules of fan_position_to_string(). */
FAN_API int fan_chess_to_string(char *buf, size_t size, size_t *needed,
                                const fan_chess *pos);
/**
 * Writes a legal move of pos in long algebraic form with the piece letter:
 * "Pc3-c4", "Kc1-a2", "Qc2-c5A" (the mode letter only where both modes are
 * legal), "Pb8-b9=Q". FAN_EILLEGAL for a move that is not legal in pos.
 */
FAN_API int fan_chess_move_to_string(char *buf, size_t size, size_t *needed,
                                     const fan_chess *pos,
                                     fan_chess_move move);
/**
 * Reads a move and resolves it against the legal moves of pos. The mode
 * letter may be given where it is optional; the promotion piece may be
 * left out when the pool offers one type only. FAN_EPARSE, FAN_EILLEGAL,
 * FAN_EAMBIGUOUS, FAN_EGAMEOVER with offset and reason in error.
 */
FAN_API int fan_chess_parse_move(fan_chess_move *out, const fan_chess *pos,
                                 const char *text, fan_parse_error *error);
/**
 * Writes the game held by pos as a record (doc/fanorona-chess.md): tags
 * Start (when the game did not begin at the standard start), Result and,
 * once it has ended, Reason, then the moves played from the handle's first
 * position to now, numbered by ply ("1. Pc3-c4 2. Pc7-c6"). Buffer rules
 * of fan_chess_to_string(); a game has no fixed maximum length, *needed
 * says how much room it takes.
 */
FAN_API int fan_chess_record_write(char *buf, size_t size, size_t *needed,
                                   const fan_chess *pos);
/**
 * Reads a record and replays it, checking every move, into a new handle
 * whose history covers the whole game. FAN_EPARSE for malformed text, an
 * invalid Start (offset inside the tag) or a Result or Reason that the
 * game does not reach; FAN_EILLEGAL, FAN_EAMBIGUOUS or FAN_EGAMEOVER for a
 * move that cannot be played (the message starts with "move N:");
 * FAN_ENOMEM. A refused record creates no handle.
 */
FAN_API int fan_chess_record_read(fan_chess **out, const char *text,
                                  fan_parse_error *error);
/** Point name ("a1".."e9") into buf (at least 3 bytes); FAN_ERANGE. */
FAN_API int fan_chess_point_name(char *buf, size_t size, int point);
/** Parses "a1".."e9"; returns the point or FAN_EPARSE. */
FAN_API int fan_chess_point_parse(const char *text);

/* ------------------------------------------------------------------ */
/* Pictures                                                            */

#define FAN_CHESS_SVG_COORDINATES 1u /* label the files and ranks */
/* The longest picture fan_chess_svg() writes, NUL included. */
#define FAN_CHESS_SVG_MAX 32768

/**
 * Draws the position as a standalone SVG image (ASCII, White at the
 * bottom) into buf, with the buffer rules of fan_chess_to_string()
 * (FAN_CHESS_SVG_MAX is always enough): the lines, a dot on each strong
 * point, the pieces as discs with their letter, and on request the points
 * of highlight marked (FAN_ERANGE for a bit above 44) and move drawn as an
 * arrow (a knight-shaped one through its first point) with its captured
 * point crossed out. move may be NULL; it must be well formed (points in
 * range, a known kind and promotion piece: FAN_EINVAL otherwise) but need
 * not be legal, so it may show the move just played. flags: 0 or
 * FAN_CHESS_SVG_COORDINATES. Classes for styling: "piece white",
 * "piece black", "strong", "highlight", "arrow", "captured".
 */
FAN_API int fan_chess_svg(char *buf, size_t size, size_t *needed,
                          const fan_chess *pos, uint64_t highlight,
                          const fan_chess_move *move, uint32_t flags);

/* ------------------------------------------------------------------ */
/* Search                                                              */

/**
 * One principal variation of a Fanorona Chess search, 304 bytes in
 * version 1. Scores use the FAN_SCORE_* encoding of fanorona.h with n
 * counted in plies (moves of either side): the side to move mated or
 * stalemated n plies ahead (both lose) scores FAN_SCORE_WIN - n for the
 * winner and -(FAN_SCORE_WIN - n) for the loser, so FAN_SCORE_TURNS(score)
 * reads plies here; repetition and the 50-move rule score 0; every other
 * score is in hundredths of a pawn from the side to move's view. The
 * moves are public values (fan_chess_moves()), each legal after the
 * previous; a longer line is cut at FAN_SEARCH_PV_MAX.
 */
typedef struct fan_chess_search_result {
    uint32_t version;    /* FAN_CHESS_SEARCH_RESULT_VERSION */
    int32_t score;       /* see above */
    fan_chess_move best; /* the move to play (pv[0]) */
    uint32_t depth;      /* last completed full-width depth, plies */
    uint32_t seldepth;   /* deepest ply reached, quiescence included */
    uint32_t line;       /* 1-based multi-PV index */
    uint32_t pv_length;  /* moves in pv, 1..FAN_SEARCH_PV_MAX */
    uint32_t reserved;   /* zero */
    uint64_t nodes;      /* positions searched, all threads */
    uint64_t time_ms;    /* since the search began */
    fan_chess_move pv[FAN_SEARCH_PV_MAX];
} fan_chess_search_result;

#define FAN_CHESS_SEARCH_RESULT_VERSION 1

/** Zeroes *out and sets its version to FAN_CHESS_SEARCH_RESULT_VERSION.
 *  FAN_EINVAL for NULL. */
FAN_API int fan_chess_search_result_init(fan_chess_search_result *out);

/** Called after each completed iteration, once per line, on the thread of
 *  fan_chess_search_run(); a non-zero return stops the search (as
 *  fan_search_stop() would). line is a result of the library's own
 *  version, valid during the call only. */
typedef int (*fan_chess_search_progress)(void *user,
                                         const fan_chess_search_result *line);

/**
 * Searches the Fanorona Chess position pos (only read) and writes the best
 * line to out, with the handle of the Fanorona search: fan_search_new(),
 * fan_search_configure() (threads, table size), fan_search_clear(),
 * fan_search_stop() from any thread and fan_search_free() apply as they
 * do to fan_search_run(), and one handle runs one search (of either game)
 * at a time. The limits are those of fan_search_run() with depth in
 * plies: max_depth, max_nodes, time_ms, clock_ms / increment_ms /
 * moves_to_go, multipv (lines in out and the callback, best first, each
 * with a distinct first move), level 1..10 (weaker play, randomised by
 * seed) and seed; limits may be NULL (FAN_SEARCH_LIMITS_INIT), progress
 * may be NULL. The game history of pos counts for threefold repetition
 * and its clock for the 50-move rule.
 *
 * Determinism: with one thread and a depth or node limit (no time
 * limit) the result, node count included, depends only on pos, limits
 * and the state of the handle, which fan_search_clear() resets.
 *
 * out->version must be set (fan_chess_search_result_init()). Errors:
 * FAN_EINVAL (NULL out, search or pos, an unknown result or limits
 * version, a non-zero reserved field of limits), FAN_ERANGE (a limit out
 * of range, as for fan_search_run()), FAN_EGAMEOVER (the game has ended),
 * FAN_ENOMEM. A refused call writes nothing.
 */
FAN_API int fan_chess_search_run(fan_chess_search_result *out,
                                 fan_search *search, const fan_chess *pos,
                                 const fan_search_limits *limits,
                                 fan_chess_search_progress progress,
                                 void *user);

#ifdef __cplusplus
}
#endif

#endif /* FANORONA_CHESS_H */

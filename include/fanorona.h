/* SPDX-License-Identifier: MIT */
/**
 * libfanorona: the rules of Fanorona (Fanoron-Tsivy) as a C library.
 *
 * Conventions (see doc/api.md):
 * - Squares are integers 0..44: square = (row - 1) * 9 + column, with columns
 *   a..i = 0..8 and rows 1..5 bottom to top. a1 = 0, e3 = 22, i5 = 44.
 * - Square sets are uint64_t masks, bit n = square n; bits 45..63 are never set.
 * - Functions return int: FAN_OK (0) or a negative FAN_E* code; a refused call
 *   changes nothing. Getters that return a value return it directly, or a
 *   negative FAN_E* code when their arguments are wrong.
 * - Out-parameters come first and are named out.
 * - A fan_position is not thread-safe; distinct positions may be used from
 *   distinct threads at once. The library has no global mutable state.
 */
#ifndef FANORONA_H
#define FANORONA_H

#include <stddef.h>
#include <stdint.h>

#include "fanorona-version.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(FAN_BUILDING_LIBRARY)
#define FAN_API __declspec(dllexport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#define FAN_API __attribute__((visibility("default")))
#else
#define FAN_API
#endif

/* ------------------------------------------------------------------ */
/* Error codes (values are pinned and never change).                   */

#define FAN_OK 0
#define FAN_EINVAL (-1)     /* a NULL pointer, unknown enum value or flag */
#define FAN_ERANGE (-2)     /* a square outside 0..44 or a count out of range */
#define FAN_EILLEGAL (-3)   /* the step or turn is not legal in this position */
#define FAN_EAMBIGUOUS (-4) /* the step allows approach and withdrawal: name one */
#define FAN_EGAMEOVER (-5)  /* the game has ended; no step or turn may be played */
#define FAN_ENOMEM (-6)     /* memory could not be allocated */
#define FAN_EBUFS (-7)      /* the caller's buffer is too small; *needed says how large */
#define FAN_EPARSE (-8)     /* text could not be parsed */
#define FAN_ENOHISTORY (-9) /* nothing to undo or redo */
#define FAN_ESTATE (-10)    /* not possible in the current turn state */
#define FAN_EPOSITION (-11) /* the position described is impossible */

/** A static, readable English text for an error code (never NULL). */
FAN_API const char *fan_strerror(int code);

/* ------------------------------------------------------------------ */
/* Version                                                             */

/** FAN_VERSION_NUMBER of the library actually loaded. */
FAN_API uint32_t fan_version_number(void);
/** FAN_VERSION_STRING of the library actually loaded (static string). */
FAN_API const char *fan_version_string(void);

/* ------------------------------------------------------------------ */
/* Board constants                                                     */

#define FAN_SQUARES 45
#define FAN_COLUMNS 9
#define FAN_ROWS 5
#define FAN_BOARD_MASK ((uint64_t)0x1FFFFFFFFFFFull) /* bits 0..44 */
#define FAN_SQUARE(col, row) ((col) + 9 * (row)) /* col 0..8, row 0..4 */
#define FAN_MAX_PIECES 22                         /* per side */

/* Piece values returned by fan_position_piece(); colours. */
#define FAN_EMPTY 0
#define FAN_WHITE 1
#define FAN_BLACK 2

/* Rulesets: whether a capture chain may stop at will. */
#define FAN_RULES_STOP 0 /* default: a chain may end after any segment */
#define FAN_RULES_MUST 1 /* a chain goes on while a continuation exists */

/* Directions (the directed unit vector of a step). */
#define FAN_DIR_E 0
#define FAN_DIR_NE 1
#define FAN_DIR_N 2
#define FAN_DIR_NW 3
#define FAN_DIR_W 4
#define FAN_DIR_SW 5
#define FAN_DIR_S 6
#define FAN_DIR_SE 7

/* Step kinds. FAN_STEP_ANY is accepted only as input: "whichever fits". */
#define FAN_STEP_ANY 0
#define FAN_STEP_PAIKA 1
#define FAN_STEP_APPROACH 2
#define FAN_STEP_WITHDRAWAL 3

/* Game results and their reasons. */
#define FAN_ONGOING 0
#define FAN_WHITE_WINS 1
#define FAN_BLACK_WINS 2
#define FAN_DRAW 3

#define FAN_REASON_NONE 0
#define FAN_REASON_NO_PIECES 1    /* the player to move has no pieces */
#define FAN_REASON_NO_MOVES 2     /* the player to move has no legal turn */
#define FAN_REASON_REPETITION 3   /* the position occurred a third time */
#define FAN_REASON_TURN_LIMIT 4   /* 400 complete turns were played */

#define FAN_TURN_LIMIT 400

/* Perft counts. */
#define FAN_COUNT_UNIQUE 0 /* one turn per (origin, destination, captured set) */
#define FAN_COUNT_PATHS 1  /* every distinct legal sequence of segments */

/* ------------------------------------------------------------------ */
/* Value types with a fixed layout (never changed once released).      */

/**
 * A complete turn, identified by its effect: captured set in bits 0..44,
 * origin in bits 45..50, destination in bits 51..56; bits 57..63 are zero.
 * A paika has an empty captured set. Turns with equal values give equal
 * positions; the path that produced a turn can be recovered with
 * fan_position_turn_path().
 */
typedef uint64_t fan_turn;

#define FAN_TURN_CAPTURED(t) ((uint64_t)(t) & FAN_BOARD_MASK)
#define FAN_TURN_FROM(t) ((int)(((uint64_t)(t) >> 45) & 63u))
#define FAN_TURN_TO(t) ((int)(((uint64_t)(t) >> 51) & 63u))
#define FAN_TURN_MAKE(from, to, captured)                                      \
    (((uint64_t)(captured) & FAN_BOARD_MASK) | ((uint64_t)(from) << 45) |      \
     ((uint64_t)(to) << 51))

/** One step of a turn: a paika, or one capture segment. 16 bytes. */
typedef struct fan_step {
    uint64_t captures;  /* pieces this step removes (the preview); 0 for paika */
    uint8_t from;       /* 0..44 */
    uint8_t to;         /* 0..44 */
    uint8_t kind;       /* FAN_STEP_PAIKA, _APPROACH or _WITHDRAWAL */
    uint8_t direction;  /* FAN_DIR_* from 'from' to 'to' */
    uint8_t reserved[4]; /* zero */
} fan_step;

#define FAN_PATH_MAX 24 /* a chain has at most 22 segments */

/** A whole turn as the sequence of its steps. 64 bytes. */
typedef struct fan_path {
    uint64_t captured;          /* union of all steps' captures */
    uint8_t from;               /* origin of the first step */
    uint8_t length;             /* number of steps, 1..FAN_PATH_MAX */
    uint8_t reserved[6];        /* zero */
    uint8_t to[FAN_PATH_MAX];   /* landing square of each step */
    uint8_t kind[FAN_PATH_MAX]; /* FAN_STEP_* of each step */
} fan_path;

/* Upper bound of the number of steps fan_position_steps() can return. */
#define FAN_STEPS_MAX 352

/* ------------------------------------------------------------------ */
/* Position handle                                                     */

typedef struct fan_position fan_position;

/** A new game at the start position with the given ruleset. */
FAN_API int fan_position_new(fan_position **out, int rules);

/**
 * A new game from a set-up board: white and black masks (disjoint, at most
 * 22 pieces each, within FAN_BOARD_MASK), the side to move and the ruleset.
 * Returns FAN_EPOSITION for an impossible board.
 */
FAN_API int fan_position_new_custom(fan_position **out, uint64_t white,
                                    uint64_t black, int side_to_move,
                                    int rules);

/** A deep copy, history and all. */
FAN_API int fan_position_clone(fan_position **out, const fan_position *pos);

/** Frees a position; NULL is a no-op. */
FAN_API void fan_position_free(fan_position *pos);

/** FAN_EMPTY, FAN_WHITE or FAN_BLACK at the square; FAN_ERANGE/FAN_EINVAL. */
FAN_API int fan_position_piece(const fan_position *pos, int square);
/** The mask of one colour's pieces. */
FAN_API int fan_position_pieces(uint64_t *out, const fan_position *pos,
                                int color);
/** FAN_WHITE or FAN_BLACK. */
FAN_API int fan_position_side_to_move(const fan_position *pos);
/** FAN_RULES_STOP or FAN_RULES_MUST. */
FAN_API int fan_position_rules(const fan_position *pos);
/** Complete turns played since the start of the game (both sides counted). */
FAN_API int fan_position_turns_played(const fan_position *pos);
/** FAN_ONGOING, FAN_WHITE_WINS, FAN_BLACK_WINS or FAN_DRAW. */
FAN_API int fan_position_result(const fan_position *pos);
/** FAN_REASON_*: why the game ended (FAN_REASON_NONE while it goes on). */
FAN_API int fan_position_result_reason(const fan_position *pos);
/** Static English names for results and reasons ("" for unknown values). */
FAN_API const char *fan_result_name(int result);
FAN_API const char *fan_reason_name(int reason);
/** 1 when two positions have the same board, side to move, ruleset and
 *  turn state (history is not compared), 0 otherwise, or FAN_EINVAL. */
FAN_API int fan_position_equal(const fan_position *a, const fan_position *b);
/** A 64-bit hash of board and side to move (equal positions hash equal). */
FAN_API int fan_position_hash(uint64_t *out, const fan_position *pos);

/* ------------------------------------------------------------------ */
/* Turn level                                                          */

/**
 * The legal complete turns, one per (origin, destination, captured set).
 * Writes up to capacity turns to out (which may be NULL when capacity is 0)
 * and the total number to *count. FAN_EBUFS when capacity is too small.
 * Only at the start of a turn (FAN_ESTATE mid-chain); an ended game has none.
 */
FAN_API int fan_position_turns(fan_turn *out, size_t capacity, size_t *count,
                               const fan_position *pos);
/** Every distinct legal path (sequence of steps); as fan_position_turns(). */
FAN_API int fan_position_paths(fan_path *out, size_t capacity, size_t *count,
                               const fan_position *pos);
/** Plays a complete turn given by its effect. */
FAN_API int fan_position_play_turn(fan_position *pos, fan_turn turn);
/** Plays a complete turn given as a path; under must-continue the path must
 *  be a whole chain. */
FAN_API int fan_position_play_path(fan_position *pos, const fan_path *path);
/** A canonical path (the first one in generation order) for a legal turn. */
FAN_API int fan_position_turn_path(fan_path *out, const fan_position *pos,
                                   fan_turn turn);
/** The effect of a path. */
FAN_API int fan_path_turn(fan_turn *out, const fan_path *path);

/**
 * Takes back the last complete turn; in the middle of a chain, takes back
 * the chain so far (back to the start of that turn). FAN_ENOHISTORY at the
 * start of the game. An ended game may be undone.
 */
FAN_API int fan_position_undo(fan_position *pos);
/** Replays the last turn undone; FAN_ENOHISTORY when there is none. */
FAN_API int fan_position_redo(fan_position *pos);
/** Number of complete turns that fan_position_undo() can take back. */
FAN_API int fan_position_history_length(const fan_position *pos);
/** The path of turn index (0 = first turn played in this handle's game). */
FAN_API int fan_position_history_path(fan_path *out, const fan_position *pos,
                                      int index);

/* ------------------------------------------------------------------ */
/* Chain-step level                                                    */

/**
 * The legal next steps: at the start of a turn every capture step, or every
 * paika when no capture exists; in a chain, the continuations of the active
 * piece. Each carries the mask it would remove. Capacity FAN_STEPS_MAX is
 * always enough.
 */
FAN_API int fan_position_steps(fan_step *out, size_t capacity, size_t *count,
                               const fan_position *pos);
/**
 * Plays one step. kind may be FAN_STEP_ANY; a step that allows both
 * approach and withdrawal must name one (FAN_EAMBIGUOUS otherwise). A paika
 * ends the turn; a capture ends it when no continuation is left.
 */
FAN_API int fan_position_play_step(fan_position *pos, int from, int to,
                                   int kind);
/** 1 when the turn in progress may end now (stop-at-will, at least one
 *  segment played and the chain still open), else 0. */
FAN_API int fan_position_can_end_turn(const fan_position *pos);
/** Ends the chain in progress (stop-at-will only), else FAN_ESTATE. */
FAN_API int fan_position_end_turn(fan_position *pos);
/** 1 in the middle of a capture chain, 0 at the start of a turn. */
FAN_API int fan_position_in_chain(const fan_position *pos);
/** The piece making the chain (-1 at the start of a turn). */
FAN_API int fan_position_active_piece(int *out, const fan_position *pos);
/** Direction of the last segment (FAN_DIR_*), -1 at the start of a turn. */
FAN_API int fan_position_last_direction(int *out, const fan_position *pos);
/** Points visited this turn (origin included); 0 at the start of a turn. */
FAN_API int fan_position_visited(uint64_t *out, const fan_position *pos);
/** Pieces captured so far this turn. */
FAN_API int fan_position_chain_captured(uint64_t *out,
                                        const fan_position *pos);
/** The steps played so far in the turn in progress (length 0 at a start). */
FAN_API int fan_position_chain_path(fan_path *out, const fan_position *pos);

/* UI helpers */
/** The pieces that have a legal step now. */
FAN_API int fan_position_movable(uint64_t *out, const fan_position *pos);
/** The legal destinations of the piece on square now. */
FAN_API int fan_position_destinations(uint64_t *out, const fan_position *pos,
                                      int square);
/** 1 when this turn must capture (a capture exists, or a chain is open). */
FAN_API int fan_position_must_capture(const fan_position *pos);

/* ------------------------------------------------------------------ */
/* Perft                                                               */

#define FAN_PERFT_MAX_DEPTH 64

/**
 * Counts complete-turn sequences of length depth from pos (FAN_COUNT_UNIQUE
 * or FAN_COUNT_PATHS). Repetition and the turn limit are ignored; a position
 * where a side has no pieces has no children. From the middle of a chain,
 * the first turn is the completion of the turn in progress.
 */
FAN_API int fan_perft(uint64_t *out, const fan_position *pos, unsigned depth,
                      int count_kind);

typedef struct fan_perft_entry {
    fan_path path;  /* the root turn (canonical path for FAN_COUNT_UNIQUE) */
    fan_turn turn;  /* its effect */
    uint64_t nodes; /* count below it (depth - 1) */
} fan_perft_entry;

/** perft split by root turn; as fan_position_turns() for capacity/count. */
FAN_API int fan_perft_divide(fan_perft_entry *out, size_t capacity,
                             size_t *count, const fan_position *pos,
                             unsigned depth, int count_kind);

/**
 * Options of fan_perft_ex(). Initialise with FAN_PERFT_OPTIONS_INIT (or set
 * version to FAN_PERFT_OPTIONS_VERSION) and change the fields wanted; later
 * versions only append fields.
 */
typedef struct fan_perft_options {
    uint32_t version;  /* FAN_PERFT_OPTIONS_VERSION */
    uint32_t threads;  /* threads to count with, the caller's included;
                          0 = one per online processor */
    uint32_t hash_mib; /* size in MiB of a table of counts owned by the
                          call (shared by its threads); 0 = no table */
} fan_perft_options;

#define FAN_PERFT_OPTIONS_VERSION 1
#define FAN_PERFT_OPTIONS_INIT { FAN_PERFT_OPTIONS_VERSION, 1, 0 }
#define FAN_PERFT_THREADS_MAX 256
#define FAN_PERFT_HASH_MAX_MIB 65536

/**
 * fan_perft() with options (opts NULL: FAN_PERFT_OPTIONS_INIT). The count is
 * the same whatever the options. The table and the threads exist only for
 * the duration of the call; the position is only read, so other calls may
 * read it at the same time. FAN_EINVAL for an unknown options version,
 * FAN_ERANGE for more than FAN_PERFT_THREADS_MAX threads, more than
 * FAN_PERFT_HASH_MAX_MIB (or than the address space allows) or a depth
 * above FAN_PERFT_MAX_DEPTH, FAN_ENOMEM when the table or the work list
 * cannot be allocated. Threads that cannot be started leave their share
 * to the others.
 */
FAN_API int fan_perft_ex(uint64_t *out, const fan_position *pos,
                         unsigned depth, int count_kind,
                         const fan_perft_options *opts);

/* ------------------------------------------------------------------ */
/* Text                                                                */

/** Square name ("a1".."i5") into buf (at least 3 bytes); FAN_ERANGE. */
FAN_API int fan_square_name(char *buf, size_t size, int square);
/** Parses "a1".."i5"; returns the square or FAN_EPARSE. */
FAN_API int fan_square_parse(const char *text);

#ifdef __cplusplus
}
#endif

#endif /* FANORONA_H */

/* SPDX-License-Identifier: MIT */
/**
 * libfanorona: the rules of Fanorona (Fanoron-Tsivy) as a C library.
 *
 * Conventions (see doc/api.md):
 * - Squares are integers 0..44: square = (row - 1) * 9 + column, with columns
 *   a..i = 0..8 and rows 1..5 bottom to top. a1 = 0, e3 = 22, i5 = 44.
 * - Square sets are uint64_t masks, bit n = square n; bits 45..63 are never set.
 * - Functions return int: FAN_OK (0) or a negative FAN_E* code; a refused call
 *   changes nothing.
 * - Getters follow one rule: a value that is always >= 0 and fits an int
 *   (a piece, a colour, a count, a flag) is the return value itself, and a
 *   negative return is then an FAN_E* code; a 64-bit value (a mask, a
 *   hash) or a value that may be "none" (-1: no active piece, no last
 *   direction) goes to an out-parameter and the return is FAN_OK or an
 *   FAN_E* code.
 * - Text goes into caller buffers as (buf, size, needed): always
 *   NUL-terminated when size > 0, *needed (may be NULL) gets the size
 *   required, NUL included, FAN_EBUFS when size is smaller, and a FAN_*_MAX
 *   constant is always enough.
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
#define FAN_EIO (-12)       /* a file could not be read or written */
#define FAN_EFORMAT (-13)   /* a table file is corrupt, truncated or of another version */
#define FAN_ESTOPPED (-14)  /* the caller stopped the work (progress callback) */
#define FAN_ENOTABLE (-15)  /* no open endgame table covers the position */

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
 * Returns FAN_EPOSITION for an impossible board, including one where the
 * side not to move has no pieces (nobody loses the last piece on their own
 * turn). A side to move without pieces or turns starts an ended game.
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
/** 1 when two positions have the same board, side to move, ruleset, number
 *  of turns played and turn state (history is not compared), 0 otherwise,
 *  or FAN_EINVAL. */
FAN_API int fan_position_equal(const fan_position *a, const fan_position *b);
/** A 64-bit hash of board and side to move (equal positions hash equal). */
FAN_API int fan_position_hash(uint64_t *out, const fan_position *pos);

/* ------------------------------------------------------------------ */
/* Turn level                                                          */

/**
 * The legal complete turns, one per (origin, destination, captured set).
 * Writes up to capacity turns to out (which may be NULL when capacity is 0)
 * and the total number to *count. FAN_EBUFS when capacity is too small.
 * In the middle of a chain they are the completions of the turn in
 * progress (whole turns from its origin; under stop-at-will ending it now
 * is one of them). An ended game has none.
 */
FAN_API int fan_position_turns(fan_turn *out, size_t capacity, size_t *count,
                               const fan_position *pos);
/** Every distinct legal path (sequence of steps); as fan_position_turns(). */
FAN_API int fan_position_paths(fan_path *out, size_t capacity, size_t *count,
                               const fan_position *pos);
/** Plays a complete turn given by its effect; mid-chain, one of the
 *  completions that fan_position_turns() lists. */
FAN_API int fan_position_play_turn(fan_position *pos, fan_turn turn);
/** Plays a complete turn given as a path; under must-continue the path must
 *  be a whole chain. */
FAN_API int fan_position_play_path(fan_position *pos, const fan_path *path);
/** The canonical path of a legal turn: the least of its paths in the order
 *  of doc/formats.md, whatever order the generators find them in. */
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
/* Why a step, turn or path is refused                                 */

/* The longest reason the explain functions write, NUL included. */
#define FAN_EXPLAIN_MAX 160

/**
 * Says whether fan_position_play_step(pos, from, to, kind) would play the
 * step, without playing it, and why not: returns the code that call would
 * return (FAN_OK, FAN_EINVAL, FAN_ERANGE, FAN_EGAMEOVER, FAN_EILLEGAL or
 * FAN_EAMBIGUOUS; a lack of memory is not foreseen) and writes an English
 * reason into buf ("" for FAN_OK), for example "a capture is compulsory and
 * d3-d4 captures nothing". Buffer rules as fan_position_to_string(), with
 * FAN_EBUFS only when the reason does not fit (FAN_EXPLAIN_MAX always
 * does); buf may be NULL only when size is 0. pos is only read.
 */
FAN_API int fan_position_explain_step(char *buf, size_t size, size_t *needed,
                                      const fan_position *pos, int from,
                                      int to, int kind);
/** The same for fan_position_play_turn(pos, turn). */
FAN_API int fan_position_explain_turn(char *buf, size_t size, size_t *needed,
                                      const fan_position *pos, fan_turn turn);
/** The same for fan_position_play_path(pos, path); the reason names the
 *  step at fault ("step 2: ..."). May allocate (FAN_ENOMEM). */
FAN_API int fan_position_explain_path(char *buf, size_t size, size_t *needed,
                                      const fan_position *pos,
                                      const fan_path *path);

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

/** Sets *out to FAN_PERFT_OPTIONS_INIT. FAN_EINVAL for NULL. */
FAN_API int fan_perft_options_init(fan_perft_options *out);
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
/* Search                                                              */

/*
 * A search handle owns everything a search needs: the transposition table,
 * history tables and per-thread work space. Handles are independent; one
 * handle runs one search at a time, and only fan_search_stop() may be
 * called on it from another thread while a search runs. The same handle
 * also searches Fanorona Chess (fan_chess_search_run() in
 * fanorona-chess.h), with the same options, limits, stop and clear.
 */
typedef struct fan_search fan_search;

/*
 * Scores are in hundredths of a piece from the side to move's view. A won
 * game scores FAN_SCORE_WIN - n and a lost one -(FAN_SCORE_WIN - n), where
 * n is the number of complete turns (both sides counted) until the game is
 * over; every other score lies strictly inside
 * +-(FAN_SCORE_WIN - FAN_SCORE_DECISIVE_TURNS). A draw scores 0.
 */
#define FAN_SCORE_WIN 30000
#define FAN_SCORE_DECISIVE_TURNS 1000
#define FAN_SCORE_IS_WIN(s) ((s) > FAN_SCORE_WIN - FAN_SCORE_DECISIVE_TURNS)
#define FAN_SCORE_IS_LOSS(s) ((s) < -(FAN_SCORE_WIN - FAN_SCORE_DECISIVE_TURNS))
/* Complete turns until the game ends, for a winning or losing score. */
#define FAN_SCORE_TURNS(s) ((s) > 0 ? FAN_SCORE_WIN - (s) : FAN_SCORE_WIN + (s))

#define FAN_SEARCH_MAX_DEPTH 64 /* turns of full-width search */
#define FAN_SEARCH_PV_MAX 64
#define FAN_SEARCH_MAX_THREADS 256
#define FAN_SEARCH_MAX_MULTIPV 256
#define FAN_SEARCH_MAX_HASH_MIB 65536
#define FAN_SEARCH_MAX_LEVEL 10

/*
 * How a search handle is set up: its threads and its transposition table.
 * These belong to the handle (fan_search_new(), fan_search_configure()),
 * not to a run. Initialise with fan_search_options_init() (or
 * FAN_SEARCH_OPTIONS_INIT); later versions only append fields.
 */
typedef struct fan_search_options {
    uint32_t version;  /* FAN_SEARCH_OPTIONS_VERSION */
    uint32_t threads;  /* 1: one thread, deterministic (see fan_search_run);
                          more: Lazy SMP; 0: one per online processor */
    uint32_t hash_mib; /* transposition table in MiB; 0: the default, 16 */
} fan_search_options;

#define FAN_SEARCH_OPTIONS_VERSION 1
#define FAN_SEARCH_OPTIONS_INIT { FAN_SEARCH_OPTIONS_VERSION, 1, 0 }
#define FAN_SEARCH_DEFAULT_HASH_MIB 16

/** Sets *out to FAN_SEARCH_OPTIONS_INIT. FAN_EINVAL for NULL. */
FAN_API int fan_search_options_init(fan_search_options *out);

/*
 * What one search may spend, and how it plays. Zero means "no limit" for
 * max_depth, max_nodes, time_ms and clock_ms; with none of them set the
 * search runs until fan_search_stop() (or to FAN_SEARCH_MAX_DEPTH).
 * time_ms is a fixed time for the turn, all of which is used unless the
 * result is proven; clock_ms is instead the time left on the mover's clock
 * (with increment_ms added after each turn and moves_to_go turns to the
 * next time control, 0 for none): the library then decides how much of it
 * to spend, never all of it. Both may be given: time_ms caps the share.
 * Initialise with fan_search_limits_init() (or FAN_SEARCH_LIMITS_INIT);
 * later versions only append fields, and version tells which fields the
 * caller knows.
 */
typedef struct fan_search_limits {
    uint32_t version;      /* FAN_SEARCH_LIMITS_VERSION */
    uint32_t max_depth;    /* full-width depth in turns, 0 = no limit */
    uint64_t max_nodes;    /* 0 = no limit */
    uint64_t time_ms;      /* time for this turn (depth 1 completes unless it
                              runs past 2x the time, or the time + 1 s) */
    uint32_t multipv;      /* lines reported; 0 or 1 = the best line only */
    uint32_t level;        /* 0 = full strength; 1..10 caps strength */
    uint64_t seed;         /* randomness of levels 1..9 (same seed, same play) */
    uint64_t clock_ms;     /* time left on the mover's clock, 0 = no clock */
    uint64_t increment_ms; /* added to the clock after each turn */
    uint32_t moves_to_go;  /* turns until the clock is refilled, 0 = none */
    uint32_t reserved;     /* zero */
} fan_search_limits;

#define FAN_SEARCH_LIMITS_VERSION 1
#define FAN_SEARCH_LIMITS_INIT                                                 \
    { FAN_SEARCH_LIMITS_VERSION, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0 }

/** Sets *out to FAN_SEARCH_LIMITS_INIT. FAN_EINVAL for NULL. */
FAN_API int fan_search_limits_init(fan_search_limits *out);

/*
 * One principal variation with its score, 560 bytes in version 1.
 * fan_search_run() writes the best line into a result whose version the
 * caller has set (fan_search_result_init()); it writes only the fields of
 * that version. The progress callback gets every line (line = 1..multipv)
 * after each completed iteration, in a result of the library's own version
 * (FAN_SEARCH_RESULT_VERSION or later), so a callback reads the fields it
 * knows. The pv array keeps FAN_SEARCH_PV_MAX entries in every version:
 * a longer line is cut there.
 */
typedef struct fan_search_result {
    uint32_t version;   /* FAN_SEARCH_RESULT_VERSION */
    int32_t score;      /* see FAN_SCORE_* */
    fan_turn best;      /* the turn to play (pv[0]) */
    uint32_t depth;     /* last completed full-width depth */
    uint32_t seldepth;  /* deepest turn reached, quiescence included */
    uint32_t line;      /* 1-based multi-PV index */
    uint32_t pv_length; /* turns in pv, 1..FAN_SEARCH_PV_MAX */
    uint64_t nodes;     /* positions searched, all threads */
    uint64_t time_ms;   /* since the search began */
    fan_turn pv[FAN_SEARCH_PV_MAX]; /* each turn legal after the previous */
} fan_search_result;

#define FAN_SEARCH_RESULT_VERSION 1
#define FAN_SEARCH_RESULT_INIT { FAN_SEARCH_RESULT_VERSION, 0, 0, 0, 0, 0, 0, 0, 0, { 0 } }

/** Zeroes *out and sets its version to FAN_SEARCH_RESULT_VERSION.
 *  FAN_EINVAL for NULL. */
FAN_API int fan_search_result_init(fan_search_result *out);

/** Called after each completed iteration, once per line; a non-zero return
 *  stops the search (as fan_search_stop() would). Runs on the caller's
 *  thread of fan_search_run(). */
typedef int (*fan_search_progress)(void *user, const fan_search_result *line);

/** A new search handle set up by opts (NULL: FAN_SEARCH_OPTIONS_INIT).
 *  FAN_EINVAL (NULL out, unknown options version), FAN_ERANGE (more than
 *  FAN_SEARCH_MAX_THREADS threads or FAN_SEARCH_MAX_HASH_MIB), FAN_ENOMEM. */
FAN_API int fan_search_new(fan_search **out, const fan_search_options *opts);
/** Changes the threads and table size of a handle between searches (a
 *  table of a new size starts empty; the same size keeps what it holds).
 *  Errors as fan_search_new(); a refused call changes nothing. */
FAN_API int fan_search_configure(fan_search *search,
                                 const fan_search_options *opts);
/** Writes the handle's current options (threads as configured, 0 kept as
 *  0; hash_mib the table's actual size). */
FAN_API int fan_search_options_get(fan_search_options *out,
                                   const fan_search *search);
/** Frees a handle (NULL is a no-op). No search may be running on it. */
FAN_API void fan_search_free(fan_search *search);
/** Forgets everything learnt (table, history): for a new game. After it,
 *  equal inputs give equal results again (see fan_search_run()). */
FAN_API int fan_search_clear(fan_search *search);

/**
 * Searches pos (which is not changed) and writes the best line to out.
 * Uses the game history of pos for threefold repetition and its turn
 * counter for the 400-turn limit; obeys its ruleset. pos may be in the
 * middle of a chain: the turn found then completes it. limits may be NULL
 * (FAN_SEARCH_LIMITS_INIT). progress may be NULL.
 *
 * out->version must be set (fan_search_result_init()); FAN_EINVAL for 0
 * or a version newer than the library's.
 *
 * With one thread and a depth or node limit (no time limit) the result,
 * node count included, depends only on pos, limits and the state of the
 * handle, which fan_search_clear() resets: a new or cleared handle gives
 * the same answer for the same input. A run under the other ruleset than
 * the handle's last Fanorona run starts by forgetting as
 * fan_search_clear() does (its table entries would not hold there).
 *
 * Errors: FAN_EINVAL (NULL, unknown limits version), FAN_ERANGE (a limit
 * out of range), FAN_EGAMEOVER (the game has ended), FAN_ENOMEM.
 */
FAN_API int fan_search_run(fan_search_result *out, fan_search *search,
                           const fan_position *pos,
                           const fan_search_limits *limits,
                           fan_search_progress progress, void *user);

/**
 * Asks the running search to return as soon as possible (with the best
 * turn found so far, always a legal one). Safe from any thread and from a
 * signal handler. A request made while no search runs is forgotten when
 * the next search starts, so a caller racing with the start of a search
 * repeats the request until fan_search_run() returns.
 */
FAN_API int fan_search_stop(fan_search *search);

/* ------------------------------------------------------------------ */
/* Text                                                                */

/** Where and why a text was refused. 128 bytes. */
typedef struct fan_parse_error {
    uint32_t offset;    /* byte offset in the input where the fault was found */
    uint32_t reserved;  /* zero */
    char message[120];  /* NUL-terminated English reason */
} fan_parse_error;

/* The longest position string fan_position_to_string() writes, NUL included. */
#define FAN_POSITION_STRING_MAX 256

/**
 * Reads a position string (doc/formats.md): the full form
 * "BOARD SIDE RULES TURNS CHAIN" or the short form "BOARD SIDE N1 N2" that
 * other engines write; the short form takes default_rules. error may be
 * NULL; on FAN_EPARSE it says where and why.
 */
FAN_API int fan_position_from_string(fan_position **out, const char *text,
                                     int default_rules,
                                     fan_parse_error *error);
/**
 * Writes the full position string into buf (size bytes, always
 * NUL-terminated when size > 0). *needed (may be NULL) gets the size
 * required, NUL included; FAN_EBUFS when size is smaller.
 */
FAN_API int fan_position_to_string(char *buf, size_t size, size_t *needed,
                                   const fan_position *pos);

/* ------------------------------------------------------------------ */
/* Move notation (doc/formats.md): a step is from-to, a capture step is
 * suffixed A (approach) or W (withdrawal), a turn is its steps joined:
 * "d3-e3W", "f4-e4W-e3A", a paika "d3-e3". Readers also take the compact
 * form without dashes ("f4e4We3A") and capture steps without their letter
 * where only one mode fits.                                           */

/* The longest step text fan_step_to_string() writes, NUL included. */
#define FAN_STEP_STRING_MAX 8
/* The longest turn text fan_path_to_string() writes, NUL included. */
#define FAN_PATH_STRING_MAX 100

/**
 * Writes a step ("d3-e3W", paika "d3-e3") into buf as
 * fan_position_to_string() does. FAN_EINVAL for a NULL step or a kind that
 * is not PAIKA, APPROACH or WITHDRAWAL; FAN_ERANGE for a bad square.
 */
FAN_API int fan_step_to_string(char *buf, size_t size, size_t *needed,
                               const fan_step *step);
/** Writes a path ("f4-e4W-e3A"); FAN_EINVAL for a length outside
 *  1..FAN_PATH_MAX or a bad kind, FAN_ERANGE for a bad square. */
FAN_API int fan_path_to_string(char *buf, size_t size, size_t *needed,
                               const fan_path *path);
/** Writes a legal turn of pos as its canonical path (the one
 *  fan_position_turn_path() gives); its error codes otherwise. */
FAN_API int fan_turn_to_string(char *buf, size_t size, size_t *needed,
                               const fan_position *pos, fan_turn turn);

/* Notation flags of fan_path_to_string_ex() and fan_turn_to_string_ex(). */
#define FAN_NOTATION_COMPACT 1u /* no dashes: "f4e4We3A", paika "d3e3", as
                                   the engine protocol writes moves */

/** fan_path_to_string() with flags: 0 (the dashed form, the same text) or
 *  FAN_NOTATION_COMPACT; FAN_EINVAL for any other bit. The compact text
 *  is never longer than the dashed one and the readers take it back. */
FAN_API int fan_path_to_string_ex(char *buf, size_t size, size_t *needed,
                                  const fan_path *path, uint32_t flags);
/** fan_turn_to_string() with the flags of fan_path_to_string_ex(). */
FAN_API int fan_turn_to_string_ex(char *buf, size_t size, size_t *needed,
                                  const fan_position *pos, fan_turn turn,
                                  uint32_t flags);

/**
 * Reads one step and resolves it against the legal steps of pos (the
 * result can be passed to fan_position_play_step()). error may be NULL;
 * it gets offset and reason on FAN_EPARSE (malformed text), FAN_EILLEGAL
 * (no such legal step; the reason says why), FAN_EAMBIGUOUS (both capture
 * modes fit a step without a letter; the message names both) and
 * FAN_EGAMEOVER.
 */
FAN_API int fan_position_parse_step(fan_step *out, const fan_position *pos,
                                    const char *text, fan_parse_error *error);
/**
 * Reads a whole turn and resolves it against the legal paths of pos (the
 * result can be passed to fan_position_play_path()). Under must-continue a
 * chain that could go on is refused. In the middle of a chain the text
 * may be the whole turn (from its origin, repeating the steps so far) or
 * only its continuation (from the active piece); out is the whole turn.
 * Errors as fan_position_parse_step().
 */
FAN_API int fan_position_parse_path(fan_path *out, const fan_position *pos,
                                    const char *text, fan_parse_error *error);

/* ------------------------------------------------------------------ */
/* Game records (doc/formats.md): tags for the ruleset, the start position
 * (when not the standard one), result and reason, then the numbered turns. */

/* The longest record fan_record_write() writes, NUL included. */
#define FAN_RECORD_STRING_MAX 45000

/**
 * Writes the game held by pos: from where its history begins (the start
 * of its first recorded turn) to now, a chain in progress included as an
 * unfinished last turn. Buffer rules as fan_position_to_string().
 */
FAN_API int fan_record_write(char *buf, size_t size, size_t *needed,
                             const fan_position *pos);
/**
 * Reads a record and replays it, checking every turn, into a new handle
 * whose history, repetition count and undo cover the whole game. error may
 * be NULL. FAN_EPARSE for malformed text or a result that does not match
 * the game; FAN_EILLEGAL, FAN_EAMBIGUOUS or FAN_EGAMEOVER for a turn that
 * cannot be played (the message starts with "turn N:"); FAN_ENOMEM.
 */
FAN_API int fan_record_read(fan_position **out, const char *text,
                            fan_parse_error *error);

/* The longest square name fan_square_name() writes, NUL included. */
#define FAN_SQUARE_NAME_MAX 3

/** Writes a square's name ("a1".."i5") into buf with the buffer rules of
 *  fan_position_to_string(); FAN_ERANGE for a square outside 0..44. */
FAN_API int fan_square_name(char *buf, size_t size, size_t *needed,
                            int square);
/** Parses "a1".."i5"; returns the square or FAN_EPARSE. */
FAN_API int fan_square_parse(const char *text);

/* ------------------------------------------------------------------ */
/* Pictures                                                            */

/* fan_position_svg() flags. */
#define FAN_SVG_COORDINATES 1u /* label the columns a..i and the rows 1..5 */

/* The longest picture fan_position_svg() writes, NUL included. */
#define FAN_SVG_MAX 32768

/**
 * Draws the position as a standalone SVG image (ASCII text, the same in
 * every locale) into buf, with the rules of fan_position_to_string() for
 * buf, size and *needed (FAN_EBUFS when size is smaller than needed;
 * FAN_SVG_MAX is always enough). The picture shows the board lines, a dot on
 * each strong point (where the diagonals meet) and the pieces, and on
 * request:
 * - highlight: points drawn with a coloured disc under them (0 for none;
 *   FAN_ERANGE for a bit above 44);
 * - path: a turn drawn as one arrow per step, its captured set crossed out
 *   (NULL for none). Its fields are checked as fan_position_play_path()
 *   does and each step must join neighbouring points (FAN_EINVAL), but the
 *   turn need not be legal in pos: it may show the turn just played;
 * - flags: 0 or FAN_SVG_COORDINATES (FAN_EINVAL for any other bit); the
 *   labels get a band left of and below the board, points keep their place.
 * In the middle of a capture chain it also draws the active piece inside a
 * ring, a small ring on each point the chain has visited and left, and the
 * pieces captured so far (off the board already) as faded ghosts.
 * Elements carry classes for styling and tests: "piece white",
 * "piece black", "strong", "highlight", "arrow", "arrowhead", "captured",
 * "label", "active", "visited", "chain-captured" (doc/api.md "Pictures").
 */
FAN_API int fan_position_svg(char *buf, size_t size, size_t *needed,
                             const fan_position *pos, uint64_t highlight,
                             const fan_path *path, uint32_t flags);

/* ------------------------------------------------------------------ */
/* Endgame tablebases (doc/tablebases.md)                              */

/*
 * Tables hold, for every position at the start of a turn with at most
 * FAN_TB_MAX_PIECES pieces (each side at least one) and one ruleset, the
 * value for the side to move and the distance to the end of the game in
 * complete turns (both sides counted) under perfect play: the winner
 * takes the shortest way, the loser the longest. Threefold repetition and
 * the 400-turn limit are not part of the values: a position in which
 * neither side can force the end is a draw. One file per ruleset and
 * material (pieces of the side to move, pieces of the other side).
 */
typedef struct fan_tb fan_tb;

#define FAN_TB_MAX_PIECES 8 /* total pieces the file format provides for */

#define FAN_TB_LOSS (-1)
#define FAN_TB_DRAW 0
#define FAN_TB_WIN 1

/** Called now and then by fan_tb_generate() and fan_tb_verify() on the
 *  caller's thread: done of total units of work. A non-zero return stops
 *  the work (FAN_ESTOPPED). */
typedef int (*fan_tb_progress)(void *user, uint64_t done, uint64_t total);

/* How fan_tb_generate() and fan_tb_verify() work. Initialise with
 * fan_tb_generate_options_init() or FAN_TB_GENERATE_OPTIONS_INIT; later
 * versions only append fields. */
typedef struct fan_tb_generate_options {
    uint32_t version;          /* FAN_TB_GENERATE_OPTIONS_VERSION */
    uint32_t threads;          /* 0: one per online processor */
    fan_tb_progress progress;  /* may be NULL */
    void *user;                /* passed to progress */
} fan_tb_generate_options;

#define FAN_TB_GENERATE_OPTIONS_VERSION 1
#define FAN_TB_GENERATE_OPTIONS_INIT { FAN_TB_GENERATE_OPTIONS_VERSION, 1, 0, 0 }
#define FAN_TB_MAX_THREADS 256

/** Sets *out to FAN_TB_GENERATE_OPTIONS_INIT. FAN_EINVAL for NULL. */
FAN_API int fan_tb_generate_options_init(fan_tb_generate_options *out);

/**
 * Generates into the existing directory dir every table of the ruleset
 * with 2..max_pieces pieces, smallest first. Tables already in dir that
 * open cleanly are kept. Each file is written under a temporary name and
 * renamed when complete, so a stop or a crash leaves only complete tables
 * (those of the materials finished before it). The material pair in
 * progress keeps a checkpoint in dir (every 10 minutes and at a stop;
 * doc/tablebases.md) that the next call goes on from. opts may be NULL.
 * Errors: FAN_EINVAL (NULL dir, unknown rules or options version),
 * FAN_ERANGE (max_pieces outside 2..FAN_TB_MAX_PIECES, threads above
 * FAN_TB_MAX_THREADS, or a distance beyond the format's 254 turns),
 * FAN_EIO, FAN_EFORMAT (a table in dir is damaged, or the checkpoint of
 * the pair to solve is of another format version: it is kept, see
 * doc/tablebases.md), FAN_ENOMEM, FAN_ESTOPPED.
 */
FAN_API int fan_tb_generate(const char *dir, int rules, int max_pieces,
                            const fan_tb_generate_options *opts);

/**
 * Opens every table file in dir (both rulesets), memory-mapped and checked
 * (header, size, checksum, and that the header's summary holds together:
 * doc/tablebases.md). The handle is read-only and may be probed from
 * many threads at once. Errors: FAN_EINVAL, FAN_EIO (dir unreadable),
 * FAN_EFORMAT (a table file is corrupt, truncated or of another format
 * version: nothing is opened), FAN_ENOTABLE (dir holds no table),
 * FAN_ENOMEM.
 */
FAN_API int fan_tb_open(fan_tb **out, const char *dir);
/** Unmaps and frees; NULL is a no-op. */
FAN_API void fan_tb_close(fan_tb *tb);

/**
 * The value (FAN_TB_WIN, _DRAW or _LOSS for the side to move) and the
 * distance in complete turns (-1 for a draw) of pos, from its board, side
 * to move and ruleset (its history is not looked at). A side to move
 * without pieces is a loss in 0. No allocation; thread-safe. Errors:
 * FAN_EINVAL (NULL), FAN_ESTATE (pos is in the middle of a chain),
 * FAN_ENOTABLE (no open table for this material and ruleset).
 */
FAN_API int fan_tb_probe(int *value, int *distance, const fan_tb *tb,
                         const fan_position *pos);

/**
 * Every legal turn of pos that keeps its table value, best first: for a
 * win the turns that keep the win, shortest first; for a draw those that
 * keep the draw; for a loss every turn, longest resistance first. Equal
 * distances keep the order of generation. (out, capacity, count) as
 * fan_position_turns(): the first capacity turns, *count set and
 * FAN_EBUFS when capacity is too small. Errors as fan_tb_probe(); FAN_ENOTABLE also when a successor's
 * table is missing.
 */
FAN_API int fan_tb_best_turns(fan_turn *out, size_t capacity, size_t *count,
                              const fan_tb *tb, const fan_position *pos);

/* One open table, as fan_tb_info() describes it. */
typedef struct fan_tb_info {
    uint32_t version;       /* FAN_TB_INFO_VERSION */
    int32_t rules;          /* FAN_RULES_STOP or FAN_RULES_MUST */
    uint32_t own_pieces;    /* pieces of the side to move */
    uint32_t other_pieces;  /* pieces of the other side */
    uint64_t positions;     /* entries: every placement of both sets */
    uint64_t wins, draws, losses; /* for the side to move */
    uint32_t longest_win;   /* turns of the longest win (0: no win) */
    uint32_t longest_loss;  /* turns of the longest loss */
    uint64_t example_white; /* a position of the longest win, White to */
    uint64_t example_black; /* move (both 0 when there is no win) */
} fan_tb_info;

#define FAN_TB_INFO_VERSION 1
#define FAN_TB_INFO_INIT { FAN_TB_INFO_VERSION, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }

/** Zeroes *out and sets its version. FAN_EINVAL for NULL. */
FAN_API int fan_tb_info_init(fan_tb_info *out);
/** The number of open tables (>= 1), or FAN_EINVAL. */
FAN_API int fan_tb_count(const fan_tb *tb);
/** Describes open table index (0..fan_tb_count() - 1; ordered by ruleset,
 *  total pieces, pieces of the side to move). out->version must be set
 *  (fan_tb_info_init()). FAN_EINVAL, FAN_ERANGE for a bad index. */
FAN_API int fan_tb_info_get(fan_tb_info *out, const fan_tb *tb, int index);

/**
 * Re-checks every entry of every open table against its successors (which
 * proves the tables right: see doc/tablebases.md) and writes the number of
 * entries that disagree to *bad. opts as fan_tb_generate() (threads,
 * progress). Errors: FAN_EINVAL, FAN_ENOTABLE (a successor's table is not
 * open), FAN_ENOMEM, FAN_ESTOPPED.
 */
FAN_API int fan_tb_verify(uint64_t *bad, const fan_tb *tb,
                          const fan_tb_generate_options *opts);

/**
 * Lets the search read tables: every position it meets at a turn boundary
 * that tb covers (the root's children included) gets its exact score, a
 * win in N turns at ply p scoring FAN_SCORE_WIN - (p + N); a table draw
 * is searched on with its score kept within +-FAN_SEARCH_TB_DRAW_BAND, so
 * that among drawing turns the engine takes the one its evaluation likes
 * best (an opponent without tables may still go wrong). Either way the
 * search plays table-perfect turns where the root is covered: the turn
 * keeps the table's value.
 * tb is borrowed: it must stay open while the handle searches; NULL
 * detaches. Not while a search runs on the handle. FAN_EINVAL for a NULL
 * search.
 */
FAN_API int fan_search_set_tables(fan_search *search, const fan_tb *tb);

/* The band of the scores of drawn table positions (fan_search_set_tables). */
#define FAN_SEARCH_TB_DRAW_BAND 50

#ifdef __cplusplus
}
#endif

#endif /* FANORONA_H */

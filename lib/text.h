/* SPDX-License-Identifier: MIT */
/* Helpers shared by the text formats (position strings, move notation,
 * game records): a bounds-safe reader that reports offset and reason, a
 * writer into a caller's buffer that counts the size it would need, and
 * the step diagnosis that turns "not legal" into a reason. */
#ifndef FAN_TEXT_H
#define FAN_TEXT_H

#include "position.h"

typedef struct reader {
    const char *s; /* NUL-terminated; never read past the NUL */
    size_t i;      /* current offset */
    fan_parse_error *err; /* may be NULL */
} reader;

/* Fills rd->err (when set) with offset 'at' and the formatted reason and
 * returns code. */
int text_fail(reader *rd, size_t at, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* A printable description of byte ch for messages: 'x', "space",
 * "the end of the text" or "byte 0xNN". buf has at least 16 bytes. */
const char *text_char(char *buf, char ch);

/* Appends src to the NUL-terminated dst of size bytes, truncating. */
void text_cat(char *dst, size_t size, const char *src);

/* Reads a decimal number without sign or leading zeros, at most max, at
 * rd->i; FAN_EPARSE naming 'what' otherwise. */
int text_read_number(reader *rd, unsigned long max, unsigned long *out,
                     const char *what);

/* Reads a square name a1..i5 at rd->i; FAN_EPARSE otherwise. */
int text_read_square(reader *rd, int *out);

typedef struct writer {
    char *buf;
    size_t size, len; /* len counts every byte asked for, even past size */
} writer;

void text_put(writer *w, const char *s);
void text_put_char(writer *w, char ch);
void text_put_square(writer *w, int sq);
/* Writes a path in the established notation: "f4-e4W-e3A", "d3-e3". */
void text_put_path(writer *w, const fan_path *path);
/* The same with fan_path_to_string_ex() flags (FAN_NOTATION_COMPACT:
 * "f4e4We3A"); the caller has checked them. */
void text_put_path_flags(writer *w, const fan_path *path, uint32_t flags);
/* NUL-terminates, stores the size needed (NUL included) and returns
 * FAN_OK or FAN_EBUFS. */
int text_finish(writer *w, size_t *needed);

/* The written form of a position (fen.c): board, side, ruleset, turns and
 * the chain of c (when c->path.length > 0). */
void fen_put(writer *w, uint64_t white, uint64_t black, int stm, int rules,
             int turns, const mg_chain *c);

/* Why the step from -> to (kind FAN_STEP_ANY, _APPROACH, _WITHDRAWAL or
 * _PAIKA) is not legal in c, written into msg. Used after a search of the
 * legal steps found none. */
void step_diagnose(char *msg, size_t size, const mg_state *c, int from, int to,
                   int kind);

/* A turn as written: its squares and modes, and where each step was
 * found (step 0 at its origin, step i > 0 at its destination). */
typedef struct turn_text {
    int n; /* steps, 1..FAN_PATH_MAX */
    int from;
    int to[FAN_PATH_MAX];
    int kind[FAN_PATH_MAX]; /* FAN_STEP_ANY (no letter), _APPROACH or
                               _WITHDRAWAL */
    size_t at[FAN_PATH_MAX];
} turn_text;

/* Reads the steps at rd->i in the dashed or the compact form and stops at
 * the first byte that cannot continue them (the caller checks what
 * follows). FAN_EPARSE with offset and reason. */
int turn_text_read(reader *rd, turn_text *t);

#define RESOLVE_WHOLE 0   /* a complete turn (what fan_position_play_path takes) */
#define RESOLVE_PARTIAL 1 /* a turn left unfinished: its chain must go on */

/* Finds the one legal path of pos that t names (letters may be left out
 * where only one mode fits). FAN_EILLEGAL, FAN_EAMBIGUOUS or
 * FAN_EGAMEOVER with offset (in rd's text) and reason. */
int turn_text_resolve(reader *rd, fan_path *out, const fan_position *pos,
                      const turn_text *t, int mode);

#endif

/* SPDX-License-Identifier: MIT */
/* Helpers of the Fanorona Chess suites (include after tcommon.h). */
#ifndef TCHESS_H
#define TCHESS_H

#include <fanorona-chess.h>

/* Point from its name, e.g. PT("c1") == 2. */
static inline int PT(const char *name)
{
    int p = fan_chess_point_parse(name);
    ck_assert_msg(p >= 0, "bad point name %s", name);
    return p;
}

/* Mask from space-separated point names. */
static inline uint64_t PTS(const char *names)
{
    uint64_t m = 0;
    char buf[3] = {0};
    for (; *names; names++) {
        if (*names == ' ')
            continue;
        buf[0] = names[0];
        buf[1] = names[1];
        m |= (uint64_t)1 << PT(buf);
        names++;
    }
    return m;
}

/* A position from its string; the test fails if it is refused. */
static inline fan_chess *CPOS(const char *text)
{
    fan_chess *g = NULL;
    fan_parse_error err;
    int r = fan_chess_from_string(&g, text, &err);
    ck_assert_msg(r == FAN_OK, "\"%s\": %s (%s at %u)", text, fan_strerror(r),
                  err.message, (unsigned)err.offset);
    return g;
}

/* The legal moves of g, written in notation, sorted, space-separated. */
static inline void MOVES_TEXT(char *out, size_t size, const fan_chess *g)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    char text[FAN_CHESS_MOVES_MAX][FAN_CHESS_MOVE_STRING_MAX];
    size_t n = 0;
    ck_assert_int_eq(fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g), FAN_OK);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(fan_chess_move_to_string(text[i], sizeof text[i],
                                                  NULL, g, m[i]),
                         FAN_OK);
    qsort(text, n, sizeof text[0], (int (*)(const void *, const void *))strcmp);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (i)
            strncat(out, " ", size - strlen(out) - 1);
        strncat(out, text[i], size - strlen(out) - 1);
    }
}

/* The same for the moves of the piece on one point only. */
static inline void FROM_TEXT(char *out, size_t size, const fan_chess *g,
                             const char *point)
{
    char all[4096];
    MOVES_TEXT(all, sizeof all, g);
    out[0] = '\0';
    for (char *w = all; *w;) {
        char *end = strchr(w, ' ');
        size_t len = end ? (size_t)(end - w) : strlen(w);
        if (!strncmp(w + 1, point, 2)) {
            size_t used = strlen(out);
            snprintf(out + used, size - used, "%s%.*s", used ? " " : "",
                     (int)len, w);
        }
        w += len + (end != NULL);
    }
}

/* The legal move that text names (the test fails otherwise). */
static inline fan_chess_move MV(const fan_chess *g, const char *text)
{
    fan_chess_move m = 0;
    fan_parse_error err;
    int r = fan_chess_parse_move(&m, g, text, &err);
    ck_assert_msg(r == FAN_OK, "%s: %s (%s)", text, fan_strerror(r), err.message);
    return m;
}

#endif

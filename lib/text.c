/* SPDX-License-Identifier: MIT */
/* Reader and writer helpers shared by the text formats. */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int text_fail(reader *rd, size_t at, int code, const char *fmt, ...)
{
    if (rd->err) {
        va_list ap;
        memset(rd->err, 0, sizeof *rd->err);
        rd->err->offset = at > UINT32_MAX ? UINT32_MAX : (uint32_t)at;
        va_start(ap, fmt);
        vsnprintf(rd->err->message, sizeof rd->err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

const char *text_char(char *buf, char ch)
{
    unsigned char u = (unsigned char)ch;
    if (u == 0)
        return "the end of the text";
    if (u == ' ')
        return "space";
    if (u == '\n')
        return "line break";
    if (u > ' ' && u < 0x7f)
        snprintf(buf, 16, "'%c'", ch);
    else
        snprintf(buf, 16, "byte 0x%02X", u);
    return buf;
}

void text_cat(char *dst, size_t size, const char *src)
{
    size_t n = strlen(dst);
    while (*src && n + 1 < size)
        dst[n++] = *src++;
    if (n < size)
        dst[n] = '\0';
}

int text_read_square(reader *rd, int *out)
{
    char c = rd->s[rd->i], r = c ? rd->s[rd->i + 1] : '\0';
    if (c < 'a' || c > 'i' || r < '1' || r > '5') {
        char b[16];
        return text_fail(rd, rd->i, FAN_EPARSE,
                         "expected a square a1..i5, found %s",
                         text_char(b, c));
    }
    *out = (c - 'a') + BOARD_COLS * (r - '1');
    rd->i += 2;
    return FAN_OK;
}

void text_put(writer *w, const char *s)
{
    for (; *s; s++)
        text_put_char(w, *s);
}

void text_put_char(writer *w, char ch)
{
    if (w->len + 1 < w->size)
        w->buf[w->len] = ch;
    w->len++;
}

void text_put_square(writer *w, int sq)
{
    text_put_char(w, (char)('a' + SQ_COL(sq)));
    text_put_char(w, (char)('1' + SQ_ROW(sq)));
}

void text_put_path(writer *w, const fan_path *path)
{
    text_put_path_flags(w, path, 0);
}

void text_put_path_flags(writer *w, const fan_path *path, uint32_t flags)
{
    text_put_square(w, path->from);
    for (int i = 0; i < path->length; i++) {
        if (!(flags & FAN_NOTATION_COMPACT))
            text_put_char(w, '-');
        text_put_square(w, path->to[i]);
        if (path->kind[i] == FAN_STEP_APPROACH)
            text_put_char(w, 'A');
        else if (path->kind[i] == FAN_STEP_WITHDRAWAL)
            text_put_char(w, 'W');
    }
}

int text_finish(writer *w, size_t *needed)
{
    if (needed)
        *needed = w->len + 1;
    if (w->size)
        w->buf[w->len < w->size ? w->len : w->size - 1] = '\0';
    return w->len < w->size ? FAN_OK : FAN_EBUFS;
}

/* A decimal number without sign or leading zeros, at most max. */
int text_read_number(reader *rd, unsigned long max, unsigned long *out,
                     const char *what)
{
    char b[16];
    size_t start = rd->i;
    unsigned long v = 0;
    if (rd->s[rd->i] < '0' || rd->s[rd->i] > '9')
        return text_fail(rd, rd->i, FAN_EPARSE,
                         "expected the %s (a number), found %s", what,
                         text_char(b, rd->s[rd->i]));
    if (rd->s[rd->i] == '0' && rd->s[rd->i + 1] >= '0' &&
        rd->s[rd->i + 1] <= '9')
        return text_fail(rd, rd->i, FAN_EPARSE, "the %s has a leading zero",
                         what);
    while (rd->s[rd->i] >= '0' && rd->s[rd->i] <= '9') {
        v = v * 10 + (unsigned long)(rd->s[rd->i] - '0');
        if (v > max)
            return text_fail(rd, start, FAN_EPARSE,
                             "the %s is larger than %lu", what, max);
        rd->i++;
    }
    *out = v;
    return FAN_OK;
}

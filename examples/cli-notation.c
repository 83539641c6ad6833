/* SPDX-License-Identifier: MIT */
#include "cli-notation.h"

#include <ctype.h>

static char *put_square(char *p, int square)
{
    *p++ = (char)('a' + square % FAN_COLUMNS);
    *p++ = (char)('1' + square / FAN_COLUMNS);
    return p;
}

static char *put_step(char *p, int to, int kind)
{
    *p++ = '-';
    p = put_square(p, to);
    if (kind == FAN_STEP_APPROACH)
        *p++ = 'A';
    else if (kind == FAN_STEP_WITHDRAWAL)
        *p++ = 'W';
    return p;
}

void cli_path_text(char *buf, const fan_path *path)
{
    char *p = put_square(buf, path->from);
    for (int i = 0; i < path->length && i < FAN_PATH_MAX; i++)
        p = put_step(p, path->to[i], path->kind[i]);
    *p = '\0';
}

void cli_step_text(char *buf, int from, int to, int kind)
{
    char *p = put_step(put_square(buf, from), to, kind);
    *p = '\0';
}

void cli_mask_text(char *buf, uint64_t mask)
{
    char *p = buf;
    for (int sq = 0; sq < FAN_SQUARES; sq++) {
        if (!(mask >> sq & 1))
            continue;
        if (p != buf)
            *p++ = ' ';
        p = put_square(p, sq);
    }
    *p = '\0';
}

/* Reads a square at *s and moves past it; -1 when there is none. */
static int take_square(const char **s)
{
    int col = tolower((unsigned char)(*s)[0]) - 'a';
    int row = (*s)[0] ? (*s)[1] - '1' : -1;
    if (col < 0 || col >= FAN_COLUMNS || row < 0 || row >= FAN_ROWS)
        return -1;
    *s += 2;
    return col + FAN_COLUMNS * row;
}

int cli_move_parse(cli_move *out, const char *text)
{
    const char *s = text;
    cli_move m = {0};
    while (*s == ' ')
        s++;
    for (;;) {
        if (m.count == FAN_PATH_MAX + 1)
            return -1;
        int sq = take_square(&s);
        if (sq < 0)
            return -1;
        m.squares[m.count] = sq;
        if (m.count > 0) {
            /* A mode letter, unless it starts the next square ("a4"). */
            int c = tolower((unsigned char)*s);
            int kind = FAN_STEP_ANY;
            if (c == 'a' && !isdigit((unsigned char)s[1]))
                kind = FAN_STEP_APPROACH;
            else if (c == 'w')
                kind = FAN_STEP_WITHDRAWAL;
            if (kind != FAN_STEP_ANY)
                s++;
            m.kinds[m.count - 1] = kind;
        }
        m.count++;
        while (*s == ' ' || *s == '-')
            s++;
        if (!*s)
            break;
    }
    *out = m;
    return 0;
}

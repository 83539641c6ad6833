/* SPDX-License-Identifier: MIT */
#include "chess-compare.h"

#include "chess-naive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static fan_chess_move from_naive(const cn_move *m)
{
    int kind = m->kind == 'A'   ? FAN_CHESS_APPROACH
               : m->kind == 'W' ? FAN_CHESS_WITHDRAWAL
               : m->kind == 'K' ? FAN_CHESS_KING_KNIGHT
                                : FAN_CHESS_PLAIN;
    int promo = m->promo == 'Q'   ? FAN_CHESS_QUEEN
                : m->promo == 'R' ? FAN_CHESS_ROOK
                : m->promo == 'B' ? FAN_CHESS_BISHOP
                : m->promo == 'N' ? FAN_CHESS_KNIGHT
                                  : 0;
    return FAN_CHESS_MOVE_MAKE(m->from, m->to, kind,
                               m->captured < 0 ? FAN_CHESS_NO_POINT
                                               : m->captured,
                               promo);
}

static int by_value(const void *a, const void *b)
{
    fan_chess_move x = *(const fan_chess_move *)a, y = *(const fan_chess_move *)b;
    return x < y ? -1 : x > y;
}

uint64_t cc_naive_perft(const char *position, unsigned depth)
{
    cn_pos p;
    if (cn_read(&p, position) != 0)
        return UINT64_MAX;
    return cn_perft(&p, (int)depth);
}

int cc_compare(const char *position, unsigned depth, cc_traits *traits,
               char *why, size_t why_size)
{
    fan_chess *g = NULL;
    fan_parse_error err;
    cn_pos p;
    int r = fan_chess_from_string(&g, position, &err);
    if (r != FAN_OK) {
        snprintf(why, why_size, "library refuses \"%s\": %s", position,
                 err.message);
        return 1;
    }
    if (cn_read(&p, position) != 0) {
        snprintf(why, why_size, "naive reader refuses \"%s\"", position);
        fan_chess_free(g);
        return 1;
    }
    static cn_move nm[CN_MOVES_MAX];
    fan_chess_move lib[FAN_CHESS_MOVES_MAX], nav[CN_MOVES_MAX];
    size_t nl = 0;
    int nn = cn_legal(&p, nm), status = 0;
    /* perft ignores the end of the game, fan_chess_moves() does not */
    fan_chess_perft_entry e[FAN_CHESS_MOVES_MAX];
    fan_chess_perft_divide(e, FAN_CHESS_MOVES_MAX, &nl, g, 1);
    for (size_t i = 0; i < nl; i++)
        lib[i] = e[i].move;
    for (int i = 0; i < nn; i++)
        nav[i] = from_naive(&nm[i]);
    qsort(lib, nl, sizeof *lib, by_value);
    qsort(nav, (size_t)nn, sizeof *nav, by_value);
    if (nl != (size_t)nn || memcmp(lib, nav, nl * sizeof *lib)) {
        size_t i = 0;
        while (i < nl && i < (size_t)nn && lib[i] == nav[i])
            i++;
        snprintf(why, why_size,
                 "\"%s\": %zu library moves, %d naive; first difference "
                 "library %08x naive %08x", position, nl, nn,
                 i < nl ? (unsigned)lib[i] : 0u,
                 i < (size_t)nn ? (unsigned)nav[i] : 0u);
        status = 1;
    }
    if (fan_chess_in_check(g) != cn_in_check(&p)) {
        snprintf(why, why_size, "\"%s\": in check: library %d, naive %d",
                 position, fan_chess_in_check(g), cn_in_check(&p));
        status = 1;
    }
    for (unsigned d = 1; d <= depth && !status; d++) {
        uint64_t a = 0, b = cn_perft(&p, (int)d);
        fan_chess_perft(&a, g, d);
        if (a != b) {
            snprintf(why, why_size, "\"%s\": perft %u: library %llu naive %llu",
                     position, d, (unsigned long long)a, (unsigned long long)b);
            status = 1;
        }
    }
    if (traits) {
        cc_traits t = {0};
        t.in_check = fan_chess_in_check(g) == 1;
        for (int c = FAN_WHITE; c <= FAN_BLACK; c++) {
            for (int k = FAN_CHESS_QUEEN; k <= FAN_CHESS_KNIGHT; k++)
                t.pool_nonempty |= fan_chess_pool_count(g, c, k) > 0;
            t.king_moved |= fan_chess_king_unmoved(g, c) == 0;
        }
        t.near_fifty = fan_chess_halfmove_clock(g) >= 90;
        t.no_moves = nl == 0;
        for (size_t i = 0; i < nl; i++) {
            t.promotions |= FAN_CHESS_MOVE_PROMOTION(lib[i]) != 0;
            t.captures |= FAN_CHESS_MOVE_CAPTURED(lib[i]) != FAN_CHESS_NO_POINT;
            t.king_knight |= FAN_CHESS_MOVE_KIND(lib[i]) == FAN_CHESS_KING_KNIGHT;
        }
        traits->in_check += t.in_check;
        traits->pool_nonempty += t.pool_nonempty;
        traits->promotions += t.promotions;
        traits->king_moved += t.king_moved;
        traits->near_fifty += t.near_fifty;
        traits->captures += t.captures;
        traits->king_knight += t.king_knight;
        traits->no_moves += t.no_moves;
    }
    fan_chess_free(g);
    return status;
}

static char *trim(char *s)
{
    while (*s == ' ')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

int cc_data_line(char *line, char **name, char **position, unsigned *depth,
                 char **nodes)
{
    if (line[0] == '#' || !trim(line)[0])
        return 1;
    char *f[4] = {line, NULL, NULL, NULL};
    for (int k = 1; k < 4 && f[k - 1]; k++) {
        f[k] = strchr(f[k - 1], '|');
        if (f[k])
            *f[k]++ = '\0';
    }
    if (!f[2])
        return -1;
    *name = trim(f[0]);
    *position = trim(f[1]);
    *depth = (unsigned)strtoul(f[2], NULL, 10);
    *nodes = f[3] ? trim(f[3]) : NULL;
    return 0;
}

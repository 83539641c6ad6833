/* SPDX-License-Identifier: MIT */
#include "chess-randpos.h"

#include "randpos.h"

#include <stdio.h>
#include <string.h>

int crp_game(char *buf, uint64_t *rng, unsigned max_plies)
{
    fan_chess *g = NULL;
    int r = fan_chess_new(&g);
    if (r != FAN_OK)
        return r;
    unsigned plies = rp_below(rng, max_plies + 1);
    for (unsigned i = 0; i < plies; i++) {
        fan_chess_move m[FAN_CHESS_MOVES_MAX];
        size_t n = 0;
        if (fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g) != FAN_OK || n == 0)
            break;
        /* captures first now and then, so that pools fill up */
        size_t pick = rp_below(rng, (unsigned)n);
        if (rp_below(rng, 2))
            for (size_t k = 0; k < n; k++)
                if (FAN_CHESS_MOVE_CAPTURED(m[k]) != FAN_CHESS_NO_POINT ||
                    FAN_CHESS_MOVE_PROMOTION(m[k]))
                    pick = k;
        if ((r = fan_chess_play(g, m[pick])) != FAN_OK)
            break;
    }
    if (r == FAN_OK)
        r = fan_chess_to_string(buf, FAN_CHESS_STRING_MAX, NULL, g);
    fan_chess_free(g);
    return r;
}

static const char TYPES[] = "QRBNP";
static const int START[] = {1, 2, 2, 2, 5};

int crp_setup(char *buf, uint64_t *rng)
{
    for (int attempt = 0; attempt < 10000; attempt++) {
        char board[9][5];
        int pool[2][4] = {{0}};
        memset(board, '.', sizeof board);
        int flags = 0;
        for (int side = 0; side < 2; side++) {
            int home = side ? 8 : 0;
            int kf, kr;
            if (rp_below(rng, 4) == 0) {
                kf = 2;
                kr = home;
                flags |= 1 << side;
            } else {
                do {
                    kf = (int)rp_below(rng, 5);
                    kr = (int)rp_below(rng, 9);
                } while (board[kr][kf] != '.');
            }
            board[kr][kf] = side ? 'k' : 'K';
            for (int t = 0; t < 5; t++) {
                int on = (int)rp_below(rng, (unsigned)START[t] + 1);
                if (t < 4)
                    pool[side][t] = (int)rp_below(rng, (unsigned)(START[t] - on) + 1);
                for (int k = 0; k < on; k++) {
                    int f, r;
                    do {
                        f = (int)rp_below(rng, 5);
                        r = (int)rp_below(rng, 9);
                        /* pawns: never on the far rank, often just before */
                        if (t == 4 && rp_below(rng, 2))
                            r = side ? 1 : 7;
                    } while (board[r][f] != '.' ||
                             (t == 4 && r == (side ? 0 : 8)));
                    board[r][f] = side ? (char)(TYPES[t] - 'A' + 'a') : TYPES[t];
                }
            }
        }
        char *p = buf;
        for (int r = 8; r >= 0; r--) {
            int run = 0;
            for (int f = 0; f < 5; f++) {
                if (board[r][f] == '.') {
                    run++;
                    continue;
                }
                if (run)
                    *p++ = (char)('0' + run);
                run = 0;
                *p++ = board[r][f];
            }
            if (run)
                *p++ = (char)('0' + run);
            if (r)
                *p++ = '/';
        }
        p += sprintf(p, " %c ", rp_below(rng, 2) ? 'b' : 'w');
        if (flags & 1)
            *p++ = 'K';
        if (flags & 2)
            *p++ = 'k';
        if (!flags)
            *p++ = '-';
        for (int side = 0; side < 2; side++) {
            *p++ = ' ';
            char *start = p;
            for (int t = 0; t < 4; t++)
                for (int k = 0; k < pool[side][t]; k++)
                    *p++ = side ? (char)(TYPES[t] - 'A' + 'a') : TYPES[t];
            if (p == start)
                *p++ = '-';
        }
        unsigned clock = rp_below(rng, 3) == 0 ? 95 + rp_below(rng, 6)
                                               : rp_below(rng, 101);
        sprintf(p, " %u %u", clock, 1 + rp_below(rng, 200));
        fan_chess *g = NULL;
        int r = fan_chess_from_string(&g, buf, NULL);
        fan_chess_free(g);
        if (r == FAN_OK)
            return FAN_OK;
        if (r != FAN_EPOSITION)
            return r;
    }
    return FAN_EPOSITION;
}

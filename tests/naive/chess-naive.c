/* SPDX-License-Identifier: MIT */
/* The naive Fanorona Chess generator (see chess-naive.h). */
#include "chess-naive.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const int VEC[8][2] = {{1, 0},  {1, 1},  {0, 1},  {-1, 1},
                              {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
static const char POOL_LETTERS[] = "QRBN";

static int on_board(int f, int r)
{
    return f >= 0 && f < CN_FILES && r >= 0 && r < CN_RANKS;
}

/* A point is strong when file number + rank number (a = 1, rank 1 = 1) is
 * even; diagonal lines leave strong points only. */
static int strong(int f, int r)
{
    return ((f + 1) + (r + 1)) % 2 == 0;
}

/* Is there a line from (f, r) one step along (df, dr)? */
static int line(int f, int r, int df, int dr)
{
    if (!on_board(f + df, r + dr))
        return 0;
    if (df != 0 && dr != 0)
        return strong(f, r);
    return 1;
}

static int white(char c) { return c >= 'A' && c <= 'Z'; }
static int black(char c) { return c >= 'a' && c <= 'z'; }
static int side_of(char c) { return white(c) ? 0 : black(c) ? 1 : -1; }

static int pool_index(char upper)
{
    const char *q = strchr(POOL_LETTERS, upper);
    return q && upper ? (int)(q - POOL_LETTERS) : -1;
}

int cn_read(cn_pos *p, const char *s)
{
    memset(p, 0, sizeof *p);
    for (int r = CN_RANKS - 1; r >= 0; r--) {
        int f = 0;
        while (f < CN_FILES) {
            if (*s >= '1' && *s <= '5') {
                for (int k = 0; k < *s - '0' && f < CN_FILES; k++)
                    p->board[r][f++] = '.';
            } else if (strchr("KQRBNPkqrbnp", *s) && *s) {
                p->board[r][f++] = *s;
            } else {
                return -1;
            }
            s++;
        }
        if (r > 0 && *s++ != '/')
            return -1;
    }
    if (*s++ != ' ')
        return -1;
    if (*s != 'w' && *s != 'b')
        return -1;
    p->white_to_move = *s++ == 'w';
    if (*s++ != ' ')
        return -1;
    if (*s == '-') {
        s++;
    } else {
        if (*s == 'K') {
            p->unmoved[0] = 1;
            s++;
        }
        if (*s == 'k') {
            p->unmoved[1] = 1;
            s++;
        }
    }
    for (int side = 0; side < 2; side++) {
        if (*s++ != ' ')
            return -1;
        if (*s == '-') {
            s++;
            continue;
        }
        while (*s && *s != ' ') {
            int k = pool_index((char)toupper((unsigned char)*s));
            if (k < 0)
                return -1;
            p->pool[side][k]++;
            s++;
        }
    }
    char *end;
    p->halfmove = (int)strtol(s, &end, 10);
    p->fullmove = (int)strtol(end, &end, 10);
    return *end ? -1 : 0;
}

static char at(const cn_pos *p, int f, int r) { return p->board[r][f]; }

static int find_king(const cn_pos *p, int side)
{
    for (int r = 0; r < CN_RANKS; r++)
        for (int f = 0; f < CN_FILES; f++)
            if (at(p, f, r) == (side == 0 ? 'K' : 'k'))
                return f + 5 * r;
    return -1;
}

/* One way a piece may travel: where it lands, the direction of its first
 * step (for withdrawal) and of its last step (for approach). */
typedef struct route {
    int tf, tr;
    int first, last;
    int knight_shaped; /* a king's knight-shaped move */
} route;

/* The knight's routes from (f, r): from a strong point a diagonal step and
 * then an orthogonal one that keeps going outward; from a weak point an
 * orthogonal step and then a diagonal one outward. The first point may be
 * occupied; the landing point must be free (checked by the caller). */
static int knight_routes(const cn_pos *p, int f, int r, route *out)
{
    int n = 0;
    (void)p;
    for (int d = 0; d < 8; d++) {
        int df = VEC[d][0], dr = VEC[d][1];
        int diag = df != 0 && dr != 0;
        if (diag != strong(f, r) || !line(f, r, df, dr))
            continue;
        int mf = f + df, mr = r + dr;
        for (int e = 0; e < 8; e++) {
            int ef = VEC[e][0], er = VEC[e][1];
            int ediag = ef != 0 && er != 0;
            if (ediag == diag)
                continue;
            /* outward: the second step keeps the first one's components
             * and adds nothing against them */
            int tf = mf + ef, tr = mr + er;
            int dist_f = abs(tf - f), dist_r = abs(tr - r);
            if (!((dist_f == 1 && dist_r == 2) || (dist_f == 2 && dist_r == 1)))
                continue;
            if (!line(mf, mr, ef, er))
                continue;
            out[n].tf = tf;
            out[n].tr = tr;
            out[n].first = d;
            out[n].last = e;
            out[n].knight_shaped = 0;
            n++;
        }
    }
    return n;
}

static int routes(const cn_pos *p, int f, int r, int king_knight, route *out)
{
    char c = (char)toupper((unsigned char)at(p, f, r));
    int n = 0;
    if (c == 'N')
        return knight_routes(p, f, r, out);
    for (int d = 0; d < 8; d++) {
        int df = VEC[d][0], dr = VEC[d][1];
        int diag = df != 0 && dr != 0;
        if (c == 'R' && diag)
            continue;
        if (c == 'B' && !diag)
            continue;
        if (c == 'P') {
            int fwd = white(at(p, f, r)) ? 1 : -1;
            if (dr != fwd)
                continue;
        }
        int cf = f, cr = r;
        for (;;) {
            if (!line(cf, cr, df, dr) || at(p, cf + df, cr + dr) != '.')
                break;
            cf += df;
            cr += dr;
            out[n].tf = cf;
            out[n].tr = cr;
            out[n].first = out[n].last = d;
            out[n].knight_shaped = 0;
            n++;
            if (c == 'K' || c == 'P')
                break;
        }
    }
    if (c == 'K' && king_knight) {
        int k = knight_routes(p, f, r, out + n);
        for (int i = n; i < n + k; i++)
            out[i].knight_shaped = 1;
        n += k;
    }
    return n;
}

/* Every move of the side 'side' in p, ignoring its own king's safety.
 * with_king_knight: whether its king's knight move is considered. */
static int pseudo(const cn_pos *p, int side, int with_king_knight,
                  cn_move *out)
{
    int n = 0;
    route rt[64];
    for (int r = 0; r < CN_RANKS; r++)
        for (int f = 0; f < CN_FILES; f++) {
            char c = at(p, f, r);
            if (side_of(c) != side)
                continue;
            int kk = with_king_knight && toupper((unsigned char)c) == 'K' &&
                     p->unmoved[side];
            int nr = routes(p, f, r, kk, rt);
            for (int i = 0; i < nr; i++) {
                route *x = &rt[i];
                if (at(p, x->tf, x->tr) != '.')
                    continue;
                int targets[2], kinds[2], nt = 0;
                int lf = VEC[x->last][0], lr = VEC[x->last][1];
                if (line(x->tf, x->tr, lf, lr) &&
                    side_of(at(p, x->tf + lf, x->tr + lr)) == 1 - side) {
                    targets[nt] = (x->tf + lf) + 5 * (x->tr + lr);
                    kinds[nt++] = 'A';
                }
                int bf = -VEC[x->first][0], br = -VEC[x->first][1];
                if (line(f, r, bf, br) &&
                    side_of(at(p, f + bf, r + br)) == 1 - side) {
                    targets[nt] = (f + bf) + 5 * (r + br);
                    kinds[nt++] = 'W';
                }
                if (x->knight_shaped) {
                    if (nt == 0) {
                        cn_move m = {f + 5 * r, x->tf + 5 * x->tr, 'K', -1, 0};
                        out[n++] = m;
                    }
                    continue;
                }
                int promoting = toupper((unsigned char)c) == 'P' &&
                                x->tr == (side == 0 ? CN_RANKS - 1 : 0);
                int versions = nt ? nt : 1;
                for (int v = 0; v < versions; v++) {
                    cn_move m = {f + 5 * r, x->tf + 5 * x->tr,
                                 nt ? (char)kinds[v] : '-',
                                 nt ? targets[v] : -1, 0};
                    if (!promoting) {
                        out[n++] = m;
                        continue;
                    }
                    for (int k = 0; k < 4; k++)
                        if (p->pool[side][k] > 0) {
                            m.promo = POOL_LETTERS[k];
                            out[n++] = m;
                        }
                }
            }
        }
    return n;
}

static int attacked_king(const cn_pos *p, int side)
{
    int king = find_king(p, side);
    cn_move m[CN_MOVES_MAX];
    int n = pseudo(p, 1 - side, 0, m);
    for (int i = 0; i < n; i++)
        if (m[i].captured == king && king >= 0)
            return 1;
    return 0;
}

int cn_in_check(const cn_pos *p)
{
    return attacked_king(p, p->white_to_move ? 0 : 1);
}

void cn_play(cn_pos *p, const cn_move *m)
{
    int side = p->white_to_move ? 0 : 1;
    int ff = m->from % 5, fr = m->from / 5, tf = m->to % 5, tr = m->to / 5;
    char c = p->board[fr][ff];
    int pawn = toupper((unsigned char)c) == 'P';
    p->board[fr][ff] = '.';
    if (m->promo) {
        p->pool[side][pool_index(m->promo)]--;
        c = side == 0 ? m->promo : (char)tolower((unsigned char)m->promo);
    }
    p->board[tr][tf] = c;
    if (toupper((unsigned char)c) == 'K')
        p->unmoved[side] = 0;
    if (m->captured >= 0) {
        char v = p->board[m->captured / 5][m->captured % 5];
        int k = pool_index((char)toupper((unsigned char)v));
        if (k >= 0)
            p->pool[1 - side][k]++;
        p->board[m->captured / 5][m->captured % 5] = '.';
    }
    p->halfmove = (pawn || m->captured >= 0) ? 0 : p->halfmove + 1;
    if (side == 1)
        p->fullmove++;
    p->white_to_move = !p->white_to_move;
}

int cn_legal(const cn_pos *p, cn_move *out)
{
    int side = p->white_to_move ? 0 : 1;
    cn_move m[CN_MOVES_MAX];
    int n = pseudo(p, side, !cn_in_check(p), m), k = 0;
    for (int i = 0; i < n; i++) {
        cn_pos q = *p;
        cn_play(&q, &m[i]);
        if (!attacked_king(&q, side))
            out[k++] = m[i];
    }
    return k;
}

uint64_t cn_perft(const cn_pos *p, int depth)
{
    if (depth == 0)
        return 1;
    cn_move m[CN_MOVES_MAX];
    int n = cn_legal(p, m);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        cn_pos q = *p;
        cn_play(&q, &m[i]);
        total += cn_perft(&q, depth - 1);
    }
    return total;
}

/* SPDX-License-Identifier: MIT */
/* The perfect index of a material signature: the combinatorial rank of
 * the side to move's set among the 45 points, times the rank of the other
 * set among the points left free, and the values of one position from
 * its successors. */
#include "tb.h"

#include "movegen.h"

#include <stdlib.h>

void tb_binom_init(tb_binom *b)
{
    for (int n = 0; n <= BOARD_SQUARES; n++) {
        b->c[n][0] = 1;
        for (int k = 1; k <= TB_MAXP; k++)
            b->c[n][k] = n == 0 ? 0 : b->c[n - 1][k - 1] + b->c[n - 1][k];
    }
}

uint64_t tb_entries(const tb_binom *b, int own, int opp)
{
    return b->c[BOARD_SQUARES][own] * b->c[BOARD_SQUARES - own][opp];
}

/* rank of a k-subset {s1 < s2 < ...}: sum of C(s_i, i) */
static uint64_t rank_set(const tb_binom *b, uint64_t set)
{
    uint64_t r = 0;
    for (int i = 1; set; set &= set - 1, i++)
        r += b->c[board_lsb(set)][i];
    return r;
}

/* rank of the other set among the points own leaves free */
static uint64_t rank_packed(const tb_binom *b, uint64_t own, uint64_t opp)
{
    uint64_t r = 0;
    int i = 1;
    for (uint64_t m = opp; m; m &= m - 1, i++) {
        int s = board_lsb(m);
        r += b->c[s - board_popcount(own & (BIT(s) - 1))][i];
    }
    return r;
}

uint64_t tb_index(const tb_binom *b, uint64_t own, uint64_t opp)
{
    /* the other set, renumbered among the points own leaves free */
    return rank_set(b, own) *
               b->c[BOARD_SQUARES - board_popcount(own)][board_popcount(opp)] +
           rank_packed(b, own, opp);
}

/* positions (in 0..n-1) of the k-subset of rank r, as a mask */
static uint64_t unrank_set(const tb_binom *b, uint64_t r, int k, int n)
{
    uint64_t set = 0;
    int c = n - 1;
    for (int i = k; i >= 1; i--) {
        while (b->c[c][i] > r)
            c--;
        set |= BIT(c);
        r -= b->c[c][i];
        c--;
    }
    return set;
}

void tb_unindex(const tb_binom *b, uint64_t index, int nown, int nopp,
                uint64_t *own, uint64_t *opp)
{
    uint64_t per = b->c[BOARD_SQUARES - nown][nopp];
    uint64_t o = unrank_set(b, index / per, nown, BOARD_SQUARES);
    uint64_t packed = unrank_set(b, index % per, nopp, BOARD_SQUARES - nown);
    /* spread the packed positions over the free points */
    uint64_t x = 0, free_points = BOARD_MASK & ~o;
    for (; packed; free_points &= free_points - 1) {
        if (packed & 1)
            x |= free_points & (0 - free_points);
        packed >>= 1;
    }
    *own = o;
    *opp = x;
}

/* ------------------------------------------------------------------ */
/* Mirrors: g bit 0 mirrors the columns (c -> 8 - c), bit 1 the rows
 * (r -> 4 - r). Both keep the lines and the strong points ((c + r) keeps
 * its parity), so they keep every value. */

/* Swaps the bits of m under mask with those d places above them. */
static uint64_t delta_swap(uint64_t m, uint64_t mask, int d)
{
    uint64_t t = ((m >> d) ^ m) & mask;
    return m ^ t ^ (t << d);
}

/* the first column's points and the first row's */
#define COL0                                                                   \
    (BIT(0) | BIT(BOARD_COLS) | BIT(2 * BOARD_COLS) | BIT(3 * BOARD_COLS) |    \
     BIT(4 * BOARD_COLS))
#define ROW0 (BIT(BOARD_COLS) - 1)

uint64_t tb_mirror_set(uint64_t m, int g)
{
    /* the points are numbered row by row: column c swaps with 8 - c, row r
     * with 4 - r */
    if (g & 1)
        for (int c = 0; 2 * c < BOARD_COLS - 1; c++)
            m = delta_swap(m, COL0 << c, BOARD_COLS - 1 - 2 * c);
    if (g & 2)
        for (int r = 0; 2 * r < BOARD_ROWS - 1; r++)
            m = delta_swap(m, ROW0 << (r * BOARD_COLS),
                           (BOARD_ROWS - 1 - 2 * r) * BOARD_COLS);
    return m;
}

int tb_reps_build(fan_tb *tb, int k)
{
    if (tb->reps[k])
        return FAN_OK;
    uint64_t n = tb->binom.c[BOARD_SQUARES][k], count = 0;
    uint64_t *reps = NULL;
    tb_rep_block *blocks = NULL;
    /* two passes over every k-set in increasing order (Gosper's next set
     * of k bits), which is the order of their colex ranks: count, then
     * fill */
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            reps = malloc((size_t) (count + 1) * sizeof *reps);
            blocks = calloc((size_t) (n / 64 + 1), sizeof *blocks);
            if (!reps || !blocks) {
                free(reps);
                free(blocks);
                return FAN_ENOMEM;
            }
        }
        count = 0;
        for (uint64_t m = BIT(k) - 1, i = 0; i < n; i++) {
            if (m <= tb_mirror_set(m, 1) && m <= tb_mirror_set(m, 2) &&
                m <= tb_mirror_set(m, 3)) {
                if (reps) {
                    reps[count] = m;
                    blocks[i / 64].reps |= BIT(i % 64);
                }
                count++;
            }
            if (blocks && i % 64 == 63)
                blocks[i / 64 + 1].before = count;
            uint64_t low = m & (0 - m), ripple = m + low;
            m = ripple | ((m ^ ripple) >> (2 + board_lsb(low)));
        }
    }
    tb->reps[k] = reps;
    tb->nreps[k] = count;
    tb->rep_rank[k] = blocks;
    return FAN_OK;
}

void tb_reps_free(fan_tb *tb)
{
    for (int k = 0; k <= TB_MAXP; k++) {
        free(tb->reps[k]);
        free(tb->rep_rank[k]);
        tb->reps[k] = NULL;
        tb->rep_rank[k] = NULL;
    }
}

uint64_t tb_stored(const fan_tb *tb, int own, int opp)
{
    return tb->nreps[own] * tb->binom.c[BOARD_SQUARES - own][opp];
}

/* The mirror that takes own to its representative: the first of those
 * that give the smallest mask. */
static int canonical_mirror(uint64_t own, uint64_t *rep)
{
    int g = 0;
    uint64_t best = own;
    for (int h = 1; h < 4; h++) {
        uint64_t x = tb_mirror_set(own, h);
        if (x < best) {
            best = x;
            g = h;
        }
    }
    *rep = best;
    return g;
}

/* the stored index of (rep, opp), rep a representative: its place among
 * the representatives from the block of its colex rank */
static uint64_t index_of_rep(const fan_tb *tb, uint64_t rep, uint64_t opp)
{
    int k = board_popcount(rep);
    uint64_t r = rank_set(&tb->binom, rep);
    const tb_rep_block *b = &tb->rep_rank[k][r / 64];
    uint64_t place =
        b->before + (uint64_t) board_popcount(b->reps & (BIT(r % 64) - 1));
    return place * tb->binom.c[BOARD_SQUARES - k][board_popcount(opp)] +
           rank_packed(&tb->binom, rep, opp);
}

uint64_t tb_stored_index(const fan_tb *tb, uint64_t own, uint64_t opp)
{
    uint64_t rep;
    int g = canonical_mirror(own, &rep);
    return index_of_rep(tb, rep, g ? tb_mirror_set(opp, g) : opp);
}

uint64_t tb_stored_index_if_rep(const fan_tb *tb, uint64_t own, uint64_t opp)
{
    for (int h = 1; h < 4; h++)
        if (tb_mirror_set(own, h) < own)
            return TB_NOT_REP;
    return index_of_rep(tb, own, opp);
}

int tb_orbit_size(uint64_t set)
{
    int n = 1;
    for (int h = 1; h < 4; h++) {
        uint64_t x = tb_mirror_set(set, h);
        int seen = x == set;
        for (int j = 1; j < h && !seen; j++)
            seen = x == tb_mirror_set(set, j);
        n += !seen;
    }
    return n;
}

void tb_stored_unindex(const fan_tb *tb, uint64_t index, int nown, int nopp,
                       uint64_t *own, uint64_t *opp)
{
    const tb_binom *b = &tb->binom;
    uint64_t per = b->c[BOARD_SQUARES - nown][nopp];
    uint64_t o = tb->reps[nown][index / per];
    /* the same placement of the other set in the full index */
    tb_unindex(b, rank_set(b, o) * per + index % per, nown, nopp, own, opp);
}

int tb_turns(fan_turn *out, int cap, uint64_t own, uint64_t opp, int rules)
{
    mg_state s;
    mg_state_start(&s, own, opp);
    int n = mg_turns(out, (size_t)cap, &s, rules);
    return n < 0 ? FAN_ERANGE : n;
}

int tb_lookup(const fan_tb *tb, int rules, uint64_t own, uint64_t opp)
{
    if (!own)
        return 1; /* lost in 0 */
    int a = board_popcount(own), b = board_popcount(opp);
    if (a + b > TB_MAXP || !opp)
        return FAN_ENOTABLE;
    const tb_table *t = tb->table[rules][a][b];
    if (!t)
        return FAN_ENOTABLE;
    return t->values[tb_stored_index(tb, own, opp)];
}

int tb_combine(const uint8_t *s, int n)
{
    int best_loss = 0, worst_win = 0, draw = 0;
    if (n == 0)
        return 1;
    for (int i = 0; i < n; i++) {
        int v = s[i];
        if (v == TB_DRAW)
            draw = 1;
        else if (TB_IS_LOSS(v)) {
            if (!best_loss || v < best_loss)
                best_loss = v;
        } else if (v > worst_win)
            worst_win = v;
    }
    int r = best_loss ? best_loss + 1 : draw ? TB_DRAW : worst_win + 1;
    return r > TB_MAX_ENTRY ? FAN_ERANGE : r;
}

int tb_solve(const fan_tb *tb, int rules, uint64_t own, uint64_t opp)
{
    fan_turn turns[TB_TURNS_CAP];
    uint8_t vals[TB_TURNS_CAP];
    int n = tb_turns(turns, TB_TURNS_CAP, own, opp, rules);
    if (n < 0)
        return n;
    for (int i = 0; i < n; i++) {
        uint64_t o2, p2;
        tb_after(&o2, &p2, own, opp, turns[i]);
        int v = tb_lookup(tb, rules, o2, p2);
        if (v < 0)
            return v;
        vals[i] = (uint8_t) v;
    }
    return tb_combine(vals, n);
}

/* SPDX-License-Identifier: MIT */
/* The search's late move reductions: how many turns shallower a late
 * turn is searched (lmr, lmrcap, hist2, lmrnonpv), and the table of the
 * logarithmic ones of lmr2, r = floor(a + ln(depth) * ln(i) / b), filled
 * at the start of a run that uses them. The library does not link the
 * maths library: the logarithms come from a short series. */
#include "engine.h"

/* ln(x) for x >= 1: x = 2^k * m with m in [1, 2), then
 * ln m = 2 * atanh(z) with z = (m - 1) / (m + 1) <= 1/3. */
static double ln_of(double x)
{
    static const double ln2 = 0.69314718055994530942;
    int k = 0;
    while (x >= 2.0) {
        x /= 2.0;
        k++;
    }
    double z = (x - 1.0) / (x + 1.0), z2 = z * z, term = z, sum = 0.0;
    for (int n = 1; n < 40; n += 2) {
        sum += term / n;
        term *= z2;
    }
    return k * ln2 + 2.0 * sum;
}

void lmr_table_fill(unsigned char t[LMR_TABLE][LMR_TABLE], int a100, int b100)
{
    double a = a100 / 100.0, b = (b100 > 0 ? b100 : 1) / 100.0;
    for (int d = 0; d < LMR_TABLE; d++)
        for (int i = 0; i < LMR_TABLE; i++) {
            double r = d && i ? a + ln_of(d) * ln_of(i) / b : 0.0;
            t[d][i] = r <= 0.0 ? 0 : r >= 60.0 ? 60 : (unsigned char)r;
        }
}

/* lmr's steps: one turn, one more from index lmr_late, one more from depth
 * lmr_late */
static int lmr_steps(const search_config *cfg, int i, int depth)
{
    return 1 + (i >= cfg->lmr_late) + (depth >= cfg->lmr_late);
}

/* The late move reduction of turn t, the i-th of its node (0 when
 * the switches are off): 1 to 3 turns, or the lmr2 table's, less for a
 * turn of good history and more for a bad one with hist2, never below
 * depth 1. */
int late_reduction(const search_worker *w, const spos *p, fan_turn t, int i,
                   int depth, int ply, int pv_node)
{
    const search_config *cfg = &w->s->run;
    if (!(cfg->use_lmr || cfg->use_lmr2) || depth < 3 || i < cfg->lmr_first)
        return 0;
    if (FAN_TURN_CAPTURED(t)) {
        int r = 0;
        switch (cfg->lmr_captures) {
        case 0: break;
        case 2: r = lmr_steps(cfg, i, depth); break; /* as a paika's */
        case 3: r = 1 + (i >= cfg->lmr_late); break;
        default: r = 1; break;
        }
        return r > depth - 2 ? depth - 2 : r;
    }
    if (t == w->killers[ply][0] || t == w->killers[ply][1])
        return 0;
    int r = cfg->use_lmr2
                ? w->s->lmr[depth < LMR_TABLE ? depth : LMR_TABLE - 1]
                           [i < LMR_TABLE ? i : LMR_TABLE - 1]
                : lmr_steps(cfg, i, depth);
    if (cfg->use_hist2)
        r -= w->history[p->stm][FAN_TURN_FROM(t)][FAN_TURN_TO(t)] /
             (HISTORY_MAX / 2);
    if (!pv_node)
        r += cfg->lmr_nonpv;
    if (r < 0)
        r = 0;
    return r > depth - 2 ? depth - 2 : r;
}

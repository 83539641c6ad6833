/* SPDX-License-Identifier: MIT */
/* Static evaluation, from the side to move's view, in hundredths of a
 * piece. Material first; the other terms are small and each has a weight
 * in search_config so that a match can tell whether it earns its place
 * (doc/search.md lists the measurements). */
#include "search.h"

/* Compiled twice like the generator (lib/meson.build, eval-fast.c): the
 * population counts of the mobility term are single instructions in the
 * copy built for popcnt. */
#ifdef FAN_FAST_COPY
#define EVAL_COPY(name) name##_fast
#else
#define EVAL_COPY(name) name##_generic
#endif

#define STRONG_MASK ((uint64_t)0x155555555555ull) /* column + row even */
#define MIDDLE_ROWS ((uint64_t)0xFFFFFFE00ull) /* rows 2..4 */

static int paika_count(uint64_t own, uint64_t opp)
{
    int n = 0;
    for (int d = 0; d < NDIRS; d++)
        n += board_popcount(mg_paika_movers(own, opp, d));
    return n;
}

/* Pieces of m with no piece of m on a neighbouring point. */
static uint64_t isolated(uint64_t m)
{
    uint64_t near = 0;
    for (int d = 0; d < NDIRS; d++)
        near |= board_shift(m & board_step_from[d], d);
    return m & ~near;
}

int EVAL_COPY(evaluate)(const search_config *cfg, uint64_t own, uint64_t opp)
{
    int score = 100 * (board_popcount(own) - board_popcount(opp));
    if (cfg->w_mobility)
        score += cfg->w_mobility * (paika_count(own, opp) - paika_count(opp, own));
    if (cfg->w_strong)
        score += cfg->w_strong * (board_popcount(own & STRONG_MASK) -
                                  board_popcount(opp & STRONG_MASK));
    if (cfg->w_centre)
        score += cfg->w_centre * (board_popcount(own & MIDDLE_ROWS) -
                                  board_popcount(opp & MIDDLE_ROWS));
    if (cfg->w_isolated)
        score -= cfg->w_isolated * (board_popcount(isolated(own)) -
                                    board_popcount(isolated(opp)));
    if (cfg->w_threat || cfg->w_threat_run) {
        int mine_run, theirs_run;
        uint64_t mine = mg_targets(own, opp, &mine_run);
        uint64_t theirs = mg_targets(opp, own, &theirs_run);
        score += cfg->w_threat * (board_popcount(mine) - board_popcount(theirs));
        score += cfg->w_threat_run * (mine_run - theirs_run);
    }
    return score;
}

#ifndef FAN_FAST_COPY
eval_fn evaluate_for_cpu(void)
{
#ifdef FAN_PERFT_FAST
    if (mg_cpu_fast())
        return evaluate_fast;
#endif
    return evaluate_generic;
}

int evaluate(const search_config *cfg, uint64_t own, uint64_t opp)
{
    return evaluate_for_cpu()(cfg, own, opp);
}
#endif

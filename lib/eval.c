/* SPDX-License-Identifier: MIT */
/* Static evaluation, from the side to move's view, in hundredths of a
 * piece: a weighted sum of features (eval_features), the weights tapered
 * between EVAL_PHASE_MAX pieces or more and none by the number of pieces
 * on the board. The engine's weights were fitted to self-play positions
 * and the scores of deeper searches of them (tools/fanorona-label.c,
 * tools/fanorona-tune.c, lib/eval-weights.c); the hand-set weights of
 * search_config (material, mobility, strong points, ...) are the same
 * features with other weights, for matches against the earlier engine
 * (doc/search.md lists the measurements). */
#include "search.h"

#include <string.h>

/* Compiled twice like the generator (lib/meson.build, eval-fast.c): the
 * population counts are single instructions in the copy built for popcnt. */
#ifdef FAN_FAST_COPY
#define EVAL_COPY(name) name##_fast
#else
#define EVAL_COPY(name) name##_generic
#endif

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

/* The capture features of own against opp from one pass over the first
 * segments: their number (piece, direction, kind), the enemy pieces they
 * could take (*targets) and the pieces of the largest one (*run). The
 * test eval checks them against the library's list of capture steps. */
static int capture_side(uint64_t own, uint64_t opp, uint64_t *targets,
                        int *run)
{
    mg_first f;
    uint64_t all = 0;
    int n = 0, largest = 0;
    if (mg_first_segments(&f, own, opp))
        for (int d = 0; d < NDIRS; d++)
            for (int kind = FAN_STEP_APPROACH; kind <= FAN_STEP_WITHDRAWAL;
                 kind++) {
                uint64_t m = kind == FAN_STEP_APPROACH ? f.appr[d] : f.wdr[d];
                n += board_popcount(m);
                for (; m; m &= m - 1) {
                    int sq = board_lsb(m);
                    uint64_t r = mg_run(sq, sq + board_delta[d], kind, opp);
                    int k = board_popcount(r);
                    all |= r;
                    if (k > largest)
                        largest = k;
                }
            }
    *targets = all;
    *run = largest;
    return n;
}

int EVAL_COPY(eval_features)(int f[EF_COUNT], uint64_t own, uint64_t opp,
                             unsigned groups)
{
    memset(f, 0, EF_COUNT * sizeof f[0]);
    int n_own = board_popcount(own), n_opp = board_popcount(opp);
    f[EF_MATERIAL] = n_own - n_opp;
    f[EF_TEMPO] = 1;
    if (groups & EG_MOBILITY) {
        f[EF_PAIKA_OWN] = paika_count(own, opp);
        f[EF_PAIKA_OPP] = paika_count(opp, own);
    }
    if (groups & EG_CAPTURES) {
        uint64_t t;
        f[EF_CAPT_OWN] = capture_side(own, opp, &t, &f[EF_RUN_OWN]);
        f[EF_TARGETS_OPP] = board_popcount(t);
        f[EF_CAPT_OPP] = capture_side(opp, own, &t, &f[EF_RUN_OPP]);
        f[EF_TARGETS_OWN] = board_popcount(t);
    }
    if (groups & EG_ISOLATED)
        f[EF_ISOLATED] = board_popcount(isolated(own)) -
                         board_popcount(isolated(opp));
    if (groups & EG_PST)
        for (int k = 0; k < EVAL_PST_CLASSES; k++)
            f[EF_PST + k] = board_popcount(own & eval_pst_mask[k]) -
                            board_popcount(opp & eval_pst_mask[k]);
    return n_own + n_opp < EVAL_PHASE_MAX ? n_own + n_opp : EVAL_PHASE_MAX;
}

int EVAL_COPY(evaluate)(const eval_weights *w, uint64_t own, uint64_t opp)
{
    int f[EF_COUNT];
    int phase = EVAL_COPY(eval_features)(f, own, opp, w->groups);
    return eval_weighted(w, f, phase);
}

/* mg and eg of a packed sum (eval_pack): the low 32 bits are mg as a
 * signed number, the rest eg. */
static int unpack_tapered(int64_t sum, int phase)
{
    int64_t low = (int64_t)(uint32_t)(uint64_t)sum;
    int64_t mg = low >= ((int64_t)1 << 31) ? low - ((int64_t)1 << 32) : low;
    int64_t eg = (sum - mg) / ((int64_t)1 << 32);
    return (int)((mg * phase + eg * (EVAL_PHASE_MAX - phase)) / EVAL_PHASE_MAX);
}

int EVAL_COPY(evaluate_packed)(const eval_packed *pk, uint64_t own,
                               uint64_t opp)
{
    int n_own = board_popcount(own), n_opp = board_popcount(opp);
    unsigned groups = pk->groups;
    int64_t sum = pk->w[EF_MATERIAL] * (n_own - n_opp) + pk->w[EF_TEMPO];
    if (groups & EG_MOBILITY)
        sum += pk->w[EF_PAIKA_OWN] * paika_count(own, opp) +
               pk->w[EF_PAIKA_OPP] * paika_count(opp, own);
    if (groups & EG_CAPTURES) {
        uint64_t t;
        int run;
        if (!(groups & EG_NO_OWN_CAPTURES)) {
            sum += pk->w[EF_CAPT_OWN] * capture_side(own, opp, &t, &run);
            sum += pk->w[EF_TARGETS_OPP] * board_popcount(t) +
                   pk->w[EF_RUN_OWN] * run;
        }
        sum += pk->w[EF_CAPT_OPP] * capture_side(opp, own, &t, &run);
        sum += pk->w[EF_TARGETS_OWN] * board_popcount(t) +
               pk->w[EF_RUN_OPP] * run;
    }
    if (groups & EG_ISOLATED)
        sum += pk->w[EF_ISOLATED] * (board_popcount(isolated(own)) -
                                     board_popcount(isolated(opp)));
    if (groups & EG_PST) {
        for (uint64_t m = own; m; m &= m - 1)
            sum += pk->point[board_lsb(m)];
        for (uint64_t m = opp; m; m &= m - 1)
            sum -= pk->point[board_lsb(m)];
    }
    int phase = n_own + n_opp < EVAL_PHASE_MAX ? n_own + n_opp : EVAL_PHASE_MAX;
    return unpack_tapered(sum, phase);
}

#ifndef FAN_FAST_COPY
static int64_t pack(int mg, int eg)
{
    return (int64_t)eg * ((int64_t)1 << 32) + mg;
}

void eval_pack(eval_packed *pk, const eval_weights *w)
{
    memset(pk, 0, sizeof *pk);
    for (int i = 0; i < EF_PST; i++)
        pk->w[i] = pack(w->mg[i], w->eg[i]);
    for (int k = 0; k < EVAL_PST_CLASSES; k++)
        for (int sq = 0; sq < BOARD_SQUARES; sq++)
            if (eval_pst_mask[k] >> sq & 1)
                pk->point[sq] = pack(w->mg[EF_PST + k], w->eg[EF_PST + k]);
    pk->groups = w->groups;
    /* Own capture features with no weight are not computed. The fitted
     * weights have none: the engine evaluates quiet positions, where the
     * side to move has no capture, so they are always 0 there. */
    if (!(w->mg[EF_CAPT_OWN] | w->eg[EF_CAPT_OWN] | w->mg[EF_TARGETS_OPP] |
          w->eg[EF_TARGETS_OPP] | w->mg[EF_RUN_OWN] | w->eg[EF_RUN_OWN]))
        pk->groups |= EG_NO_OWN_CAPTURES;
}

/* Points of each class of the piece-square table: the board folded onto
 * its quarter by the two mirror symmetries, class = 3 * folded column +
 * folded row (column 0..4, row 0..2). */
#define PST_BIT(c, r) (BIT((r) * BOARD_COLS + (c)) | BIT((r) * BOARD_COLS + 8 - (c)) | \
                       BIT((4 - (r)) * BOARD_COLS + (c)) |                  \
                       BIT((4 - (r)) * BOARD_COLS + 8 - (c)))
#define PST_COL(c) PST_BIT(c, 0), PST_BIT(c, 1), PST_BIT(c, 2)
const uint64_t eval_pst_mask[EVAL_PST_CLASSES] = {PST_COL(0), PST_COL(1),
                                                  PST_COL(2), PST_COL(3),
                                                  PST_COL(4)};

int eval_weighted(const eval_weights *w, const int f[EF_COUNT], int phase)
{
    int mg = 0, eg = 0;
    for (int i = 0; i < EF_COUNT; i++) {
        mg += w->mg[i] * f[i];
        eg += w->eg[i] * f[i];
    }
    return (mg * phase + eg * (EVAL_PHASE_MAX - phase)) / EVAL_PHASE_MAX;
}

void eval_hand_weights(eval_weights *w, const search_config *cfg)
{
    memset(w, 0, sizeof *w);
    int *m = w->mg;
    m[EF_MATERIAL] = 100;
    m[EF_PAIKA_OWN] = cfg->w_mobility;
    m[EF_PAIKA_OPP] = -cfg->w_mobility;
    m[EF_TARGETS_OPP] = cfg->w_threat;
    m[EF_TARGETS_OWN] = -cfg->w_threat;
    m[EF_RUN_OWN] = cfg->w_threat_run;
    m[EF_RUN_OPP] = -cfg->w_threat_run;
    m[EF_ISOLATED] = -cfg->w_isolated;
    for (int k = 0; k < EVAL_PST_CLASSES; k++) {
        int col = k / 3, row = k % 3;
        m[EF_PST + k] = ((col + row) % 2 == 0 ? cfg->w_strong : 0) +
                        (row > 0 ? cfg->w_centre : 0);
    }
    memcpy(w->eg, w->mg, sizeof w->eg);
    w->groups = (cfg->w_mobility ? EG_MOBILITY : 0u) |
                (cfg->w_threat || cfg->w_threat_run ? EG_CAPTURES : 0u) |
                (cfg->w_isolated ? EG_ISOLATED : 0u) |
                (cfg->w_strong || cfg->w_centre ? EG_PST : 0u);
}

void search_config_weights_for(search_config *cfg, int rules)
{
    if (cfg->eval_tuned == 2 && rules == FAN_RULES_MUST)
        cfg->eval = eval_tuned_weights_must;
    else if (cfg->eval_tuned)
        cfg->eval = eval_tuned_weights;
    else
        eval_hand_weights(&cfg->eval, cfg);
    if (cfg->eval_scale != 100)
        for (int i = 0; i < EF_COUNT; i++)
            if (i != EF_MATERIAL) {
                cfg->eval.mg[i] = cfg->eval.mg[i] * cfg->eval_scale / 100;
                cfg->eval.eg[i] = cfg->eval.eg[i] * cfg->eval_scale / 100;
            }
    cfg->eval_sp = cfg->eval;
    if (cfg->standpat_eval == 1) {
        static const int capt[] = {EF_CAPT_OWN, EF_CAPT_OPP, EF_TARGETS_OPP,
                                   EF_TARGETS_OWN, EF_RUN_OWN, EF_RUN_OPP};
        for (unsigned i = 0; i < sizeof capt / sizeof capt[0]; i++)
            cfg->eval_sp.mg[capt[i]] = cfg->eval_sp.eg[capt[i]] = 0;
        cfg->eval_sp.groups &= ~EG_CAPTURES;
    } else if (cfg->standpat_eval == 2) {
        eval_hand_weights(&cfg->eval_sp, cfg);
    }
    eval_pack(&cfg->eval_pk, &cfg->eval);
    eval_pack(&cfg->eval_sp_pk, &cfg->eval_sp);
}

void search_config_weights(search_config *cfg)
{
    search_config_weights_for(cfg, FAN_RULES_STOP);
}

eval_fn evaluate_for_cpu(void)
{
#ifdef FAN_PERFT_FAST
    if (mg_cpu_fast())
        return evaluate_packed_fast;
#endif
    return evaluate_packed_generic;
}
#endif

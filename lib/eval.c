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

/* ------------------------------------------------------------------ */
/* Patterns. A block of 3x3 points at point s: raw bit 3 dr + dc for the
 * point (row + dr, column + dc). Its variant v says which mirrors (bit 0
 * the columns, bit 1 the rows) map the block of its table's first
 * placement onto it: digit k of the state is the point that the mirrors
 * take the first placement's point k to. pat_tern gives the state's
 * digits for one side's raw bits, by variant. */
#define M33(v, k) (3 * (((v) & 2) ? 2 - (k) / 3 : (k) / 3) + \
                   (((v) & 1) ? 2 - (k) % 3 : (k) % 3))
#define PAT_DIGITS(v, b)                                                    \
    ((((b) >> M33(v, 0)) & 1) + 3 * (((b) >> M33(v, 1)) & 1) +             \
     9 * (((b) >> M33(v, 2)) & 1) + 27 * (((b) >> M33(v, 3)) & 1) +         \
     81 * (((b) >> M33(v, 4)) & 1) + 243 * (((b) >> M33(v, 5)) & 1) +       \
     729 * (((b) >> M33(v, 6)) & 1) + 2187 * (((b) >> M33(v, 7)) & 1) +     \
     6561 * (((b) >> M33(v, 8)) & 1))
#define PT4(v, b) PAT_DIGITS(v, b), PAT_DIGITS(v, b + 1), \
                  PAT_DIGITS(v, b + 2), PAT_DIGITS(v, b + 3)
#define PT16(v, b) PT4(v, b), PT4(v, b + 4), PT4(v, b + 8), PT4(v, b + 12)
#define PT64(v, b) PT16(v, b), PT16(v, b + 16), PT16(v, b + 32), \
                   PT16(v, b + 48)
#define PT512(v) {PT64(v, 0), PT64(v, 64), PT64(v, 128), PT64(v, 192), \
                  PT64(v, 256), PT64(v, 320), PT64(v, 384), PT64(v, 448)}
static const uint16_t pat_tern[4][512] = {PT512(0), PT512(1), PT512(2),
                                          PT512(3)};

/* Each block: its first point and variant. Blocks start at rows 0..2,
 * columns 0..6, and fold onto rows 0..1, columns 0..3 (tables 0..7). */
typedef struct pat_place {
    uint8_t shift, variant;
} pat_place;
/* The variant of the block at row r, column c. */
#define PAT_V(r, c) (((c) > 3) | ((r) > 1) << 1)
#define PP(r, c) {(r) * BOARD_COLS + (c), PAT_V(r, c)}
#define PPR(r) PP(r, 0), PP(r, 1), PP(r, 2), PP(r, 3), PP(r, 4), PP(r, 5), \
               PP(r, 6)
static const pat_place pat_places[EVAL_PAT_PLACES] = {PPR(0), PPR(1), PPR(2)};
#define T33(r, c) (((r) > 1 ? 2 - (r) : (r)) * 4 + ((c) > 3 ? 6 - (c) : (c)))
#define TR(r) T33(r, 0), T33(r, 1), T33(r, 2), T33(r, 3), T33(r, 4), \
              T33(r, 5), T33(r, 6)
#ifndef FAN_FAST_COPY
const uint8_t eval_pattern_table_of[EVAL_PAT_PLACES] = {TR(0), TR(1), TR(2)};
#endif

#ifdef FAN_FAST_COPY
/* One pext a side: the block's points in the raw order. */
static inline unsigned raw33(uint64_t m, int s)
{
    return (unsigned)_pext_u64(m, (uint64_t)0x1C0E07 << s);
}
#else
static inline unsigned raw33(uint64_t m, int s)
{
    return (unsigned)(((m >> s) & 7) | (((m >> (s + BOARD_COLS)) & 7) << 3) |
                      (((m >> (s + 2 * BOARD_COLS)) & 7) << 6));
}
#endif

static inline unsigned pat_state(int i, uint64_t own, uint64_t opp)
{
    const pat_place *pl = &pat_places[i];
    return pat_tern[pl->variant][raw33(own, pl->shift)] +
           2u * pat_tern[pl->variant][raw33(opp, pl->shift)];
}

#ifndef FAN_FAST_COPY
void eval_pattern_states(uint16_t state[EVAL_PAT_PLACES], uint64_t own,
                         uint64_t opp)
{
    for (int i = 0; i < EVAL_PAT_PLACES; i++)
        state[i] = (uint16_t)pat_state(i, own, opp);
}
#endif

/* One block's weight, straight-line code with the block's point, variant
 * and table as constants. */
#define PS(r, c)                                                            \
    acc += pat[T33(r, c)]                                                   \
              [pat_tern[PAT_V(r, c)][raw33(own, (r) * BOARD_COLS + (c))] +   \
               2u * pat_tern[PAT_V(r, c)][raw33(opp, (r) * BOARD_COLS + (c))]];
#define PSR(r) PS(r, 0) PS(r, 1) PS(r, 2) PS(r, 3) PS(r, 4) PS(r, 5) PS(r, 6)

/* The patterns' sum as mg + 2^32 eg (the packing of eval_pack). */
static int64_t pattern_sum(const int32_t (*pat)[EVAL_PAT_STATES],
                           uint64_t own, uint64_t opp)
{
    int32_t acc = 0;
    PSR(0) PSR(1) PSR(2)
    int32_t mg, eg;
    eval_pattern_split(acc, &mg, &eg);
    return (int64_t)eg * ((int64_t)1 << 32) + mg;
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
    if (pk->pat)
        sum += pattern_sum(pk->pat, own, opp);
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
    /* each ruleset's table (stop-at-will keeps the first fit, which a
     * refit to later self-play beat only under must-continue); the
     * patterns were fitted to quiet positions; 2: not in the stand-pat
     * eval of capture nodes, where the side to move must take */
    const int32_t(*pat)[EVAL_PAT_STATES] = rules == FAN_RULES_MUST
                                               ? eval_pattern_weights_must
                                               : eval_pattern_weights;
    if (cfg->use_patterns)
        cfg->eval_pk.pat = pat;
    if (cfg->use_patterns == 1)
        cfg->eval_sp_pk.pat = pat;
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

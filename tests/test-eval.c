/* SPDX-License-Identifier: MIT */
/* White-box checks of the evaluation (lib/eval.c): its features against
 * counts made another way (board coordinates, the public step list), the
 * piece-square classes against the board's symmetries, and its two copies
 * (generic and BMI2) against each other over random positions. */
#include "tcommon.h"
#include "trandom.h"

#include "lib/search.h"

static void boards(const fan_position *p, uint64_t *own, uint64_t *opp)
{
    uint64_t w, b;
    ck_assert_fan_ok(fan_position_pieces(&w, p, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
    int white = fan_position_side_to_move(p) == FAN_WHITE;
    *own = white ? w : b;
    *opp = white ? b : w;
}

/* Random positions: game prefixes and placements, both rulesets. */
static fan_position *random_position(uint64_t *rng, int k)
{
    int rules = k & 1 ? FAN_RULES_MUST : FAN_RULES_STOP;
    if (k & 2)
        return trand_game(rng, rules, 60);
    fan_position *p;
    while (!(p = trand_board(rng, rules)))
        ;
    return p;
}

static int on_board(int c, int r)
{
    return c >= 0 && c < 9 && r >= 0 && r < 5;
}

static const int dc[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};

/* Paika steps of m's pieces by coordinates: diagonal lines join only the
 * points whose column + row is even. */
static int naive_paikas(uint64_t m, uint64_t other)
{
    int n = 0;
    for (int s = 0; s < 45; s++) {
        if (!(m >> s & 1))
            continue;
        int c = s % 9, r = s / 9;
        for (int d = 0; d < 8; d++) {
            if ((d & 1) && (c + r) % 2)
                continue;
            int c2 = c + dc[d], r2 = r + dr[d];
            if (on_board(c2, r2) && !((m | other) >> (r2 * 9 + c2) & 1))
                n++;
        }
    }
    return n;
}

static int naive_isolated(uint64_t m)
{
    int n = 0;
    for (int s = 0; s < 45; s++) {
        if (!(m >> s & 1))
            continue;
        int c = s % 9, r = s / 9, alone = 1;
        for (int d = 0; d < 8; d++) {
            if ((d & 1) && (c + r) % 2)
                continue;
            int c2 = c + dc[d], r2 = r + dr[d];
            if (on_board(c2, r2) && (m >> (r2 * 9 + c2) & 1))
                alone = 0;
        }
        n += alone;
    }
    return n;
}

START_TEST(pst_classes)
{
    /* every point in exactly one class; a class is closed under both
     * mirrors and holds 4, 2 (middle column or row) or 1 (centre) points */
    uint64_t all = 0;
    for (int k = 0; k < EVAL_PST_CLASSES; k++) {
        uint64_t m = eval_pst_mask[k];
        ck_assert_uint_eq(all & m, 0);
        all |= m;
        int col = k / 3, row = k % 3;
        int want = (col == 4 ? 1 : 2) * (row == 2 ? 1 : 2);
        ck_assert_int_eq(__builtin_popcountll(m), want);
        for (int s = 0; s < 45; s++) {
            if (!(m >> s & 1))
                continue;
            int c = s % 9, r = s / 9;
            ck_assert(m >> (r * 9 + 8 - c) & 1);
            ck_assert(m >> ((4 - r) * 9 + c) & 1);
            ck_assert_int_eq(c < 5 ? c : 8 - c, col);
            ck_assert_int_eq(r < 3 ? r : 4 - r, row);
        }
    }
    ck_assert_uint_eq(all, ((uint64_t)1 << 45) - 1);
}
END_TEST

START_TEST(features_by_other_means)
{
    uint64_t rng = 0xE7A1u + (uint64_t)_i;
    for (int k = 0; k < 300; k++) {
        fan_position *p = random_position(&rng, _i);
        uint64_t own, opp;
        boards(p, &own, &opp);
        int f[EF_COUNT];
        int phase = eval_features_generic(f, own, opp, EG_ALL);
        int pieces = __builtin_popcountll(own | opp);
        ck_assert_int_eq(phase, pieces < EVAL_PHASE_MAX ? pieces : EVAL_PHASE_MAX);
        ck_assert_int_eq(f[EF_MATERIAL],
                         __builtin_popcountll(own) - __builtin_popcountll(opp));
        ck_assert_int_eq(f[EF_TEMPO], 1);
        ck_assert_int_eq(f[EF_PAIKA_OWN], naive_paikas(own, opp));
        ck_assert_int_eq(f[EF_PAIKA_OPP], naive_paikas(opp, own));
        ck_assert_int_eq(f[EF_ISOLATED],
                         naive_isolated(own) - naive_isolated(opp));
        /* the public step list at a turn's start: one capture step per
         * piece, direction and kind, and every piece it takes */
        fan_step steps[FAN_STEPS_MAX];
        size_t n = 0;
        ck_assert_fan_ok(fan_position_steps(steps, FAN_STEPS_MAX, &n, p));
        int captures = 0, run = 0;
        uint64_t taken = 0;
        for (size_t i = 0; i < n; i++) {
            if (steps[i].kind == FAN_STEP_PAIKA)
                continue;
            captures++;
            taken |= steps[i].captures;
            int c = __builtin_popcountll(steps[i].captures);
            run = c > run ? c : run;
        }
        if (!fan_position_in_chain(p)) {
            ck_assert_int_eq(f[EF_CAPT_OWN], captures);
            ck_assert_int_eq(f[EF_TARGETS_OPP], __builtin_popcountll(taken));
            ck_assert_int_eq(f[EF_RUN_OWN], run);
        }
        int pst = 0; /* the classes cover the board */
        for (int c = 0; c < EVAL_PST_CLASSES; c++)
            pst += f[EF_PST + c];
        ck_assert_int_eq(pst, f[EF_MATERIAL]);
        /* the hand weights of the earlier engine: material + mobility 2 */
        search_config cfg;
        search_config_default(&cfg);
        cfg.eval_tuned = 0;
        search_config_weights(&cfg);
        ck_assert_int_eq(evaluate_generic(&cfg.eval, own, opp),
                         100 * f[EF_MATERIAL] +
                             2 * (naive_paikas(own, opp) - naive_paikas(opp, own)));
        fan_position_free(p);
    }
}
END_TEST

START_TEST(copies_agree)
{
#ifdef FAN_PERFT_FAST
    if (!mg_cpu_fast())
        return;
    uint64_t rng = 0xC0B1E5u + (uint64_t)_i;
    search_config tuned, hand;
    search_config_default(&tuned);
    tuned.eval_tuned = 1;
    search_config_weights(&tuned);
    search_config_default(&hand);
    hand.eval_tuned = 0;
    hand.w_strong = 3;
    hand.w_threat = 5;
    hand.w_isolated = 4;
    hand.w_centre = 2;
    search_config_weights(&hand);
    for (int k = 0; k < 2000; k++) {
        fan_position *p = random_position(&rng, _i);
        uint64_t own, opp;
        boards(p, &own, &opp);
        int a[EF_COUNT], b[EF_COUNT];
        ck_assert_int_eq(eval_features_generic(a, own, opp, EG_ALL),
                         eval_features_fast(b, own, opp, EG_ALL));
        for (int i = 0; i < EF_COUNT; i++)
            ck_assert_int_eq(a[i], b[i]);
        ck_assert_int_eq(evaluate_generic(&tuned.eval, own, opp),
                         evaluate_fast(&tuned.eval, own, opp));
        ck_assert_int_eq(evaluate_generic(&eval_tuned_weights_must, own, opp),
                         evaluate_fast(&eval_tuned_weights_must, own, opp));
        ck_assert_int_eq(evaluate_generic(&hand.eval, own, opp),
                         evaluate_fast(&hand.eval, own, opp));
        fan_position_free(p);
    }
#endif
}
END_TEST

/* The stand-pat weights of the quiescence (standpat_eval): 0 the eval's
 * own, 1 the same without the capture features (their group not even
 * computed), 2 the hand weights; checked on scores, against the features'
 * weighted sum recomputed here. */
START_TEST(standpat_weights)
{
    static const int capt[] = {EF_CAPT_OWN,    EF_CAPT_OPP, EF_TARGETS_OPP,
                               EF_TARGETS_OWN, EF_RUN_OWN,  EF_RUN_OPP};
    uint64_t rng = 0x5A7D0u + (uint64_t)_i;
    search_config sp[3], hand;
    for (int e = 0; e < 3; e++) {
        search_config_default(&sp[e]);
        sp[e].eval_tuned = 1;
        sp[e].standpat_eval = e;
        search_config_weights(&sp[e]);
    }
    search_config_default(&hand);
    hand.eval_tuned = 0;
    search_config_weights(&hand);
    ck_assert(!(sp[1].eval_sp.groups & EG_CAPTURES));
    ck_assert_uint_eq(sp[1].eval_sp.groups, EG_ALL & ~EG_CAPTURES);
    int differ = 0;
    for (int k = 0; k < 500; k++) {
        fan_position *p = random_position(&rng, _i);
        uint64_t own, opp;
        boards(p, &own, &opp);
        int f[EF_COUNT];
        int phase = eval_features_generic(f, own, opp, EG_ALL);
        int full = evaluate_generic(&sp[0].eval, own, opp);
        ck_assert_int_eq(evaluate_generic(&sp[0].eval_sp, own, opp), full);
        for (int e = 0; e < 3; e++) /* the eval itself never changes */
            ck_assert_int_eq(evaluate_generic(&sp[e].eval, own, opp), full);
        /* 1: the tapered sum with the capture features set to 0 */
        for (unsigned i = 0; i < sizeof capt / sizeof capt[0]; i++)
            f[capt[i]] = 0;
        int mg = 0, eg = 0;
        for (int i = 0; i < EF_COUNT; i++) {
            mg += eval_tuned_weights.mg[i] * f[i];
            eg += eval_tuned_weights.eg[i] * f[i];
        }
        int quiet = (mg * phase + eg * (EVAL_PHASE_MAX - phase)) /
                    EVAL_PHASE_MAX;
        ck_assert_int_eq(evaluate_generic(&sp[1].eval_sp, own, opp), quiet);
        differ += quiet != full;
        ck_assert_int_eq(evaluate_generic(&sp[2].eval_sp, own, opp),
                         evaluate_generic(&hand.eval, own, opp));
        fan_position_free(p);
    }
    ck_assert_int_gt(differ, 0); /* the capture features do count */
}
END_TEST

/* eval_scale scales every weight but material's, in both phases, and
 * the stand-pat weights with them; 100 leaves the fit as it is
 * (fitted_weights_by_ruleset). */
START_TEST(eval_scale_weights)
{
    static const int scales[] = {0, 50, 130, 200};
    for (unsigned k = 0; k < sizeof scales / sizeof scales[0]; k++) {
        search_config cfg;
        search_config_default(&cfg);
        cfg.eval_scale = scales[k];
        cfg.standpat_eval = 0;
        search_config_weights(&cfg);
        const eval_weights *fit = &eval_tuned_weights;
        int changed = 0;
        for (int i = 0; i < EF_COUNT; i++) {
            int want_mg = fit->mg[i], want_eg = fit->eg[i];
            if (i != EF_MATERIAL) {
                want_mg = want_mg * scales[k] / 100;
                want_eg = want_eg * scales[k] / 100;
            }
            ck_assert_int_eq(cfg.eval.mg[i], want_mg);
            ck_assert_int_eq(cfg.eval.eg[i], want_eg);
            ck_assert_int_eq(cfg.eval_sp.mg[i], want_mg);
            changed += want_mg != fit->mg[i];
        }
        ck_assert_int_eq(cfg.eval.mg[EF_MATERIAL], 100);
        ck_assert_int_gt(changed, EF_COUNT / 2);
    }
}
END_TEST

/* eval_tuned: 1 the stop-at-will fit under both rulesets, 2 each
 * ruleset's own fit, 0 the hand weights; the two fits differ. */
START_TEST(fitted_weights_by_ruleset)
{
    static const struct {
        int tuned, rules;
        const eval_weights *want;
    } cases[] = {
        {1, FAN_RULES_STOP, &eval_tuned_weights},
        {1, FAN_RULES_MUST, &eval_tuned_weights},
        {2, FAN_RULES_STOP, &eval_tuned_weights},
        {2, FAN_RULES_MUST, &eval_tuned_weights_must},
    };
    ck_assert(memcmp(&eval_tuned_weights, &eval_tuned_weights_must,
                     sizeof eval_tuned_weights) != 0);
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        search_config cfg;
        search_config_default(&cfg);
        cfg.eval_tuned = cases[i].tuned;
        cfg.standpat_eval = 0;
        search_config_weights_for(&cfg, cases[i].rules);
        ck_assert_msg(!memcmp(&cfg.eval, cases[i].want, sizeof cfg.eval) &&
                          !memcmp(&cfg.eval_sp, cases[i].want,
                                  sizeof cfg.eval_sp),
                      "case %u", i);
    }
    search_config hand, must;
    search_config_default(&hand);
    hand.eval_tuned = 0;
    search_config_weights(&hand);
    search_config_default(&must);
    must.eval_tuned = 0;
    search_config_weights_for(&must, FAN_RULES_MUST);
    ck_assert(!memcmp(&hand.eval, &must.eval, sizeof hand.eval));
}
END_TEST

/* The search's evaluation from prepared weights (evaluate_packed, both
 * copies) gives evaluate()'s score on every board, for the fitted weights
 * of both rulesets, the stand-pat weights, and hand weights that use the
 * own capture features (so that those are computed there). */
START_TEST(packed_agrees)
{
    uint64_t rng = 0x9AC4EDu + (uint64_t)_i;
    enum { N = 5 };
    search_config cfg[N];
    for (int c = 0; c < N; c++) {
        search_config_default(&cfg[c]);
        cfg[c].use_patterns = 0; /* patterns_in_packed checks them */
    }
    cfg[1].eval_tuned = 2;
    search_config_weights_for(&cfg[1], FAN_RULES_MUST);
    cfg[2].standpat_eval = 2;
    cfg[3].eval_tuned = 0;
    cfg[3].w_strong = 3;
    cfg[3].w_threat = 5;
    cfg[3].w_threat_run = -7;
    cfg[3].w_isolated = 4;
    cfg[3].w_centre = 2;
    cfg[4].eval_scale = 150;
    for (int c = 0; c < N; c++)
        if (c != 1)
            search_config_weights(&cfg[c]);
    /* the fitted weights leave the own capture features out; hand
     * weights with a threat weight do not */
    ck_assert(cfg[0].eval_pk.groups & EG_NO_OWN_CAPTURES);
    ck_assert(!(cfg[3].eval_pk.groups & EG_NO_OWN_CAPTURES));
    ck_assert_uint_eq(cfg[3].eval_pk.groups & EG_ALL, EG_ALL);
    int differ = 0;
    for (int k = 0; k < 1000; k++) {
        fan_position *p = random_position(&rng, _i);
        uint64_t own, opp;
        boards(p, &own, &opp);
        for (int c = 0; c < N; c++) {
            const search_config *g = &cfg[c];
            int want = evaluate_generic(&g->eval, own, opp);
            int want_sp = evaluate_generic(&g->eval_sp, own, opp);
            ck_assert_int_eq(evaluate_packed_generic(&g->eval_pk, own, opp), want);
            ck_assert_int_eq(evaluate_packed_generic(&g->eval_sp_pk, own, opp),
                             want_sp);
#ifdef FAN_PERFT_FAST
            if (mg_cpu_fast()) {
                ck_assert_int_eq(evaluate_packed_fast(&g->eval_pk, own, opp), want);
                ck_assert_int_eq(evaluate_packed_fast(&g->eval_sp_pk, own, opp),
                                 want_sp);
            }
#endif
            differ += want != want_sp;
        }
        fan_position_free(p);
    }
    ck_assert_int_gt(differ, 0); /* the stand-pat weights were exercised */
}
END_TEST

/* The state and table of block i by coordinates: 3x3 blocks at rows
 * 0..2 and columns 0..6, row by row. A block beyond the middle row or
 * column is folded back by the mirrors; its table is the folded block's,
 * and digit k = 3 dr + dc of the state (3^k: 1 own, 2 the opponent's) is
 * the point that the folding mirrors take the folded block's point k to. */
static int naive_state(int i, uint64_t own, uint64_t opp, int *table)
{
    int r = i / 7, c = i % 7;
    int fr = r > 1, fc = c > 3;
    *table = (fr ? 2 - r : r) * 4 + (fc ? 6 - c : c);
    int state = 0, pow3 = 1;
    for (int k = 0; k < 9; k++, pow3 *= 3) {
        int dr = k / 3, dc = k % 3;
        int pr = r + (fr ? 2 - dr : dr), pc = c + (fc ? 2 - dc : dc);
        int sq = pr * 9 + pc;
        state += pow3 * ((own >> sq & 1) ? 1 : (opp >> sq & 1) ? 2 : 0);
    }
    return state;
}

static uint64_t mirror_cols(uint64_t m)
{
    uint64_t out = 0;
    for (int sq = 0; sq < 45; sq++)
        if (m >> sq & 1)
            out |= (uint64_t)1 << ((sq / 9) * 9 + 8 - sq % 9);
    return out;
}

static uint64_t mirror_rows(uint64_t m)
{
    uint64_t out = 0;
    for (int sq = 0; sq < 45; sq++)
        if (m >> sq & 1)
            out |= (uint64_t)1 << ((4 - sq / 9) * 9 + sq % 9);
    return out;
}

/* The default configuration with the patterns in every evaluation. */
static void patterns_everywhere(search_config *cfg)
{
    search_config_default(cfg);
    cfg->use_patterns = 1;
    search_config_weights(cfg);
}

START_TEST(pattern_states_by_coordinates)
{
    uint64_t rng = 0x9A77E2u + (uint64_t)_i;
    search_config cfg;
    patterns_everywhere(&cfg);
    int uses[EVAL_PAT_TABLES] = {0};
    for (int i = 0; i < EVAL_PAT_PLACES; i++) {
        int t;
        naive_state(i, 0, 0, &t);
        ck_assert_int_eq(eval_pattern_table_of[i], t);
        uses[t]++;
    }
    for (int t = 0; t < EVAL_PAT_TABLES; t++) /* every table but the */
        ck_assert_int_ge(uses[t], t == 7 ? 1 : 2); /* middle one shared */
    for (int k = 0; k < 500; k++) {
        fan_position *p = random_position(&rng, _i);
        uint64_t own, opp;
        boards(p, &own, &opp);
        uint16_t st[EVAL_PAT_PLACES];
        eval_pattern_states(st, own, opp);
        for (int i = 0; i < EVAL_PAT_PLACES; i++) {
            int t;
            ck_assert_int_eq(st[i], naive_state(i, own, opp, &t));
        }
        /* the mirror images of a position score the same with the
         * patterns (the tables of blocks that a mirror maps onto
         * themselves are fitted symmetric) */
        int e = evaluate_packed_generic(&cfg.eval_pk, own, opp);
        ck_assert_int_eq(evaluate_packed_generic(&cfg.eval_pk, mirror_cols(own),
                                                 mirror_cols(opp)), e);
        ck_assert_int_eq(evaluate_packed_generic(&cfg.eval_pk, mirror_rows(own),
                                                 mirror_rows(opp)), e);
        fan_position_free(p);
    }
}
END_TEST

/* With patterns on, the search's evaluation is the fitted weights' sum
 * plus the weights of the blocks' states, tapered together. */
START_TEST(patterns_in_packed)
{
    uint64_t rng = 0x9A77E3u + (uint64_t)_i;
    search_config cfg;
    /* by default (2) in the quiet evaluation, not the stand-pat one; each
     * ruleset its own table */
    search_config_default(&cfg);
    ck_assert_ptr_eq(cfg.eval_pk.pat, eval_pattern_weights);
    ck_assert_ptr_null(cfg.eval_sp_pk.pat);
    search_config_weights_for(&cfg, FAN_RULES_MUST);
    ck_assert_ptr_eq(cfg.eval_pk.pat, eval_pattern_weights_must);
    ck_assert_ptr_null(cfg.eval_sp_pk.pat);
    ck_assert_int_ne(memcmp(eval_pattern_weights, eval_pattern_weights_must,
                            sizeof eval_pattern_weights),
                     0);
    patterns_everywhere(&cfg);
    if (_i % 2) /* the must-continue table with must-continue positions */
        search_config_weights_for(&cfg, FAN_RULES_MUST);
    ck_assert_ptr_nonnull(cfg.eval_sp_pk.pat);
    for (int k = 0; k < 1000; k++) {
        fan_position *p = random_position(&rng, _i);
        uint64_t own, opp;
        boards(p, &own, &opp);
        for (int sp = 0; sp < 2; sp++) {
            const eval_weights *w = sp ? &cfg.eval_sp : &cfg.eval;
            const eval_packed *pk = sp ? &cfg.eval_sp_pk : &cfg.eval_pk;
            int f[EF_COUNT];
            int phase = eval_features_generic(f, own, opp, EG_ALL);
            long mg = 0, eg = 0;
            for (int i = 0; i < EF_COUNT; i++) {
                mg += (long)w->mg[i] * f[i];
                eg += (long)w->eg[i] * f[i];
            }
            uint16_t st[EVAL_PAT_PLACES];
            eval_pattern_states(st, own, opp);
            for (int i = 0; i < EVAL_PAT_PLACES; i++) {
                int32_t e = (_i % 2 ? eval_pattern_weights_must
                                    : eval_pattern_weights)
                    [eval_pattern_table_of[i]][st[i]];
                int32_t emg = (int16_t)(uint16_t)((uint32_t)e & 0xFFFF);
                mg += emg;
                eg += (e - emg) / 65536;
            }
            int want = (int)((mg * phase + eg * (EVAL_PHASE_MAX - phase)) /
                             EVAL_PHASE_MAX);
            ck_assert_int_eq(evaluate_packed_generic(pk, own, opp), want);
#ifdef FAN_PERFT_FAST
            if (mg_cpu_fast())
                ck_assert_int_eq(evaluate_packed_fast(pk, own, opp), want);
#endif
        }
        fan_position_free(p);
    }
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("eval");
    TCase *tc = tcase_create("eval");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, pst_classes);
    tcase_add_loop_test(tc, features_by_other_means, 0, 4);
    tcase_add_loop_test(tc, copies_agree, 0, 4);
    tcase_add_loop_test(tc, standpat_weights, 0, 4);
    tcase_add_test(tc, fitted_weights_by_ruleset);
    tcase_add_test(tc, eval_scale_weights);
    tcase_add_loop_test(tc, packed_agrees, 0, 4);
    tcase_add_loop_test(tc, pattern_states_by_coordinates, 0, 4);
    tcase_add_loop_test(tc, patterns_in_packed, 0, 4);
    suite_add_tcase(s, tc);
    return s;
}

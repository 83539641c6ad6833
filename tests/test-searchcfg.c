/* SPDX-License-Identifier: MIT */
/* White-box checks of the Fanorona engine's switches (search_config,
 * lib/search.h), each flipped from its default ("on" below means that):
 * each one changes the search (the node count of a fixed-depth search
 * differs from the default's on some position), and with each one on the
 * engine still finds the known
 * forced wins and losses of the search suite (tforced.h, checked there by
 * brute force) and returns legal turns and lines. Linked with the
 * internal static copy of the library. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "tcommon.h"
#include "tforced.h"
#include "trandom.h"

#include "lib/engine.h" /* the workers' history */
#include "lib/search.h"

#include <dirent.h>
#include <math.h>
#include <stddef.h>
#include <unistd.h>

/* A switch and its default (a match turned it on, doc/search.md); the
 * tests flip it from there, or set another value of a switch that has
 * several. */
#define SWITCH(field) {#field, offsetof(search_config, field), 0, 1}
#define SWITCH_ON(field) {#field, offsetof(search_config, field), 1, 0}
#define SWITCH_VALUE(field, on, v)                                            \
    {#field "=" #v, offsetof(search_config, field), on, v}
static const struct {
    const char *name;
    size_t offset;
    int on;   /* its default */
    int flip; /* the value the tests set */
} switches[] = {
    SWITCH(use_aspiration),
    SWITCH_ON(use_lmr),
    SWITCH(use_futility),
    SWITCH(use_single_ext),
    SWITCH(use_rfp),
    SWITCH(use_null),
    SWITCH_VALUE(use_lmp, 2, 0),
    SWITCH_VALUE(use_lmp, 2, 1),
    SWITCH(use_hist2),
    SWITCH(use_lmr2),
    SWITCH(use_threatq),
    SWITCH(use_qtt),
    SWITCH_ON(use_iir),
    SWITCH(lmr_nonpv),
    SWITCH_ON(lmr_captures),
    SWITCH_VALUE(lmr_captures, 1, 2),
    SWITCH_VALUE(lmr_captures, 1, 3),
    SWITCH(use_countermove),
    SWITCH(use_singular),
    SWITCH(lmr_threat),
    SWITCH(use_capkiller),
    SWITCH(use_probcut),
    SWITCH(use_safe_order),
    SWITCH(use_offer_order),
    SWITCH_VALUE(eval_tuned, 1, 0),
    SWITCH_VALUE(eval_tuned, 1, 2),
};
#define NSWITCHES ((int)(sizeof switches / sizeof switches[0]))
#define NFORCED ((int)(sizeof forced_wins / sizeof forced_wins[0]))

static void set(search_config *cfg, size_t offset, int v)
{
    memcpy((char *)cfg + offset, &v, sizeof v);
}

static int get(const search_config *cfg, size_t offset)
{
    int v;
    memcpy(&v, (const char *)cfg + offset, sizeof v);
    return v;
}

/* The default configuration with switch k flipped (k < 0: none). */
static void config_with(search_config *cfg, int k)
{
    search_config_default(cfg);
    if (k >= 0)
        set(cfg, switches[k].offset, switches[k].flip);
}

/* A search of p with cfg to depth (and at most max_nodes, 0: no cap);
 * the result is checked for legality. */
static void run_with(fan_search_result *r, const search_config *cfg,
                     const fan_position *p, unsigned depth,
                     uint64_t max_nodes)
{
    fan_search *s = NULL;
    fan_search_options o;
    ck_assert_fan_ok(fan_search_options_init(&o));
    o.threads = 1;
    /* 1 MiB: a new handle a search, thousands of them, and under meson's
     * MALLOC_PERTURB_ every table is written whole when it is allocated
     * (4 MiB made the random-positions case ten times slower) */
    o.hash_mib = 1;
    ck_assert_fan_ok(fan_search_new(&s, &o));
    search_set_config(s, cfg);
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = depth;
    l.max_nodes = max_nodes;
    fan_search_result_init(r);
    ck_assert_fan_ok(fan_search_run(r, s, p, &l, NULL, NULL));
    check_result(p, r);
    fan_search_free(s);
}

START_TEST(defaults_as_listed)
{
    /* a switch stays off until a match says otherwise */
    search_config cfg;
    search_config_default(&cfg);
    for (int k = 0; k < NSWITCHES; k++)
        ck_assert_msg(get(&cfg, switches[k].offset) == switches[k].on,
                      "%s is %d", switches[k].name,
                      get(&cfg, switches[k].offset));
}
END_TEST

/* Positions where the switches have work: the start (captures first),
 * openings and middle games of random turns in both rulesets, an ending,
 * a quiet position with many pieces a side. Quiet nodes with more than
 * null_min_pieces pieces a side are rare in Fanorona's trees, so the
 * null move changes the count on few of them. */
static fan_position *work_position(int i)
{
    if (i == 0) {
        fan_position *p = NULL;
        ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
        return p;
    }
    if (i == 4)
        return FROM(forced_wins[16].position);
    if (i == 5) /* quiet, many pieces a side (null moves are made) */
        return FROM("BBB1B1BBB/B1BWB1W1W/1B1BWW1BW/W2W1WWWW/WW1WWW1WW b "
                    "stop 4 -");
    uint64_t rng = 0x5EA5C0DEu + (uint64_t)i;
    fan_position *p = NULL;
    while (!p)
        p = trand_game(&rng, i & 1, 6 + 2 * i);
    return p;
}
#define NWORK 8

/* (A switch that changes no count at depth 7 is tried at depth 8: the
 * null move's conditions are met on few nodes of these small trees.) */
START_TEST(each_switch_changes_the_search)
{
    search_config def;
    config_with(&def, -1);
    uint64_t base[2][NWORK];
    fan_position *p[NWORK];
    for (int i = 0; i < NWORK; i++) {
        fan_search_result a;
        p[i] = work_position(i);
        run_with(&a, &def, p[i], 7, 0);
        base[0][i] = a.nodes;
        base[1][i] = 0; /* depth 8: run when needed */
    }
    for (int k = 0; k < NSWITCHES; k++) {
        search_config on;
        config_with(&on, k);
        int differ = 0, depth = 7;
        for (; depth <= 8 && !differ; depth++)
            for (int i = 0; i < NWORK; i++) {
                fan_search_result a, b;
                if (!base[depth - 7][i]) {
                    run_with(&a, &def, p[i], (unsigned)depth, 0);
                    base[depth - 7][i] = a.nodes;
                }
                run_with(&b, &on, p[i], (unsigned)depth, 0);
                differ += b.nodes != base[depth - 7][i];
            }
        printf("%s: %d of %d differ (depth %d)\n", switches[k].name, differ,
               NWORK, depth - 1);
        ck_assert_msg(differ > 0, "%s on: the same nodes everywhere",
                      switches[k].name);
    }
    for (int i = 0; i < NWORK; i++)
        fan_position_free(p[i]);
}
END_TEST

/* With switch k on, the engine finds forced win j at depth 6: its length
 * exactly (as the search suite's judge derives it) and a winning turn. */
START_TEST(forced_wins_with_each_switch)
{
    int k = _i / NFORCED;
    const forced *f = &forced_wins[_i % NFORCED];
    search_config cfg;
    config_with(&cfg, k);
    fan_position *p = FROM(f->position);
    fan_search_result r;
    run_with(&r, &cfg, p, 6, 0);
    ck_assert_msg(r.score == FAN_SCORE_WIN - f->turns,
                  "%s on, %s: score %d, want a win in %d", switches[k].name,
                  f->position, r.score, f->turns);
    ck_assert_msg(winning_turn(p, r.best, f->turns),
                  "%s on, %s: the turn does not win", switches[k].name,
                  f->position);
    fan_position_free(p);
}
END_TEST

/* After the winning first turn of a three- or five-turn win, the loss is
 * scored with its length. */
#define NLOSS (NFORCED - 8)
START_TEST(losses_with_each_switch)
{
    int k = _i / NLOSS;
    const forced *f = &forced_wins[8 + _i % NLOSS];
    search_config cfg;
    config_with(&cfg, k);
    fan_position *p = FROM(f->position);
    fan_turn turns[1024];
    size_t n = 0, i = 0;
    ck_assert_fan_ok(fan_position_turns(turns, 1024, &n, p));
    while (i < n && !winning_turn(p, turns[i], f->turns))
        i++;
    ck_assert(i < n);
    ck_assert_fan_ok(fan_position_play_turn(p, turns[i]));
    fan_search_result r;
    run_with(&r, &cfg, p, 6, 0);
    ck_assert_msg(r.score == -(FAN_SCORE_WIN - (f->turns - 1)),
                  "%s on, %s: score %d, want a loss in %d", switches[k].name,
                  f->position, r.score, f->turns - 1);
    fan_position_free(p);
}
END_TEST

/* Random positions of both rulesets: legal turns and lines, scores in
 * range, with each switch on. */
START_TEST(random_positions_with_each_switch)
{
    int k = _i;
    search_config cfg;
    config_with(&cfg, k);
    uint64_t rng = 0xC0FFEE5u + (uint64_t)k;
    for (int j = 0; j < 120; j++) {
        int rules = j & 1;
        fan_position *p = (j & 2) ? trand_board(&rng, rules)
                                  : trand_game(&rng, rules, 80);
        if (!p)
            continue;
        fan_search_result r;
        run_with(&r, &cfg, p, 5, 20000);
        fan_position_free(p);
    }
}
END_TEST

/* The 400-turn limit with each switch on (the search suite's positions):
 * a draw whatever the material with the last turn, a win still a win. */
START_TEST(turn_limit_with_each_switch)
{
    search_config cfg;
    config_with(&cfg, _i);
    fan_search_result r;
    fan_position *p = FROM("9/9/9/WWW6/WWW4B1 w stop 399 -");
    run_with(&r, &cfg, p, 4, 0);
    ck_assert_msg(r.score == 0, "%s on: %d", switches[_i].name, r.score);
    fan_position_free(p);
    /* four turns before the limit: neither side can force a win (the
     * judge checks it), so the value is a draw */
    p = FROM("9/9/9/WWW6/WWW4B1 w stop 396 -");
    ck_assert(!forced_win(p, 4));
    fan_turn turns[1024];
    size_t n = 0, safe = 0;
    ck_assert_fan_ok(fan_position_turns(turns, 1024, &n, p));
    for (size_t i = 0; i < n && !safe; i++) {
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_turn(q, turns[i]));
        safe = fan_position_result(q) == FAN_ONGOING && !forced_win(q, 3);
        fan_position_free(q);
    }
    ck_assert(safe);
    run_with(&r, &cfg, p, 6, 0);
    ck_assert_msg(r.score == 0, "%s on: %d", switches[_i].name, r.score);
    fan_position_free(p);
    p = FROM("9/9/9/WWW6/WWW4B1 w stop 300 -");
    run_with(&r, &cfg, p, 4, 0);
    ck_assert_int_gt(r.score, 300);
    fan_position_free(p);
    p = FROM("9/9/W1B6/9/9 w stop 399 -");
    run_with(&r, &cfg, p, 4, 0);
    ck_assert_int_eq(r.score, FAN_SCORE_WIN - 1);
    fan_position_free(p);
}
END_TEST

/* The search suite's threefold repetition (tforced.h) with each switch
 * on (_i == NSWITCHES: null moves with no piece minimum, so that passes
 * are made next to the repetitions). */
START_TEST(repetition_with_each_switch)
{
    search_config cfg;
    config_with(&cfg, _i < NSWITCHES ? _i : -1);
    if (_i == NSWITCHES) {
        cfg.use_null = 1;
        cfg.null_min_pieces = 0;
    }
    fan_position *p = threefold_position();
    fan_search_result r;
    run_with(&r, &cfg, p, 6, 0);
    ck_assert_int_eq(r.score, 0);
    ck_assert(r.best == FAN_TURN_MAKE(SQ("h5"), SQ("i5"), 0));
    fan_position *fresh = FROM("7B1/9/9/9/WWW6 b stop 7 -");
    run_with(&r, &cfg, fresh, 6, 0);
    ck_assert_int_lt(r.score, -100);
    fan_position_free(fresh);
    fan_position_free(p);
}
END_TEST

/* contempt: a draw by the turn limit or by repetition scores -contempt
 * for the side to move at the root, and a contempt above what the
 * repetition saves makes the engine play on instead. */
START_TEST(contempt_scores_draws)
{
    search_config cfg;
    config_with(&cfg, -1);
    cfg.contempt = 40;
    fan_search_result r;
    fan_position *p = FROM("9/9/9/WWW6/WWW4B1 w stop 399 -");
    run_with(&r, &cfg, p, 4, 0);
    ck_assert_int_eq(r.score, -40);
    fan_position_free(p);
    /* a win with the 400th turn is still a win */
    p = FROM("9/9/W1B6/9/9 w stop 399 -");
    run_with(&r, &cfg, p, 4, 0);
    ck_assert_int_eq(r.score, FAN_SCORE_WIN - 1);
    fan_position_free(p);
    p = threefold_position();
    run_with(&r, &cfg, p, 6, 0);
    ck_assert_int_eq(r.score, -40);
    ck_assert(r.best == FAN_TURN_MAKE(SQ("h5"), SQ("i5"), 0));
    /* the same board without its history is worse than the draw by more
     * than 100 (repetition_with_each_switch); a contempt past that
     * avoids the repetition */
    fan_search_result fresh;
    fan_position *q = FROM("7B1/9/9/9/WWW6 b stop 7 -");
    run_with(&fresh, &cfg, q, 6, 0);
    fan_position_free(q);
    cfg.contempt = -fresh.score + 100;
    run_with(&r, &cfg, p, 6, 0);
    ck_assert(r.best != FAN_TURN_MAKE(SQ("h5"), SQ("i5"), 0));
    ck_assert_int_gt(r.score, -cfg.contempt);
    fan_position_free(p);
}
END_TEST

/* partial: a run stopped (here by a node limit: one thread, so the same
 * tree as a run to a fixed depth) in the middle of an iteration plays the
 * root turn of that iteration that beat its first turn, the previous
 * iteration's best, with the same nodes and depth as without the switch.
 * The completed iteration (a run to that depth) can only score its best
 * at least as high as that turn's score. A stopped iteration rarely has
 * such a turn (on the 8 work positions 1 run of 144, and with each
 * ruleset's own fit, eval_tuned 2, 2 of 144, neither the completed
 * best), so the runs are spread over 32 positions: 6 of 416 play another
 * turn, all 6 the completed iteration's best (4 of 6 with eval_tuned 2). */
#define NPARTIAL 32
START_TEST(partial_plays_the_better_turn)
{
    search_config off, on;
    config_with(&off, -1);
    config_with(&on, -1);
    on.use_partial = 1;
    int differ = 0, runs = 0, same = 0;
    for (int i = 0; i < NPARTIAL; i++) {
        fan_position *p = work_position(i);
        for (uint64_t limit = 3000; limit < 400000; limit += limit / 2) {
            fan_search_result r0, r1;
            run_with(&r0, &off, p, 0, limit);
            run_with(&r1, &on, p, 0, limit);
            runs++;
            ck_assert_uint_eq(r1.depth, r0.depth);
            ck_assert_uint_eq(r1.nodes, r0.nodes);
            if (r1.best == r0.best) {
                ck_assert_int_eq(r1.score, r0.score);
                continue;
            }
            differ++;
            ck_assert(r1.pv[0] == r1.best);
            fan_search_result full;
            run_with(&full, &off, p, r0.depth + 1, 0);
            same += r1.best == full.best;
            ck_assert_msg(r1.score <= full.score,
                          "position %d, %llu nodes: %d above the completed "
                          "iteration's %d",
                          i, (unsigned long long)limit, r1.score, full.score);
        }
        fan_position_free(p);
    }
    printf("partial: %d of %d runs play another turn, %d of them the "
           "completed iteration's best\n", differ, runs, same);
    ck_assert(differ > 0);
    /* a turn that beat the first of its iteration is mostly still the
     * best when the iteration completes (a turn promoted without beating
     * it almost never is: none of 62 in a deliberately broken build) */
    ck_assert_msg(3 * same >= differ, "%d of %d", same, differ);
}
END_TEST

/* hist2: after searches of middle games the history holds maluses
 * (negative entries) and every entry is inside the gravity's bound. */
START_TEST(hist2_is_bounded)
{
    search_config cfg;
    config_with(&cfg, -1);
    cfg.use_hist2 = 1;
    fan_search *s = NULL;
    fan_search_options o;
    ck_assert_fan_ok(fan_search_options_init(&o));
    o.threads = 1;
    ck_assert_fan_ok(fan_search_new(&s, &o));
    search_set_config(s, &cfg);
    int negative = 0; /* over the runs: the history after each one */
    for (int i = 1; i < NWORK; i++) {
        fan_position *p = work_position(i);
        fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
        l.max_depth = 7;
        fan_search_result r = FAN_SEARCH_RESULT_INIT;
        ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
        fan_position_free(p);
        const search_worker *w = s->workers[0];
        for (int c = 0; c < 2; c++)
            for (int a = 0; a < BOARD_SQUARES; a++)
                for (int b = 0; b < BOARD_SQUARES; b++) {
                    int h = w->history[c][a][b];
                    ck_assert_int_lt(h, HISTORY_MAX);
                    ck_assert_int_gt(h, -HISTORY_MAX);
                    negative += h < 0;
                }
    }
    ck_assert_int_gt(negative, 0);
    fan_search_free(s);
}
END_TEST

/* lmp's default (2) prunes in stop-at-will only: the same trees as
 * lmp=1 there and as lmp=0 under must-continue, and other trees than the
 * other value in each ruleset somewhere. */
START_TEST(lmp_default_by_ruleset)
{
    search_config def, on, off;
    config_with(&def, -1);
    ck_assert_int_eq(def.use_lmp, 2);
    on = off = def;
    on.use_lmp = 1;
    off.use_lmp = 0;
    int other[2] = {0, 0}; /* positions where the other value differs */
    for (int i = 1; i < NWORK; i++) {
        if (i == 4 || i == 5)
            continue; /* work_position's fixed ones */
        fan_position *p = work_position(i);
        int is_must = i & 1;
        ck_assert_int_eq(fan_position_rules(p),
                         is_must ? FAN_RULES_MUST : FAN_RULES_STOP);
        fan_search_result a, b, c;
        run_with(&a, &def, p, 7, 0);
        run_with(&b, is_must ? &off : &on, p, 7, 0);
        run_with(&c, is_must ? &on : &off, p, 7, 0);
        ck_assert_uint_eq(a.nodes, b.nodes);
        other[is_must] += c.nodes != a.nodes;
        fan_position_free(p);
    }
    ck_assert_int_gt(other[0], 0);
    ck_assert_int_gt(other[1], 0);
}
END_TEST

/* lmr2's table (filled by a series, the library has no libm) against
 * the C library's log(), for the default a, b and another pair. */
START_TEST(lmr2_table)
{
    static unsigned char t[LMR_TABLE][LMR_TABLE];
    static const int ab[][2] = {{75, 225}, {0, 100}, {150, 300}};
    for (size_t k = 0; k < sizeof ab / sizeof ab[0]; k++) {
        lmr_table_fill(t, ab[k][0], ab[k][1]);
        double a = ab[k][0] / 100.0, b = ab[k][1] / 100.0;
        for (int d = 1; d < LMR_TABLE; d++)
            for (int i = 1; i < LMR_TABLE; i++) {
                double r = a + log(d) * log(i) / b;
                if (fabs(r - floor(r + 0.5)) < 1e-9)
                    continue; /* on an integer: either side is right */
                ck_assert_msg(t[d][i] == (int)floor(r), "%d,%d: %d, want %g",
                              d, i, t[d][i], r);
            }
    }
    /* two figures by hand: ln 10 = 2.302585, so at depth 10, turn 10,
     * 0.75 + 5.3019 / 2.25 = 3.106; at 3, 3: 0.75 + 1.2069 / 2.25 = 1.29 */
    lmr_table_fill(t, 75, 225);
    ck_assert_int_eq(t[10][10], 3);
    ck_assert_int_eq(t[3][3], 1);
}
END_TEST

/* threatq: wins in three turns whose first is a paika that leaves Black
 * (to move, without a capture) under a threat it cannot parry. At depth 1
 * the plain quiescence stops at Black's quiet node; with threatq Black's
 * paikas are searched and White's last capture found. The judge checks
 * the win's length first. */
START_TEST(threatq_sees_the_threat)
{
    static const char *const wins[] = {
        "8B/3W2W2/9/9/9 w stop 0 -",
        "W8/8W/3W5/4B4/4W4 w stop 0 -",
    };
    fan_position *p = FROM(wins[_i]);
    ck_assert(forced_win(p, 3));
    ck_assert(!forced_win(p, 1));
    search_config cfg;
    config_with(&cfg, -1);
    fan_search_result r;
    run_with(&r, &cfg, p, 1, 0);
    ck_assert_int_lt(r.score, FAN_SCORE_WIN - 3);
    cfg.use_threatq = 1;
    run_with(&r, &cfg, p, 1, 0);
    ck_assert_int_eq(r.score, FAN_SCORE_WIN - 3);
    ck_assert(winning_turn(p, r.best, 3));
    fan_position_free(p);
}
END_TEST

/* standpat_eval 1: the fitted evaluation's capture features (the
 * opponent's capturing moves weigh about -1 a piece each) make its
 * stand-pat score at a capture node of the quiescence far too low, where
 * both sides have captures, and so no stand-pat cut-offs: a depth-1 search
 * of this position of the fourth turn met a capture tree of 5.6 million
 * nodes with them (doc/search.md). Without them in the stand-pat score
 * the same search needs under 20000; with them it needs over 50 times
 * that (the run is capped there). */
START_TEST(standpat_without_captures_bounds_quiescence)
{
    fan_position *p = FROM("BBBB1B1BB/BBB1BBB1B/BWWW1BWB1/W1WBWWWWW/WWWW1WWWW "
                           "w stop 4 -");
    search_config cfg;
    config_with(&cfg, -1);
    cfg.eval_tuned = 1;
    cfg.standpat_eval = 1;
    fan_search_result quiet, full;
    run_with(&quiet, &cfg, p, 1, 0);
    ck_assert_uint_eq(quiet.depth, 1);
    ck_assert_uint_lt(quiet.nodes, 20000);
    cfg.standpat_eval = 0;
    run_with(&full, &cfg, p, 1, 50 * quiet.nodes);
    ck_assert_uint_ge(full.nodes, 50 * quiet.nodes);
    fan_position_free(p);
}
END_TEST

/* tb_draw: with 4-piece tables, a won or lost root scores exactly as
 * without it, a drawn one is searched on: its score stays within
 * +-tb_draw, the turn played keeps the draw, and the scores are not all
 * 0 (the search did go on). */
START_TEST(tb_draw_searches_drawn_endings)
{
    char dir[] = "/tmp/fan-tbdraw-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    fan_tb_generate_options go = FAN_TB_GENERATE_OPTIONS_INIT;
    ck_assert_fan_ok(fan_tb_generate(dir, FAN_RULES_STOP, 4, &go));
    fan_tb *tb = NULL;
    ck_assert_fan_ok(fan_tb_open(&tb, dir));
    search_config cfg;
    search_config_default(&cfg);
    cfg.tb_draw = 50;
    fan_search *s = NULL;
    ck_assert_fan_ok(fan_search_new(&s, NULL));
    search_set_config(s, &cfg);
    ck_assert_fan_ok(fan_search_set_tables(s, tb));
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = 3;
    uint64_t rng = 0x7BD7A3u;
    int draws = 0, moved = 0, decided = 0;
    while (draws < 40 || decided < 20) {
        uint64_t w = 0, b = 0;
        int nw = 1 + (int)(trand_next(&rng) % 3);
        while (__builtin_popcountll(w) < nw)
            w |= (uint64_t)1 << (trand_next(&rng) % FAN_SQUARES);
        while (__builtin_popcountll(w | b) < 4)
            b |= ((uint64_t)1 << (trand_next(&rng) % FAN_SQUARES)) & ~w;
        fan_position *p = NULL;
        int side = (trand_next(&rng) & 1) ? FAN_BLACK : FAN_WHITE;
        if (fan_position_new_custom(&p, w, b, side, FAN_RULES_STOP) != FAN_OK)
            continue;
        int v, d;
        ck_assert_fan_ok(fan_tb_probe(&v, &d, tb, p));
        if (fan_position_result(p) != FAN_ONGOING) {
            fan_position_free(p);
            continue;
        }
        fan_search_result r;
        fan_search_result_init(&r);
        ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
        check_result(p, &r);
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_turn(q, r.best));
        int v2, d2;
        ck_assert_fan_ok(fan_tb_probe(&v2, &d2, tb, q));
        ck_assert_int_eq(v2, -v); /* the value is kept */
        if (v == FAN_TB_DRAW) {
            draws++;
            ck_assert_int_le(r.score, cfg.tb_draw);
            ck_assert_int_ge(r.score, -cfg.tb_draw);
            moved += r.score != 0;
        } else {
            decided++;
            ck_assert_int_eq(r.score, v == FAN_TB_WIN ? FAN_SCORE_WIN - d
                                                      : -(FAN_SCORE_WIN - d));
        }
        fan_position_free(q);
        fan_position_free(p);
    }
    ck_assert_int_gt(moved, 0);
    fan_search_free(s);
    fan_tb_close(tb);
    DIR *dd = opendir(dir);
    ck_assert_ptr_nonnull(dd);
    for (struct dirent *e; (e = readdir(dd));) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.')
            unlink(path);
    }
    closedir(dd);
    rmdir(dir);
}
END_TEST

Suite *make_suite(void)
{
    /* Four cases, which tests/meson.build runs as four tests (CK_RUN_CASE)
     * so that each has its own timeout and they run side by side: every
     * switch is searched many times, and under the sanitizers the whole
     * suite took longer than one test's 300 s on a loaded machine. */
    Suite *s = suite_create("searchcfg");
    TCase *sw = tcase_create("switches");
    tcase_set_timeout(sw, 120);
    tcase_add_test(sw, defaults_as_listed);
    tcase_add_test(sw, each_switch_changes_the_search);
    suite_add_tcase(s, sw);
    TCase *wins = tcase_create("wins");
    tcase_set_timeout(wins, 120);
    tcase_add_loop_test(wins, forced_wins_with_each_switch, 0,
                        NSWITCHES * NFORCED);
    tcase_add_loop_test(wins, losses_with_each_switch, 0, NSWITCHES * NLOSS);
    suite_add_tcase(s, wins);
    TCase *rnd = tcase_create("random");
    tcase_set_timeout(rnd, 120);
    tcase_add_loop_test(rnd, random_positions_with_each_switch, 0, NSWITCHES);
    suite_add_tcase(s, rnd);
    TCase *tc = tcase_create("games");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, turn_limit_with_each_switch, 0, NSWITCHES);
    tcase_add_loop_test(tc, repetition_with_each_switch, 0, NSWITCHES + 1);
    tcase_add_test(tc, contempt_scores_draws);
    tcase_add_test(tc, partial_plays_the_better_turn);
    tcase_add_test(tc, hist2_is_bounded);
    tcase_add_test(tc, lmr2_table);
    tcase_add_test(tc, lmp_default_by_ruleset);
    tcase_add_loop_test(tc, threatq_sees_the_threat, 0, 2);
    tcase_add_test(tc, tb_draw_searches_drawn_endings);
    tcase_add_test(tc, standpat_without_captures_bounds_quiescence);
    suite_add_tcase(s, tc);
    return s;
}

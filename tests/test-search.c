/* SPDX-License-Identifier: MIT */
/* The search API: forced wins, legality over random positions in both
 * rulesets, stopping from another thread, determinism, limits and levels,
 * and argument checking. */
#include "tcommon.h"
#include "../lib/timeplan.h" /* the clock plan, plain arithmetic */
#include "tforced.h"
#include "trandom.h"

#include <pthread.h>
#include <time.h>

static fan_search *new_search_with(uint32_t threads, uint32_t hash_mib)
{
    fan_search *s = NULL;
    fan_search_options o;
    ck_assert_fan_ok(fan_search_options_init(&o));
    o.threads = threads;
    o.hash_mib = hash_mib;
    ck_assert_fan_ok(fan_search_new(&s, &o));
    return s;
}

static fan_search *new_search(void)
{
    return new_search_with(1, 4);
}

START_TEST(finds_forced_wins)
{
    const forced *f = &forced_wins[_i];
    fan_position *p = FROM(f->position);
    /* the judge agrees with the comment */
    ck_assert_msg(forced_win(p, f->turns), "%s: no win in %d", f->position,
                  f->turns);
    ck_assert_msg(!forced_win(p, f->turns - 2), "%s: wins faster",
                  f->position);
    if (f->greedy) {
        fan_turn turns[1024];
        size_t n = 0;
        int most = 0;
        ck_assert_fan_ok(fan_position_turns(turns, 1024, &n, p));
        for (size_t i = 0; i < n; i++) {
            int c = __builtin_popcountll(FAN_TURN_CAPTURED(turns[i]));
            most = c > most ? c : most;
        }
        for (size_t i = 0; i < n; i++)
            if (__builtin_popcountll(FAN_TURN_CAPTURED(turns[i])) == most)
                ck_assert_msg(!winning_turn(p, turns[i], f->turns),
                              "%s: a greedy turn wins", f->position);
    }
    fan_search *s = new_search();
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = 6;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    ck_assert_msg(r.score == FAN_SCORE_WIN - f->turns,
                  "%s: score %d, want a win in %d", f->position, r.score,
                  f->turns);
    ck_assert(FAN_SCORE_IS_WIN(r.score));
    ck_assert_int_eq(FAN_SCORE_TURNS(r.score), f->turns);
    ck_assert_msg(winning_turn(p, r.best, f->turns), "%s: turn does not win",
                  f->position);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

START_TEST(loss_scores)
{
    /* After a winning first turn of a three- or five-turn win, the side
     * to move has lost in two or four turns, and the engine says so. */
    const forced *f = &forced_wins[8 + _i];
    fan_position *p = FROM(f->position);
    fan_turn turns[1024];
    size_t n = 0;
    ck_assert_fan_ok(fan_position_turns(turns, 1024, &n, p));
    size_t i = 0;
    while (i < n && !winning_turn(p, turns[i], f->turns))
        i++;
    ck_assert(i < n);
    ck_assert_fan_ok(fan_position_play_turn(p, turns[i]));
    ck_assert(all_replies_lose(p, f->turns - 2));
    fan_search *s = new_search();
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = 6;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    ck_assert_int_eq(r.score, -(FAN_SCORE_WIN - (f->turns - 1)));
    ck_assert(FAN_SCORE_IS_LOSS(r.score));
    ck_assert_int_eq(FAN_SCORE_TURNS(r.score), f->turns - 1);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Legality over random positions                                      */

static void random_legality(int rules, int count, uint64_t seed,
                            const fan_search_limits *l)
{
    uint64_t rng = seed;
    fan_search *s = new_search();
    for (int k = 0; k < count; k++) {
        fan_position *p = (k & 1) ? trand_board(&rng, rules)
                                  : trand_game(&rng, rules, 80);
        if (!p) {
            k--;
            continue;
        }
        fan_search_result r = FAN_SEARCH_RESULT_INIT;
        ck_assert_fan_ok(fan_search_run(&r, s, p, l, NULL, NULL));
        check_result(p, &r);
        fan_position_free(p);
    }
    fan_search_free(s);
}

START_TEST(random_positions_legal)
{
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_nodes = 150 + (uint64_t)(_i % 2) * 250;
    random_legality(_i / 2, 1000, 0xC0FFEE + (uint64_t)_i, &l);
}
END_TEST

START_TEST(random_positions_legal_deep)
{
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = 4;
    l.max_nodes = 200000;
    random_legality(_i, 3000, 0xDEE9 + (uint64_t)_i, &l);
}
END_TEST

START_TEST(mid_chain_root)
{
    /* A chain in progress: e3-e4 has withdrawn from e2 (position 4); the
     * search completes the turn, and the completion takes c4. */
    fan_position *p = FROM("9/2B6/4W4/4B4/9 w stop 0 -");
    ck_assert_fan_ok(fan_position_play_step(p, SQ("e3"), SQ("e4"),
                                            FAN_STEP_WITHDRAWAL));
    ck_assert_int_eq(fan_position_in_chain(p), 1);
    fan_search *s = new_search();
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = 3;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    ck_assert_int_eq(r.score, FAN_SCORE_WIN - 1);
    ck_assert_int_eq(FAN_TURN_FROM(r.best), SQ("e3"));
    ck_assert_fan_ok(fan_position_play_turn(p, r.best));
    ck_assert_int_eq(fan_position_result(p), FAN_WHITE_WINS);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Draws the search must know                                          */

START_TEST(turn_limit)
{
    /* White is far ahead but the game is drawn after this turn, the
     * 400th, unless White wins with it. */
    fan_position *p = FROM("9/9/9/WWW6/WWW4B1 w stop 399 -");
    fan_search *s = new_search();
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = 4;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    ck_assert_int_eq(r.score, 0);
    fan_position_free(p);
    /* the same board earlier in the game is a clear advantage */
    p = FROM("9/9/9/WWW6/WWW4B1 w stop 300 -");
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    ck_assert_int_gt(r.score, 300);
    fan_position_free(p);
    /* and a win with the 400th turn still counts */
    p = FROM("9/9/W1B6/9/9 w stop 399 -");
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    ck_assert_int_eq(r.score, FAN_SCORE_WIN - 1);
    fan_position_free(p);
    fan_search_free(s);
}
END_TEST

START_TEST(threefold_repetition)
{
    fan_position *p = threefold_position();
    fan_search *s = new_search();
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = 4;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    ck_assert_int_eq(r.score, 0);
    ck_assert(r.best == FAN_TURN_MAKE(SQ("h5"), SQ("i5"), 0));
    /* without the history the same board is simply two pieces down */
    fan_position *fresh = FROM("7B1/9/9/9/WWW6 b stop 7 -");
    ck_assert_fan_ok(fan_search_run(&r, s, fresh, &l, NULL, NULL));
    ck_assert_int_lt(r.score, -100);
    fan_position_free(fresh);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Stopping, progress, determinism                                     */

typedef struct run_ctx {
    fan_search *s;
    fan_position *p;
    fan_search_limits l;
    fan_search_result r;
    int rc;
} run_ctx;

static void *run_thread(void *arg)
{
    run_ctx *c = arg;
    c->rc = fan_search_run(&c->r, c->s, c->p, &c->l, NULL, NULL);
    return NULL;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

START_TEST(stop_from_another_thread)
{
    run_ctx c;
    memset(&c, 0, sizeof c);
    c.s = new_search_with(1 + (uint32_t)(_i & 1), 4);
    ck_assert_fan_ok(fan_position_new(&c.p, _i ? FAN_RULES_MUST : FAN_RULES_STOP));
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT; /* no limit at all */
    c.l = l;
    fan_search_result_init(&c.r);
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, run_thread, &c), 0);
    struct timespec wait = {0, 100 * 1000000};
    nanosleep(&wait, NULL);
    double t0 = now_ms();
    ck_assert_fan_ok(fan_search_stop(c.s));
    pthread_join(t, NULL);
    ck_assert_msg(now_ms() - t0 < 1000, "stop took %.0f ms", now_ms() - t0);
    ck_assert_fan_ok(c.rc);
    check_result(c.p, &c.r);
    fan_search_free(c.s);
    fan_position_free(c.p);
}
END_TEST

static int stop_at_once(void *user, const fan_search_result *line)
{
    int *calls = user;
    ck_assert_uint_eq(line->line, 1);
    ck_assert_uint_eq(line->depth, (uint32_t)(*calls + 1));
    (*calls)++;
    return 1;
}

START_TEST(progress_can_stop)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    fan_search *s = new_search();
    int calls = 0;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    ck_assert_fan_ok(fan_search_run(&r, s, p, NULL, stop_at_once, &calls));
    ck_assert_int_eq(calls, 1);
    ck_assert_uint_eq(r.depth, 1);
    check_result(p, &r);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

static void same_result(const fan_search_result *a, const fan_search_result *b)
{
    ck_assert(a->best == b->best);
    ck_assert_int_eq(a->score, b->score);
    ck_assert_uint_eq(a->nodes, b->nodes);
    ck_assert_uint_eq(a->depth, b->depth);
    ck_assert_uint_eq(a->pv_length, b->pv_length);
    for (uint32_t i = 0; i < a->pv_length; i++)
        ck_assert(a->pv[i] == b->pv[i]);
}

START_TEST(deterministic_single_thread)
{
    uint64_t rng = 0xD7E7 + (uint64_t)_i;
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    if (_i & 1)
        l.max_nodes = 20000;
    else
        l.max_depth = 4;
    for (int k = 0; k < 6; k++) {
        fan_position *p = trand_game(&rng, _i / 2, 30);
        fan_search *a = new_search(), *b = new_search();
        fan_search_result ra = FAN_SEARCH_RESULT_INIT, rb = ra, rc = ra;
        ck_assert_fan_ok(fan_search_run(&ra, a, p, &l, NULL, NULL));
        ck_assert_fan_ok(fan_search_run(&rb, b, p, &l, NULL, NULL));
        same_result(&ra, &rb);
        /* a used handle, cleared, gives the same answer again */
        ck_assert_fan_ok(fan_search_run(&rc, a, p, &l, NULL, NULL));
        ck_assert_fan_ok(fan_search_clear(a));
        ck_assert_fan_ok(fan_search_run(&rc, a, p, &l, NULL, NULL));
        same_result(&ra, &rc);
        if (l.max_nodes)
            ck_assert_uint_le(ra.nodes, l.max_nodes);
        fan_search_free(a);
        fan_search_free(b);
        fan_position_free(p);
    }
}
END_TEST

/* A handle's run under the other ruleset than its last one answers as a
 * new handle would: the table (whose keys leave out the ruleset) and the
 * history start afresh; under the same ruleset they are kept. */
START_TEST(other_ruleset_starts_afresh)
{
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = 6;
    fan_position *stop = NULL, *must = NULL;
    ck_assert_fan_ok(fan_position_new(&stop, FAN_RULES_STOP));
    ck_assert_fan_ok(fan_position_new(&must, FAN_RULES_MUST));
    fan_search *a = new_search(), *b = new_search(), *c = new_search();
    fan_search_result ra = FAN_SEARCH_RESULT_INIT, rb = ra, rc = ra;
    ck_assert_fan_ok(fan_search_run(&ra, a, stop, &l, NULL, NULL));
    ck_assert_fan_ok(fan_search_run(&rc, c, stop, &l, NULL, NULL));
    ck_assert_fan_ok(fan_search_run(&ra, a, must, &l, NULL, NULL));
    ck_assert_fan_ok(fan_search_run(&rb, b, must, &l, NULL, NULL));
    same_result(&ra, &rb);
    ck_assert_fan_ok(fan_search_run(&ra, a, stop, &l, NULL, NULL));
    ck_assert_fan_ok(fan_search_run(&rb, b, stop, &l, NULL, NULL));
    same_result(&ra, &rb);
    /* the same ruleset again keeps the table: fewer nodes the second time */
    ck_assert_fan_ok(fan_search_run(&rb, c, stop, &l, NULL, NULL));
    ck_assert_uint_lt(rb.nodes, ra.nodes);
    fan_search_free(a);
    fan_search_free(b);
    fan_search_free(c);
    fan_position_free(stop);
    fan_position_free(must);
}
END_TEST

/* The depths that the progress callback saw, in order. */
typedef struct depths {
    uint32_t seen[FAN_SEARCH_MAX_DEPTH + 1];
    int n;
} depths;

static int collect_depths(void *user, const fan_search_result *line)
{
    depths *d = user;
    ck_assert_int_le(d->n, FAN_SEARCH_MAX_DEPTH);
    d->seen[d->n++] = line->depth;
    return 0;
}

START_TEST(stops_when_proven)
{
    /* A win in N turns (the judge's count) is proven by the iteration of
     * depth N: the search ends there, whatever depth it was allowed, with
     * that iteration's result; iterations 1..N were reported. The side
     * that has lost (after the winning first turn) is proven lost at
     * depth N - 1. */
    const forced *f = &forced_wins[_i];
    fan_position *p = FROM(f->position);
    fan_search *s = new_search();
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = FAN_SEARCH_MAX_DEPTH;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    depths d = {{0}, 0};
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, collect_depths, &d));
    ck_assert_int_eq(r.score, FAN_SCORE_WIN - f->turns);
    ck_assert_uint_eq(r.depth, (uint32_t)f->turns);
    ck_assert_int_eq(d.n, f->turns);
    for (int i = 0; i < d.n; i++)
        ck_assert_uint_eq(d.seen[i], (uint32_t)i + 1);
    ck_assert(winning_turn(p, r.best, f->turns));
    if (f->turns > 1) {
        ck_assert_fan_ok(fan_position_play_turn(p, r.best));
        fan_search_clear(s);
        d.n = 0;
        ck_assert_fan_ok(fan_search_run(&r, s, p, &l, collect_depths, &d));
        ck_assert_int_eq(r.score, -(FAN_SCORE_WIN - (f->turns - 1)));
        ck_assert_uint_eq(r.depth, (uint32_t)f->turns - 1);
        ck_assert_int_eq(d.n, f->turns - 1);
    }
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

typedef struct lines {
    fan_search_result last[8];
    uint32_t depth;
} lines;

static int collect_lines(void *user, const fan_search_result *line)
{
    lines *ls = user;
    ck_assert(line->line >= 1 && line->line <= 8);
    /* a callback gets a result of the library's own version */
    ck_assert_uint_eq(line->version, FAN_SEARCH_RESULT_VERSION);
    ls->last[line->line - 1] = *line;
    ls->depth = line->depth;
    return 0;
}

START_TEST(multipv_lines)
{
    fan_position *p = FROM("9/3W5/2B6/3W5/2B1B4 w stop 0 -");
    fan_search *s = new_search();
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = 5;
    l.multipv = 3;
    lines ls;
    memset(&ls, 0, sizeof ls);
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, collect_lines, &ls));
    ck_assert_uint_eq(ls.depth, 5);
    for (int i = 0; i < 3; i++) {
        ck_assert_uint_eq(ls.last[i].line, (uint32_t)i + 1);
        check_result(p, &ls.last[i]);
        for (int j = 0; j < i; j++)
            ck_assert(ls.last[i].best != ls.last[j].best);
        if (i)
            ck_assert_int_le(ls.last[i].score, ls.last[i - 1].score);
    }
    /* the first line is the result, and position 16's win */
    ck_assert(ls.last[0].best == r.best);
    ck_assert_int_eq(r.score, FAN_SCORE_WIN - 5);
    ck_assert(winning_turn(p, r.best, 5));
    /* the other lines are exact: no other turn wins this fast */
    ck_assert_int_lt(ls.last[1].score, FAN_SCORE_WIN - 5);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

START_TEST(threads_and_hash)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    fan_search *s = new_search_with(3, 2);
    fan_search_options o;
    ck_assert_fan_ok(fan_search_options_get(&o, s));
    ck_assert_uint_eq(o.threads, 3);
    ck_assert_uint_eq(o.hash_mib, 2);
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = 5;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    check_result(p, &r);
    ck_assert_uint_eq(r.depth, 5);
    /* back to one thread on the same handle, with a table of a new size */
    o.threads = 1;
    o.hash_mib = 1;
    ck_assert_fan_ok(fan_search_configure(s, &o));
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    check_result(p, &r);
    ck_assert_fan_ok(fan_search_options_get(&o, s));
    ck_assert_uint_eq(o.threads, 1);
    ck_assert_uint_eq(o.hash_mib, 1);
    /* the forced wins come out the same with threads */
    fan_position *w = FROM(forced_wins[10].position);
    o.threads = 2;
    ck_assert_fan_ok(fan_search_configure(s, &o));
    ck_assert_fan_ok(fan_search_run(&r, s, w, &l, NULL, NULL));
    ck_assert_int_eq(r.score, FAN_SCORE_WIN - forced_wins[10].turns);
    fan_position_free(w);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Levels                                                              */

START_TEST(levels_legal_and_reproducible)
{
    uint64_t rng = 0x1E7E1;
    fan_search *s = new_search();
    int differs = 0;
    for (int k = 0; k < 20; k++) {
        fan_position *p = trand_game(&rng, k & 1, 40);
        for (uint32_t level = 1; level <= FAN_SEARCH_MAX_LEVEL; level += 3) {
            fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
            l.level = level;
            l.seed = 7;
            l.max_nodes = 20000; /* keep level 10 short here */
            fan_search_result a = FAN_SEARCH_RESULT_INIT, b = a;
            ck_assert_fan_ok(fan_search_clear(s));
            ck_assert_fan_ok(fan_search_run(&a, s, p, &l, NULL, NULL));
            check_result(p, &a);
            ck_assert_fan_ok(fan_search_clear(s));
            ck_assert_fan_ok(fan_search_run(&b, s, p, &l, NULL, NULL));
            ck_assert(a.best == b.best);
            if (level == 1) {
                l.seed = 8;
                ck_assert_fan_ok(fan_search_run(&b, s, p, &l, NULL, NULL));
                differs += a.best != b.best;
            }
        }
        fan_position_free(p);
    }
    /* level 1 is random enough that seeds matter */
    ck_assert_int_gt(differs, 3);
    fan_search_free(s);
}
END_TEST

START_TEST(levels_find_simple_wins)
{
    /* from level 4 up, a capture of everything in one turn is not missed */
    for (uint32_t level = 4; level <= FAN_SEARCH_MAX_LEVEL; level++)
        for (int i = 0; i < 8; i++) {
            fan_position *p = FROM(forced_wins[i].position);
            fan_search *s = new_search();
            fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
            l.level = level;
            fan_search_result r = FAN_SEARCH_RESULT_INIT;
            ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
            ck_assert_msg(winning_turn(p, r.best, 1), "level %u misses %s",
                          level, forced_wins[i].position);
            fan_search_free(s);
            fan_position_free(p);
        }
}
END_TEST

/* Plays a game between two levels from a random opening; 1, 0 or -1 for
 * the first level. */
static int level_game(fan_search *s, uint32_t a, uint32_t b, int a_white,
                      uint64_t seed)
{
    uint64_t rng = seed;
    fan_position *p = trand_game(&rng, FAN_RULES_STOP, 4);
    while (fan_position_result(p) == FAN_ONGOING) {
        int white = fan_position_side_to_move(p) == FAN_WHITE;
        fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
        l.level = white == a_white ? a : b;
        l.seed = trand_next(&rng);
        fan_search_result r = FAN_SEARCH_RESULT_INIT;
        ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
        ck_assert_fan_ok(fan_position_play_turn(p, r.best));
    }
    int res = fan_position_result(p);
    fan_position_free(p);
    if (res == FAN_DRAW)
        return 0;
    return (res == FAN_WHITE_WINS) == a_white ? 1 : -1;
}

START_TEST(levels_ladder)
{
    /* a higher level beats a much lower one: level 6 against level 2,
     * and level 4 against level 1, ten games each, colours alternating */
    static const uint32_t pairs[2][2] = {{6, 2}, {4, 1}};
    fan_search *s = new_search();
    for (int k = 0; k < 2; k++) {
        int points = 0; /* 2 a win, 1 a draw */
        for (int g = 0; g < 10; g++)
            points += 1 + level_game(s, pairs[k][0], pairs[k][1], g & 1,
                                     0x1ADDE2 + (uint64_t)(g / 2));
        ck_assert_msg(points >= 15, "level %u scored %d/20 against level %u",
                      pairs[k][0], points, pairs[k][1]);
    }
    fan_search_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Time                                                                */

/* A fixed time is used whole (the lower bound holds however loaded the
 * machine is; the upper one leaves the scheduler a second). */
START_TEST(movetime_is_used)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, _i ? FAN_RULES_MUST : FAN_RULES_STOP));
    fan_search *s = new_search();
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.time_ms = 300;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    double t0 = now_ms();
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    double took = now_ms() - t0;
    ck_assert_msg(took >= 270, "movetime 300 used %.0f ms", took);
    ck_assert_msg(took < 1300, "movetime 300 took %.0f ms", took);
    ck_assert_uint_ge(r.time_ms, 270);
    check_result(p, &r);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

/* With a clock the library spends a share of it and never all of it: 2 s
 * and no increment give about 77 ms a turn, at most 230 (or the first
 * iteration, on a slow machine); a clock of 5 ms is answered at once, even
 * inside the first iteration. */
START_TEST(clock_is_kept)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    ck_assert_fan_ok(fan_position_play_step(p, SQ("d3"), SQ("e3"),
                                            FAN_STEP_WITHDRAWAL));
    fan_search *s = new_search();
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    /* the first iteration always completes (unless the clock would run
     * out), so the bounds allow for it as long as this machine takes for
     * it now: under valgrind, hundreds of milliseconds */
    l.max_depth = 1;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    uint64_t first = r.time_ms;
    l.max_depth = 0;
    l.clock_ms = 2000;
    double t0 = now_ms();
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    double took = now_ms() - t0;
    uint64_t bound = 2 * first + 40 > 260 ? 2 * first + 40 : 260;
    ck_assert_msg(took < bound + 1000, "a 2 s clock: %.0f ms", took);
    ck_assert_msg(r.time_ms <= bound, "a 2 s clock: %llu ms (depth 1: %llu)",
                  (unsigned long long)r.time_ms, (unsigned long long)first);
    ck_assert_uint_ge(r.depth, 1);
    check_result(p, &r);
    /* moves to go: the last turn before the control may take more, never
     * the whole clock */
    l.moves_to_go = 1;
    l.clock_ms = 400;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    ck_assert_uint_lt(r.time_ms, 400);
    check_result(p, &r);
    /* almost nothing left */
    l.moves_to_go = 0;
    l.clock_ms = 5;
    t0 = now_ms();
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    ck_assert_msg(now_ms() - t0 < 1000, "a 5 ms clock took %.0f ms",
                  now_ms() - t0);
    check_result(p, &r);
    /* a fixed time caps what the clock would give */
    l.clock_ms = 100000;
    l.time_ms = 50;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    bound = 2 * first + 40 > 90 ? 2 * first + 40 : 90;
    ck_assert_uint_le(r.time_ms, bound);
    /* the reserved field must be zero */
    l.reserved = 1;
    ck_assert_int_eq(fan_search_run(&r, s, p, &l, NULL, NULL), FAN_EINVAL);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

/* The clock plan (lib/timeplan.h) as arithmetic: whatever the clock, the
 * hard limit leaves three quarters of it, the share is within the hard limit and
 * the panic limit within the clock; and a long game at 10 s + 0.1 s in
 * which every turn runs to the hard limit and 20 ms past it (a loaded
 * machine, the protocol around the search) never comes near an empty
 * clock: at least 200 ms are always left beyond the hard limit. */
START_TEST(clock_plan_keeps_a_reserve)
{
    for (uint64_t c = 1; c <= 200000; c += c < 2000 ? 1 : 997)
        for (uint64_t inc = 0; inc <= 2000; inc += 250) {
            uint64_t soft, hard, panic;
            time_plan_clock(c, inc, 0, 0, &soft, &hard, &panic);
            ck_assert_uint_ge(soft, 1);
            ck_assert_uint_le(soft, hard);
            ck_assert_uint_le(panic, c > 1 ? c - 1 : 1);
            ck_assert_msg(hard <= (c > 3 ? c / 4 : 1),
                          "clock %llu inc %llu: hard %llu",
                          (unsigned long long)c, (unsigned long long)inc,
                          (unsigned long long)hard);
        }
    uint64_t clock = 10000, least = clock;
    for (int turn = 0; turn < 2000; turn++) {
        uint64_t soft, hard, panic;
        time_plan_clock(clock, 100, 0, 0, &soft, &hard, &panic);
        ck_assert_uint_gt(clock, hard + 20);
        if (clock - hard < least)
            least = clock - hard;
        clock = clock - hard - 20 + 100;
    }
    ck_assert_uint_ge(least, 200);
}
END_TEST

/* The clock plan's panic limit (lib/timeplan.h): a first iteration is
 * cut at twice the hard limit, or the hard limit and a second, whichever
 * is later, and never after the clock minus its margin; it is never
 * before the hard limit. With a whole minute on the clock that is far
 * less than the clock: a runaway depth 1 no longer spends it. */
START_TEST(clock_plan_bounds_the_first_iteration)
{
    for (uint64_t c = 1; c <= 400000; c += c < 3000 ? 1 : 1009)
        for (uint64_t inc = 0; inc <= 3000; inc += 500) {
            uint64_t soft, hard, panic;
            time_plan_clock(c, inc, 0, 0, &soft, &hard, &panic);
            uint64_t margin = 10 + c / 50;
            uint64_t usable = c > margin ? c - margin : 1;
            uint64_t later = hard > 1000 ? 2 * hard : hard + 1000;
            ck_assert_uint_ge(panic, hard);
            ck_assert_uint_le(panic, usable);
            ck_assert_uint_le(panic, later);
            ck_assert(panic == usable || panic == later);
        }
    uint64_t soft, hard, panic;
    time_plan_clock(60000, 0, 0, 0, &soft, &hard, &panic);
    ck_assert_uint_gt(hard, 1000);
    ck_assert_uint_eq(panic, 2 * hard);
    ck_assert_uint_lt(panic, 60000 / 2);
    time_plan_clock(10000, 100, 0, 0, &soft, &hard, &panic);
    ck_assert_uint_lt(panic, 10000 / 2);
}
END_TEST

/* The fixed-time plan (lib/timeplan.h): the whole time for the search,
 * and a first iteration cut off only far past it, at twice the time or
 * the time and a second, whichever is later; no time, no limit. */
START_TEST(fixed_time_plan_bounds_the_first_iteration)
{
    static const uint64_t cases[][2] = {
        {1, 1001}, {20, 1020}, {100, 1100}, {999, 1999},
        {1000, 2000}, {1001, 2002}, {10000, 20000}, {0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t soft = 7, hard = 7, panic = 7;
        time_plan_fixed(cases[i][0], &soft, &hard, &panic);
        ck_assert_uint_eq(soft, cases[i][0]);
        ck_assert_uint_eq(hard, cases[i][0]);
        ck_assert_uint_eq(panic, cases[i][1]);
    }
}
END_TEST

/* Arguments                                                           */

START_TEST(arguments)
{
    fan_search *s = NULL;
    fan_position *p = NULL;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    fan_search_options o = FAN_SEARCH_OPTIONS_INIT;
    ck_assert_int_eq(fan_search_new(NULL, &o), FAN_EINVAL);
    o.hash_mib = FAN_SEARCH_MAX_HASH_MIB + 1;
    ck_assert_int_eq(fan_search_new(&s, &o), FAN_ERANGE);
    o.hash_mib = 1;
    o.threads = FAN_SEARCH_MAX_THREADS + 1;
    ck_assert_int_eq(fan_search_new(&s, &o), FAN_ERANGE);
    o.threads = 1;
    o.version = 0;
    ck_assert_int_eq(fan_search_new(&s, &o), FAN_EINVAL);
    o.version = FAN_SEARCH_OPTIONS_VERSION + 1;
    ck_assert_int_eq(fan_search_new(&s, &o), FAN_EINVAL);
    ck_assert_ptr_null(s);
    o.version = FAN_SEARCH_OPTIONS_VERSION;
    ck_assert_fan_ok(fan_search_new(&s, &o));
    /* a refused configuration changes nothing */
    fan_search_options bad_o = o, now;
    bad_o.hash_mib = FAN_SEARCH_MAX_HASH_MIB + 1;
    bad_o.threads = 7;
    ck_assert_int_eq(fan_search_configure(s, &bad_o), FAN_ERANGE);
    ck_assert_int_eq(fan_search_configure(NULL, &o), FAN_EINVAL);
    ck_assert_fan_ok(fan_search_options_get(&now, s));
    ck_assert_uint_eq(now.threads, 1);
    ck_assert_uint_eq(now.hash_mib, 1);
    ck_assert_int_eq(fan_search_options_get(NULL, s), FAN_EINVAL);
    ck_assert_int_eq(fan_search_options_get(&now, NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_search_options_init(NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_search_limits_init(NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_search_result_init(NULL), FAN_EINVAL);
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    fan_search_free(NULL);
    ck_assert_int_eq(fan_search_stop(NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_search_clear(NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_search_run(NULL, s, p, NULL, NULL, NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_search_run(&r, NULL, p, NULL, NULL, NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_search_run(&r, s, NULL, NULL, NULL, NULL), FAN_EINVAL);
    /* the result's version must be one the library knows */
    fan_search_result unset;
    memset(&unset, 0, sizeof unset);
    ck_assert_int_eq(fan_search_run(&unset, s, p, NULL, NULL, NULL), FAN_EINVAL);
    unset.version = FAN_SEARCH_RESULT_VERSION + 1;
    ck_assert_int_eq(fan_search_run(&unset, s, p, NULL, NULL, NULL), FAN_EINVAL);
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.version = 0;
    ck_assert_int_eq(fan_search_run(&r, s, p, &l, NULL, NULL), FAN_EINVAL);
    l.version = FAN_SEARCH_LIMITS_VERSION + 1;
    ck_assert_int_eq(fan_search_run(&r, s, p, &l, NULL, NULL), FAN_EINVAL);
    fan_search_limits bad[3];
    for (int i = 0; i < 3; i++)
        ck_assert_fan_ok(fan_search_limits_init(&bad[i]));
    bad[0].max_depth = FAN_SEARCH_MAX_DEPTH + 1;
    bad[1].multipv = FAN_SEARCH_MAX_MULTIPV + 1;
    bad[2].level = FAN_SEARCH_MAX_LEVEL + 1;
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(fan_search_run(&r, s, p, &bad[i], NULL, NULL),
                         FAN_ERANGE);
    /* an ended game has nothing to search */
    fan_position *over = FROM("9/9/W1B6/9/9 w stop 0 -");
    ck_assert_fan_ok(fan_position_play_turn(
        over, FAN_TURN_MAKE(SQ("a3"), SQ("b3"), MASK("c3"))));
    ck_assert_int_eq(fan_search_run(&r, s, over, NULL, NULL, NULL),
                     FAN_EGAMEOVER);
    fan_search_free(s);
    fan_position_free(over);
    fan_position_free(p);
}
END_TEST

static int stop_at_depth_3(void *user, const fan_search_result *line)
{
    int *calls = user;
    (*calls)++;
    ck_assert_uint_eq(line->depth, (uint32_t)*calls);
    return line->depth >= 3;
}

/* With the defaults (no limit) a position with one legal turn is still
 * searched, not answered at once: the progress callback stops it, and the
 * result is that turn at the depth reached. */
START_TEST(forced_turn_without_limits)
{
    /* White a3 must take c3 by approach (a3-b3); Black keeps i5 and i1,
     * so the game goes on after it */
    fan_position *p = FROM("8B/9/W1B6/9/8B w stop 0 -");
    fan_turn only[8];
    size_t n = 0;
    ck_assert_fan_ok(fan_position_turns(only, 8, &n, p));
    ck_assert_uint_eq(n, 1);
    ck_assert(only[0] == FAN_TURN_MAKE(SQ("a3"), SQ("b3"), MASK("c3")));
    fan_search *s = new_search();
    int calls = 0;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    ck_assert_fan_ok(fan_search_run(&r, s, p, NULL, stop_at_depth_3, &calls));
    ck_assert_int_eq(calls, 3);
    ck_assert_uint_eq(r.depth, 3);
    ck_assert(r.best == only[0]);
    check_result(p, &r);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

START_TEST(result_fields)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_MUST));
    fan_search *s = new_search();
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = 3;
    fan_search_result r;
    memset(&r, 0xAB, sizeof r);
    r.version = FAN_SEARCH_RESULT_VERSION;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, NULL, NULL));
    ck_assert_uint_eq(r.depth, 3);
    ck_assert_uint_ge(r.seldepth, 3);
    ck_assert_uint_eq(r.line, 1);
    ck_assert_uint_gt(r.nodes, 0);
    ck_assert_uint_ge(r.pv_length, 1);
    for (uint32_t i = r.pv_length; i < FAN_SEARCH_PV_MAX; i++)
        ck_assert(r.pv[i] == 0);
    check_result(p, &r);
    /* the layout the header promises */
    ck_assert_uint_eq(sizeof(fan_search_result), 560);
    ck_assert_uint_eq(sizeof(fan_search_limits), 64);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A fix in the library found by the search tests                      */

START_TEST(must_continue_paika_by_turn)
{
    /* Under must-continue a paika is a whole turn even when the piece
     * lands where it could capture: the paika b3-c3 here ends on c3, from
     * where c3-c2 would withdraw from c4. fan_position_turns() listed the
     * turn but play_turn/play_path refused it as an unfinished chain. */
    fan_position *p = FROM("3B3B1/2B1B1B2/1W7/8W/9 w must 24 -");
    fan_turn turns[64];
    size_t n = 0;
    ck_assert_fan_ok(fan_position_turns(turns, 64, &n, p));
    ck_assert_uint_gt(n, 0);
    for (size_t i = 0; i < n; i++) {
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_turn(q, turns[i]));
        fan_path path;
        ck_assert_fan_ok(fan_position_turn_path(&path, p, turns[i]));
        fan_position_free(q);
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_path(q, &path));
        fan_position_free(q);
    }
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("search");
    TCase *fix = tcase_create("library");
    tcase_add_test(fix, must_continue_paika_by_turn);
    suite_add_tcase(s, fix);

    TCase *wins = tcase_create("forced-wins");
    tcase_set_timeout(wins, 60);
    tcase_add_loop_test(wins, finds_forced_wins, 0,
                        (int)(sizeof forced_wins / sizeof forced_wins[0]));
    tcase_add_loop_test(wins, loss_scores, 0, 10);
    tcase_add_loop_test(wins, stops_when_proven, 0,
                        (int)(sizeof forced_wins / sizeof forced_wins[0]));
    tcase_add_test(wins, mid_chain_root);
    suite_add_tcase(s, wins);

    TCase *legal = tcase_create("legality");
    tcase_set_timeout(legal, 60);
    tcase_add_loop_test(legal, random_positions_legal, 0, 4);
    suite_add_tcase(s, legal);

    TCase *draws = tcase_create("draws");
    tcase_add_test(draws, turn_limit);
    tcase_add_test(draws, threefold_repetition);
    suite_add_tcase(s, draws);

    TCase *control = tcase_create("control");
    tcase_set_timeout(control, 60);
    tcase_add_loop_test(control, stop_from_another_thread, 0, 2);
    tcase_add_test(control, progress_can_stop);
    tcase_add_loop_test(control, deterministic_single_thread, 0, 4);
    tcase_add_test(control, multipv_lines);
    tcase_add_test(control, threads_and_hash);
    tcase_add_loop_test(control, movetime_is_used, 0, 2);
    tcase_add_test(control, clock_is_kept);
    tcase_add_test(control, clock_plan_keeps_a_reserve);
    tcase_add_test(control, clock_plan_bounds_the_first_iteration);
    tcase_add_test(control, fixed_time_plan_bounds_the_first_iteration);
    tcase_add_test(control, levels_legal_and_reproducible);
    tcase_add_test(control, levels_find_simple_wins);
    tcase_add_test(control, arguments);
    tcase_add_test(control, forced_turn_without_limits);
    tcase_add_test(control, result_fields);
    tcase_add_test(control, other_ruleset_starts_afresh);
    suite_add_tcase(s, control);

    /* the slow suite (FAN_SLOW set by meson) searches deeper */
    if (getenv("FAN_SLOW")) {
        TCase *deep = tcase_create("legality-deep");
        tcase_set_timeout(deep, 1200);
        tcase_add_loop_test(deep, random_positions_legal_deep, 0, 2);
        tcase_add_test(deep, levels_ladder);
        suite_add_tcase(s, deep);
    }
    return s;
}

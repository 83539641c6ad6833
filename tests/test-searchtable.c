/* SPDX-License-Identifier: MIT */
/* White-box check of the search against a table entry whose turn is no
 * turn of its position (what a key collision would leave): a capture
 * node plays its table turn before it lists its turns, checked only for
 * the shape of a capture (mg_capture_fits, lib/search.c). Entries with
 * such a turn are planted for the children of the root; every line the
 * search reports must still be legal. Linked with the internal static
 * copy of the library. */
#include "tcommon.h"
#include "tforced.h"

#include "lib/engine.h"
#include "lib/position.h"
#include "lib/search.h"

#include <stdlib.h>

typedef struct lines {
    const fan_position *root;
    int seen;
} lines;

/* Every reported line is legal from the root (tforced.h). */
static int check_line(void *user, const fan_search_result *r)
{
    lines *l = user;
    check_result(l->root, r);
    l->seen++;
    return 0;
}

/* A turn with the shape of a capture of own against opp that takes all
 * of opp's pieces but one: no turn of a position with that many pieces,
 * and the best a search could hope for. 0 when own cannot capture. */
static fan_turn planted_turn(uint64_t own, uint64_t opp)
{
    uint64_t cap = mg_capturers(own, opp);
    if (!cap || board_popcount(opp) < 4)
        return 0;
    int from = board_lsb(cap);
    uint64_t taken = opp & (opp - 1); /* all but the lowest */
    uint64_t empty = FAN_BOARD_MASK & ~(own | opp);
    fan_turn t = FAN_TURN_MAKE(from, board_lsb(empty), taken);
    ck_assert(mg_capture_fits(own, opp, cap, t));
    return t;
}

static void planted(int rules, int depth)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, rules));
    /* a few turns in, where replies capture */
    for (int k = 0; k < 2; k++) {
        fan_turn turns[1024];
        size_t n = 0;
        ck_assert_fan_ok(fan_position_turns(turns, 1024, &n, p));
        ck_assert_fan_ok(fan_position_play_turn(p, turns[0]));
    }
    fan_search *s = NULL;
    fan_search_options o = FAN_SEARCH_OPTIONS_INIT;
    o.threads = 1;
    ck_assert_fan_ok(fan_search_new(&s, &o));

    uint64_t own, opp;
    mg_turn_start_board(&p->cur.st, &own, &opp);
    spos root;
    spos_set(&root, p->stm ? opp : own, p->stm ? own : opp, p->stm);
    fan_turn turns[1024];
    size_t n = 0;
    ck_assert_fan_ok(fan_position_turns(turns, 1024, &n, p));
    int plants = 0;
    for (size_t i = 0; i < n; i++) {
        spos c;
        spos_play(&c, &root, turns[i]);
        fan_turn t = planted_turn(c.own, c.opp);
        if (!t)
            continue;
        /* not a turn there */
        fan_position *q = NULL;
        ck_assert_fan_ok(fan_position_clone(&q, p));
        ck_assert_fan_ok(fan_position_play_turn(q, turns[i]));
        fan_turn replies[1024];
        size_t m = 0;
        ck_assert_fan_ok(fan_position_turns(replies, 1024, &m, q));
        ck_assert(!contains(replies, m, t));
        fan_position_free(q);
        /* depth 0: it never cuts a node off, its turn goes first */
        tt_store(&s->tt, c.key, t, 0, 0, TT_BOUND_LOWER);
        tt_hit hit;
        ck_assert(tt_probe(&s->tt, c.key, &hit) && hit.move == t);
        plants++;
    }
    ck_assert_int_gt(plants, 0);

    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    l.max_depth = (uint32_t)depth;
    l.multipv = (uint32_t)n; /* every root turn's line is reported */
    lines seen = {p, 0};
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    ck_assert_fan_ok(fan_search_run(&r, s, p, &l, check_line, &seen));
    ck_assert_int_ge(seen.seen, (int)n);
    check_line(&seen, &r);
    fan_search_free(s);
    fan_position_free(p);
}

START_TEST(planted_table_turns)
{
    planted(_i & 1 ? FAN_RULES_MUST : FAN_RULES_STOP, 2 + _i / 2);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("searchtable");
    TCase *tc = tcase_create("planted");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, planted_table_turns, 0, 8);
    suite_add_tcase(s, tc);
    return s;
}

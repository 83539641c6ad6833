/* SPDX-License-Identifier: MIT */
/* White-box checks of the unique-turn generator (lib/movegen.h, both of
 * its copies) against the effects of the path-recording walk, which finds
 * turns by a different route (step by step, every path), and of the
 * Zobrist keys (lib/search.h). */
#include "tcommon.h"
#include "trandom.h"

#define TURNS_CAP (1 << 16)

#include <stdio.h>

#include "lib/position.h"
#include "lib/search.h"

static int cmp_turn(const void *a, const void *b)
{
    fan_turn x = *(const fan_turn *)a, y = *(const fan_turn *)b;
    return x < y ? -1 : x > y;
}

static void boards(const fan_position *p, uint64_t *own, uint64_t *opp)
{
    uint64_t w, b;
    ck_assert_fan_ok(fan_position_pieces(&w, p, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
    int white = fan_position_side_to_move(p) == FAN_WHITE;
    *own = white ? w : b;
    *opp = white ? b : w;
}

/* At the start of a turn without a capture, mg_is_paika (which the
 * search asks of its table's turn and killers) holds for exactly the
 * generator's turns (sorted: list, n) among every origin and destination,
 * and for no turn with a capture, a stray bit or a point off the board. */
static void same_paikas(const mg_state *st, const fan_turn *list, int n)
{
    if (mg_in_chain(st) || mg_capturers(st->own, st->opp))
        return;
    for (int from = 0; from < 64; from++)
        for (int to = 0; to < 64; to++) {
            fan_turn t = FAN_TURN_MAKE(from, to, 0);
            int listed = bsearch(&t, list, (size_t)n, sizeof *list,
                                 cmp_turn) != NULL;
            ck_assert_msg(mg_is_paika(st->own, st->opp, t) == listed,
                          "paika %d-%d", from, to);
            if (listed) { /* with a captured point, or a stray bit */
                uint64_t taken = from ? 1u : 2u;
                ck_assert(!mg_is_paika(st->own, st->opp, t | taken));
                ck_assert(!mg_is_paika(st->own, st->opp,
                                       t | (uint64_t)1 << 60));
            }
        }
    ck_assert(!mg_is_paika(st->own, st->opp, 0));
}

/* Every capture turn the generator lists has the shape mg_capture_fits
 * asks of a table turn at a capture node; the same turn with a piece of
 * its own side taken, started from a piece that cannot capture, or ended
 * on an occupied point, or with a stray bit, has not. */
static void same_captures(const mg_state *st, const fan_turn *list, int n)
{
    if (mg_in_chain(st))
        return;
    uint64_t own = st->own, opp = st->opp, cap = mg_capturers(own, opp);
    for (int i = 0; i < n; i++) {
        fan_turn t = list[i];
        int from = FAN_TURN_FROM(t), to = FAN_TURN_TO(t);
        ck_assert_int_eq(mg_capture_fits(own, opp, cap, t),
                         FAN_TURN_CAPTURED(t) != 0);
        if (!FAN_TURN_CAPTURED(t))
            continue;
        uint64_t mine = own & ~BIT(from);
        if (mine) /* one of its own pieces taken */
            ck_assert(!mg_capture_fits(own, opp, cap,
                                       t | (mine & (0 - mine))));
        uint64_t idle = own & ~cap;
        if (idle) /* from a piece that cannot capture */
            ck_assert(!mg_capture_fits(
                own, opp, cap,
                FAN_TURN_MAKE(board_lsb(idle), to, FAN_TURN_CAPTURED(t))));
        uint64_t full = (own & ~BIT(from)) | (opp & ~FAN_TURN_CAPTURED(t));
        if (full) /* onto an occupied point */
            ck_assert(!mg_capture_fits(
                own, opp, cap,
                FAN_TURN_MAKE(from, board_lsb(full), FAN_TURN_CAPTURED(t))));
        ck_assert(!mg_capture_fits(own, opp, cap, t | (uint64_t)1 << 60));
        ck_assert(!mg_capture_fits(own, opp, cap, FAN_TURN_MAKE(from, to, 0)));
    }
}

/* The generator's turns of p (generic copy, and the fast one where the
 * processor runs it, in the same order) are exactly the distinct effects
 * of the public path list, and fan_position_turns gives them too. */
static void same_turns(const fan_position *p)
{
    static fan_path paths[1 << 16];
    static fan_turn want[1 << 16], mine[TURNS_CAP], api[TURNS_CAP];
    size_t np = 0, n = 0;
    ck_assert_fan_ok(fan_position_paths(paths, 1 << 16, &np, p));
    for (size_t i = 0; i < np; i++) {
        ck_assert_fan_ok(fan_path_turn(&want[n], &paths[i]));
        n++;
    }
    qsort(want, n, sizeof *want, cmp_turn);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || want[k - 1] != want[i])
            want[k++] = want[i];
    int m = p->result == FAN_ONGOING
                ? mg_turns_generic(mine, TURNS_CAP, &p->cur.st, p->rules)
                : 0;
    ck_assert_int_eq(m, (int)k);
#ifdef FAN_PERFT_FAST
    if (mg_cpu_fast()) {
        static fan_turn fast[TURNS_CAP];
        ck_assert_int_eq(mg_turns_fast(fast, TURNS_CAP, &p->cur.st, p->rules), m);
        for (int i = 0; i < m; i++)
            ck_assert_msg(fast[i] == mine[i], "turn %d: order differs", i);
    }
#endif
    size_t na = 0;
    ck_assert_fan_ok(fan_position_turns(api, TURNS_CAP, &na, p));
    ck_assert_uint_eq(na, (size_t)m);
    for (int i = 0; i < m; i++)
        ck_assert_msg(api[i] == mine[i], "turn %d: order differs", i);
    qsort(mine, (size_t)m, sizeof *mine, cmp_turn);
    for (int i = 0; i < m; i++)
        ck_assert_msg(want[i] == mine[i], "turn %d differs", i);
    if (p->result == FAN_ONGOING) {
        same_paikas(&p->cur.st, mine, m);
        same_captures(&p->cur.st, mine, m);
    }
    /* a list one short is refused, not cut */
    if (m > 0)
        ck_assert_int_eq(mg_turns_generic(mine, (size_t)m - 1, &p->cur.st,
                                          p->rules),
                         -1);
}

/* The same in the middle of chains reached by random capture steps. */
static void chain_turns(const fan_position *p, uint64_t *rng)
{
    fan_position *q = NULL;
    ck_assert_fan_ok(fan_position_clone(&q, p));
    for (int k = 0; k < 6; k++) {
        int r = trand_capture_step(q, rng);
        ck_assert_int_ge(r, 0);
        if (!r)
            break;
        same_turns(q);
    }
    fan_position_free(q);
}

START_TEST(start_turns)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    same_turns(p);
    uint64_t own, opp;
    boards(p, &own, &opp);
    fan_turn t[64];
    mg_state st;
    mg_state_start(&st, own, opp);
    /* the five first turns of the rules notes */
    ck_assert_int_eq(mg_turns(t, 64, &st, FAN_RULES_STOP), 5);
    fan_position_free(p);
}
END_TEST

START_TEST(random_games)
{
    uint64_t rng = 0x5EA2C4u + (uint64_t)_i;
    for (int rules = 0; rules < 2; rules++)
        for (int k = 0; k < 300; k++) {
            fan_position *p = trand_game(&rng, rules, 60);
            ck_assert_ptr_nonnull(p);
            same_turns(p);
            chain_turns(p, &rng);
            fan_position_free(p);
        }
}
END_TEST

START_TEST(random_boards)
{
    uint64_t rng = 0xB0A2Du + (uint64_t)_i;
    int done = 0;
    while (done < 600) {
        fan_position *p = trand_board(&rng, done & 1);
        if (!p)
            continue;
        same_turns(p);
        fan_position_free(p);
        done++;
    }
}
END_TEST

START_TEST(zobrist_incremental)
{
    uint64_t rng = 0x20B81u;
    for (int k = 0; k < 200; k++) {
        fan_position *p = trand_game(&rng, k & 1, 40);
        uint64_t w, b, own, opp;
        ck_assert_fan_ok(fan_position_pieces(&w, p, FAN_WHITE));
        ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
        int stm = fan_position_side_to_move(p) == FAN_BLACK;
        spos s;
        spos_set(&s, w, b, stm);
        boards(p, &own, &opp);
        ck_assert(s.own == own && s.opp == opp);
        fan_turn turns[TURNS_CAP];
        int n = mg_turns(turns, TURNS_CAP, &p->cur.st, p->rules);
        ck_assert_int_ge(n, 0);
        for (int i = 0; i < n; i++) {
            spos c;
            spos_play(&c, &s, turns[i]);
            fan_position *q = NULL;
            ck_assert_fan_ok(fan_position_clone(&q, p));
            ck_assert_fan_ok(fan_position_play_turn(q, turns[i]));
            uint64_t qw, qb;
            ck_assert_fan_ok(fan_position_pieces(&qw, q, FAN_WHITE));
            ck_assert_fan_ok(fan_position_pieces(&qb, q, FAN_BLACK));
            ck_assert_uint_eq(c.key, zobrist_key(qw, qb, !stm));
            ck_assert(c.own == (stm ? qw : qb) && c.opp == (stm ? qb : qw));
            fan_position_free(q);
        }
        fan_position_free(p);
    }
}
END_TEST

START_TEST(zobrist_distinct)
{
    /* all 91 keys differ and none is zero (a collision would make two
     * different boards share every key) */
    uint64_t keys[91];
    int n = 0;
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < FAN_SQUARES; s++)
            keys[n++] = zobrist_piece[c][s];
    keys[n++] = zobrist_black_to_move;
    for (int i = 0; i < n; i++) {
        ck_assert(keys[i] != 0);
        for (int j = i + 1; j < n; j++)
            ck_assert(keys[i] != keys[j]);
    }
}
END_TEST

/* A board found by hill climbing where White has 4096 unique turns (4097
 * paths) under stop-at-will: the old search kept 1024 turns per node and
 * dropped the rest without a word. */
#define MANY_TURNS "W1BWBB1BB/B1B2B1BB/BW1B2B1B/BB2B1B2/1WBWBB2B"

START_TEST(many_turns)
{
    /* and one with 12161 (doc/api.md), both rulesets */
    static const char *const boards[] = {
        MANY_TURNS, "B1BBB1B1W/BB1BBBWB1/1B3B1WW/2B3B1W/B1BBBWBBB"};
    for (int k = 0; k < 4; k++) {
        char text[FAN_POSITION_STRING_MAX];
        snprintf(text, sizeof text, "%s w %s 0 -", boards[k / 2],
                 k & 1 ? "must" : "stop");
        fan_position *p = NULL;
        ck_assert_fan_ok(
            fan_position_from_string(&p, text, FAN_RULES_STOP, NULL));
        same_turns(p);
        size_t n = 0;
        ck_assert_int_eq(fan_position_turns(NULL, 0, &n, p), FAN_EBUFS);
        ck_assert_uint_gt(n, 1024);
        fan_position_free(p);
    }
}
END_TEST

/* Plain minimax on material, depth plies, the generator giving the turns:
 * the value the search must find when it sees every turn. */
static int minimax(const spos *p, int rules, int depth, int ply)
{
    if (!p->own)
        return -SCORE_WIN + ply;
    static fan_turn lists[4][TURNS_CAP];
    mg_state st;
    mg_state_start(&st, p->own, p->opp);
    int n = mg_turns_generic(lists[ply], TURNS_CAP, &st, rules);
    ck_assert_int_ge(n, 0);
    if (n == 0)
        return -SCORE_WIN + ply;
    if (depth == 0)
        return 100 * (__builtin_popcountll(p->own) -
                      __builtin_popcountll(p->opp));
    int best = -SCORE_WIN;
    for (int i = 0; i < n; i++) {
        spos c;
        spos_play(&c, p, lists[ply][i]);
        int v = -minimax(&c, rules, depth - 1, ply + 1);
        best = v > best ? v : best;
    }
    return best;
}

/* Black to move on that board: at the next ply White has thousands of
 * turns, so the search's turn stack (256 entries to start with) grows in
 * the middle of a line; the plain alpha-beta on material must still give
 * the minimax value. */
START_TEST(search_sees_every_turn)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_from_string(&p, MANY_TURNS " b stop 0 -",
                                              FAN_RULES_STOP, NULL));
    uint64_t w, b;
    ck_assert_fan_ok(fan_position_pieces(&w, p, FAN_WHITE));
    ck_assert_fan_ok(fan_position_pieces(&b, p, FAN_BLACK));
    spos root;
    spos_set(&root, w, b, 1);
    int want = minimax(&root, FAN_RULES_STOP, 2, 0);
    fan_search *s = NULL;
    ck_assert_fan_ok(fan_search_new(&s, NULL));
    search_config cfg;
    search_config_plain(&cfg);
    search_set_config(s, &cfg);
    fan_search_limits lim;
    ck_assert_fan_ok(fan_search_limits_init(&lim));
    lim.max_depth = 2;
    fan_search_result r;
    ck_assert_fan_ok(fan_search_result_init(&r));
    ck_assert_fan_ok(fan_search_run(&r, s, p, &lim, NULL, NULL));
    ck_assert_int_eq(r.score, want);
    fan_search_free(s);
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("searchgen");
    TCase *tc = tcase_create("generator");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, start_turns);
    tcase_add_loop_test(tc, random_games, 0, 2);
    tcase_add_loop_test(tc, random_boards, 0, 2);
    tcase_add_test(tc, zobrist_incremental);
    tcase_add_test(tc, zobrist_distinct);
    tcase_add_test(tc, many_turns);
    tcase_add_test(tc, search_sees_every_turn);
    suite_add_tcase(s, tc);
    return s;
}

/* SPDX-License-Identifier: MIT */
/* Endgame tables: generated up to 4 pieces for both rulesets, then
 * compared with an independent solver written here on the public turn
 * list (every position with up to 3 pieces, solved by forward levels over
 * its own hash table), with a bounded search on random 4-piece positions,
 * with the board's mirror symmetries; verify, the refusals of damaged
 * files and a stopped generation. */
#define _DEFAULT_SOURCE
#include "tcommon.h"
#include "trandom.h"
#include "ttb.h"

#include <dirent.h>
#include <unistd.h>

static char dirs[2][64];  /* the tables of each ruleset, made once */
static oracle oracles[2]; /* the independent solver's values, made once */

static void make_tables(void)
{
    for (int rules = 0; rules < 2; rules++) {
        if (dirs[rules][0])
            continue;
        strcpy(dirs[rules], "/tmp/fan-tb-XXXXXX");
        ck_assert_ptr_nonnull(mkdtemp(dirs[rules]));
        fan_tb_generate_options o = FAN_TB_GENERATE_OPTIONS_INIT;
        o.threads = 2;
        ck_assert_int_eq(fan_tb_generate(dirs[rules], rules, 4, &o), FAN_OK);
        oracle_solve(&oracles[rules], rules);
    }
}

static fan_tb *open_tables(int rules)
{
    make_tables();
    fan_tb *tb = NULL;
    ck_assert_int_eq(fan_tb_open(&tb, dirs[rules]), FAN_OK);
    return tb;
}

static void probe_masks(int *v, int *d, const fan_tb *tb, uint64_t w,
                        uint64_t b, int side, int rules)
{
    fan_position *p = NULL;
    ck_assert_int_eq(fan_position_new_custom(&p, w, b, side, rules), FAN_OK);
    ck_assert_int_eq(fan_tb_probe(v, d, tb, p), FAN_OK);
    fan_position_free(p);
}

static void check_small(int rules)
{
    fan_tb *tb = open_tables(rules);
    const oracle *o = &oracles[rules];
    ck_assert_uint_gt(o->n, 170000);
    size_t decided = 0;
    for (size_t i = 0; i < o->n; i++) {
        const onode *x = &o->node[i];
        int v, d;
        probe_masks(&v, &d, tb, x->white, x->black, x->side, rules);
        int ov = x->value, od = x->value ? x->dist : -1;
        if (v != ov || d != od) {
            ck_abort_msg("rules %d white %llx black %llx side %d: table %d "
                         "%d, oracle %d %d",
                         rules, (unsigned long long) x->white,
                         (unsigned long long) x->black, x->side, v, d, ov, od);
        }
        decided += v != FAN_TB_DRAW;
    }
    ck_assert_uint_gt(decided, 1000);
    fan_tb_close(tb);
}

START_TEST(small_stop)
{
    check_small(FAN_RULES_STOP);
}
END_TEST
START_TEST(small_must)
{
    check_small(FAN_RULES_MUST);
}
END_TEST

static fan_position *random_four(uint64_t *rng, int rules)
{
    for (;;) {
        uint64_t w = 0, b = 0;
        int nw = 1 + (int) (trand_next(rng) % 3);
        while (__builtin_popcountll(w) < nw)
            w |= (uint64_t) 1 << (trand_next(rng) % FAN_SQUARES);
        while (__builtin_popcountll(b) < 4 - nw) {
            uint64_t s = (uint64_t) 1 << (trand_next(rng) % FAN_SQUARES);
            if (!(w & s))
                b |= s;
        }
        fan_position *p = NULL;
        int side = (trand_next(rng) & 1) ? FAN_BLACK : FAN_WHITE;
        if (fan_position_new_custom(&p, w, b, side, rules) == FAN_OK)
            return p;
    }
}

/* 4 pieces: the table against a search to 3 turns whose captures end in
 * the oracle's exact values. */
static void check_four(int rules)
{
    fan_tb *tb = open_tables(rules);
    const oracle *o = &oracles[rules];
    uint64_t rng = 1234 + (uint64_t) rules;
    int near = 0;
    for (int k = 0; k < 300; k++) {
        fan_position *p = random_four(&rng, rules);
        int v, d;
        ck_assert_int_eq(fan_tb_probe(&v, &d, tb, p), FAN_OK);
        char s[FAN_POSITION_STRING_MAX];
        fan_position_to_string(s, sizeof s, NULL, p);
        for (int j = 0; j <= 3; j++) {
            int win = bounded_win(o, p, j), loss = bounded_loss(o, p, j);
            int twin = v == FAN_TB_WIN && d <= j;
            int tloss = v == FAN_TB_LOSS && d <= j;
            ck_assert_msg(win == twin && loss == tloss,
                          "%s: table %d %d, within %d: win %d loss %d", s, v, d,
                          j, win, loss);
        }
        near += v != FAN_TB_DRAW && d <= 3;
        fan_position_free(p);
    }
    ck_assert_int_gt(near, 20);
    fan_tb_close(tb);
}

START_TEST(four_stop)
{
    check_four(FAN_RULES_STOP);
}
END_TEST
START_TEST(four_must)
{
    check_four(FAN_RULES_MUST);
}
END_TEST

static uint64_t mirror(uint64_t m, int cols, int rows)
{
    uint64_t r = 0;
    for (int s = 0; s < FAN_SQUARES; s++)
        if (m >> s & 1) {
            int c = s % 9, w = s / 9;
            r |= (uint64_t) 1 << FAN_SQUARE(cols ? 8 - c : c, rows ? 4 - w : w);
        }
    return r;
}

/* Both mirrors keep the lines and the strong points, so the value: every
 * image of a position finds the same stored entry (its representative). */
START_TEST(symmetries)
{
    for (int rules = 0; rules < 2; rules++) {
        fan_tb *tb = open_tables(rules);
        uint64_t rng = 99;
        for (int k = 0; k < 2000; k++) {
            fan_position *p = random_four(&rng, rules);
            uint64_t w, b;
            fan_position_pieces(&w, p, FAN_WHITE);
            fan_position_pieces(&b, p, FAN_BLACK);
            int side = fan_position_side_to_move(p), v, d;
            ck_assert_int_eq(fan_tb_probe(&v, &d, tb, p), FAN_OK);
            for (int m = 1; m < 4; m++) {
                int v2, d2;
                probe_masks(&v2, &d2, tb, mirror(w, m & 1, m & 2),
                            mirror(b, m & 1, m & 2), side, rules);
                ck_assert_int_eq(v, v2);
                ck_assert_int_eq(d, d2);
            }
            fan_position_free(p);
        }
        fan_tb_close(tb);
    }
}
END_TEST

/* The best turns keep the value and come best first; the others do not
 * keep it. */
START_TEST(best_turns)
{
    for (int rules = 0; rules < 2; rules++) {
        fan_tb *tb = open_tables(rules);
        uint64_t rng = 7;
        for (int k = 0; k < 300; k++) {
            fan_position *p = random_four(&rng, rules);
            int v, d;
            ck_assert_int_eq(fan_tb_probe(&v, &d, tb, p), FAN_OK);
            fan_turn best[256], all[256];
            size_t nb = 0, na = 0;
            ck_assert_int_eq(fan_tb_best_turns(best, 256, &nb, tb, p), FAN_OK);
            ck_assert_int_eq(fan_position_turns(all, 256, &na, p), FAN_OK);
            size_t keep = 0;
            int first = -2;
            for (size_t i = 0; i < na; i++) {
                fan_position *q = NULL;
                ck_assert_int_eq(fan_position_clone(&q, p), FAN_OK);
                ck_assert_int_eq(fan_position_play_turn(q, all[i]), FAN_OK);
                int v2, d2;
                ck_assert_int_eq(fan_tb_probe(&v2, &d2, tb, q), FAN_OK);
                fan_position_free(q);
                int keeps = v2 == -v || v == FAN_TB_LOSS;
                int listed = 0;
                for (size_t j = 0; j < nb; j++)
                    listed |= best[j] == all[i];
                ck_assert_msg(keeps == listed,
                              "v %d d %d v2 %d d2 %d turn %llx nb %zu na %zu",
                              v, d, v2, d2, (unsigned long long) all[i], nb,
                              na);
                keep += keeps;
                if (nb && best[0] == all[i])
                    first = d2;
            }
            ck_assert_uint_eq(keep, nb);
            if (v != FAN_TB_DRAW && na)
                ck_assert_int_eq(first, d - 1);
            if (nb > 1) { /* the short form: the first turns, FAN_EBUFS */
                fan_turn one[1] = {0};
                size_t n1 = 0;
                ck_assert_int_eq(fan_tb_best_turns(one, 1, &n1, tb, p),
                                 FAN_EBUFS);
                ck_assert_uint_eq(n1, nb);
                ck_assert(one[0] == best[0]);
            }
            fan_position_free(p);
        }
        fan_tb_close(tb);
    }
}
END_TEST

/* With tables the search scores a covered root exactly and plays a turn
 * of fan_tb_best_turns() with the best distance. */
START_TEST(search_uses_tables)
{
    for (int rules = 0; rules < 2; rules++) {
        fan_tb *tb = open_tables(rules);
        fan_search *s = NULL;
        ck_assert_int_eq(fan_search_new(&s, NULL), FAN_OK);
        ck_assert_int_eq(fan_search_set_tables(s, tb), FAN_OK);
        fan_search_limits lim = FAN_SEARCH_LIMITS_INIT;
        lim.max_depth = 2;
        uint64_t rng = 4242;
        for (int k = 0; k < 100; k++) {
            fan_position *p = random_four(&rng, rules);
            int v, d;
            ck_assert_int_eq(fan_tb_probe(&v, &d, tb, p), FAN_OK);
            if (fan_position_result(p) != FAN_ONGOING) {
                fan_position_free(p);
                continue;
            }
            fan_search_result r;
            fan_search_result_init(&r);
            ck_assert_int_eq(fan_search_run(&r, s, p, &lim, NULL, NULL),
                             FAN_OK);
            if (v == FAN_TB_DRAW) { /* searched on, within the band */
                ck_assert_int_le(r.score, FAN_SEARCH_TB_DRAW_BAND);
                ck_assert_int_ge(r.score, -FAN_SEARCH_TB_DRAW_BAND);
            } else {
                ck_assert_int_eq(r.score, v == FAN_TB_WIN
                                              ? FAN_SCORE_WIN - d
                                              : -(FAN_SCORE_WIN - d));
            }
            fan_position *q = NULL;
            ck_assert_int_eq(fan_position_clone(&q, p), FAN_OK);
            ck_assert_int_eq(fan_position_play_turn(q, r.best), FAN_OK);
            int v2, d2;
            ck_assert_int_eq(fan_tb_probe(&v2, &d2, tb, q), FAN_OK);
            ck_assert_int_eq(v2, -v);
            if (v != FAN_TB_DRAW)
                ck_assert_int_eq(d2, d - 1);
            fan_position_free(q);
            fan_position_free(p);
        }
        ck_assert_int_eq(fan_search_set_tables(NULL, tb), FAN_EINVAL);
        fan_search_free(s);
        fan_tb_close(tb);
    }
}
END_TEST

START_TEST(verify_and_info)
{
    fan_tb *tb = open_tables(FAN_RULES_MUST);
    uint64_t bad = 1;
    ck_assert_int_eq(fan_tb_verify(&bad, tb, NULL), FAN_OK);
    ck_assert_uint_eq(bad, 0);
    ck_assert_int_eq(fan_tb_count(tb), 6);
    for (int i = 0; i < 6; i++) {
        fan_tb_info info;
        ck_assert_int_eq(fan_tb_info_init(&info), FAN_OK);
        ck_assert_int_eq(fan_tb_info_get(&info, tb, i), FAN_OK);
        ck_assert_int_eq(info.rules, FAN_RULES_MUST);
        ck_assert_uint_eq(info.wins + info.draws + info.losses, info.positions);
        if (info.wins) { /* the example is a win of that length */
            int v, d;
            probe_masks(&v, &d, tb, info.example_white, info.example_black,
                        FAN_WHITE, FAN_RULES_MUST);
            ck_assert_int_eq(v, FAN_TB_WIN);
            ck_assert_uint_eq((unsigned) d, info.longest_win);
        }
    }
    fan_tb_info info;
    fan_tb_info_init(&info);
    ck_assert_int_eq(fan_tb_info_get(&info, tb, 6), FAN_ERANGE);
    info.version = 0;
    ck_assert_int_eq(fan_tb_info_get(&info, tb, 0), FAN_EINVAL);
    fan_tb_close(tb);
}
END_TEST

/* The counts in a table's header are those of the full table (every
 * placement), though the generator works on one slot per mirror image of
 * the side to move's set: for the tables up to 3 pieces, against the
 * independent solver's values, White to move as the side to move. The
 * example of the longest win is the first in the full index: the colex
 * rank orders sets as their masks, so the smallest side to move's mask,
 * then the smallest other one. */
START_TEST(info_counts_are_full)
{
    for (int rules = 0; rules < 2; rules++) {
        fan_tb *tb = open_tables(rules);
        const oracle *o = &oracles[rules];
        int seen = 0;
        for (int i = 0; i < fan_tb_count(tb); i++) {
            fan_tb_info info;
            fan_tb_info_init(&info);
            ck_assert_int_eq(fan_tb_info_get(&info, tb, i), FAN_OK);
            int a = (int) info.own_pieces, b = (int) info.other_pieces;
            if (a + b > 3)
                continue;
            seen++;
            uint64_t n = 0, wins = 0, draws = 0, losses = 0;
            uint64_t ew = UINT64_MAX, eb = UINT64_MAX;
            unsigned long_win = 0, long_loss = 0;
            for (size_t k = 0; k < o->n; k++) {
                const onode *x = &o->node[k];
                if (x->side != FAN_WHITE ||
                    __builtin_popcountll(x->white) != a ||
                    __builtin_popcountll(x->black) != b)
                    continue;
                n++;
                if (x->value == FAN_TB_DRAW) {
                    draws++;
                    continue;
                }
                unsigned d = (unsigned) x->dist;
                if (x->value == FAN_TB_LOSS) {
                    losses++;
                    long_loss = d > long_loss ? d : long_loss;
                    continue;
                }
                wins++;
                if (d > long_win || (d == long_win && (x->white < ew ||
                                                       (x->white == ew &&
                                                        x->black < eb)))) {
                    long_win = d;
                    ew = x->white;
                    eb = x->black;
                }
            }
            ck_assert_uint_eq(info.positions, n);
            ck_assert_uint_eq(info.wins, wins);
            ck_assert_uint_eq(info.draws, draws);
            ck_assert_uint_eq(info.losses, losses);
            ck_assert_uint_eq(info.longest_win, long_win);
            ck_assert_uint_eq(info.longest_loss, long_loss);
            ck_assert_uint_gt(wins, 0);
            ck_assert_uint_eq(info.example_white, ew);
            ck_assert_uint_eq(info.example_black, eb);
        }
        ck_assert_int_eq(seen, 3); /* 1v1, 1v2, 2v1 */
        fan_tb_close(tb);
    }
}
END_TEST

START_TEST(refusals)
{
    fan_tb *tb = open_tables(FAN_RULES_STOP);
    fan_position *p = NULL;
    int v = 7, d = 7;
    /* five pieces: not covered */
    ck_assert_int_eq(
        fan_position_from_string(&p, "9/9/9/1BB6/WWW6 w stop 0 -", 0, NULL),
        FAN_OK);
    ck_assert_int_eq(fan_tb_probe(&v, &d, tb, p), FAN_ENOTABLE);
    fan_position_free(p);
    /* the other ruleset */
    ck_assert_int_eq(
        fan_position_new_custom(&p, 1, 2, FAN_WHITE, FAN_RULES_MUST), FAN_OK);
    ck_assert_int_eq(fan_tb_probe(&v, &d, tb, p), FAN_ENOTABLE);
    fan_position_free(p);
    /* mid-chain: e3 takes c3 by withdrawal... a chain then goes on */
    ck_assert_int_eq(fan_position_new_custom(&p, MASK("c3"), MASK("b3 e3 e1"),
                                             FAN_WHITE, FAN_RULES_STOP),
                     FAN_OK);
    ck_assert_int_eq(
        fan_position_play_step(p, SQ("c3"), SQ("d3"), FAN_STEP_APPROACH),
        FAN_OK);
    if (fan_position_in_chain(p))
        ck_assert_int_eq(fan_tb_probe(&v, &d, tb, p), FAN_ESTATE);
    ck_assert_int_eq(fan_tb_probe(NULL, &d, tb, p), FAN_EINVAL);
    ck_assert_int_eq(fan_tb_probe(&v, &d, NULL, p), FAN_EINVAL);
    ck_assert_int_eq(v, 7);
    ck_assert_int_eq(d, 7);
    fan_position_free(p);
    ck_assert_int_eq(fan_tb_open(NULL, dirs[0]), FAN_EINVAL);
    fan_tb *none = NULL;
    ck_assert_int_eq(fan_tb_open(&none, "/nonexistent/dir"), FAN_EIO);
    ck_assert_int_eq(fan_tb_open(&none, "/"), FAN_ENOTABLE);
    ck_assert_ptr_null(none);
    ck_assert_int_eq(fan_tb_generate(NULL, 0, 3, NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_tb_generate("/tmp", 2, 3, NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_tb_generate("/tmp", 0, 1, NULL), FAN_ERANGE);
    ck_assert_int_eq(fan_tb_generate("/tmp", 0, 9, NULL), FAN_ERANGE);
    fan_tb_generate_options o = FAN_TB_GENERATE_OPTIONS_INIT;
    o.version = 2;
    ck_assert_int_eq(fan_tb_generate("/tmp", 0, 3, &o), FAN_EINVAL);
    ck_assert_int_eq(fan_tb_generate("/nonexistent/dir", 0, 3, NULL), FAN_EIO);
    fan_tb_close(tb);
    fan_tb_close(NULL);
}
END_TEST

/* A copy of the stop tables in a new directory. */
static void copy_tables(char *dir)
{
    make_tables();
    strcpy(dir, "/tmp/fan-tbc-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char cmd[256];
    snprintf(cmd, sizeof cmd, "cp %s/*.tb %s/", dirs[0], dir);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(damaged_files)
{
    char dir[64], file[128];
    copy_tables(dir);
    snprintf(file, sizeof file, "%s/fanorona-stop-2v2.tb", dir);
    fan_tb *tb = NULL;
    /* a changed entry with a correct checksum opens, verify finds it */
    ttb_patch(file, TTB_HEADER + 12345, 1, 1);
    ck_assert_int_eq(fan_tb_open(&tb, dir), FAN_OK);
    uint64_t bad = 0;
    ck_assert_int_eq(fan_tb_verify(&bad, tb, NULL), FAN_OK);
    ck_assert_uint_ge(bad, 1);
    fan_tb_close(tb);
    tb = NULL;
    /* the same without the checksum fixed */
    ttb_patch(file, TTB_HEADER + 999, 1, 0);
    ck_assert_int_eq(fan_tb_open(&tb, dir), FAN_EFORMAT);
    ck_assert_ptr_null(tb);
    ttb_patch(file, TTB_HEADER + 999, 1, 1); /* back, checksum fixed */
    ck_assert_int_eq(fan_tb_open(&tb, dir), FAN_OK);
    fan_tb_close(tb);
    tb = NULL;
    /* another format version */
    ttb_patch(file, 8, 1, 1);
    ck_assert_int_eq(fan_tb_open(&tb, dir), FAN_EFORMAT);
    ttb_patch(file, 8, 1, 1);
    /* truncated */
    ck_assert_int_eq(truncate(file, TTB_HEADER + 1000), 0);
    ck_assert_int_eq(fan_tb_open(&tb, dir), FAN_EFORMAT);
    ck_assert_ptr_null(tb);
    ttb_remove_dir(dir);
}
END_TEST

/* Headers whose checksum is right but whose summary contradicts itself or
 * the entries: refused, and the same file opens again once put back. */
START_TEST(lying_headers)
{
    static const struct {
        size_t offset;
        unsigned x;
    } lies[] = {
        {32, 1},         /* wins: the counts no longer add up */
        {47, 0x80},      /* draws, high byte: no overflow to add up */
        {48, 4},         /* losses */
        {56, 1},         /* longest win at an even distance */
        {56, 2},         /* longest win not the example's */
        {59, 1},         /* longest win beyond the format */
        {60, 1},         /* longest loss at an odd distance */
        {61, 1},         /* longest loss of 256 turns and more */
        {64 + 5, 0x10},  /* the example: a piece more or less */
        {72 + 5, 0x80},  /* the example: past the board */
        {88, 1},         /* the reserved bytes are zero */
        {119, 0x40},
    };
    char dir[64], file[128];
    copy_tables(dir);
    snprintf(file, sizeof file, "%s/fanorona-stop-2v2.tb", dir);
    for (size_t i = 0; i < sizeof lies / sizeof *lies; i++) {
        fan_tb *tb = NULL;
        ttb_patch(file, lies[i].offset, lies[i].x, 1);
        ck_assert_msg(fan_tb_open(&tb, dir) == FAN_EFORMAT,
                      "offset %zu ^ %#x opened", lies[i].offset, lies[i].x);
        ck_assert_ptr_null(tb);
        ttb_patch(file, lies[i].offset, lies[i].x, 1);
        ck_assert_int_eq(fan_tb_open(&tb, dir), FAN_OK);
        fan_tb_close(tb);
    }
    ttb_remove_dir(dir);
}
END_TEST

static int stop_after(void *user, uint64_t done, uint64_t total)
{
    int *calls = user;
    ck_assert_uint_le(done, total);
    return ++*calls >= 40;
}

START_TEST(stop_leaves_complete_files)
{
    char dir[64] = "/tmp/fan-tbs-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    int calls = 0;
    fan_tb_generate_options o = FAN_TB_GENERATE_OPTIONS_INIT;
    o.progress = stop_after;
    o.user = &calls;
    ck_assert_int_eq(fan_tb_generate(dir, FAN_RULES_STOP, 4, &o), FAN_ESTOPPED);
    /* no temporary file is left, what is there opens, and the pair in
     * progress left its checkpoint */
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int files = 0, checkpoints = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        ck_assert_ptr_null(strstr(e->d_name, "tmp"));
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".ckpt") == 0)
            checkpoints++;
        else
            files++;
    }
    closedir(d);
    ck_assert_int_eq(checkpoints, 1);
    ck_assert_int_lt(files, 6);
    fan_tb *tb = NULL;
    if (files) {
        ck_assert_int_eq(fan_tb_open(&tb, dir), FAN_OK);
        ck_assert_int_eq(fan_tb_count(tb), files);
        fan_tb_close(tb);
    }
    /* going on finishes the rest, the same as in one go */
    ck_assert_int_eq(fan_tb_generate(dir, FAN_RULES_STOP, 4, NULL), FAN_OK);
    make_tables();
    ck_assert(ttb_same_files(dir, dirs[0]));
    ttb_remove_dir(dir);
}
END_TEST

static void remove_tables(void)
{
    for (int i = 0; i < 2; i++)
        if (dirs[i][0]) {
            ttb_remove_dir(dirs[i]);
            oracle_free(&oracles[i]);
        }
}

Suite *make_suite(void)
{
    Suite *s = suite_create("tb");
    TCase *c = tcase_create("tb");
    tcase_set_timeout(c, 120);
    /* the tables are made once, in the runner, before the tests fork */
    tcase_add_unchecked_fixture(c, make_tables, remove_tables);
    tcase_add_test(c, small_stop);
    tcase_add_test(c, small_must);
    tcase_add_test(c, four_stop);
    tcase_add_test(c, four_must);
    tcase_add_test(c, symmetries);
    tcase_add_test(c, best_turns);
    tcase_add_test(c, search_uses_tables);
    tcase_add_test(c, verify_and_info);
    tcase_add_test(c, info_counts_are_full);
    tcase_add_test(c, refusals);
    tcase_add_test(c, damaged_files);
    tcase_add_test(c, lying_headers);
    tcase_add_test(c, stop_leaves_complete_files);
    suite_add_tcase(s, c);
    return s;
}

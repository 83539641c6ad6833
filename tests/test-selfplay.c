/* SPDX-License-Identifier: MIT */
/* fanorona-selfplay's games (tools/selfplay-game.c) with endgame tables:
 * 2..3-piece stop-at-will tables are generated, and the games they end
 * are checked against the independent solver of tests/ttb.h (the value
 * at the position where the game stopped), the labels written against
 * that result and each position's side to move, the positions written
 * against the tables (none covered) and the turn list (none with a
 * capture), and the play against the same games without tables (the
 * engine does not read the tables: the same turns up to the stop). */
#define _DEFAULT_SOURCE
#include "tcommon.h"
/* (the file helpers and bounded searches of ttb.h are not used here) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "ttb.h"
#pragma GCC diagnostic pop

#include "tools/selfplay-game.h"

#define GAMES 60
#define NODES 300

static char dir[64];
static oracle orc;

static void make_tables(void)
{
    strcpy(dir, "/tmp/fan-selfplay-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ck_assert_int_eq(fan_tb_generate(dir, FAN_RULES_STOP, 3, NULL), FAN_OK);
    oracle_solve(&orc, FAN_RULES_STOP);
}

static void remove_tables(void)
{
    ttb_remove_dir(dir);
    oracle_free(&orc);
}

/* One game into a buffer; the caller frees *text and end->final. */
static void play(char **text, selfplay_end *end, fan_search *s,
                 const fan_tb *tb, uint64_t seed)
{
    size_t size;
    FILE *f = open_memstream(text, &size);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(
        selfplay_game(f, s, tb, FAN_RULES_STOP, 8, NODES, seed, end), 0);
    ck_assert_int_eq(fclose(f), 0);
    ck_assert_ptr_nonnull(end->final);
}

static int pieces(const fan_position *p)
{
    uint64_t w, b;
    masks_of(&w, &b, p);
    return __builtin_popcountll(w | b);
}

/* The label a position of side to move 'side' should carry. */
static const char *label(int result, int side)
{
    if (result == FAN_DRAW)
        return "0.5";
    return (result == FAN_WHITE_WINS) == (side == FAN_WHITE) ? "1" : "0";
}

/* Checks every line of text against the tables and the game's result;
 * returns the number of lines. */
static size_t check_lines(const char *text, const fan_tb *tb, int result)
{
    size_t n = 0;
    for (const char *line = text; *line; n++) {
        const char *nl = strchr(line, '\n');
        ck_assert_ptr_nonnull(nl);
        char buf[FAN_POSITION_STRING_MAX + 8];
        size_t len = (size_t)(nl - line);
        ck_assert_uint_lt(len, sizeof buf);
        memcpy(buf, line, len);
        buf[len] = '\0';
        char *semi = strrchr(buf, ';');
        ck_assert_ptr_nonnull(semi);
        *semi = '\0';
        fan_position *p = NULL;
        ck_assert_int_eq(
            fan_position_from_string(&p, buf, FAN_RULES_STOP, NULL), FAN_OK);
        ck_assert_str_eq(semi + 1, label(result, fan_position_side_to_move(p)));
        int v, d;
        ck_assert_int_gt(pieces(p), 3);
        ck_assert_int_eq(fan_tb_probe(&v, &d, tb, p), FAN_ENOTABLE);
        fan_turn turns[256];
        size_t nt = 0;
        ck_assert_int_eq(fan_position_turns(turns, 256, &nt, p), FAN_OK);
        for (size_t i = 0; i < nt; i++)
            ck_assert_uint_eq(FAN_TURN_CAPTURED(turns[i]), 0);
        fan_position_free(p);
        line = nl + 1;
    }
    return n;
}

/* Whether every line of a has the position of the same line of b. */
static int same_prefix(const char *a, const char *b)
{
    while (*a) {
        const char *na = strchr(a, '\n'), *nb = strchr(b, '\n');
        if (!na || !nb)
            return 0;
        const char *sa = memchr(a, ';', (size_t)(na - a));
        if (!sa || strncmp(a, b, (size_t)(sa - a + 1)) != 0)
            return 0;
        a = na + 1;
        b = nb + 1;
    }
    return 1;
}

START_TEST(tables_end_games)
{
    fan_tb *tb = NULL;
    ck_assert_int_eq(fan_tb_open(&tb, dir), FAN_OK);
    fan_search *s = NULL;
    ck_assert_int_eq(fan_search_new(&s, NULL), FAN_OK);
    int by_table = 0, values[3] = {0};
    for (uint64_t g = 0; g < GAMES; g++) {
        char *with = NULL, *without = NULL;
        selfplay_end e, e0;
        play(&with, &e, s, tb, 5000 + g);
        play(&without, &e0, s, NULL, 5000 + g);
        ck_assert_int_eq(e0.by_table, 0);
        ck_assert_int_ne(fan_position_result(e0.final), FAN_ONGOING);
        ck_assert_int_eq(e0.result, fan_position_result(e0.final));
        ck_assert_uint_eq(check_lines(with, tb, e.result), e.written);
        /* the same play up to the stop: the positions are a prefix */
        ck_assert(same_prefix(with, without));
        if (e.by_table) {
            by_table++;
            uint64_t w, b;
            masks_of(&w, &b, e.final);
            int side = fan_position_side_to_move(e.final);
            ck_assert_int_eq(fan_position_result(e.final), FAN_ONGOING);
            ck_assert_int_le(pieces(e.final), 3);
            long k = oracle_find(&orc, w, b, side);
            ck_assert_int_ge(k, 0);
            ck_assert_int_eq(e.value, orc.node[k].value);
            values[e.value + 1]++;
            int want = e.value == FAN_TB_DRAW ? FAN_DRAW
                       : (e.value == FAN_TB_WIN) == (side == FAN_WHITE)
                           ? FAN_WHITE_WINS
                           : FAN_BLACK_WINS;
            ck_assert_int_eq(e.result, want);
        } else {
            ck_assert_int_ne(fan_position_result(e.final), FAN_ONGOING);
            ck_assert_int_eq(e.result, fan_position_result(e.final));
        }
        free(with);
        free(without);
        fan_position_free(e.final);
        fan_position_free(e0.final);
    }
    printf("%d of %d games ended by the tables (%d won, %d drawn, %d lost)\n",
           by_table, GAMES, values[2], values[1], values[0]);
    ck_assert_int_ge(by_table, 3);
    fan_search_free(s);
    fan_tb_close(tb);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("selfplay");
    TCase *c = tcase_create("selfplay");
    tcase_set_timeout(c, 120);
    tcase_add_unchecked_fixture(c, make_tables, remove_tables);
    tcase_add_test(c, tables_end_games);
    suite_add_tcase(s, c);
    return s;
}

/* SPDX-License-Identifier: MIT */
/* White-box checks of the Fanorona Chess engine's switches
 * (lib/chess-search.h): each search switch changes the work done, each
 * evaluation term changes the score, the material values are the ones
 * used, and the plain configuration still finds mates. Linked with the
 * internal static copy of the library. */
#include "tcommon.h"
#include "tchess.h"

#include "lib/chess-search.h"

#include <ctype.h>

/* A middle game: both sides with officers, captures in the air. */
static const char *const middle =
    "nrkr1/1bqb1/p1ppn/1p3/2P2/P4/1P1PP/1BQBN/NRK1R w Kk - - 0 1";

static uint64_t nodes_with(const chess_search_config *cfg, const char *fen,
                           unsigned depth, int *score, fan_chess_move *best)
{
    fan_search *s = NULL;
    ck_assert_fan_ok(fan_search_new(&s, NULL));
    chess_search_set_config(s, cfg);
    fan_chess *g = CPOS(fen);
    fan_search_limits l;
    fan_search_limits_init(&l);
    l.max_depth = depth;
    fan_chess_search_result r;
    fan_chess_search_result_init(&r);
    ck_assert_fan_ok(fan_chess_search_run(&r, s, g, &l, NULL, NULL));
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    size_t n = 0, found = 0;
    ck_assert_fan_ok(fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g));
    for (size_t i = 0; i < n; i++)
        found += m[i] == r.best;
    ck_assert_uint_eq(found, 1);
    if (score)
        *score = r.score;
    if (best)
        *best = r.best;
    fan_chess_free(g);
    fan_search_free(s);
    return r.nodes;
}

#define SWITCH(field) {#field, offsetof(chess_search_config, field)}
static const struct {
    const char *name;
    size_t offset;
} search_switches[] = {
    SWITCH(use_tt),        SWITCH(use_pvs),     SWITCH(use_ordering),
    SWITCH(use_qsearch),   SWITCH(use_check_ext), SWITCH(use_nullmove),
    SWITCH(use_lmr),       SWITCH(use_aspiration),
}, eval_switches[] = {
    SWITCH(use_pst), SWITCH(use_king_safety), SWITCH(use_mobility),
};

static void set(chess_search_config *cfg, size_t offset, int v)
{
    memcpy((char *)cfg + offset, &v, sizeof v);
}

START_TEST(each_search_switch_matters)
{
    chess_search_config def;
    chess_search_config_default(&def);
    uint64_t base = nodes_with(&def, middle, 6, NULL, NULL);
    for (size_t i = 0; i < sizeof search_switches / sizeof search_switches[0];
         i++) {
        chess_search_config cfg = def;
        set(&cfg, search_switches[i].offset, 0);
        uint64_t n = nodes_with(&cfg, middle, 6, NULL, NULL);
        ck_assert_msg(n != base, "%s off: the same %llu nodes",
                      search_switches[i].name, (unsigned long long)n);
    }
}
END_TEST

START_TEST(each_eval_term_matters)
{
    fan_chess *g = CPOS(middle);
    const chess_state *st = chess_cur(g);
    /* every term on (the default leaves king safety off), then each off */
    chess_search_config def;
    chess_search_config_default(&def);
    for (size_t i = 0; i < sizeof eval_switches / sizeof eval_switches[0]; i++)
        set(&def, eval_switches[i].offset, 1);
    int base = chess_evaluate(&def, st);
    for (size_t i = 0; i < sizeof eval_switches / sizeof eval_switches[0];
         i++) {
        chess_search_config cfg = def;
        set(&cfg, eval_switches[i].offset, 0);
        ck_assert_msg(chess_evaluate(&cfg, st) != base, "%s off: same score",
                      eval_switches[i].name);
    }
    /* material only: the difference of the values, from the mover's view
     * (White is a pawn up here, Black has the same officers) */
    chess_search_config plain;
    chess_search_config_plain(&plain);
    ck_assert_int_eq(chess_evaluate(&plain, st), plain.value[FAN_CHESS_PAWN]);
    plain.value[FAN_CHESS_PAWN] = 77;
    ck_assert_int_eq(chess_evaluate(&plain, st), 77);
    fan_chess_free(g);
    /* the start is symmetric: 0 whatever the terms */
    fan_chess *start = NULL;
    ck_assert_fan_ok(fan_chess_new(&start));
    ck_assert_int_eq(chess_evaluate(&def, chess_cur(start)), 0);
    fan_chess_free(start);
}
END_TEST

START_TEST(values_steer_the_search)
{
    /* The queen may withdraw from the knight (south) or from the rook
     * (east); with the usual values it takes the rook, with the knight
     * dearer the knight. One ply: the material after the capture. */
    chess_search_config cfg;
    chess_search_config_plain(&cfg);
    const char *fen = "k4/5/5/2n2/1rQ2/5/5/5/4K w - - - 0 1";
    const int *v = cfg.value;
    fan_chess_move a, b;
    int score;
    nodes_with(&cfg, fen, 1, &score, &a);
    ck_assert_int_eq(score, v[FAN_CHESS_QUEEN] - v[FAN_CHESS_KNIGHT]);
    ck_assert_int_eq(FAN_CHESS_MOVE_CAPTURED(a), PT("b5"));
    cfg.value[FAN_CHESS_KNIGHT] = 2 * cfg.value[FAN_CHESS_ROOK];
    nodes_with(&cfg, fen, 1, &score, &b);
    ck_assert_int_eq(score, v[FAN_CHESS_QUEEN] - v[FAN_CHESS_ROOK]);
    ck_assert_int_eq(FAN_CHESS_MOVE_CAPTURED(b), PT("c6"));
}
END_TEST

START_TEST(plain_finds_mates)
{
    chess_search_config cfg;
    chess_search_config_plain(&cfg);
    int score;
    nodes_with(&cfg, "5/5/5/2k2/5/Q2R1/K4/5/5 w - - - 0 1", 6, &score, NULL);
    ck_assert_int_eq(score, FAN_SCORE_WIN - 5);
}
END_TEST

/* The colours exchanged and the board mirrored rank for rank: the same
 * position for the other side (strong points stay strong). */
static void mirror(char *out, const char *fen)
{
    char ranks[9][8], side, kings[4], wpool[8], bpool[8];
    int clock, number;
    char board[64];
    ck_assert_int_eq(sscanf(fen, "%63s %c %3s %7s %7s %d %d", board, &side,
                            kings, wpool, bpool, &clock, &number),
                     7);
    int n = 0;
    for (char *tok = strtok(board, "/"); tok; tok = strtok(NULL, "/"))
        snprintf(ranks[n++], sizeof ranks[0], "%s", tok);
    ck_assert_int_eq(n, 9);
    out[0] = '\0';
    for (int r = 8; r >= 0; r--) {
        for (char *c = ranks[r]; *c; c++)
            *c = (char)(isupper((unsigned char)*c) ? tolower(*c) : toupper(*c));
        strcat(out, ranks[r]);
        strcat(out, r ? "/" : " ");
    }
    char k2[4] = "-";
    if (strchr(kings, 'K') && strchr(kings, 'k'))
        strcpy(k2, "Kk");
    else if (strchr(kings, 'K'))
        strcpy(k2, "k");
    else if (strchr(kings, 'k'))
        strcpy(k2, "K");
    for (char *c = wpool; *c; c++)
        *c = (char)tolower(*c);
    for (char *c = bpool; *c; c++)
        *c = (char)toupper(*c);
    sprintf(out + strlen(out), "%c %s %s %s %d %d", side == 'w' ? 'b' : 'w',
            k2, bpool, wpool, clock, number);
}

/* Random positions from seeded random games. */
static fan_chess *random_game(uint64_t *rng, int plies)
{
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    for (int i = 0; i < plies && fan_chess_result(g) == FAN_ONGOING; i++) {
        fan_chess_move m[FAN_CHESS_MOVES_MAX];
        size_t n = 0;
        ck_assert_fan_ok(fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g));
        *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
        ck_assert_fan_ok(fan_chess_play(g, m[(*rng >> 33) % n]));
    }
    return g;
}

START_TEST(evaluation_is_colour_blind)
{
    chess_search_config def, plain;
    chess_search_config_default(&def);
    chess_search_config_plain(&plain);
    uint64_t rng = 99;
    int checked = 0;
    for (int i = 0; i < 300; i++) {
        fan_chess *g = random_game(&rng, (int)(rng % 90));
        char text[FAN_CHESS_STRING_MAX], flipped[FAN_CHESS_STRING_MAX + 8];
        ck_assert_fan_ok(fan_chess_to_string(text, sizeof text, NULL, g));
        mirror(flipped, text);
        fan_chess *h = CPOS(flipped);
        ck_assert_int_eq(chess_evaluate(&def, chess_cur(g)),
                         chess_evaluate(&def, chess_cur(h)));
        /* plain alpha-beta is exact minimax: the same score either way */
        if (i % 10 == 0 && fan_chess_result(g) == FAN_ONGOING &&
            fan_chess_result(h) == FAN_ONGOING) {
            int a, b;
            fan_chess_free(h);
            nodes_with(&plain, text, 3, &a, NULL);
            nodes_with(&plain, flipped, 3, &b, NULL);
            ck_assert_msg(a == b, "%s: %d, mirrored %d", text, a, b);
            checked++;
        } else {
            fan_chess_free(h);
        }
        fan_chess_free(g);
    }
    ck_assert_int_gt(checked, 20);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("chess-searchcfg");
    TCase *tc = tcase_create("chess-searchcfg");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, each_search_switch_matters);
    tcase_add_test(tc, each_eval_term_matters);
    tcase_add_test(tc, values_steer_the_search);
    tcase_add_test(tc, plain_finds_mates);
    tcase_add_test(tc, evaluation_is_colour_blind);
    suite_add_tcase(s, tc);
    return s;
}

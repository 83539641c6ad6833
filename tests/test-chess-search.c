/* SPDX-License-Identifier: MIT */
/* The Fanorona Chess search (fan_chess_search_run): forced mates in 1..4
 * proven by a brute-force judge, stalemate as a loss, promotion choices,
 * repetition and the 50-move rule, legality of the best move and the
 * whole line over thousands of random positions, multi-PV, levels,
 * threads, stopping from another thread, determinism and argument
 * checking. */
#include "tcommon.h"
#include "tchess.h"
#include "chess-randpos.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

/* ------------------------------------------------------------------ */
/* An independent judge: plain minimax over the public move API, no     */
/* library search. A win is the game ending with the other side lost   */
/* (checkmate or stalemate, both losses); draws are not wins.          */

static int all_replies_lose(fan_chess *g, int n);

static int win_for_mover(int side)
{
    return side == FAN_WHITE ? FAN_WHITE_WINS : FAN_BLACK_WINS;
}

static size_t legal_moves(fan_chess_move *m, const fan_chess *g)
{
    size_t n = 0;
    ck_assert_fan_ok(fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, g));
    return n;
}

/* Does playing m from g win within n plies (n counts m)? g is restored. */
static int move_wins(fan_chess *g, fan_chess_move m, int n)
{
    int win = win_for_mover(fan_chess_side_to_move(g));
    ck_assert_fan_ok(fan_chess_play(g, m));
    int r = fan_chess_result(g), ok = r == win;
    if (r == FAN_ONGOING && n >= 3)
        ok = all_replies_lose(g, n - 1);
    ck_assert_fan_ok(fan_chess_undo(g));
    return ok;
}

/* Can the side to move force a win within n plies (its moves and the
 * opponent's counted)? */
static int forced_win(fan_chess *g, int n)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    size_t k = legal_moves(m, g);
    for (size_t i = 0; i < k; i++)
        if (move_wins(g, m[i], n))
            return 1;
    return 0;
}

/* Does every move of the side to move lead to its loss within n plies? */
static int all_replies_lose(fan_chess *g, int n)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    size_t k = legal_moves(m, g);
    for (size_t i = 0; i < k; i++) {
        ck_assert_fan_ok(fan_chess_play(g, m[i]));
        int ok = fan_chess_result(g) == FAN_ONGOING && forced_win(g, n - 1);
        ck_assert_fan_ok(fan_chess_undo(g));
        if (!ok)
            return 0;
    }
    return 1;
}

/* The length in plies of the quickest forced win, 0 if none within max. */
static int mate_length(fan_chess *g, int max)
{
    for (int n = 1; n <= max; n += 2)
        if (forced_win(g, n))
            return n;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

static fan_search *NEW_SEARCH(unsigned threads)
{
    fan_search_options o;
    ck_assert_fan_ok(fan_search_options_init(&o));
    o.threads = threads;
    o.hash_mib = 4;
    fan_search *s = NULL;
    ck_assert_fan_ok(fan_search_new(&s, &o));
    return s;
}

static fan_search_limits LIMITS(unsigned depth, uint64_t nodes)
{
    fan_search_limits l;
    fan_search_limits_init(&l);
    l.max_depth = depth;
    l.max_nodes = nodes;
    return l;
}

static int is_legal(const fan_chess *g, fan_chess_move m)
{
    fan_chess_move all[FAN_CHESS_MOVES_MAX];
    size_t n = legal_moves(all, g);
    for (size_t i = 0; i < n; i++)
        if (all[i] == m)
            return 1;
    return 0;
}

/* Every move of the line is legal after the ones before it, and the line
 * goes on only while the game does. */
static void check_line(const fan_chess *g, const fan_chess_search_result *r)
{
    ck_assert_uint_ge(r->pv_length, 1);
    ck_assert_uint_le(r->pv_length, FAN_SEARCH_PV_MAX);
    ck_assert_uint_eq(r->pv[0], r->best);
    ck_assert_uint_eq(r->reserved, 0);
    fan_chess *c = NULL;
    ck_assert_fan_ok(fan_chess_clone(&c, g));
    for (uint32_t i = 0; i < r->pv_length; i++) {
        char text[FAN_CHESS_STRING_MAX];
        ck_assert_fan_ok(fan_chess_to_string(text, sizeof text, NULL, c));
        ck_assert_msg(is_legal(c, r->pv[i]), "pv[%u] = %#x illegal in %s", i,
                      r->pv[i], text);
        ck_assert_fan_ok(fan_chess_play(c, r->pv[i]));
    }
    fan_chess_free(c);
}

static fan_chess_search_result RUN(fan_search *s, const fan_chess *g,
                                   const fan_search_limits *l)
{
    fan_chess_search_result r;
    ck_assert_fan_ok(fan_chess_search_result_init(&r));
    ck_assert_fan_ok(fan_chess_search_run(&r, s, g, l, NULL, NULL));
    check_line(g, &r);
    return r;
}

/* ------------------------------------------------------------------ */
/* Forced mates                                                        */

/* Positions whose quickest win (checkmate or stalemate of Black) is n
 * plies away: 1, 3, 5 and 7, i.e. mates in 1 to 4. */
static const struct {
    const char *fen;
    int plies;
} mates[] = {
    {"kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 0 1", 1}, /* doc/fanorona-chess.md */
    {"5/2Q2/1R3/5/5/4K/5/p4/3k1 w - - - 0 1", 1},
    {"5/5/5/4Q/5/5/k3K/3R1/5 w - - - 0 1", 3},
    {"1R3/k4/5/5/5/5/2K2/5/3Q1 w - - - 0 1", 3},
    {"4N/k4/3K1/3B1/5/5/n4/5/P4 w - - - 0 1", 3},
    {"5/5/5/2k2/5/Q2R1/K4/5/5 w - - - 0 1", 5},
    {"3kR/1Pp2/3p1/3K1/5/5/5/5/N4 w - - - 0 1", 5},
    {"1pkN1/3p1/5/2KR1/2P2/5/5/5/5 w - - - 0 1", 5},
    {"2p2/5/5/5/2R2/5/1K2k/5/5 w - - - 0 1", 7},
    {"2N2/1Q3/1p3/5/2k2/5/5/5/K4 w - - - 0 1", 7},
    {"4p/5/5/1k2N/5/5/2Q2/5/2K2 w - - - 0 1", 7},
    {"kp3/5/5/5/5/5/3K1/4R/5 w - - - 0 1", 7},
};

START_TEST(forced_mates)
{
    fan_search *s = NEW_SEARCH(1);
    for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++) {
        fan_chess *g = CPOS(mates[i].fen);
        int n = mates[i].plies;
        /* the judge proves the length: a win in n plies, none sooner */
        ck_assert_msg(mate_length(g, n) == n, "%s: judge finds no win in %d",
                      mates[i].fen, n);
        fan_search_limits l = LIMITS((unsigned)n + 4, 0);
        fan_chess_search_result r = RUN(s, g, &l);
        ck_assert_msg(r.score == FAN_SCORE_WIN - n, "%s: score %d, want %d",
                      mates[i].fen, r.score, FAN_SCORE_WIN - n);
        ck_assert_int_eq(FAN_SCORE_TURNS(r.score), n);
        /* the move found is a winning one by the judge */
        ck_assert_msg(move_wins(g, r.best, n), "%s: best move does not win",
                      mates[i].fen);
        /* the line ends the game at its last move */
        if (r.pv_length == (uint32_t)n) {
            fan_chess *c = NULL;
            ck_assert_fan_ok(fan_chess_clone(&c, g));
            for (int k = 0; k < n; k++)
                ck_assert_fan_ok(fan_chess_play(c, r.pv[k]));
            ck_assert_int_eq(fan_chess_result(c), FAN_WHITE_WINS);
            fan_chess_free(c);
        }
        /* and the losing side sees its loss after the best move */
        ck_assert_fan_ok(fan_chess_play(g, r.best));
        if (fan_chess_result(g) == FAN_ONGOING) {
            fan_chess_search_result q = RUN(s, g, &l);
            ck_assert_int_eq(q.score, -(FAN_SCORE_WIN - (n - 1)));
        }
        fan_chess_free(g);
    }
    fan_search_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Stalemate                                                           */

START_TEST(stalemated_side_has_lost)
{
    /* Black's king is walled in by its own pawns, which White blocks:
     * no legal move, not in check */
    fan_chess *g = CPOS("kp3/pp3/PPP2/5/5/5/5/5/4K b - - - 0 1");
    ck_assert_int_eq(fan_chess_in_check(g), 0);
    ck_assert_int_eq(fan_chess_result(g), FAN_WHITE_WINS);
    ck_assert_int_eq(fan_chess_result_reason(g), FAN_CHESS_REASON_STALEMATE);
    fan_search *s = NEW_SEARCH(1);
    fan_chess_search_result r, before;
    fan_chess_search_result_init(&r);
    before = r;
    ck_assert_int_eq(fan_chess_search_run(&r, s, g, NULL, NULL, NULL),
                     FAN_EGAMEOVER);
    ck_assert_mem_eq(&r, &before, sizeof r);
    fan_search_free(s);
    fan_chess_free(g);
}
END_TEST

/* The only winning move leaves the opponent without a legal move and not
 * in check: a stalemate, which the search scores as the win it is. */
static const char *const stalemating[] = {
    "5/1R1p1/5/2k2/K3N/5/5/1p3/5 w - - - 0 1",
    "Rkp2/5/5/1N3/5/5/3K1/3p1/5 w - - - 0 1",
};

START_TEST(stalemate_wins_for_the_mover)
{
    fan_search *s = NEW_SEARCH(1);
    for (size_t i = 0; i < 2; i++) {
        fan_chess *g = CPOS(stalemating[i]);
        fan_chess_move m[FAN_CHESS_MOVES_MAX];
        size_t k = legal_moves(m, g);
        fan_chess_move win = 0;
        int wins = 0;
        for (size_t j = 0; j < k; j++) {
            if (!move_wins(g, m[j], 1))
                continue;
            wins++;
            win = m[j];
            ck_assert_fan_ok(fan_chess_play(g, m[j]));
            ck_assert_int_eq(fan_chess_in_check(g), 0);
            ck_assert_int_eq(fan_chess_result_reason(g),
                             FAN_CHESS_REASON_STALEMATE);
            ck_assert_fan_ok(fan_chess_undo(g));
        }
        ck_assert_int_eq(wins, 1);
        fan_search_limits l = LIMITS(4, 0);
        fan_chess_search_result r = RUN(s, g, &l);
        ck_assert_uint_eq(r.best, win);
        ck_assert_int_eq(r.score, FAN_SCORE_WIN - 1);
        fan_chess_free(g);
    }
    fan_search_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Promotion                                                           */

/* A pawn about to promote where exactly one promotion piece wins by the
 * judge (the knight in all of them but the first), in n plies. */
static const struct {
    const char *fen;
    int plies, piece;
} promotions[] = {
    {"5/P4/5/k4/5/5/1R3/5/2K2 w - QN - 0 1", 1, FAN_CHESS_QUEEN},
    {"5/1P3/2p1K/2k2/5/3R1/5/5/5 w - QN - 0 1", 1, FAN_CHESS_KNIGHT},
    {"2K2/1P2k/2p2/5/5/5/5/5/2R2 w - QN - 0 1", 1, FAN_CHESS_KNIGHT},
    {"2K2/1P2k/2p2/5/5/2p2/5/5/5 w - QRBN - 0 1", 3, FAN_CHESS_KNIGHT},
    {"k4/4P/4p/2K2/5/5/5/4p/5 w - QRBN - 0 1", 3, FAN_CHESS_KNIGHT},
};

START_TEST(promotion_choices)
{
    fan_search *s = NEW_SEARCH(1);
    for (size_t i = 0; i < sizeof promotions / sizeof promotions[0]; i++) {
        fan_chess *g = CPOS(promotions[i].fen);
        int n = promotions[i].plies;
        ck_assert_int_eq(mate_length(g, n), n);
        /* the judge: of the promotions, only the expected piece wins */
        fan_chess_move m[FAN_CHESS_MOVES_MAX];
        size_t k = legal_moves(m, g);
        int promos = 0, winning = 0;
        for (size_t j = 0; j < k; j++) {
            int p = FAN_CHESS_MOVE_PROMOTION(m[j]);
            if (!p)
                continue;
            promos++;
            if (move_wins(g, m[j], n)) {
                winning++;
                ck_assert_int_eq(p, promotions[i].piece);
            }
        }
        ck_assert_int_ge(promos, 2);
        ck_assert_int_eq(winning, 1);
        fan_search_limits l = LIMITS((unsigned)n + 4, 0);
        fan_chess_search_result r = RUN(s, g, &l);
        ck_assert_int_eq(r.score, FAN_SCORE_WIN - n);
        ck_assert_int_eq(FAN_CHESS_MOVE_PROMOTION(r.best), promotions[i].piece);
        ck_assert(move_wins(g, r.best, n));
        fan_chess_free(g);
    }
    fan_search_free(s);
}
END_TEST

START_TEST(promotion_with_an_empty_pool)
{
    /* the same pawn with nothing to promote to may not enter the last
     * rank: no promotion is legal, the win in 1 is gone, and the search
     * plays a legal move */
    fan_chess *g = CPOS("5/1P3/2p1K/2k2/5/3R1/5/5/5 w - - - 0 1");
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    size_t k = legal_moves(m, g);
    for (size_t j = 0; j < k; j++) {
        ck_assert_int_eq(FAN_CHESS_MOVE_PROMOTION(m[j]), 0);
        if (FAN_CHESS_MOVE_FROM(m[j]) == PT("b8"))
            ck_assert_int_ne(FAN_CHESS_MOVE_TO(m[j]) / 5, 8);
    }
    ck_assert_int_eq(forced_win(g, 1), 0);
    fan_search *s = NEW_SEARCH(1);
    fan_search_limits l = LIMITS(6, 0);
    fan_chess_search_result r = RUN(s, g, &l);
    ck_assert_int_lt(r.score, FAN_SCORE_WIN - 1);
    ck_assert_int_eq(FAN_CHESS_MOVE_PROMOTION(r.best), 0);
    /* with a single piece in the pool the promotion is to that piece */
    fan_chess_free(g);
    g = CPOS("5/1P3/2p1K/2k2/5/3R1/5/5/5 w - N - 0 1");
    r = RUN(s, g, &l);
    ck_assert_int_eq(r.score, FAN_SCORE_WIN - 1);
    ck_assert_int_eq(FAN_CHESS_MOVE_PROMOTION(r.best), FAN_CHESS_KNIGHT);
    fan_chess_free(g);
    fan_search_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Draws                                                               */

/* A rook down, Black can repeat the position a third time: the game's
 * own judge says that move draws, and the search takes it at 0. */
START_TEST(repetition_is_a_draw)
{
    fan_chess *g = CPOS("k4/5/5/5/5/5/2R2/5/2K2 w - - - 0 1");
    static const char *const cycle[] = {"Kc1-d1", "Ka9-b9", "Kd1-c1",
                                        "Kb9-a9"};
    for (int ply = 0; ply < 7; ply++) {
        ck_assert_fan_ok(fan_chess_play(g, MV(g, cycle[ply % 4])));
        ck_assert_int_eq(fan_chess_result(g), FAN_ONGOING);
    }
    fan_chess_move draw = MV(g, "Kb9-a9");
    fan_chess *c = NULL;
    ck_assert_fan_ok(fan_chess_clone(&c, g));
    ck_assert_fan_ok(fan_chess_play(c, draw));
    ck_assert_int_eq(fan_chess_result(c), FAN_DRAW);
    ck_assert_int_eq(fan_chess_result_reason(c), FAN_CHESS_REASON_REPETITION);
    fan_chess_free(c);

    fan_search *s = NEW_SEARCH(1);
    fan_search_limits l = LIMITS(5, 0);
    fan_chess_search_result r = RUN(s, g, &l);
    ck_assert_int_eq(r.score, 0);
    ck_assert_uint_eq(r.best, draw);
    /* without that history the same position is simply lost material */
    char text[FAN_CHESS_STRING_MAX];
    ck_assert_fan_ok(fan_chess_to_string(text, sizeof text, NULL, g));
    fan_chess *fresh = CPOS(text);
    r = RUN(s, fresh, &l);
    ck_assert_int_lt(r.score, -200);
    fan_chess_free(fresh);
    fan_chess_free(g);
    fan_search_free(s);
}
END_TEST

START_TEST(fifty_moves_is_a_draw)
{
    /* a rook down with 99 plies on the clock: any quiet move draws */
    fan_chess *g = CPOS("k4/5/5/5/5/5/2R2/5/2K2 b - - - 99 60");
    fan_search *s = NEW_SEARCH(1);
    fan_search_limits l = LIMITS(5, 0);
    fan_chess_search_result r = RUN(s, g, &l);
    ck_assert_int_eq(r.score, 0);
    ck_assert_fan_ok(fan_chess_play(g, r.best));
    ck_assert_int_eq(fan_chess_result(g), FAN_DRAW);
    ck_assert_int_eq(fan_chess_result_reason(g), FAN_CHESS_REASON_FIFTY_MOVES);
    fan_chess_free(g);
    /* a mate on the hundredth ply still wins: mate comes first */
    g = CPOS("kp3/1p3/1PP2/P4/5/5/4Q/5/K4 w - - - 99 60");
    r = RUN(s, g, &l);
    ck_assert_int_eq(r.score, FAN_SCORE_WIN - 1);
    fan_chess_free(g);
    fan_search_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Legality over random positions                                      */

START_TEST(random_positions_legal)
{
    fan_search *s = NEW_SEARCH(1);
    uint64_t rng = 0x5eed00c4e55ull + (uint64_t)_i;
    int searched = 0;
    for (int i = 0; i < 1500; i++) {
        char text[FAN_CHESS_STRING_MAX];
        if (i % 2)
            ck_assert_fan_ok(crp_setup(text, &rng));
        else
            ck_assert_fan_ok(crp_game(text, &rng, (unsigned)(rng % 120)));
        fan_chess *g = CPOS(text);
        fan_search_limits l = LIMITS(0, 150 + rng % 400);
        l.multipv = i % 7 == 0 ? 3 : 1;
        fan_chess_search_result r;
        fan_chess_search_result_init(&r);
        int rc = fan_chess_search_run(&r, s, g, &l, NULL, NULL);
        if (fan_chess_result(g) != FAN_ONGOING) {
            ck_assert_int_eq(rc, FAN_EGAMEOVER);
        } else {
            ck_assert_msg(rc == FAN_OK, "%s: %s", text, fan_strerror(rc));
            check_line(g, &r);
            ck_assert_uint_eq(r.line, 1);
            ck_assert(r.score > -FAN_SCORE_WIN && r.score < FAN_SCORE_WIN);
            searched++;
        }
        fan_chess_free(g);
    }
    ck_assert_int_gt(searched, 1000);
    fan_search_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Multi-PV, levels, threads                                           */

typedef struct lines_seen {
    fan_chess_search_result line[8];
    uint32_t depth;
    int calls;
} lines_seen;

static int collect(void *user, const fan_chess_search_result *line)
{
    lines_seen *seen = user;
    ck_assert_uint_eq(line->version, FAN_CHESS_SEARCH_RESULT_VERSION);
    ck_assert_uint_ge(line->line, 1);
    ck_assert_uint_le(line->line, 8);
    if (line->depth != seen->depth)
        seen->depth = line->depth;
    seen->line[line->line - 1] = *line;
    seen->calls++;
    return 0;
}

START_TEST(multipv_lines)
{
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    fan_search *s = NEW_SEARCH(1);
    fan_search_limits l = LIMITS(5, 0);
    l.multipv = 4;
    lines_seen seen;
    memset(&seen, 0, sizeof seen);
    fan_chess_search_result r;
    fan_chess_search_result_init(&r);
    ck_assert_fan_ok(fan_chess_search_run(&r, s, g, &l, collect, &seen));
    ck_assert_int_eq(seen.calls, 5 * 4);
    ck_assert_uint_eq(seen.depth, 5);
    for (int i = 0; i < 4; i++) {
        ck_assert_uint_eq(seen.line[i].line, (uint32_t)i + 1);
        ck_assert_uint_eq(seen.line[i].depth, 5);
        check_line(g, &seen.line[i]);
        for (int j = 0; j < i; j++)
            ck_assert_uint_ne(seen.line[i].best, seen.line[j].best);
        if (i)
            ck_assert_int_le(seen.line[i].score, seen.line[i - 1].score);
    }
    ck_assert_uint_eq(r.best, seen.line[0].best);
    ck_assert_int_eq(r.score, seen.line[0].score);
    /* more lines than moves: as many lines as there are moves */
    fan_chess_free(g);
    g = CPOS("k4/5/5/5/5/5/2R2/5/2K2 b - - - 0 1");
    size_t n = legal_moves((fan_chess_move[FAN_CHESS_MOVES_MAX]){0}, g);
    ck_assert_uint_lt(n, 8);
    memset(&seen, 0, sizeof seen);
    l.multipv = 8;
    l.max_depth = 2;
    ck_assert_fan_ok(fan_chess_search_run(&r, s, g, &l, collect, &seen));
    ck_assert_int_eq(seen.calls, (int)(2 * n));
    fan_chess_free(g);
    fan_search_free(s);
}
END_TEST

START_TEST(levels_play_legal_moves)
{
    fan_search *s = NEW_SEARCH(1);
    uint64_t rng = 77;
    for (unsigned level = 1; level <= FAN_SEARCH_MAX_LEVEL; level++) {
        for (int k = 0; k < 3; k++) {
            char text[FAN_CHESS_STRING_MAX];
            ck_assert_fan_ok(crp_game(text, &rng, 6 + 10 * (unsigned)k));
            fan_chess *g = CPOS(text);
            if (fan_chess_result(g) == FAN_ONGOING) {
                fan_search_limits l = LIMITS(0, level < 8 ? 0 : 20000);
                l.level = level;
                l.seed = (uint64_t)k;
                fan_chess_search_result r = RUN(s, g, &l);
                if (level <= 2)
                    ck_assert_uint_eq(r.depth, 1);
            }
            fan_chess_free(g);
        }
    }
    /* even the weakest level, one ply without quiescence, takes a win in
     * one, checkmate or stalemate: noise never reorders decisive lines */
    const char *const wins_in_one[] = {mates[0].fen, mates[1].fen,
                                       stalemating[0], stalemating[1]};
    for (size_t i = 0; i < 4; i++) {
        fan_chess *g = CPOS(wins_in_one[i]);
        for (uint64_t seed = 0; seed < 4; seed++) {
            fan_search_limits l = LIMITS(0, 0);
            l.level = 1;
            l.seed = seed;
            fan_chess_search_result r = RUN(s, g, &l);
            ck_assert_int_eq(r.score, FAN_SCORE_WIN - 1);
            ck_assert(move_wins(g, r.best, 1));
        }
        fan_chess_free(g);
    }
    /* a level's randomness follows the seed: the same seed, the same move */
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    fan_search_limits l = LIMITS(0, 0);
    l.level = 1;
    int differ = 0;
    for (uint64_t seed = 0; seed < 20; seed++) {
        l.seed = seed;
        fan_chess_search_result a = RUN(s, g, &l), b = RUN(s, g, &l);
        ck_assert_uint_eq(a.best, b.best);
        l.seed = seed + 100;
        fan_chess_search_result c = RUN(s, g, &l);
        differ += c.best != a.best;
    }
    ck_assert_int_gt(differ, 0);
    fan_chess_free(g);
    fan_search_free(s);
}
END_TEST

START_TEST(threads_find_the_mate)
{
    fan_search *s = NEW_SEARCH(2);
    fan_chess *g = CPOS(mates[5].fen);
    fan_search_limits l = LIMITS(9, 0);
    fan_chess_search_result r = RUN(s, g, &l);
    ck_assert_int_eq(r.score, FAN_SCORE_WIN - mates[5].plies);
    fan_chess_free(g);
    ck_assert_fan_ok(fan_chess_new(&g));
    l.max_depth = 7;
    r = RUN(s, g, &l);
    ck_assert_uint_ge(r.depth, 7);
    fan_chess_free(g);
    fan_search_free(s);
}
END_TEST

START_TEST(time_and_clock_limits)
{
    /* a time limit and a clock both end the search with a searched,
     * legal move (depth 1 always completes); nothing about speed here */
    fan_search *s = NEW_SEARCH(1);
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    fan_search_limits l = LIMITS(0, 0);
    l.time_ms = 20;
    fan_chess_search_result r = RUN(s, g, &l);
    ck_assert_uint_ge(r.depth, 1);
    l.time_ms = 0;
    l.clock_ms = 2000;
    l.increment_ms = 20;
    l.moves_to_go = 30;
    r = RUN(s, g, &l);
    ck_assert_uint_ge(r.depth, 1);
    fan_chess_free(g);
    fan_search_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Stop and determinism                                                */

typedef struct stopper {
    fan_search *s;
    atomic_int done;
} stopper;

static void *stop_later(void *arg)
{
    stopper *st = arg;
    struct timespec ts = {0, 30 * 1000 * 1000};
    nanosleep(&ts, NULL);
    /* repeated: a request before the search starts is forgotten */
    while (!atomic_load(&st->done)) {
        fan_search_stop(st->s);
        struct timespec t2 = {0, 5 * 1000 * 1000};
        nanosleep(&t2, NULL);
    }
    return NULL;
}

START_TEST(stop_from_another_thread)
{
    for (unsigned threads = 1; threads <= 2; threads++) {
        fan_search *s = NEW_SEARCH(threads);
        fan_chess *g = NULL;
        ck_assert_fan_ok(fan_chess_new(&g));
        stopper st = {s, 0};
        pthread_t t;
        ck_assert_int_eq(pthread_create(&t, NULL, stop_later, &st), 0);
        fan_chess_search_result r = RUN(s, g, NULL); /* no limit at all */
        atomic_store(&st.done, 1);
        pthread_join(t, NULL);
        ck_assert(is_legal(g, r.best));
        ck_assert_uint_lt(r.depth, FAN_SEARCH_MAX_DEPTH);
        fan_chess_free(g);
        fan_search_free(s);
    }
}
END_TEST

static void same_result(const fan_chess_search_result *a,
                        const fan_chess_search_result *b)
{
    ck_assert_uint_eq(a->nodes, b->nodes);
    ck_assert_uint_eq(a->best, b->best);
    ck_assert_int_eq(a->score, b->score);
    ck_assert_uint_eq(a->depth, b->depth);
    ck_assert_uint_eq(a->pv_length, b->pv_length);
    ck_assert_mem_eq(a->pv, b->pv, a->pv_length * sizeof a->pv[0]);
}

START_TEST(deterministic_with_one_thread)
{
    uint64_t rng = 4242;
    for (int i = 0; i < 4; i++) {
        char text[FAN_CHESS_STRING_MAX];
        ck_assert_fan_ok(crp_game(text, &rng, 10 + 8 * (unsigned)i));
        fan_chess *g = CPOS(text);
        if (fan_chess_result(g) != FAN_ONGOING) {
            fan_chess_free(g);
            continue;
        }
        fan_search_limits l = i % 2 ? LIMITS(0, 30000) : LIMITS(6, 0);
        fan_search *a = NEW_SEARCH(1), *b = NEW_SEARCH(1);
        fan_chess_search_result ra = RUN(a, g, &l), rb = RUN(b, g, &l);
        same_result(&ra, &rb);
        /* a handle that searched something else, then cleared */
        fan_chess *other = NULL;
        ck_assert_fan_ok(fan_chess_new(&other));
        fan_search_limits lo = LIMITS(5, 0);
        RUN(a, other, &lo);
        fan_chess_free(other);
        ck_assert_fan_ok(fan_search_clear(a));
        fan_chess_search_result rc = RUN(a, g, &l);
        same_result(&ra, &rc);
        fan_search_free(a);
        fan_search_free(b);
        fan_chess_free(g);
    }
}
END_TEST

/* ------------------------------------------------------------------ */
/* Arguments                                                           */

START_TEST(arguments_checked)
{
    fan_search *s = NEW_SEARCH(1);
    fan_chess *g = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    char before[FAN_CHESS_STRING_MAX], after[FAN_CHESS_STRING_MAX];
    ck_assert_fan_ok(fan_chess_to_string(before, sizeof before, NULL, g));
    fan_chess_search_result r, untouched;
    memset(&r, 0xA5, sizeof r);
    r.version = FAN_CHESS_SEARCH_RESULT_VERSION;
    untouched = r;
    fan_search_limits l = LIMITS(2, 0);

    ck_assert_int_eq(fan_chess_search_result_init(NULL), FAN_EINVAL);
    ck_assert_int_eq(fan_chess_search_run(NULL, s, g, &l, NULL, NULL),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_chess_search_run(&r, NULL, g, &l, NULL, NULL),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_chess_search_run(&r, s, NULL, &l, NULL, NULL),
                     FAN_EINVAL);
    /* result versions, then limits one field wrong at a time */
    for (uint32_t v = 0; v < 3; v += 2) {
        r.version = v;
        ck_assert_int_eq(fan_chess_search_run(&r, s, g, &l, NULL, NULL),
                         FAN_EINVAL);
    }
    r.version = FAN_CHESS_SEARCH_RESULT_VERSION;
    for (int k = 0; k < 6; k++) {
        fan_search_limits b = l;
        int want = k < 3 ? FAN_EINVAL : FAN_ERANGE;
        switch (k) {
        case 0: b.version = 0; break;
        case 1: b.version = FAN_SEARCH_LIMITS_VERSION + 1; break;
        case 2: b.reserved = 1; break;
        case 3: b.max_depth = FAN_SEARCH_MAX_DEPTH + 1; break;
        case 4: b.multipv = FAN_SEARCH_MAX_MULTIPV + 1; break;
        default: b.level = FAN_SEARCH_MAX_LEVEL + 1; break;
        }
        ck_assert_int_eq(fan_chess_search_run(&r, s, g, &b, NULL, NULL), want);
    }
    ck_assert_mem_eq(&r, &untouched, sizeof r);
    ck_assert_fan_ok(fan_chess_to_string(after, sizeof after, NULL, g));
    ck_assert_str_eq(before, after);

    /* an ended game */
    fan_chess *over = CPOS("kp3/1p3/QPP2/P4/5/5/5/5/K4 b - - - 0 1");
    ck_assert_int_eq(fan_chess_search_run(&r, s, over, &l, NULL, NULL),
                     FAN_EGAMEOVER);
    ck_assert_mem_eq(&r, &untouched, sizeof r);
    fan_chess_free(over);

    /* the handle still works, and pos was only read */
    r = RUN(s, g, &l);
    ck_assert_uint_eq(r.depth, 2);
    ck_assert_fan_ok(fan_chess_to_string(after, sizeof after, NULL, g));
    ck_assert_str_eq(before, after);
    fan_chess_free(g);
    fan_search_free(s);
}
END_TEST

/* A handle serves both games, one after the other. */
START_TEST(one_handle_both_games)
{
    fan_search *s = NEW_SEARCH(1);
    fan_chess *g = NULL;
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_chess_new(&g));
    ck_assert_fan_ok(fan_position_new(&p, FAN_RULES_STOP));
    fan_search_limits l = LIMITS(4, 0);
    fan_search_result fr;
    for (int i = 0; i < 2; i++) {
        RUN(s, g, &l);
        fan_search_result_init(&fr);
        ck_assert_fan_ok(fan_search_run(&fr, s, p, &l, NULL, NULL));
        ck_assert_uint_eq(fr.depth, 4);
    }
    fan_position_free(p);
    fan_chess_free(g);
    fan_search_free(s);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("chess-search");
    TCase *tc = tcase_create("chess-search");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, forced_mates);
    tcase_add_test(tc, stalemated_side_has_lost);
    tcase_add_test(tc, stalemate_wins_for_the_mover);
    tcase_add_test(tc, promotion_choices);
    tcase_add_test(tc, promotion_with_an_empty_pool);
    tcase_add_test(tc, repetition_is_a_draw);
    tcase_add_test(tc, fifty_moves_is_a_draw);
    tcase_add_loop_test(tc, random_positions_legal, 0, 2);
    tcase_add_test(tc, multipv_lines);
    tcase_add_test(tc, levels_play_legal_moves);
    tcase_add_test(tc, threads_find_the_mate);
    tcase_add_test(tc, time_and_clock_limits);
    tcase_add_test(tc, stop_from_another_thread);
    tcase_add_test(tc, deterministic_with_one_thread);
    tcase_add_test(tc, arguments_checked);
    tcase_add_test(tc, one_handle_both_games);
    suite_add_tcase(s, tc);
    return s;
}

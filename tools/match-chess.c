/* SPDX-License-Identifier: MIT */
/* Fanorona Chess in fanorona-match: the openings, the players' moves and
 * the game loop, with the records and the material samples that
 * tools/chess-fit-values.py fits the piece values from.
 *
 * Openings: opening k is the start position and --plies (default 4)
 * legal moves drawn by splitmix64 from match_opening_rng(seed, k), drawn
 * again should the game end; both games of a pair start from it, A White
 * in the first. A game ends by fan_chess_result() (mate and stalemate
 * lose, repetition and the 50-move rule draw) or, still going after
 * --max-plies plies from the start (default 400), is counted a draw. */
#include "match-chess.h"

#include <fanorona-chess.h>
#include <stdlib.h>
#include <string.h>

static fan_chess *chess_opening(const match *m, int k)
{
    for (int attempt = 0;; attempt++) {
        fan_chess *p = NULL;
        if (fan_chess_new(&p) != FAN_OK)
            return NULL;
        uint64_t rng = match_opening_rng(m, k, attempt);
        for (int i = 0; i < m->plies && fan_chess_result(p) == FAN_ONGOING;
             i++) {
            fan_chess_move moves[FAN_CHESS_MOVES_MAX];
            size_t n = 0;
            fan_chess_moves(moves, FAN_CHESS_MOVES_MAX, &n, p);
            fan_chess_play(p, moves[rng_next(&rng) % n]);
        }
        if (fan_chess_result(p) == FAN_ONGOING)
            return p;
        fan_chess_free(p);
    }
}

/* What the greedy player gains by taking a piece of this type. */
static int greed(int type)
{
    switch (type) {
    case FAN_CHESS_QUEEN: return 9;
    case FAN_CHESS_ROOK: return 5;
    case FAN_CHESS_BISHOP:
    case FAN_CHESS_KNIGHT: return 3;
    case FAN_CHESS_PAWN: return 1;
    default: return 0;
    }
}

/* The player's move in pos; adds the nodes searched to *nodes. */
static int chess_choose(fan_chess_move *out, player *pl, const fan_chess *pos,
                        uint64_t *nodes, const double clock_ms[2],
                        double inc_ms)
{
    if (pl->spec->kind == P_ENGINE || pl->spec->kind == P_PLAIN) {
        fan_chess_search_result r;
        fan_chess_search_result_init(&r);
        fan_search_limits l = turn_limits(
            pl, fan_chess_side_to_move(pos) == FAN_WHITE, clock_ms, inc_ms);
        int rc = fan_chess_search_run(&r, pl->search, pos, &l, NULL, NULL);
        if (rc != FAN_OK)
            return rc;
        *out = r.best;
        *nodes += r.nodes;
        pl->decided = FAN_SCORE_IS_WIN(r.score) || FAN_SCORE_IS_LOSS(r.score);
        return FAN_OK;
    }
    pl->decided = 0;
    fan_chess_move moves[FAN_CHESS_MOVES_MAX];
    size_t n = 0, pickable = 0;
    int rc = fan_chess_moves(moves, FAN_CHESS_MOVES_MAX, &n, pos);
    if (rc != FAN_OK)
        return rc;
    int top = -1;
    for (size_t i = 0; i < n; i++) {
        /* greedy: the captures of the most valuable piece; random: all */
        int cap = FAN_CHESS_MOVE_CAPTURED(moves[i]), gain = 0;
        if (pl->spec->kind == P_GREEDY && cap != FAN_CHESS_NO_POINT)
            gain = greed(FAN_CHESS_PIECE_TYPE(fan_chess_piece(pos, cap)));
        if (gain > top) {
            top = gain;
            pickable = 0;
        }
        if (gain == top)
            moves[pickable++] = moves[i];
    }
    *out = moves[rng_next(&pl->rng) % pickable];
    return FAN_OK;
}

/* A material sample of a quiet position (no capture to make, not in
 * check): White to move (1/0), then White's minus Black's queens, rooks,
 * bishops, knights, pawns of a side whose pool is empty (they cannot
 * promote now) and pawns of a side with a piece in its pool. */
#define SAMPLE_FIELDS 7
typedef struct samples {
    signed char (*row)[SAMPLE_FIELDS];
    size_t n, cap;
} samples;

static void take_sample(samples *s, const fan_chess *pos)
{
    fan_chess_move moves[FAN_CHESS_MOVES_MAX];
    size_t n = 0;
    if (fan_chess_in_check(pos) || fan_chess_moves(moves, FAN_CHESS_MOVES_MAX,
                                                   &n, pos) != FAN_OK)
        return;
    for (size_t i = 0; i < n; i++)
        if (FAN_CHESS_MOVE_CAPTURED(moves[i]) != FAN_CHESS_NO_POINT)
            return;
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256;
        void *row = realloc(s->row, cap * sizeof *s->row);
        if (!row)
            return;
        s->row = row;
        s->cap = cap;
    }
    signed char *r = s->row[s->n++];
    memset(r, 0, SAMPLE_FIELDS);
    r[0] = fan_chess_side_to_move(pos) == FAN_WHITE;
    for (int c = FAN_WHITE; c <= FAN_BLACK; c++) {
        int sign = c == FAN_WHITE ? 1 : -1, pool = 0;
        for (int t = FAN_CHESS_QUEEN; t <= FAN_CHESS_KNIGHT; t++)
            pool += fan_chess_pool_count(pos, c, t);
        for (int t = FAN_CHESS_QUEEN; t <= FAN_CHESS_PAWN; t++) {
            uint64_t mask = 0;
            fan_chess_pieces(&mask, pos, c, t);
            int k = __builtin_popcountll(mask);
            r[t - FAN_CHESS_QUEEN + 1 + (t == FAN_CHESS_PAWN && pool)] +=
                (signed char)(sign * k);
        }
    }
}

/* Writes the record and samples of game g (White scored white_score):
 * a sample is a line "GAME SCORE" and the fields of samples. */
static void write_game(match *m, int g, const fan_chess *p, const samples *s,
                       double white_score)
{
    char *record = NULL;
    size_t need = 0;
    if (m->records) {
        fan_chess_record_write(NULL, 0, &need, p);
        record = malloc(need);
        if (record && fan_chess_record_write(record, need, NULL, p) != FAN_OK) {
            free(record);
            record = NULL;
        }
    }
    pthread_mutex_lock(&m->lock);
    if (record)
        fprintf(m->records, "%s\n", record);
    for (size_t i = 0; m->positions && i < s->n; i++) {
        fprintf(m->positions, "%d %g", g + 1, white_score);
        for (int f = 0; f < SAMPLE_FIELDS; f++)
            fprintf(m->positions, " %d", s->row[i][f]);
        fputc('\n', m->positions);
    }
    pthread_mutex_unlock(&m->lock);
    free(record);
}

int chess_play_game(match *m, int g, player *pa, player *pb)
{
    fan_chess *p = chess_opening(m, g / 2);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    int a_white = (g % 2) == 0;
    fan_search_clear(pa->search);
    fan_search_clear(pb->search);
    double clock_ms[2] = {m->tc_base_ms, m->tc_base_ms}; /* white, black */
    const double *clocks = m->tc_base_ms > 0 ? clock_ms : NULL;
    int flagged = 0; /* 1: A lost on time, -1: B */
    samples s = {NULL, 0, 0};
    while (fan_chess_result(p) == FAN_ONGOING &&
           fan_chess_history_length(p) < m->max_plies) {
        int white = fan_chess_side_to_move(p) == FAN_WHITE;
        player *pl = white == a_white ? pa : pb;
        if (m->positions)
            take_sample(&s, p);
        fan_chess_move mv = 0;
        uint64_t nodes = 0;
        size_t nlegal = 0;
        fan_chess_moves(NULL, 0, &nlegal, p); /* FAN_EBUFS, the count set */
        double t0 = now_ms();
        int rc = chess_choose(&mv, pl, p, &nodes, clocks, m->tc_inc_ms);
        double t1 = now_ms();
        int kind = match_turn_kind(pl, nlegal);
        if (clocks && match_clock(m, clock_ms, white, t1 - t0, g, pl,
                                  fan_chess_history_length(p) + 1, kind)) {
            flagged = pl == pa ? 1 : -1;
            break;
        }
        if (rc == FAN_OK)
            rc = fan_chess_play(p, mv);
        if (rc != FAN_OK) {
            fprintf(stderr, "game %d: player %s failed: %s\n", g,
                    pl->spec->text, fan_strerror(rc));
            exit(2);
        }
        match_count_turn(m, pl == pa ? 0 : 1, nodes, t1 - t0, kind);
    }
    int res = fan_chess_result(p), reason = fan_chess_result_reason(p);
    if (res == FAN_ONGOING && !flagged) {
        res = FAN_DRAW;
        reason = MATCH_REASON_OTHER;
    }
    if (flagged) {
        res = (flagged < 0) == a_white ? FAN_WHITE_WINS : FAN_BLACK_WINS;
        reason = MATCH_REASON_TIME;
    }
    int score = res == FAN_DRAW                         ? 0
                : (res == FAN_WHITE_WINS) == a_white ? 1
                                                     : -1;
    int plies = fan_chess_history_length(p);
    write_game(m, g, p, &s, res == FAN_DRAW ? 0.5 : res == FAN_WHITE_WINS);
    free(s.row);
    match_count_game(m, g, score, reason, plies, fan_result_name(res),
                     fan_chess_reason_name(reason));
    fan_chess_free(p);
    return score;
}

void chess_report_ends(const match *m)
{
    int n = m->wins + m->draws + m->losses;
    printf("ends: %d checkmate, %d stalemate, %d repetition, %d fifty moves, "
           "%d length cap (%d plies, a draw), %d on time; %.1f plies a game\n",
           m->reasons[FAN_CHESS_REASON_CHECKMATE],
           m->reasons[FAN_CHESS_REASON_STALEMATE],
           m->reasons[FAN_CHESS_REASON_REPETITION],
           m->reasons[FAN_CHESS_REASON_FIFTY_MOVES],
           m->reasons[MATCH_REASON_OTHER], m->max_plies,
           m->reasons[MATCH_REASON_TIME],
           n ? (double)m->turns_total / n : 0.0);
}

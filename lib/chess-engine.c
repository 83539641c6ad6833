/* SPDX-License-Identifier: MIT */
/* fan_chess_search_run: a Fanorona Chess run on the search handle. It
 * sets the run up as fan_search_run does (the same limits, levels, time
 * plan, threads and table, engine.c) with the chess root, its legal moves
 * and the game's positions since the last capture or pawn move, and turns
 * the lines into the chess result type. */
#include "engine.h"

#include <stdlib.h>
#include <string.h>

void chess_search_config_default(chess_search_config *cfg)
{
    chess_search_config_plain(cfg);
    cfg->use_tt = 1;
    cfg->use_pvs = 1;
    cfg->use_ordering = 1;
    cfg->use_qsearch = 1;
    cfg->use_check_ext = 1;
    cfg->use_nullmove = 1;
    cfg->use_lmr = 1;
    cfg->use_aspiration = 1;
    cfg->use_pst = 1;
    /* king safety lost twice at equal time (-26, 95% -60..+8 over 320
     * games, doc/search.md): off until a better term wins */
    cfg->use_king_safety = 0;
    cfg->use_mobility = 1;
    /* the values fitted to game results (tools/chess-fit-values.py,
     * doc/search.md), +80 (+38..+124) over the first guesses at equal time */
    static const int fitted[7] = {0, 0, 790, 636, 276, 331, 131};
    memcpy(cfg->value, fitted, sizeof fitted);
}

void chess_search_config_plain(chess_search_config *cfg)
{
    /* the classical values, kept for the material-only reference player;
     * the engine's own are fitted (chess_search_config_default) */
    static const int values[7] = {0, 0, 900, 500, 300, 320, 100};
    memset(cfg, 0, sizeof *cfg);
    memcpy(cfg->value, values, sizeof values);
}

void chess_search_set_config(fan_search *s, const chess_search_config *cfg)
{
    s->chess_cfg = *cfg;
}

FAN_API int fan_chess_search_result_init(fan_chess_search_result *out)
{
    if (!out)
        return FAN_EINVAL;
    memset(out, 0, sizeof *out);
    out->version = FAN_CHESS_SEARCH_RESULT_VERSION;
    return FAN_OK;
}

/* A line of the root's moves (internal form in fan_turn) in the chess
 * result type, with public moves. */
static void to_chess_result(fan_chess_search_result *out,
                            const fan_search_result *r)
{
    memset(out, 0, sizeof *out);
    out->version = FAN_CHESS_SEARCH_RESULT_VERSION;
    out->score = r->score;
    out->best = chess_move_public((fan_chess_move)r->best);
    out->depth = r->depth;
    out->seldepth = r->seldepth;
    out->line = r->line;
    out->pv_length = r->pv_length;
    out->nodes = r->nodes;
    out->time_ms = r->time_ms;
    for (uint32_t i = 0; i < r->pv_length; i++)
        out->pv[i] = chess_move_public((fan_chess_move)r->pv[i]);
}

int chess_report(search_worker *w, int line);
int chess_report(search_worker *w, int line)
{
    const fan_search *s = w->s;
    if (!s->chess_progress)
        return 0;
    fan_search_result r;
    fan_chess_search_result c;
    fill_result(&r, w, line);
    to_chess_result(&c, &r);
    return s->chess_progress(s->user, &c);
}

/* The game's positions since the last capture or pawn move (as far as
 * the handle's history reaches), for repetitions. */
static void load_chess_game(fan_search *s, const fan_chess *pos)
{
    size_t lo = pos->ply > chess_cur(pos)->halfmove
                    ? pos->ply - chess_cur(pos)->halfmove
                    : 0;
    s->ngame = 0;
    for (size_t i = lo; i < pos->ply; i++) {
        s->game_keys[s->ngame] = chess_key(&pos->states[i]);
        s->game_clock[s->ngame] = (int)(i - lo);
        s->ngame++;
    }
}

/* The root's legal moves, captures and promotions first by what they
 * win, the others in generation order. */
static int root_moves(fan_turn *out, const fan_search *s)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    int gain[FAN_CHESS_MOVES_MAX];
    const chess_state *st = &s->chess_root;
    int n = chess_legal(st, m);
    for (int i = 0; i < n; i++) {
        int cap = FAN_CHESS_MOVE_CAPTURED(m[i]);
        int promo = FAN_CHESS_MOVE_PROMOTION(m[i]);
        int g = cap == FAN_CHESS_NO_POINT
                    ? 0
                    : s->chess_run.value[CHESS_TYPE(st->piece[cap])];
        g += promo ? s->chess_run.value[promo] : 0;
        int j = i;
        for (; j > 0 && gain[j - 1] < g; j--) {
            gain[j] = gain[j - 1];
            out[j] = out[j - 1];
        }
        gain[j] = g;
        out[j] = m[i];
    }
    return n;
}

FAN_API int fan_chess_search_run(fan_chess_search_result *out,
                                 fan_search *search, const fan_chess *pos,
                                 const fan_search_limits *limits,
                                 fan_chess_search_progress progress,
                                 void *user)
{
    if (!out || !search || !pos)
        return FAN_EINVAL;
    fan_search *s = search;
    int threads;
    const level_spec *lv;
    int r = search_start_run(s, out->version, FAN_CHESS_SEARCH_RESULT_VERSION,
                             &limits, pos->result != FAN_ONGOING, &threads,
                             &lv);
    if (r != FAN_OK)
        return r;
    for (int i = 0; i < threads; i++)
        if (!s->workers[i]->chess &&
            !(s->workers[i]->chess = malloc(sizeof(chess_area))))
            return FAN_ENOMEM;

    s->chess_run = s->chess_cfg;
    s->chess_run.use_qsearch = s->chess_run.use_qsearch && lv->qsearch;
    search_set_game(s, &search_game_chess, s->chess_run.use_pvs,
                    s->chess_run.use_aspiration);
    s->chess_root = *chess_cur(pos);
    search_set_limits(s, limits, lv);
    s->progress = NULL;
    s->chess_progress = progress;
    s->user = user;
    load_chess_game(s, pos);
    fan_turn moves[FAN_CHESS_MOVES_MAX];
    int n = root_moves(moves, s);
    r = search_set_roots(s, threads, chess_key(&s->chess_root), moves,
                         (size_t)n, lv, limits->seed);
    if (r != FAN_OK)
        return r;

    fan_search_result best;
    if ((r = search_execute(s, threads, &best)) != FAN_OK)
        return r;
    to_chess_result(out, &best);
    return FAN_OK;
}

/* SPDX-License-Identifier: MIT */
/* The search handle: options, configuration, and fan_search_run, which
 * sets a run up (limits, levels, the game's positions, the root turns) and
 * hands it to the workers. */
/* clock_gettime and sysconf are POSIX: ask for them also where the C
 * library shows only ISO C by default (musl under emscripten). */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"
#include "cpu.h"

#include <stdlib.h>
#include <string.h>

/* The parameters of the search switches: used only when a switch is on
 * (most are off by default), the same in every configuration. */
static void search_config_params(search_config *cfg)
{
    cfg->rfp_depth = 3;
    cfg->rfp_margin = 60;
    cfg->null_depth = 3;
    cfg->null_min_pieces = 4;
    cfg->null_r = 2;
    cfg->null_r_div = 4;
    cfg->lmp_depth = 3;
    cfg->lmp_base = 4;
    cfg->lmp_k = 1;
    cfg->lmr_a = 75;
    cfg->lmr_b = 225;
    cfg->threatq_plies = 1;
    cfg->threatq_standpat = 0;
    cfg->iir_depth = 4;
    cfg->singular_depth = 6;
    cfg->singular_margin = 3;
    cfg->lmr_first = 3;
    cfg->lmr_late = 8;
    cfg->eval_scale = 100;
    cfg->probcut_depth = 5;
    cfg->probcut_r = 3;
    cfg->probcut_margin = 100;
}

void search_config_default(search_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    search_config_params(cfg);
    cfg->use_tt = 1;
    cfg->use_pvs = 1;
    cfg->use_ordering = 1;
    cfg->use_aspiration = 0;
    cfg->use_lmr = 1; /* +33 (+14..+52) at equal time, doc/search.md */
    cfg->use_qsearch = 1;
    cfg->qsearch_limit = 12;
    cfg->qsearch_standpat = 1;
    cfg->use_futility = 0;
    cfg->use_single_ext = 0;
    cfg->use_iir = 1; /* +18 (+4..+32) at equal time, SPRT H1 */
    cfg->lmr_captures = 1; /* +17 (+4..+31) at equal time, SPRT H1 */
    /* stop-at-will only: +28 (+9..+48) at equal time, SPRT H1; under
     * must-continue -7 (-23..+9), H0 (doc/search.md, eighth round) */
    cfg->use_lmp = 2;
    cfg->tb_draw = FAN_SEARCH_TB_DRAW_BAND;
    cfg->w_mobility = 2;
    cfg->w_strong = 0;
    cfg->w_threat = 0;
    cfg->w_threat_run = 0;
    cfg->w_isolated = 0;
    cfg->w_centre = 0;
    cfg->eval_tuned = 1;    /* with standpat_eval 1: doc/search.md */
    cfg->standpat_eval = 1; /* +28 (+8..+48) at equal time, SPRT H1 */
    /* patterns in the quiet evaluation: +20 (+4..+36) stop-at-will and
     * +23 (+6..+40) must-continue at equal time, SPRT H1 both
     * (doc/search.md, seventeenth round) */
    cfg->use_patterns = 2;
    search_config_weights(cfg);
}

void search_config_plain(search_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    search_config_params(cfg);
    search_config_weights(cfg);
}

void search_set_config(fan_search *s, const search_config *cfg)
{
    s->cfg = *cfg;
}

FAN_API int fan_search_options_init(fan_search_options *out)
{
    static const fan_search_options init = FAN_SEARCH_OPTIONS_INIT;
    if (!out)
        return FAN_EINVAL;
    *out = init;
    return FAN_OK;
}

FAN_API int fan_search_limits_init(fan_search_limits *out)
{
    static const fan_search_limits init = FAN_SEARCH_LIMITS_INIT;
    if (!out)
        return FAN_EINVAL;
    *out = init;
    return FAN_OK;
}

FAN_API int fan_search_result_init(fan_search_result *out)
{
    if (!out)
        return FAN_EINVAL;
    memset(out, 0, sizeof *out);
    out->version = FAN_SEARCH_RESULT_VERSION;
    return FAN_OK;
}

static int check_options(const fan_search_options *o)
{
    if (o->version < 1 || o->version > FAN_SEARCH_OPTIONS_VERSION)
        return FAN_EINVAL;
    if (o->threads > FAN_SEARCH_MAX_THREADS ||
        o->hash_mib > FAN_SEARCH_MAX_HASH_MIB)
        return FAN_ERANGE;
    return FAN_OK;
}

/* The threads a run uses: 0 in the options is one per online processor. */
static int run_threads(const fan_search *s)
{
    return s->threads ? (int)s->threads
                      : (int)cpu_online(FAN_SEARCH_MAX_THREADS);
}

FAN_API int fan_search_configure(fan_search *search,
                                 const fan_search_options *opts)
{
    static const fan_search_options defaults = FAN_SEARCH_OPTIONS_INIT;
    if (!search)
        return FAN_EINVAL;
    if (!opts)
        opts = &defaults;
    int r = check_options(opts);
    if (r != FAN_OK)
        return r;
    size_t mib = opts->hash_mib ? opts->hash_mib : FAN_SEARCH_DEFAULT_HASH_MIB;
    if (!search->tt.mib || mib != search->tt.mib) {
        /* the new table first: a failure leaves the old one in place */
        tt_table t;
        if (tt_init(&t, mib) != FAN_OK)
            return FAN_ENOMEM;
        tt_free(&search->tt);
        search->tt = t;
    }
    search->threads = opts->threads;
    return FAN_OK;
}

FAN_API int fan_search_options_get(fan_search_options *out,
                                   const fan_search *search)
{
    if (!out || !search)
        return FAN_EINVAL;
    out->version = FAN_SEARCH_OPTIONS_VERSION;
    out->threads = search->threads;
    out->hash_mib = (uint32_t)search->tt.mib;
    return FAN_OK;
}

FAN_API int fan_search_new(fan_search **out, const fan_search_options *opts)
{
    if (!out)
        return FAN_EINVAL;
    fan_search *s = calloc(1, sizeof *s);
    if (!s)
        return FAN_ENOMEM;
    int r = fan_search_configure(s, opts);
    if (r == FAN_OK && ensure_workers(s, 1) != FAN_OK)
        r = FAN_ENOMEM;
    if (r != FAN_OK) {
        fan_search_free(s);
        return r;
    }
    atomic_init(&s->stop, 0);
    s->table_rules = -1;
    search_config_default(&s->cfg);
    chess_search_config_default(&s->chess_cfg);
    *out = s;
    return FAN_OK;
}

FAN_API void fan_search_free(fan_search *search)
{
    if (!search)
        return;
    tt_free(&search->tt);
    free_workers(search);
    free(search);
}

/* What the handle has learnt: the table and the history (which serves
 * both games: a chess run uses the same table). */
static void search_forget(fan_search *search)
{
    tt_clear(&search->tt);
    search->table_rules = -1;
    for (int i = 0; i < search->nworkers; i++)
        memset(search->workers[i]->history, 0,
               sizeof search->workers[i]->history);
}

FAN_API int fan_search_clear(fan_search *search)
{
    if (!search)
        return FAN_EINVAL;
    search_forget(search);
    return FAN_OK;
}

/* TB: the tables the search reads (borrowed; NULL detaches them). */
FAN_API int fan_search_set_tables(fan_search *search, const fan_tb *tb)
{
    if (!search)
        return FAN_EINVAL;
    search->tables = tb;
    return FAN_OK;
}

FAN_API int fan_search_stop(fan_search *search)
{
    if (!search)
        return FAN_EINVAL;
    request_stop(search);
    return FAN_OK;
}

static int validate_limits(const fan_search_limits *l)
{
    if (l->version < 1 || l->version > FAN_SEARCH_LIMITS_VERSION)
        return FAN_EINVAL;
    if (l->reserved)
        return FAN_EINVAL;
    if (l->max_depth > FAN_SEARCH_MAX_DEPTH ||
        l->multipv > FAN_SEARCH_MAX_MULTIPV ||
        l->level > FAN_SEARCH_MAX_LEVEL)
        return FAN_ERANGE;
    return FAN_OK;
}

/* The game's positions since the last capture, for repetitions. */
static void load_game(fan_search *s, const fan_position *pos)
{
    s->ngame = 0;
    if (mg_in_chain(&pos->cur.st)) /* the root turn is a capture */
        return;
    size_t first = 0;
    for (size_t i = pos->nhist; i-- > 0;)
        if (pos->hist[i].path.captured) {
            first = i + 1;
            break;
        }
    if (pos->nhist - first > FAN_TURN_LIMIT)
        first = pos->nhist - FAN_TURN_LIMIT;
    for (size_t i = first; i < pos->nhist; i++) {
        const history_entry *h = &pos->hist[i];
        s->game_keys[s->ngame] = zobrist_key(h->white, h->black, h->stm);
        s->game_clock[s->ngame] = (int)(i - first);
        s->ngame++;
    }
}

/* The root moves of one worker, in the order given. Both arrays are
 * allocated here, where a failure can be returned: search_iterate() runs
 * on the helper threads and cannot report one. */
static int worker_set_roots(search_worker *w, const fan_turn *moves, size_t n,
                            int noise, uint64_t seed)
{
    size_t room = n ? n : 1;
    root_move *roots = realloc(w->roots, room * sizeof *roots);
    if (!roots)
        return FAN_ENOMEM;
    w->roots = roots;
    root_move *saved = realloc(w->saved, room * sizeof *saved);
    if (!saved)
        return FAN_ENOMEM;
    w->saved = saved;
    if (w->stack_cap < STACK_START && worker_grow_stack(w, STACK_START) != FAN_OK)
        return FAN_ENOMEM;
    w->nroots = (int)n;
    for (size_t i = 0; i < n; i++) {
        root_move *rm = &w->roots[i];
        memset(rm, 0, sizeof *rm);
        rm->turn = moves[i];
        rm->score = -SCORE_INF;
        rm->noise = level_noise(seed, rm->turn, noise);
        rm->pv[0] = rm->turn;
        rm->pv_length = 1;
    }
    return FAN_OK;
}

static void prepare_worker(search_worker *w, const fan_search *s)
{
    w->nodes = 0;
    atomic_store_explicit(&w->published, 0, memory_order_relaxed);
    w->seldepth = 0;
    w->depth_done = 0;
    w->failed = FAN_OK;
    memset(w->base, 0, sizeof w->base);
    memset(w->killers, 0, sizeof w->killers);
    memset(w->ckillers, 0, sizeof w->ckillers);
    memset(w->passed, 0, sizeof w->passed);
    memset(w->probing, 0, sizeof w->probing);
    for (int c = 0; c < 2; c++)
        for (int a = 0; a < BOARD_SQUARES; a++)
            for (int b = 0; b < BOARD_SQUARES; b++)
                w->history[c][a][b] /= 2;
    memcpy(w->keys, s->game_keys, (size_t)s->ngame * sizeof *w->keys);
    memcpy(w->clock, s->game_clock, (size_t)s->ngame * sizeof *w->clock);
}

int search_set_roots(fan_search *s, int threads, uint64_t root_key,
                     const fan_turn *moves, size_t n, const level_spec *lv,
                     uint64_t seed)
{
    s->root_index = s->ngame;
    for (int i = 0; i < threads; i++) {
        search_worker *w = s->workers[i];
        prepare_worker(w, s);
        w->keys[s->root_index] = root_key;
        w->clock[s->root_index] =
            s->ngame ? s->game_clock[s->ngame - 1] + 1 : 0;
        int r = worker_set_roots(w, moves, n, lv->noise, seed);
        if (r != FAN_OK)
            return r;
    }
    return FAN_OK;
}

int search_start_run(fan_search *s, uint32_t out_version,
                     uint32_t library_version,
                     const fan_search_limits **limits, int game_over,
                     int *threads, const level_spec **level)
{
    static const fan_search_limits defaults = FAN_SEARCH_LIMITS_INIT;
    if (out_version < 1 || out_version > library_version)
        return FAN_EINVAL;
    if (!*limits)
        *limits = &defaults;
    int r = validate_limits(*limits);
    if (r != FAN_OK)
        return r;
    if (game_over)
        return FAN_EGAMEOVER;
    *threads = run_threads(s);
    *level = search_level((*limits)->level);
    return ensure_workers(s, *threads);
}

void search_set_game(fan_search *s, const search_game *game, int use_pvs,
                     int use_aspiration)
{
    s->game = game;
    s->run_pvs = use_pvs;
    s->run_aspiration = use_aspiration;
    s->run_partial = 0;
}

FAN_API int fan_search_run(fan_search_result *out, fan_search *search,
                           const fan_position *pos,
                           const fan_search_limits *limits,
                           fan_search_progress progress, void *user)
{
    if (!out || !search || !pos)
        return FAN_EINVAL;
    fan_search *s = search;
    int threads;
    const level_spec *lv;
    int r = search_start_run(s, out->version, FAN_SEARCH_RESULT_VERSION,
                             &limits, pos->result != FAN_ONGOING, &threads,
                             &lv);
    if (r != FAN_OK)
        return r;

    /* the board at the start of the turn (a chain in progress undone) */
    uint64_t own, opp;
    mg_turn_start_board(&pos->cur.st, &own, &opp);
    spos root;
    spos_set(&root, pos->stm ? opp : own, pos->stm ? own : opp, pos->stm);

    turn_list tl;
    if ((r = turn_list_build(&tl, &pos->cur, pos->rules, TURN_LIST_UNIQUE)) !=
        FAN_OK)
        return r;

    s->run = s->cfg;
    search_config_weights_for(&s->run, pos->rules);
    if (s->run.use_lmp == 2)
        s->run.use_lmp = pos->rules == FAN_RULES_STOP;
    s->run.use_qsearch = s->run.use_qsearch && lv->qsearch;
    if (s->run.use_lmr2)
        lmr_table_fill(s->lmr, s->run.lmr_a, s->run.lmr_b);
    search_set_game(s, &search_game_fanorona, s->run.use_pvs,
                    s->run.use_aspiration);
    s->run_partial = s->run.use_partial;
    /* the table's keys leave out the ruleset: a run under the other
     * ruleset than the last one forgets what the handle learnt (as
     * fan_search_clear), so that no table entry (nor its turn, which the
     * search may play without listing it: search.c) crosses over */
    if (s->table_rules >= 0 && s->table_rules != pos->rules)
        search_forget(s);
    s->table_rules = pos->rules;
    s->rules = pos->rules;
    s->gen = mg_turns_for_cpu();
    s->eval = evaluate_for_cpu();
    s->root_turns = pos->turns;
    search_set_limits(s, limits, lv);
    s->progress = progress;
    s->user = user;
    load_game(s, pos);
    /* start with the biggest captures, in generation order otherwise */
    for (size_t i = 1; i < tl.n; i++) {
        fan_turn t = tl.turns[i];
        int c = board_popcount(FAN_TURN_CAPTURED(t));
        size_t j = i;
        for (; j > 0 && board_popcount(FAN_TURN_CAPTURED(tl.turns[j - 1])) < c;
             j--)
            tl.turns[j] = tl.turns[j - 1];
        tl.turns[j] = t;
    }
    r = search_set_roots(s, threads, root.key, tl.turns, tl.n, lv,
                         limits->seed);
    turn_list_free(&tl);
    if (r != FAN_OK)
        return r;
    for (int i = 0; i < threads; i++)
        for (int k = 0; k < s->workers[i]->nroots; k++)
            spos_play(&s->workers[i]->roots[k].child, &root,
                      s->workers[i]->roots[k].turn);

    fan_search_result best;
    if ((r = search_execute(s, threads, &best)) != FAN_OK)
        return r;
    /* version 1 is the whole struct; a later version copies the prefix of
     * the caller's version here */
    *out = best;
    return FAN_OK;
}

void search_set_limits(fan_search *s, const fan_search_limits *limits,
                       const level_spec *lv)
{
    s->depth_limit = limits->max_depth ? (int)limits->max_depth
                                       : FAN_SEARCH_MAX_DEPTH;
    if (lv->depth && lv->depth < s->depth_limit)
        s->depth_limit = lv->depth;
    s->node_limit = limits->max_nodes;
    if (lv->nodes && (!s->node_limit || lv->nodes < s->node_limit) &&
        !limits->time_ms && !limits->clock_ms)
        s->node_limit = lv->nodes;
    search_plan_time(s, limits);
    s->multipv = limits->multipv ? (int)limits->multipv : 1;
}

int search_execute(fan_search *s, int threads, fan_search_result *best)
{
    tt_new_search(&s->tt);
    clock_gettime(CLOCK_MONOTONIC, &s->start);
    atomic_store(&s->stop, 0);
    run_workers(s, threads);

    for (int i = 0; i < threads; i++)
        if (s->workers[i]->failed) {
            atomic_store(&s->stop, 0);
            return s->workers[i]->failed;
        }
    search_worker *w = s->workers[0];
    fill_result(best, w, 0);
    best->nodes = threads == 1 ? w->nodes : search_total_nodes(s);
    atomic_store(&s->stop, 0);
    return FAN_OK;
}

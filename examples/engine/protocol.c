/* SPDX-License-Identifier: MIT */
/* fanorona-engine's protocol: the library's search behind the line
 * protocol that Fanorona engines adapt from chess UCI (doc/search.md). The
 * search runs on its own thread so that "stop", "isready" and "quit" are
 * served while it thinks. Uses only the public API. A command that cannot
 * be carried out never leaves the engine on an unrelated position: it says
 * why with "info string" and keeps the most that is valid. */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"

#include <fanorona.h>

#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* ------------------------------------------------------------------ */
/* Moves: the library's compact notation (FAN_NOTATION_COMPACT: d3e3A,
 * paika e2e3, chain c1d1Ad2A), as the protocol writes them.           */

#define COMPACT_MAX FAN_PATH_STRING_MAX

/* Plays the turn written in compact notation (dashes allowed, case of the
 * mode letters ignored). Returns FAN_OK or the library's refusal, with its
 * reason in err. */
static int play_compact(fan_position *pos, const char *text,
                        fan_parse_error *err)
{
    char want[COMPACT_MAX];
    size_t n = 0;
    for (const char *s = text; *s; s++) {
        if (n + 1 >= sizeof want) {
            snprintf(err->message, sizeof err->message, "too long for a turn");
            return FAN_EPARSE;
        }
        /* a mode letter follows a row digit; a lower-case 'a' there is
         * the column of the next square when a row digit follows it */
        int mode = n > 0 && want[n - 1] >= '1' && want[n - 1] <= '5' &&
                   (*s == 'w' || (*s == 'a' && !(s[1] >= '1' && s[1] <= '5')));
        want[n++] = mode ? (char)(*s - 'a' + 'A') : *s;
    }
    want[n] = '\0';
    fan_path path;
    int r = fan_position_parse_path(&path, pos, want, err);
    if (r == FAN_OK && (r = fan_position_play_path(pos, &path)) != FAN_OK)
        fan_position_explain_path(err->message, sizeof err->message, NULL,
                                  pos, &path);
    return r;
}

/* ------------------------------------------------------------------ */
/* The search thread                                                   */

/* The PV as compact text, each turn written as its canonical path. */
static void pv_text(char *buf, size_t size, const fan_position *pos,
                    const fan_search_result *r)
{
    fan_position *p = NULL;
    buf[0] = '\0';
    if (fan_position_clone(&p, pos) != FAN_OK)
        return;
    size_t len = 0;
    for (uint32_t i = 0; i < r->pv_length; i++) {
        char mv[COMPACT_MAX];
        if (fan_turn_to_string_ex(mv, sizeof mv, NULL, p, r->pv[i],
                                  FAN_NOTATION_COMPACT) != FAN_OK)
            break;
        if (len + strlen(mv) + 2 >= size)
            break;
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", mv);
        if (fan_position_play_turn(p, r->pv[i]) != FAN_OK)
            break;
    }
    fan_position_free(p);
}

static int on_progress(void *user, const fan_search_result *r)
{
    engine *e = user;
    char pv[4096];
    pv_text(pv, sizeof pv, e->search_pos, r);
    engine_say_info(e, r->depth, r->seldepth, r->line, r->score, r->nodes,
                    r->time_ms, pv);
    return ponder_iteration_done(&e->ponder, r);
}

static void *search_main(void *arg)
{
    engine *e = arg;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    int rc = fan_search_run(&r, e->search, e->search_pos, &e->limits,
                            on_progress, e);
    engine_wait_stop(e);
    if (rc != FAN_OK) {
        engine_say(e, "info string no search: %s", fan_strerror(rc));
        engine_say(e, "bestmove (none)");
    } else {
        char mv[2 * COMPACT_MAX + 8];
        engine_say_total(e, r.nodes, r.time_ms);
        ponder_bestmove_text(mv, sizeof mv, e->search_pos, &r);
        engine_say(e, "bestmove %s", mv);
    }
    e->finished = 1;
    return NULL;
}

void engine_wait_stop(engine *e)
{
    /* "go infinite" answers only after "stop", "go ponder" after
     * "ponderhit" or "stop" */
    while ((e->infinite || ponder_waiting(&e->ponder)) && !e->stop_requested) {
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
}

/* Stops the search (repeating the request until it returns) and joins. */
static void finish_search(engine *e, int stop)
{
    if (!e->running)
        return;
    if (stop) {
        e->stop_requested = 1;
        while (!e->finished) {
            fan_search_stop(e->search);
            struct timespec ts = {0, 1000000};
            nanosleep(&ts, NULL);
        }
    }
    pthread_join(e->thread, NULL);
    ponder_end(&e->ponder);
    e->running = 0;
    fan_position_free(e->search_pos);
    e->search_pos = NULL;
    fan_chess_free(e->search_cpos);
    e->search_cpos = NULL;
}

/* ------------------------------------------------------------------ */
/* Commands                                                            */

char *engine_next_token(char **s)
{
    while (**s == ' ' || **s == '\t')
        (*s)++;
    if (!**s)
        return NULL;
    char *t = *s;
    while (**s && **s != ' ' && **s != '\t')
        (*s)++;
    if (**s)
        *(*s)++ = '\0';
    return t;
}

static void cmd_uci(engine *e)
{
    engine_say(e, "id name libfanorona %s", fan_version_string());
    engine_say(e, "id author the libfanorona authors");
    engine_say(e, "option name Hash type spin default 16 min 1 max %d",
        FAN_SEARCH_MAX_HASH_MIB);
    engine_say(e, "option name Threads type spin default 1 min 1 max %d",
        FAN_SEARCH_MAX_THREADS);
    engine_say(e, "option name Ponder type check default false");
    engine_say(e, "option name MultiPV type spin default 1 min 1 max %d",
        FAN_SEARCH_MAX_MULTIPV);
    engine_say(e, "option name MandatoryContinuation type check default false");
    engine_say(e, "option name Level type spin default 0 min 0 max %d",
        FAN_SEARCH_MAX_LEVEL);
    engine_say(e, "option name TablePath type string default <empty>");
    engine_say(e, "option name Variant type combo default fanorona var "
                  "fanorona var fanorona-chess");
    engine_say(e, "uciok");
}

static void new_position(engine *e, fan_position *p)
{
    fan_position_free(e->pos);
    e->pos = p;
}

/* The most pieces an open set of tables covers. */
static int tables_pieces(const fan_tb *tb)
{
    int most = 0, n = fan_tb_count(tb);
    for (int i = 0; i < n; i++) {
        fan_tb_info info = FAN_TB_INFO_INIT;
        if (fan_tb_info_get(&info, tb, i) == FAN_OK &&
            (int)(info.own_pieces + info.other_pieces) > most)
            most = (int)(info.own_pieces + info.other_pieces);
    }
    return most;
}

/* setoption TablePath: the endgame tables in dir (doc/tablebases.md), or
 * none for "" or "<empty>"; tables that cannot be opened leave the old
 * ones in use. */
static void set_tables(engine *e, const char *dir)
{
    fan_tb *tb = NULL;
    if (*dir && strcmp(dir, "<empty>")) {
        int r = fan_tb_open(&tb, dir);
        if (r != FAN_OK) {
            engine_say(e, "info string no tables in %s: %s; the old ones are kept",
                dir, fan_strerror(r));
            return;
        }
    }
    fan_search_set_tables(e->search, tb);
    fan_tb_close(e->tables);
    e->tables = tb;
    if (tb)
        engine_say(e, "info string tables of up to %d pieces from %s",
            tables_pieces(tb), dir);
}

/* setoption Variant: the game of the positions, moves and searches that
 * follow; a switch starts a new game at the start position (the search
 * handle, shared by both games, is cleared). */
static void set_variant(engine *e, int chess)
{
    if (chess == e->chess)
        return;
    if (chess && chess_new_game(e) != FAN_OK)
        return;
    e->chess = chess;
    fan_search_clear(e->search);
    engine_say(e, "info string variant %s",
               chess ? "fanorona-chess" : "fanorona");
}

static void cmd_setoption(engine *e, char *rest)
{
    /* setoption name <Name...> value <v> */
    char *name = strstr(rest, "name ");
    char *value = strstr(rest, " value ");
    if (!name) {
        engine_say(e, "info string setoption needs a name");
        return;
    }
    name += 5;
    if (value) {
        *value = '\0';
        value += 7;
        while (*value == ' ')
            value++;
        size_t end = strlen(value);
        while (end && value[end - 1] == ' ')
            value[--end] = '\0';
    }
    while (*name == ' ')
        name++;
    size_t len = strlen(name);
    while (len && name[len - 1] == ' ')
        name[--len] = '\0';
    /* a value that is not a number matches no numeric option */
    uint64_t n = 0;
    int numeric = value && cli_parse_unsigned(value, &n) == 0;
    long v = numeric && n <= 1u << 30 ? (long)n : -1;
    if (!strcasecmp(name, "Hash") && value && v >= 1 &&
        v <= FAN_SEARCH_MAX_HASH_MIB)
        e->hash = (uint32_t)v;
    else if (!strcasecmp(name, "Threads") && value && v >= 1 &&
             v <= FAN_SEARCH_MAX_THREADS)
        e->threads = (uint32_t)v;
    else if (!strcasecmp(name, "MultiPV") && value && v >= 1 &&
             v <= FAN_SEARCH_MAX_MULTIPV)
        e->multipv = (uint32_t)v;
    else if (!strcasecmp(name, "Level") && value && v >= 0 &&
             v <= FAN_SEARCH_MAX_LEVEL)
        e->level = (uint32_t)v;
    else if (!strcasecmp(name, "TablePath") && value)
        set_tables(e, value);
    else if (!strcasecmp(name, "Ponder") && value &&
             (!strcasecmp(value, "true") || !strcasecmp(value, "false")))
        ; /* the GUI says whether it sends "go ponder": nothing to set */
    else if (!strcasecmp(name, "Variant") && value &&
             (!strcasecmp(value, "fanorona") ||
              !strcasecmp(value, "fanorona-chess")))
        set_variant(e, !strcasecmp(value, "fanorona-chess"));
    else if (!strcasecmp(name, "MandatoryContinuation") && value &&
             (!strcasecmp(value, "true") || !strcasecmp(value, "false"))) {
        int rules = !strcasecmp(value, "true") ? FAN_RULES_MUST : FAN_RULES_STOP;
        if (rules != e->rules) {
            /* a ruleset belongs to a game: changing it starts a new one */
            fan_position *p = NULL;
            e->rules = rules;
            if (fan_position_new(&p, rules) == FAN_OK)
                new_position(e, p);
        }
    } else
        engine_say(e, "info string unknown option or bad value: %s", name);
}

/* "position startpos|fen STRING [moves M...]". A string that cannot be read
 * leaves the engine at the start position; a move that cannot be played
 * leaves it after the moves before it. Either way "info string" says why,
 * with the library's reason. */
static void cmd_position(engine *e, char *rest)
{
    char *moves = strstr(rest, " moves");
    if (!moves && !strncmp(rest, "moves", 5))
        moves = rest - 1;
    if (moves) {
        *moves = '\0';
        moves += 6;
    }
    char *s = rest, *fen = NULL;
    char *kind = engine_next_token(&s);
    if (kind && !strcmp(kind, "fen")) {
        while (*s == ' ')
            s++;
        size_t len = strlen(s);
        while (len && (s[len - 1] == ' ' || s[len - 1] == '\r'))
            s[--len] = '\0';
        fen = s;
    } else if (!kind || strcmp(kind, "startpos")) {
        engine_say(e, "info string position needs startpos or fen; at the start "
               "position now");
        moves = NULL;
    }
    if (e->chess) {
        chess_cmd_position(e, fen, moves);
        return;
    }
    fan_position *p = NULL;
    int r = FAN_OK;
    fan_parse_error err;
    memset(&err, 0, sizeof err);
    if (fen && (r = fan_position_from_string(&p, fen, e->rules, &err)) !=
                   FAN_OK) {
        engine_bad_position(e, &err);
        moves = NULL;
    }
    if (!p && (r = fan_position_new(&p, e->rules)) != FAN_OK) {
        engine_say(e, "info string %s; the position is unchanged", fan_strerror(r));
        return;
    }
    char *m;
    for (int i = 1; moves && (m = engine_next_token(&moves)); i++) {
        fan_parse_error err;
        memset(&err, 0, sizeof err);
        if ((r = play_compact(p, m, &err)) != FAN_OK) {
            engine_move_refused(e, i, m, r, err.message);
            break;
        }
    }
    new_position(e, p);
}

/* "d" and "fen": what the engine is on. */
static void cmd_show(engine *e, int details)
{
    if (e->chess) {
        chess_cmd_show(e, details);
        return;
    }
    char buf[FAN_POSITION_STRING_MAX];
    fan_position_to_string(buf, sizeof buf, NULL, e->pos);
    engine_say(e, "info string position %s", buf);
    if (!details)
        return;
    int res = fan_position_result(e->pos);
    engine_say(e, "info string %s to move, %s rules, %d turns played, %s%s%s",
        fan_position_side_to_move(e->pos) == FAN_WHITE ? "white" : "black",
        fan_position_rules(e->pos) == FAN_RULES_MUST ? "must-continue"
                                                     : "stop-at-will",
        fan_position_turns_played(e->pos), fan_result_name(res),
        res == FAN_ONGOING ? "" : ": ",
        fan_reason_name(fan_position_result_reason(e->pos)));
}

/* The number after a "go" keyword; 0 (no limit) when there is none or it
 * is not a number. */
static uint64_t arg_u64(char **s)
{
    char *t = engine_next_token(s);
    uint64_t v = 0;
    return t && cli_parse_unsigned(t, &v) == 0 ? v : 0;
}

static void cmd_go(engine *e, char *rest)
{
    fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
    uint64_t wtime = 0, btime = 0, winc = 0, binc = 0, movestogo = 0;
    int clock = 0, infinite = 0, pondering = 0;
    char *s = rest, *t;
    while ((t = engine_next_token(&s))) {
        if (!strcmp(t, "depth")) {
            uint64_t d = arg_u64(&s);
            l.max_depth = (uint32_t)(d > FAN_SEARCH_MAX_DEPTH ? FAN_SEARCH_MAX_DEPTH : d);
        } else if (!strcmp(t, "nodes"))
            l.max_nodes = arg_u64(&s);
        else if (!strcmp(t, "movetime"))
            l.time_ms = arg_u64(&s);
        else if (!strcmp(t, "wtime"))
            wtime = arg_u64(&s), clock = 1;
        else if (!strcmp(t, "btime"))
            btime = arg_u64(&s), clock = 1;
        else if (!strcmp(t, "winc"))
            winc = arg_u64(&s);
        else if (!strcmp(t, "binc"))
            binc = arg_u64(&s);
        else if (!strcmp(t, "movestogo"))
            movestogo = arg_u64(&s);
        else if (!strcmp(t, "infinite"))
            infinite = 1;
        else if (!strcmp(t, "ponder"))
            pondering = 1;
    }
    if (clock) {
        /* the library plans the time of a turn from the mover's clock */
        int white = (e->chess ? fan_chess_side_to_move(e->cpos)
                              : fan_position_side_to_move(e->pos)) == FAN_WHITE;
        l.clock_ms = white ? wtime : btime;
        l.increment_ms = white ? winc : binc;
        l.moves_to_go = movestogo > 1000 ? 1000 : (uint32_t)movestogo;
        if (!l.clock_ms)
            l.clock_ms = 1; /* a clock that has run out: answer at once */
    }
    /* Hash and Threads belong to the handle: set them between searches */
    fan_search_options o = FAN_SEARCH_OPTIONS_INIT;
    o.threads = e->threads;
    o.hash_mib = e->hash;
    if (e->cap_depth) {
        o.threads = o.threads > 2 ? 2 : o.threads;
        o.hash_mib = o.hash_mib > 4 ? 4 : o.hash_mib;
    }
    if (fan_search_configure(e->search, &o) != FAN_OK)
        engine_say(e, "info string cannot resize the table; the old one is kept");
    if (e->cap_depth) {
        /* fuzzing: a short search whatever was asked */
        l.time_ms = 0;
        l.clock_ms = 0;
        if (!l.max_depth || l.max_depth > e->cap_depth)
            l.max_depth = e->cap_depth;
        if (!l.max_nodes || l.max_nodes > e->cap_nodes)
            l.max_nodes = e->cap_nodes;
        infinite = 0;
    }
    l.multipv = e->multipv;
    l.level = e->level;
    l.seed = (uint64_t)time(NULL);
    if (e->level == 0)
        l.seed = 0;
    if (pondering && e->chess)
        engine_say(e, "info string go ponder is for Fanorona only: "
                      "searching with the limits given");
    else if (pondering)
        ponder_start(&e->ponder, &l, e->pos, e->search, &e->finished);
    e->limits = l;
    e->infinite = infinite;
    e->stop_requested = 0;
    e->finished = 0;
    if (e->chess ? fan_chess_clone(&e->search_cpos, e->cpos) != FAN_OK
                 : fan_position_clone(&e->search_pos, e->pos) != FAN_OK) {
        engine_say(e, "bestmove (none)");
        return;
    }
    if (pthread_create(&e->thread, NULL,
                       e->chess ? chess_search_main : search_main, e)) {
        engine_say(e, "info string cannot start the search thread");
        engine_say(e, "bestmove (none)");
        fan_position_free(e->search_pos);
        e->search_pos = NULL;
        fan_chess_free(e->search_cpos);
        e->search_cpos = NULL;
        return;
    }
    e->running = 1;
}

/* ------------------------------------------------------------------ */
/* The engine                                                          */

engine *engine_new(FILE *out)
{
    engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->out = out;
    e->hash = 16;
    e->threads = 1;
    e->multipv = 1;
    e->rules = FAN_RULES_STOP;
    pthread_mutex_init(&e->out_lock, NULL);
    ponder_init(&e->ponder);
    fan_search_options opts = FAN_SEARCH_OPTIONS_INIT;
    opts.hash_mib = e->hash;
    if (fan_search_new(&e->search, &opts) != FAN_OK ||
        fan_position_new(&e->pos, e->rules) != FAN_OK) {
        engine_free(e);
        return NULL;
    }
    return e;
}

void engine_free(engine *e)
{
    if (!e)
        return;
    finish_search(e, 1);
    fan_search_free(e->search);
    fan_tb_close(e->tables);
    fan_position_free(e->pos);
    fan_chess_free(e->cpos);
    ponder_destroy(&e->ponder);
    pthread_mutex_destroy(&e->out_lock);
    free(e);
}

void engine_set_cap(engine *e, uint32_t depth, uint64_t nodes)
{
    e->cap_depth = depth;
    e->cap_nodes = nodes;
}

const struct fan_position *engine_position(const engine *e)
{
    return e->pos;
}

const struct fan_chess *engine_chess_position(const engine *e)
{
    return e->chess ? e->cpos : NULL;
}

int engine_command(engine *e, char *line)
{
    char *s = line;
    char *cmd = engine_next_token(&s);
    if (!cmd)
        return 0;
    if (e->running && e->finished && !e->infinite)
        finish_search(e, 0);
    if (!strcmp(cmd, "quit")) {
        return 1;
    } else if (!strcmp(cmd, "isready")) {
        engine_say(e, "readyok");
    } else if (!strcmp(cmd, "stop")) {
        finish_search(e, 1);
    } else if (!strcmp(cmd, "ponderhit")) {
        if (e->running && ponder_hit(&e->ponder) < 0) {
            engine_say(e, "info string cannot start the timer; answering now");
            finish_search(e, 1);
        }
    } else if (!strcmp(cmd, "uci")) {
        cmd_uci(e);
    } else if (!strcmp(cmd, "ucinewgame")) {
        finish_search(e, 1);
        fan_search_clear(e->search);
        fan_position *p = NULL;
        if (e->chess)
            chess_new_game(e);
        else if (fan_position_new(&p, e->rules) == FAN_OK)
            new_position(e, p);
    } else if (!strcmp(cmd, "setoption")) {
        finish_search(e, 1);
        cmd_setoption(e, s);
    } else if (!strcmp(cmd, "position")) {
        finish_search(e, 1);
        cmd_position(e, s);
    } else if (!strcmp(cmd, "go")) {
        finish_search(e, 1);
        cmd_go(e, s);
    } else if (!strcmp(cmd, "d") || !strcmp(cmd, "fen")) {
        cmd_show(e, cmd[0] == 'd');
    } else {
        engine_say(e, "info string unknown command: %.40s", cmd);
    }
    return 0;
}

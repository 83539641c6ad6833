/* SPDX-License-Identifier: MIT */
/* fanorona-engine's Fanorona Chess (doc/search.md, "Variant"): after
 * "setoption name Variant value fanorona-chess" positions are the chess
 * position strings, moves and PVs the chess notation of
 * doc/fanorona-chess.md ("Pc3-c4", "Qc2-c5A", "Pb8-b9=Q"), and "go" runs
 * fan_chess_search_run() on the shared search handle with the same
 * limits. The robustness rules are those of the Fanorona protocol: a
 * command that cannot be carried out says why and keeps what is valid. */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int chess_new_game(engine *e)
{
    fan_chess *g = NULL;
    int r = fan_chess_new(&g);
    if (r != FAN_OK) {
        engine_say(e, "info string %s; the position is unchanged",
                   fan_strerror(r));
        return r;
    }
    fan_chess_free(e->cpos);
    e->cpos = g;
    return FAN_OK;
}

/* The first two point names of a move's text ("Pc3-c4": c3, c4), for the
 * library's explanation of an illegal move; 0 when there are not two. */
static int move_points(const char *text, int *from, int *to)
{
    int found = 0, pts[2];
    for (const char *s = text; *s && found < 2; s++) {
        char name[3] = {s[0], s[1], 0};
        int p = s[1] ? fan_chess_point_parse(name) : -1;
        if (p >= 0) {
            pts[found++] = p;
            s++;
        }
    }
    *from = pts[0];
    *to = pts[1];
    return found == 2;
}

/* Plays one move of "position ... moves"; FAN_OK or the refusal, with the
 * library's reason in why. */
static int play_move(fan_chess *g, const char *text, char *why, size_t size)
{
    fan_parse_error err;
    fan_chess_move m = 0;
    memset(&err, 0, sizeof err);
    int r = fan_chess_parse_move(&m, g, text, &err);
    if (r == FAN_OK)
        r = fan_chess_play(g, m);
    if (r == FAN_OK)
        return r;
    snprintf(why, size, "%s", err.message[0] ? err.message : fan_strerror(r));
    /* the rules' reason where the text names a move that the rules
     * forbid ("would leave the king in check") */
    int from, to;
    char explain[FAN_CHESS_EXPLAIN_MAX];
    if (r == FAN_EILLEGAL && move_points(text, &from, &to) &&
        fan_chess_explain_move(explain, sizeof explain, NULL, g, from, to,
                               FAN_CHESS_ANY, 0) == FAN_EILLEGAL &&
        explain[0])
        snprintf(why, size, "%s", explain);
    return r;
}

void chess_cmd_position(engine *e, const char *fen, char *moves)
{
    fan_chess *g = NULL;
    int r = FAN_OK;
    fan_parse_error err;
    memset(&err, 0, sizeof err);
    if (fen && (r = fan_chess_from_string(&g, fen, &err)) != FAN_OK) {
        if (!err.message[0])
            snprintf(err.message, sizeof err.message, "%s", fan_strerror(r));
        engine_bad_position(e, &err);
        g = NULL;
        moves = NULL;
    }
    if (!g && (r = fan_chess_new(&g)) != FAN_OK) {
        engine_say(e, "info string %s; the position is unchanged",
                   fan_strerror(r));
        return;
    }
    char *m;
    for (int i = 1; moves && (m = engine_next_token(&moves)); i++) {
        char why[FAN_CHESS_EXPLAIN_MAX + sizeof(fan_parse_error)];
        if ((r = play_move(g, m, why, sizeof why)) != FAN_OK) {
            engine_move_refused(e, i, m, r, why);
            break;
        }
    }
    fan_chess_free(e->cpos);
    e->cpos = g;
}

void chess_cmd_show(engine *e, int details)
{
    const fan_chess *g = e->cpos;
    char buf[FAN_CHESS_STRING_MAX];
    fan_chess_to_string(buf, sizeof buf, NULL, g);
    engine_say(e, "info string position %s", buf);
    if (!details)
        return;
    int res = fan_chess_result(g);
    engine_say(e, "info string fanorona-chess, %s to move%s, move %d, "
                  "halfmove clock %d, %s%s%s",
               fan_chess_side_to_move(g) == FAN_WHITE ? "white" : "black",
               fan_chess_in_check(g) == 1 ? " (in check)" : "",
               fan_chess_move_number(g), fan_chess_halfmove_clock(g),
               fan_result_name(res), res == FAN_ONGOING ? "" : ": ",
               res == FAN_ONGOING
                   ? ""
                   : fan_chess_reason_name(fan_chess_result_reason(g)));
}

/* The PV in the chess notation, each move read in the position the ones
 * before it lead to. */
static void pv_text(char *buf, size_t size, const fan_chess *pos,
                    const fan_chess_search_result *r)
{
    fan_chess *g = NULL;
    buf[0] = '\0';
    if (fan_chess_clone(&g, pos) != FAN_OK)
        return;
    size_t len = 0;
    for (uint32_t i = 0; i < r->pv_length && i < FAN_SEARCH_PV_MAX; i++) {
        char mv[FAN_CHESS_MOVE_STRING_MAX];
        if (fan_chess_move_to_string(mv, sizeof mv, NULL, g, r->pv[i]) !=
                FAN_OK ||
            len + strlen(mv) + 2 >= size)
            break;
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "",
                                mv);
        if (fan_chess_play(g, r->pv[i]) != FAN_OK)
            break;
    }
    fan_chess_free(g);
}

static int on_progress(void *user, const fan_chess_search_result *r)
{
    engine *e = user;
    char pv[FAN_SEARCH_PV_MAX * FAN_CHESS_MOVE_STRING_MAX + 1];
    pv_text(pv, sizeof pv, e->search_cpos, r);
    engine_say_info(e, r->depth, r->seldepth, r->line, r->score, r->nodes,
                    r->time_ms, pv);
    return 0;
}

void *chess_search_main(void *arg)
{
    engine *e = arg;
    fan_chess_search_result r;
    fan_chess_search_result_init(&r);
    int rc = fan_chess_search_run(&r, e->search, e->search_cpos, &e->limits,
                                  on_progress, e);
    engine_wait_stop(e);
    char mv[FAN_CHESS_MOVE_STRING_MAX];
    if (rc != FAN_OK)
        engine_say(e, "info string no search: %s", fan_strerror(rc));
    else
        engine_say_total(e, r.nodes, r.time_ms);
    if (rc == FAN_OK && fan_chess_move_to_string(mv, sizeof mv, NULL,
                                                 e->search_cpos,
                                                 r.best) == FAN_OK)
        engine_say(e, "bestmove %s", mv);
    else
        engine_say(e, "bestmove (none)");
    e->finished = 1;
    return NULL;
}

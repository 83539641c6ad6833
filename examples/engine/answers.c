/* SPDX-License-Identifier: MIT */
/* The answer lines of fanorona-engine that both games share
 * (doc/search.md): one line at a time under the output lock, the "info"
 * line of an iteration, the one of a whole search and the refusals of
 * "position". */
#include "engine.h"

#include <stdarg.h>
#include <stdio.h>

void engine_say(engine *e, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&e->out_lock);
    va_start(ap, fmt);
    vfprintf(e->out, fmt, ap);
    va_end(ap);
    fputc('\n', e->out);
    fflush(e->out);
    pthread_mutex_unlock(&e->out_lock);
}

static void score_text(char *buf, size_t size, int score)
{
    if (FAN_SCORE_IS_WIN(score))
        snprintf(buf, size, "mate %d", (FAN_SCORE_TURNS(score) + 1) / 2);
    else if (FAN_SCORE_IS_LOSS(score))
        snprintf(buf, size, "mate -%d", FAN_SCORE_TURNS(score) / 2);
    else
        snprintf(buf, size, "cp %d", score);
}

void engine_say_info(engine *e, uint32_t depth, uint32_t seldepth,
                     uint32_t line, int score, uint64_t nodes,
                     uint64_t time_ms, const char *pv)
{
    char sc[32], mpv[32] = "";
    score_text(sc, sizeof sc, score);
    uint64_t nps = time_ms ? nodes * 1000 / time_ms : 0;
    if (e->limits.multipv > 1)
        snprintf(mpv, sizeof mpv, " multipv %u", line);
    engine_say(e, "info depth %u seldepth %u%s score %s nodes %llu nps %llu "
                  "time %llu pv %s",
               depth, seldepth, mpv, sc, (unsigned long long)nodes,
               (unsigned long long)nps, (unsigned long long)time_ms, pv);
}

void engine_say_total(engine *e, uint64_t nodes, uint64_t time_ms)
{
    uint64_t nps = time_ms ? nodes * 1000 / time_ms : 0;
    engine_say(e, "info nodes %llu nps %llu time %llu",
               (unsigned long long)nodes, (unsigned long long)nps,
               (unsigned long long)time_ms);
}

void engine_bad_position(engine *e, const fan_parse_error *err)
{
    engine_say(e, "info string bad position at byte %u: %s; at the start "
                  "position now", err->offset, err->message);
}

void engine_move_refused(engine *e, int i, const char *move, int code,
                         const char *why)
{
    engine_say(e, "info string move %d (%.40s) not played: %s: %s; the "
                  "position is the one after move %d",
               i, move, fan_strerror(code), why, i - 1);
}

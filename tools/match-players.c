/* SPDX-License-Identifier: MIT */
/* The players of fanorona-match: specs, protocol programs, choosing a
 * turn. */
#define _POSIX_C_SOURCE 200809L
#include "match-players.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "options.h"
#include "splitmix.h"

uint64_t rng_next(uint64_t *state)
{
    return splitmix64_next(state);
}

/* A switch of a configuration: its name and where it is. */
typedef struct named_field {
    const char *name;
    size_t offset;
} named_field;

static const named_field fanorona_switches[] = {
    {"tt", offsetof(search_config, use_tt)},
    {"pvs", offsetof(search_config, use_pvs)},
    {"order", offsetof(search_config, use_ordering)},
    {"asp", offsetof(search_config, use_aspiration)},
    {"lmr", offsetof(search_config, use_lmr)},
    {"qs", offsetof(search_config, use_qsearch)},
    {"qlimit", offsetof(search_config, qsearch_limit)},
    {"standpat", offsetof(search_config, qsearch_standpat)},
    {"spbonus", offsetof(search_config, standpat_bonus)},
    {"futility", offsetof(search_config, use_futility)},
    {"single", offsetof(search_config, use_single_ext)},
    {"tbdraw", offsetof(search_config, tb_draw)},
    {"contempt", offsetof(search_config, contempt)},
    {"rfp", offsetof(search_config, use_rfp)},
    {"rfpdepth", offsetof(search_config, rfp_depth)},
    {"rfpmargin", offsetof(search_config, rfp_margin)},
    {"null", offsetof(search_config, use_null)},
    {"nulldepth", offsetof(search_config, null_depth)},
    {"nullmin", offsetof(search_config, null_min_pieces)},
    {"nullr", offsetof(search_config, null_r)},
    {"nullrdiv", offsetof(search_config, null_r_div)},
    {"lmp", offsetof(search_config, use_lmp)},
    {"lmpdepth", offsetof(search_config, lmp_depth)},
    {"lmpbase", offsetof(search_config, lmp_base)},
    {"lmpk", offsetof(search_config, lmp_k)},
    {"hist2", offsetof(search_config, use_hist2)},
    {"lmr2", offsetof(search_config, use_lmr2)},
    {"lmra", offsetof(search_config, lmr_a)},
    {"lmrb", offsetof(search_config, lmr_b)},
    {"threatq", offsetof(search_config, use_threatq)},
    {"threatqplies", offsetof(search_config, threatq_plies)},
    {"threatqsp", offsetof(search_config, threatq_standpat)},
    {"qtt", offsetof(search_config, use_qtt)},
    {"iir", offsetof(search_config, use_iir)},
    {"iirdepth", offsetof(search_config, iir_depth)},
    {"partial", offsetof(search_config, use_partial)},
    {"lmrnonpv", offsetof(search_config, lmr_nonpv)},
    {"lmrcap", offsetof(search_config, lmr_captures)},
    {"cmove", offsetof(search_config, use_countermove)},
    {"se", offsetof(search_config, use_singular)},
    {"sedepth", offsetof(search_config, singular_depth)},
    {"semargin", offsetof(search_config, singular_margin)},
    {"lmrthreat", offsetof(search_config, lmr_threat)},
    {"ckill", offsetof(search_config, use_capkiller)},
    {"lmrfirst", offsetof(search_config, lmr_first)},
    {"lmrlate", offsetof(search_config, lmr_late)},
    {"probcut", offsetof(search_config, use_probcut)},
    {"safeorder", offsetof(search_config, use_safe_order)},
    {"offerorder", offsetof(search_config, use_offer_order)},
    {"pcdepth", offsetof(search_config, probcut_depth)},
    {"pcr", offsetof(search_config, probcut_r)},
    {"pcmargin", offsetof(search_config, probcut_margin)},
    {"mob", offsetof(search_config, w_mobility)},
    {"strong", offsetof(search_config, w_strong)},
    {"threat", offsetof(search_config, w_threat)},
    {"run", offsetof(search_config, w_threat_run)},
    {"iso", offsetof(search_config, w_isolated)},
    {"centre", offsetof(search_config, w_centre)},
    {"tuned", offsetof(search_config, eval_tuned)},
    {"patterns", offsetof(search_config, use_patterns)},
    {"spe", offsetof(search_config, standpat_eval)},
    {"evalscale", offsetof(search_config, eval_scale)},
    {NULL, 0},
};

#define CHESS_FIELD(name, member) {name, offsetof(chess_search_config, member)}
static const named_field chess_switches[] = {
    CHESS_FIELD("tt", use_tt),
    CHESS_FIELD("pvs", use_pvs),
    CHESS_FIELD("order", use_ordering),
    CHESS_FIELD("qsearch", use_qsearch),
    CHESS_FIELD("check", use_check_ext),
    CHESS_FIELD("null", use_nullmove),
    CHESS_FIELD("lmr", use_lmr),
    CHESS_FIELD("asp", use_aspiration),
    CHESS_FIELD("pst", use_pst),
    CHESS_FIELD("king", use_king_safety),
    CHESS_FIELD("mob", use_mobility),
    CHESS_FIELD("value.q", value[FAN_CHESS_QUEEN]),
    CHESS_FIELD("value.r", value[FAN_CHESS_ROOK]),
    CHESS_FIELD("value.b", value[FAN_CHESS_BISHOP]),
    CHESS_FIELD("value.n", value[FAN_CHESS_KNIGHT]),
    CHESS_FIELD("value.p", value[FAN_CHESS_PAWN]),
    {NULL, 0},
};

static int set_switch(void *cfg, const named_field *names, const char *key,
                      int v)
{
    for (; names->name; names++)
        if (!strcmp(key, names->name)) {
            *(int *) ((char *) cfg + names->offset) = v;
            return 0;
        }
    return -1;
}

int parse_spec(player_spec *p, const char *text,
               const fan_search_limits *defaults, int chess)
{
    memset(p, 0, sizeof *p);
    snprintf(p->text, sizeof p->text, "%s", text);
    p->limits = *defaults;
    fan_search_options_init(&p->options);
    char buf[200];
    snprintf(buf, sizeof buf, "%s", text);
    char *opts = strchr(buf, ':');
    if (opts)
        *opts++ = '\0';
    search_config_default(&p->cfg);
    chess_search_config_default(&p->chess_cfg);
    if (!strcmp(buf, "engine")) {
        p->kind = P_ENGINE;
    } else if (!strcmp(buf, "plain")) {
        p->kind = P_PLAIN;
        search_config_plain(&p->cfg);
        chess_search_config_plain(&p->chess_cfg);
    } else if (!strcmp(buf, "level")) {
        p->kind = P_ENGINE;
    } else if (!strcmp(buf, "uci") && chess) {
        fprintf(stderr, "uci players play Fanorona only\n");
        return -1;
    } else if (!strcmp(buf, "uci")) {
        p->kind = P_UCI;
        if (!opts || !*opts) {
            fprintf(stderr, "uci needs a program: uci:PATH[,key=value...]\n");
            return -1;
        }
        char *comma = strchr(opts, ',');
        if (comma)
            *comma = '\0';
        snprintf(p->path, sizeof p->path, "%s", opts);
        opts = comma ? comma + 1 : NULL;
    } else if (!strcmp(buf, "greedy")) {
        p->kind = P_GREEDY;
    } else if (!strcmp(buf, "random")) {
        p->kind = P_RANDOM;
    } else {
        fprintf(stderr, "unknown player kind '%s'\n", buf);
        return -1;
    }
    for (char *kv = opts ? strtok(opts, ",") : NULL; kv;
         kv = strtok(NULL, ",")) {
        char *eq = strchr(kv, '=');
        if (!eq) {
            fprintf(stderr, "expected key=value, got '%s'\n", kv);
            return -1;
        }
        *eq = '\0';
        if (!strcmp(kv, "tables") && chess) {
            fprintf(stderr, "tables are for Fanorona\n");
            return -1;
        }
        if (!strcmp(kv, "tables")) {
            snprintf(p->tables, sizeof p->tables, "%s", eq + 1);
            continue;
        }
        uint64_t v = 0;
        if (cli_parse_unsigned(eq + 1, &v) < 0 || v > INT32_MAX) {
            fprintf(stderr, "%s takes a number, not '%s'\n", kv, eq + 1);
            return -1;
        }
        if (!strcmp(kv, "depth"))
            p->limits.max_depth = (uint32_t) v;
        else if (!strcmp(kv, "nodes"))
            p->limits.max_nodes = (uint64_t) v;
        else if (!strcmp(kv, "movetime"))
            p->limits.time_ms = (uint64_t) v;
        else if (!strcmp(kv, "n") || !strcmp(kv, "level"))
            p->limits.level = (uint32_t) v;
        else if (!strcmp(kv, "hash"))
            p->options.hash_mib = (uint32_t) v;
        else if (!strcmp(kv, "threads") && v >= 1 &&
                 v <= FAN_SEARCH_MAX_THREADS)
            p->options.threads = (uint32_t) v;
        else if (chess ? set_switch(&p->chess_cfg, chess_switches, kv, (int) v)
                       : set_switch(&p->cfg, fanorona_switches, kv, (int) v)) {
            fprintf(stderr, "unknown option '%s'\n", kv);
            return -1;
        }
    }
    return 0;
}

double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec * 1000.0 + (double) t.tv_nsec / 1e6;
}

/* ------------------------------------------------------------------ */
/* Protocol programs                                                   */

/* A turn in the protocol's notation: the library's compact form. */
static void compact_path(char *out, const fan_path *p)
{
    if (fan_path_to_string_ex(out, FAN_PATH_STRING_MAX, NULL, p,
                              FAN_NOTATION_COMPACT) != FAN_OK)
        out[0] = '\0';
}

static int send_line(player *pl, const char *fmt, ...)
{
    char line[16384];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t) n >= sizeof line - 1)
        return -1;
    line[n++] = '\n';
    for (int off = 0; off < n;) {
        ssize_t w = write(pl->to, line + off, (size_t) (n - off));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        off += (int) w;
    }
    return 0;
}

/* Reads one line (without the newline) within timeout_ms; -1 on timeout,
 * end of file or error. */
static int read_line(player *pl, char *out, size_t size, int timeout_ms)
{
    double end = now_ms() + timeout_ms;
    for (;;) {
        char *nl = memchr(pl->buf, '\n', pl->have);
        if (nl) {
            size_t len = (size_t) (nl - pl->buf);
            size_t copy = len < size - 1 ? len : size - 1;
            memcpy(out, pl->buf, copy);
            out[copy] = '\0';
            if (copy && out[copy - 1] == '\r')
                out[copy - 1] = '\0';
            memmove(pl->buf, nl + 1, pl->have - len - 1);
            pl->have -= len + 1;
            return 0;
        }
        if (pl->have == sizeof pl->buf)
            pl->have = 0; /* an absurdly long line: drop it */
        int left = (int) (end - now_ms());
        if (left <= 0)
            return -1;
        struct pollfd pfd = {pl->from, POLLIN, 0};
        int r = poll(&pfd, 1, left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        ssize_t got =
            read(pl->from, pl->buf + pl->have, sizeof pl->buf - pl->have);
        if (got <= 0)
            return -1;
        pl->have += (size_t) got;
    }
}

static int wait_for(player *pl, const char *prefix, int timeout_ms)
{
    char line[16384];
    while (read_line(pl, line, sizeof line, timeout_ms) == 0)
        if (!strncmp(line, prefix, strlen(prefix)))
            return 0;
    return -1;
}

int start_program(player *pl, int rules)
{
    int in[2], out[2];
    if (pipe(in) || pipe(out))
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execl(pl->spec->path, pl->spec->path, (char *) NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    pl->pid = pid;
    pl->to = in[1];
    pl->from = out[0];
    pl->have = 0;
    if (send_line(pl, "uci") || wait_for(pl, "uciok", 10000))
        return -1;
    if (rules == FAN_RULES_MUST &&
        send_line(pl, "setoption name MandatoryContinuation value true"))
        return -1;
    if (pl->spec->options.hash_mib &&
        send_line(pl, "setoption name Hash value %u",
                  pl->spec->options.hash_mib))
        return -1;
    if (pl->spec->options.threads > 1 &&
        send_line(pl, "setoption name Threads value %u",
                  pl->spec->options.threads))
        return -1;
    if (pl->spec->tables[0] &&
        send_line(pl, "setoption name TablePath value %s", pl->spec->tables))
        return -1;
    return 0;
}

void stop_program(player *pl)
{
    if (pl->pid <= 0)
        return;
    send_line(pl, "quit");
    close(pl->to);
    for (int i = 0; i < 100; i++) {
        if (waitpid(pl->pid, NULL, WNOHANG) == pl->pid) {
            pl->pid = 0;
            break;
        }
        struct timespec ts = {0, 20000000};
        nanosleep(&ts, NULL);
    }
    if (pl->pid > 0) {
        kill(pl->pid, SIGKILL);
        waitpid(pl->pid, NULL, 0);
    }
    close(pl->from);
    pl->pid = 0;
}

int new_game_program(player *pl)
{
    if (send_line(pl, "ucinewgame") || send_line(pl, "isready") ||
        wait_for(pl, "readyok", 10000))
        return -1;
    return 0;
}

/* Asks the program for a turn in pos; FAN_EILLEGAL when it fails or
 * answers with something that is not a legal turn. */
static int ask_program(fan_turn *out, player *pl, const fan_position *pos,
                       uint64_t *nodes, const double clock_ms[2], double inc_ms)
{
    char cmd[16384]; /* per call: the jobs of a match ask at once */
    size_t len = (size_t) snprintf(cmd, sizeof cmd, "position startpos");
    int n = fan_position_history_length(pos);
    for (int i = 0; i < n; i++) {
        fan_path path;
        char mv[FAN_PATH_STRING_MAX];
        fan_position_history_path(&path, pos, i);
        compact_path(mv, &path);
        len += (size_t) snprintf(cmd + len, sizeof cmd - len, "%s%s",
                                 i ? " " : " moves ", mv);
    }
    const fan_search_limits *l = &pl->spec->limits;
    char go[160];
    if (clock_ms)
        snprintf(go, sizeof go, "go wtime %.0f btime %.0f winc %.0f binc %.0f",
                 clock_ms[0], clock_ms[1], inc_ms, inc_ms);
    else if (l->time_ms)
        snprintf(go, sizeof go, "go movetime %llu",
                 (unsigned long long) l->time_ms);
    else if (l->max_nodes)
        snprintf(go, sizeof go, "go nodes %llu",
                 (unsigned long long) l->max_nodes);
    else
        snprintf(go, sizeof go, "go depth %u", l->max_depth);
    if (send_line(pl, "%s", cmd) || send_line(pl, "%s", go))
        return FAN_EILLEGAL;
    int timeout = 10000 + (int) (l->time_ms * 20);
    if (clock_ms)
        timeout = 10000 +
                  (int) (clock_ms[0] > clock_ms[1] ? clock_ms[0] : clock_ms[1]);
    char line[16384];
    for (;;) {
        if (read_line(pl, line, sizeof line, timeout)) {
            fprintf(stderr, "%s: no bestmove within %d ms\n", pl->spec->text,
                    timeout);
            return FAN_EILLEGAL;
        }
        if (!strncmp(line, "info string", 11))
            fprintf(stderr, "%s: %s\n", pl->spec->text, line);
        char *nd = strstr(line, " nodes ");
        if (!strncmp(line, "info ", 5) && nd)
            *nodes = strtoull(nd + 7, NULL, 10);
        if (!strncmp(line, "info ", 5) && strstr(line, " score "))
            pl->decided = strstr(line, " score mate ") != NULL;
        if (strncmp(line, "bestmove ", 9))
            continue;
        /* a whole turn, written exactly as compact_path() writes it; a
         * "ponder" turn after it is not needed */
        char *mv = line + 9;
        mv[strcspn(mv, " ")] = '\0';
        fan_path path;
        char again[FAN_PATH_STRING_MAX];
        int found = fan_position_parse_path(&path, pos, mv, NULL) == FAN_OK;
        if (found) {
            compact_path(again, &path);
            found = !strcmp(again, mv) && fan_path_turn(out, &path) == FAN_OK;
        }
        if (!found)
            fprintf(stderr, "%s\n%s\nanswered: %s\n", cmd, go, line);
        return found ? FAN_OK : FAN_EILLEGAL;
    }
}

fan_search_limits turn_limits(player *pl, int white, const double clock_ms[2],
                              double inc_ms)
{
    fan_search_limits l = pl->spec->limits;
    l.seed = rng_next(&pl->rng);
    if (clock_ms) {
        /* the library plans the turn from the clock (lib/timeman.c) */
        double left = clock_ms[white ? 0 : 1];
        l.clock_ms = left > 1 ? (uint64_t)left : 1;
        l.increment_ms = (uint64_t)inc_ms;
        l.time_ms = 0;
        l.max_depth = 0;
        l.max_nodes = 0;
    }
    return l;
}

int choose(fan_turn *out, player *pl, const fan_position *pos, uint64_t *nodes,
           const double clock_ms[2], double inc_ms)
{
    if (pl->spec->kind == P_ENGINE || pl->spec->kind == P_PLAIN) {
        fan_search_result r = FAN_SEARCH_RESULT_INIT;
        fan_search_limits l = turn_limits(
            pl, fan_position_side_to_move(pos) == FAN_WHITE, clock_ms, inc_ms);
        int rc = fan_search_run(&r, pl->search, pos, &l, NULL, NULL);
        if (rc != FAN_OK)
            return rc;
        *out = r.best;
        *nodes += r.nodes;
        pl->decided = FAN_SCORE_IS_WIN(r.score) || FAN_SCORE_IS_LOSS(r.score);
        return FAN_OK;
    }
    pl->decided = 0;
    if (pl->spec->kind == P_UCI)
        return ask_program(out, pl, pos, nodes, clock_ms, inc_ms);
    fan_turn turns[1024];
    size_t n = 0;
    int rc = fan_position_turns(turns, 1024, &n, pos);
    if (rc != FAN_OK)
        return rc;
    size_t pickable = n;
    if (pl->spec->kind == P_GREEDY) {
        int best = -1;
        pickable = 0;
        for (size_t i = 0; i < n; i++) {
            int c = __builtin_popcountll(FAN_TURN_CAPTURED(turns[i]));
            if (c > best) {
                best = c;
                pickable = 0;
            }
            if (c == best)
                turns[pickable++] = turns[i];
        }
    }
    *out = turns[rng_next(&pl->rng) % pickable];
    return FAN_OK;
}

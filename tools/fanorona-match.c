/* SPDX-License-Identifier: MIT */
/* fanorona-match: plays games between two players from varied openings,
 * colours alternated, adjudicated by the library's rules, and prints
 * wins/draws/losses with an Elo estimate and its 95% error margin.
 *
 * A player is a spec "KIND[:key=value,...]":
 *   engine   the library's engine (lib/search.h switches may be overridden:
 *            tt, pvs, order, asp, lmr, qs, qlimit, standpat, futility,
 *            single, mob, strong, threat, run, iso, centre)
 *   plain    fixed-depth alpha-beta with material evaluation only
 *            (iterative deepening so that it can keep a time limit)
 *   greedy   a turn capturing the most pieces (ties at random)
 *   random   a legal turn at random
 *   level    the engine at a level: level:n=3
 *   uci      a protocol program: uci:PATH (fanorona-engine or another
 *            engine speaking the same protocol); the limits are sent with
 *            "go", the ruleset as MandatoryContinuation
 * Limits for engine, plain, level and uci: depth=D, nodes=N, movetime=MS.
 * With --tc BASE+INC each side has a clock instead (seconds, e.g. 10+0.1):
 * a protocol program gets "go wtime btime winc binc", the library's
 * engine its share of the clock as a time limit, and a side whose clock
 * runs out loses the game on time.
 *
 * Games come in pairs, one opening from both colours; the report counts
 * the pairs (pentanomial: 0, 0.5, 1, 1.5 or 2 points for A) and gives the
 * Elo difference with its 95% interval from them. --sprt ELO0,ELO1 runs a
 * sequential probability ratio test (alpha = beta = 0.05 unless given as
 * ELO0,ELO1,ALPHA,BETA): the match stops as soon as it accepts H1 (A is
 * at least ELO1 stronger) or H0 (at most ELO0), or at --games.
 *
 * Example: fanorona-match --games 200 --a engine --b plain --movetime 20
 *          fanorona-match --a engine --b uci:OLD --tc 10+0.1 --sprt 0,10 */
#include <fanorona.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/search.h"
#include "match-stats.h"
#include "options.h"
#include "splitmix.h"

const char cli_program_name[] = "fanorona-match";

typedef struct player_spec {
    char text[200];
    enum { P_ENGINE, P_PLAIN, P_UCI, P_GREEDY, P_RANDOM } kind;
    char path[200]; /* P_UCI: the program */
    search_config cfg;
    fan_search_limits limits;
    fan_search_options options; /* threads and table of its search handle */
} player_spec;

typedef struct match {
    player_spec a, b;
    int games, plies, rules, jobs, verbose;
    uint64_t seed;
    /* shared between jobs */
    pthread_mutex_t lock;
    int next_game;
    int wins, draws, losses; /* from a's view */
    int reasons[7]; /* FAN_REASON_*, 5: a program failed (forfeit), 6: time */
    /* pairs: each game's score for A (-1, 0, 1; 2 = not yet played) and
     * the finished pairs by A's points in half points (0..4) */
    signed char *score;
    long pairs[5];
    /* --tc: milliseconds on each clock at the start, added after a turn */
    double tc_base_ms, tc_inc_ms;
    /* --sprt */
    int sprt;
    double elo0, elo1, alpha, beta, llr;
    int verdict; /* STATS_SPRT_* once decided */
    long long turns_total;
    uint64_t nodes[2];
    double ms[2];
    long moves[2];
} match;

static uint64_t rng_next(uint64_t *state)
{
    return splitmix64_next(state);
}

static int set_switch(search_config *c, const char *key, int v)
{
    static const struct {
        const char *name;
        size_t offset;
    } names[] = {
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
        {"mob", offsetof(search_config, w_mobility)},
        {"strong", offsetof(search_config, w_strong)},
        {"threat", offsetof(search_config, w_threat)},
        {"run", offsetof(search_config, w_threat_run)},
        {"iso", offsetof(search_config, w_isolated)},
        {"centre", offsetof(search_config, w_centre)},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(key, names[i].name)) {
            *(int *)((char *)c + names[i].offset) = v;
            return 0;
        }
    return -1;
}

static int parse_spec(player_spec *p, const char *text,
                      const fan_search_limits *defaults)
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
    if (!strcmp(buf, "engine")) {
        p->kind = P_ENGINE;
    } else if (!strcmp(buf, "plain")) {
        p->kind = P_PLAIN;
        search_config_plain(&p->cfg);
    } else if (!strcmp(buf, "level")) {
        p->kind = P_ENGINE;
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
    for (char *kv = opts ? strtok(opts, ",") : NULL; kv; kv = strtok(NULL, ",")) {
        char *eq = strchr(kv, '=');
        if (!eq) {
            fprintf(stderr, "expected key=value, got '%s'\n", kv);
            return -1;
        }
        *eq = '\0';
        uint64_t v = 0;
        if (cli_parse_unsigned(eq + 1, &v) < 0 || v > INT32_MAX) {
            fprintf(stderr, "%s takes a number, not '%s'\n", kv, eq + 1);
            return -1;
        }
        if (!strcmp(kv, "depth"))
            p->limits.max_depth = (uint32_t)v;
        else if (!strcmp(kv, "nodes"))
            p->limits.max_nodes = (uint64_t)v;
        else if (!strcmp(kv, "movetime"))
            p->limits.time_ms = (uint64_t)v;
        else if (!strcmp(kv, "n"))
            p->limits.level = (uint32_t)v;
        else if (!strcmp(kv, "hash"))
            p->options.hash_mib = (uint32_t)v;
        else if (set_switch(&p->cfg, kv, (int)v)) {
            fprintf(stderr, "unknown option '%s'\n", kv);
            return -1;
        }
    }
    return 0;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

typedef struct player {
    const player_spec *spec;
    fan_search *search;
    uint64_t rng;
    /* P_UCI: the running program */
    pid_t pid;
    int to, from;      /* its stdin, stdout */
    char buf[16384];   /* unread output */
    size_t have;
} player;

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
    if (n < 0 || (size_t)n >= sizeof line - 1)
        return -1;
    line[n++] = '\n';
    for (int off = 0; off < n;) {
        ssize_t w = write(pl->to, line + off, (size_t)(n - off));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        off += (int)w;
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
            size_t len = (size_t)(nl - pl->buf);
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
        int left = (int)(end - now_ms());
        if (left <= 0)
            return -1;
        struct pollfd pfd = {pl->from, POLLIN, 0};
        int r = poll(&pfd, 1, left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        ssize_t got = read(pl->from, pl->buf + pl->have, sizeof pl->buf - pl->have);
        if (got <= 0)
            return -1;
        pl->have += (size_t)got;
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

static int start_program(player *pl, int rules)
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
        execl(pl->spec->path, pl->spec->path, (char *)NULL);
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
        send_line(pl, "setoption name Hash value %u", pl->spec->options.hash_mib))
        return -1;
    return 0;
}

static void stop_program(player *pl)
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

static int new_game_program(player *pl)
{
    if (send_line(pl, "ucinewgame") || send_line(pl, "isready") ||
        wait_for(pl, "readyok", 10000))
        return -1;
    return 0;
}

/* Asks the program for a turn in pos; FAN_EILLEGAL when it fails or
 * answers with something that is not a legal turn. */
static int ask_program(fan_turn *out, player *pl, const fan_position *pos,
                       uint64_t *nodes, const double clock_ms[2],
                       double inc_ms)
{
    static char cmd[16384];
    size_t len = (size_t)snprintf(cmd, sizeof cmd, "position startpos");
    int n = fan_position_history_length(pos);
    for (int i = 0; i < n; i++) {
        fan_path path;
        char mv[FAN_PATH_STRING_MAX];
        fan_position_history_path(&path, pos, i);
        compact_path(mv, &path);
        len += (size_t)snprintf(cmd + len, sizeof cmd - len, "%s%s",
                                i ? " " : " moves ", mv);
    }
    const fan_search_limits *l = &pl->spec->limits;
    char go[160];
    if (clock_ms)
        snprintf(go, sizeof go, "go wtime %.0f btime %.0f winc %.0f binc %.0f",
                 clock_ms[0], clock_ms[1], inc_ms, inc_ms);
    else if (l->time_ms)
        snprintf(go, sizeof go, "go movetime %llu", (unsigned long long)l->time_ms);
    else if (l->max_nodes)
        snprintf(go, sizeof go, "go nodes %llu", (unsigned long long)l->max_nodes);
    else
        snprintf(go, sizeof go, "go depth %u", l->max_depth);
    if (send_line(pl, "%s", cmd) || send_line(pl, "%s", go))
        return FAN_EILLEGAL;
    int timeout = 10000 + (int)(l->time_ms * 20);
    if (clock_ms)
        timeout = 10000 + (int)(clock_ms[0] > clock_ms[1] ? clock_ms[0]
                                                          : clock_ms[1]);
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
        if (strncmp(line, "bestmove ", 9))
            continue;
        /* a whole turn, written exactly as compact_path() writes it */
        const char *mv = line + 9;
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

/* The share of its clock that the library's engine gets for one turn
 * under --tc: a thirtieth of what is left and most of the increment, never
 * more than half of what is left. */
static uint64_t clock_share(double left_ms, double inc_ms)
{
    double ms = left_ms / 30 + inc_ms * 3 / 4;
    if (ms > left_ms / 2)
        ms = left_ms / 2;
    return ms > 2 ? (uint64_t)ms - 1 : 1;
}

static int choose(fan_turn *out, player *pl, const fan_position *pos,
                  uint64_t *nodes, const double clock_ms[2], double inc_ms)
{
    if (pl->spec->kind == P_ENGINE || pl->spec->kind == P_PLAIN) {
        fan_search_result r = FAN_SEARCH_RESULT_INIT;
        fan_search_limits l = pl->spec->limits;
        l.seed = rng_next(&pl->rng);
        if (clock_ms) {
            int white = fan_position_side_to_move(pos) == FAN_WHITE;
            l.time_ms = clock_share(clock_ms[white ? 0 : 1], inc_ms);
            l.max_depth = 0;
            l.max_nodes = 0;
        }
        int rc = fan_search_run(&r, pl->search, pos, &l, NULL, NULL);
        if (rc != FAN_OK)
            return rc;
        *out = r.best;
        *nodes += r.nodes;
        return FAN_OK;
    }
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


/* Opening number k: the start position and plies random turns (the same
 * for both games of the pair). */
static fan_position *opening(const match *m, int k)
{
    for (int attempt = 0;; attempt++) {
        fan_position *p = NULL;
        if (fan_position_new(&p, m->rules) != FAN_OK)
            return NULL;
        uint64_t rng = m->seed * 1000003u + (uint64_t)k * 7919u + (uint64_t)attempt;
        int ok = 1;
        for (int i = 0; i < m->plies && ok; i++) {
            fan_turn turns[1024];
            size_t n = 0;
            if (fan_position_turns(turns, 1024, &n, p) != FAN_OK || n == 0) {
                ok = 0;
                break;
            }
            fan_position_play_turn(p, turns[rng_next(&rng) % n]);
            ok = fan_position_result(p) == FAN_ONGOING;
        }
        if (ok)
            return p;
        fan_position_free(p);
    }
}

/* Counts game g (score for A) and, once both games of its pair are in,
 * the pair; then the SPRT, which may end the match. Under m->lock. */
static void record_pair(match *m, int g, int score)
{
    m->score[g] = (signed char)score;
    int other = g ^ 1;
    if (other >= m->games || m->score[other] == 2)
        return;
    m->pairs[m->score[g] + m->score[other] + 2]++;
    if (!m->sprt || m->verdict)
        return;
    m->llr = stats_llr_pentanomial(m->pairs, m->elo0, m->elo1);
    m->verdict = stats_sprt_verdict(m->llr, m->alpha, m->beta);
    if (m->verbose || m->verdict)
        printf("sprt: LLR %.2f after %ld pairs%s\n", m->llr,
               m->pairs[0] + m->pairs[1] + m->pairs[2] + m->pairs[3] +
                   m->pairs[4],
               m->verdict == STATS_SPRT_H1   ? ": H1 accepted"
               : m->verdict == STATS_SPRT_H0 ? ": H0 accepted"
                                             : "");
}

/* Plays game g; returns 1, 0 or -1 from a's view. */
static int play_game(match *m, int g, player *pa, player *pb)
{
    fan_position *p = opening(m, g / 2);
    if (!p)
        return 0;
    int a_white = (g % 2) == 0;
    int forfeit = 0; /* 1: A failed, -1: B failed */
    fan_search_clear(pa->search);
    fan_search_clear(pb->search);
    for (int i = 0; i < 2; i++) {
        player *pl = i ? pb : pa;
        if (pl->spec->kind == P_UCI && new_game_program(pl)) {
            fprintf(stderr, "game %d: %s does not answer\n", g, pl->spec->text);
            exit(2);
        }
    }
    double clock_ms[2] = {m->tc_base_ms, m->tc_base_ms}; /* white, black */
    const double *clocks = m->tc_base_ms > 0 ? clock_ms : NULL;
    int flagged = 0; /* 1: A lost on time, -1: B */
    while (fan_position_result(p) == FAN_ONGOING) {
        int white = fan_position_side_to_move(p) == FAN_WHITE;
        player *pl = white == a_white ? pa : pb;
        int side = pl == pa ? 0 : 1;
        fan_turn t;
        uint64_t nodes = 0;
        double t0 = now_ms();
        int rc = choose(&t, pl, p, &nodes, clocks, m->tc_inc_ms);
        double t1 = now_ms();
        if (clocks) {
            double *c = &clock_ms[white ? 0 : 1];
            *c -= t1 - t0;
            if (*c < 0) {
                fprintf(stderr, "game %d: %s lost on time\n", g,
                        pl->spec->text);
                flagged = pl == pa ? 1 : -1;
                break;
            }
            *c += m->tc_inc_ms;
        }
        if (rc == FAN_OK)
            rc = fan_position_play_turn(p, t);
        if (rc != FAN_OK && pl->spec->kind == P_UCI) {
            /* a program that answers no legal turn loses the game */
            fprintf(stderr, "game %d: %s gave no legal turn; it forfeits\n",
                    g, pl->spec->text);
            forfeit = pl == pa ? 1 : -1;
            break;
        }
        if (rc != FAN_OK) {
            fprintf(stderr, "game %d: player %s failed: %s\n", g,
                    pl->spec->text, fan_strerror(rc));
            exit(2);
        }
        pthread_mutex_lock(&m->lock);
        m->nodes[side] += nodes;
        m->ms[side] += t1 - t0;
        m->moves[side]++;
        pthread_mutex_unlock(&m->lock);
    }
    int res = fan_position_result(p), reason = fan_position_result_reason(p);
    int turns = fan_position_turns_played(p);
    int score = res == FAN_DRAW ? 0
                : (res == FAN_WHITE_WINS) == a_white ? 1
                                                     : -1;
    if (forfeit || flagged) {
        score = forfeit ? -forfeit : -flagged;
        reason = forfeit ? 5 : 6;
        res = (score > 0) == a_white ? FAN_WHITE_WINS : FAN_BLACK_WINS;
    }
    pthread_mutex_lock(&m->lock);
    m->reasons[reason]++;
    record_pair(m, g, score);
    m->turns_total += turns;
    if (score > 0)
        m->wins++;
    else if (score < 0)
        m->losses++;
    else
        m->draws++;
    if (m->verbose)
        printf("game %3d  A %s  %-10s (%s) after %d turns   running %d-%d-%d\n",
               g + 1, a_white ? "white" : "black", fan_result_name(res),
               reason == 5   ? "forfeit"
               : reason == 6 ? "on time"
                             : fan_reason_name(reason),
               turns,
               m->wins, m->draws, m->losses);
    fflush(stdout);
    pthread_mutex_unlock(&m->lock);
    fan_position_free(p);
    return score;
}

static void *job(void *arg)
{
    match *m = arg;
    player pa = {.spec = &m->a}, pb = {.spec = &m->b};
    if (fan_search_new(&pa.search, &m->a.options) != FAN_OK ||
        fan_search_new(&pb.search, &m->b.options) != FAN_OK) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    search_set_config(pa.search, &m->a.cfg);
    search_set_config(pb.search, &m->b.cfg);
    player *both[2] = {&pa, &pb};
    for (int i = 0; i < 2; i++)
        if (both[i]->spec->kind == P_UCI && start_program(both[i], m->rules)) {
            fprintf(stderr, "cannot start %s\n", both[i]->spec->path);
            exit(2);
        }
    for (;;) {
        pthread_mutex_lock(&m->lock);
        int g = m->next_game++;
        /* once the SPRT has decided, only the second games of started
         * pairs are still played */
        int done = g >= m->games || (m->verdict && !(g & 1));
        pthread_mutex_unlock(&m->lock);
        if (done)
            break;
        pa.rng = m->seed ^ ((uint64_t)g << 20) ^ 0xA;
        pb.rng = m->seed ^ ((uint64_t)g << 20) ^ 0xB;
        play_game(m, g, &pa, &pb);
    }
    stop_program(&pa);
    stop_program(&pb);
    fan_search_free(pa.search);
    fan_search_free(pb.search);
    return NULL;
}

static void print_estimate(const char *what, stats_estimate e)
{
    if (e.score <= 0.0 || e.score >= 1.0)
        printf("%s: %s (every game %s)\n", what,
               e.score >= 1.0 ? "+inf" : "-inf",
               e.score >= 1.0 ? "won" : "lost");
    else
        printf("%s: %+.0f  (95%%: %+.0f .. %+.0f)\n", what, e.elo, e.elo_lo,
               e.elo_hi);
}

static void report(const match *m)
{
    int n = m->wins + m->draws + m->losses;
    if (!n) {
        printf("no games played\n");
        return;
    }
    stats_estimate tri = stats_trinomial(m->wins, m->draws, m->losses);
    printf("A = %s\nB = %s\n", m->a.text, m->b.text);
    printf("games %d (A: +%d =%d -%d)  score %.1f%%\n", n, m->wins, m->draws,
           m->losses, 100.0 * tri.score);
    print_estimate("Elo A-B (games)", tri);
    long np = m->pairs[0] + m->pairs[1] + m->pairs[2] + m->pairs[3] +
              m->pairs[4];
    if (np) {
        printf("pairs %ld (A scored 0: %ld, 0.5: %ld, 1: %ld, 1.5: %ld, "
               "2: %ld)\n",
               np, m->pairs[0], m->pairs[1], m->pairs[2], m->pairs[3],
               m->pairs[4]);
        print_estimate("Elo A-B (pairs)", stats_pentanomial(m->pairs));
    }
    if (m->sprt) {
        double lo, hi;
        stats_sprt_bounds(m->alpha, m->beta, &lo, &hi);
        printf("sprt elo0 %g elo1 %g alpha %g beta %g: LLR %.2f (%.2f, "
               "%.2f): %s\n",
               m->elo0, m->elo1, m->alpha, m->beta, m->llr, lo, hi,
               m->verdict == STATS_SPRT_H1   ? "H1 accepted"
               : m->verdict == STATS_SPRT_H0 ? "H0 accepted"
                                             : "undecided");
    }
    printf("ends: %d no pieces, %d no moves, %d repetition, %d turn limit, "
           "%d forfeits, %d on time; %.1f turns a game\n",
           m->reasons[FAN_REASON_NO_PIECES], m->reasons[FAN_REASON_NO_MOVES],
           m->reasons[FAN_REASON_REPETITION], m->reasons[FAN_REASON_TURN_LIMIT],
           m->reasons[5], m->reasons[6], (double)m->turns_total / n);
    for (int s = 0; s < 2; s++)
        if (m->moves[s])
            printf("%s: %.1f ms a turn, %.0f nodes a turn, %.0f knps\n",
                   s ? "B" : "A", m->ms[s] / m->moves[s],
                   (double)m->nodes[s] / m->moves[s],
                   m->ms[s] > 0 ? m->nodes[s] / m->ms[s] : 0.0);
}

enum {
    OPT_GAMES, OPT_A, OPT_B, OPT_MOVETIME, OPT_NODES, OPT_DEPTH, OPT_RULES,
    OPT_PLIES, OPT_SEED, OPT_JOBS, OPT_VERBOSE, OPT_TC, OPT_SPRT
};

static const cli_option match_options[] = {
    [OPT_GAMES] = {.name = "--games", .kind = CLI_NUMBER, .value = "N",
                   .lo = 2, .hi = 1000000,
                   .help = "games to play, in pairs from the same opening "
                           "(default 200)"},
    [OPT_A] = {.name = "--a", .kind = CLI_TEXT, .value = "SPEC",
               .help = "player A (default engine); see the top of "
                       "tools/fanorona-match.c"},
    [OPT_B] = {.name = "--b", .kind = CLI_TEXT, .value = "SPEC",
               .help = "player B (default plain)"},
    [OPT_MOVETIME] = {.name = "--movetime", .kind = CLI_NUMBER, .value = "MS",
                      .lo = 0, .hi = UINT32_MAX,
                      .help = "the default time limit of a turn"},
    [OPT_NODES] = {.name = "--nodes", .kind = CLI_NUMBER, .value = "N",
                   .lo = 0, .hi = UINT64_MAX,
                   .help = "the default node limit of a turn"},
    [OPT_DEPTH] = {.name = "--depth", .kind = CLI_NUMBER, .value = "D",
                   .lo = 0, .hi = FAN_SEARCH_MAX_DEPTH,
                   .help = "the default depth limit of a turn"},
    [OPT_RULES] = CLI_OPTION_RULES,
    [OPT_PLIES] = {.name = "--plies", .kind = CLI_NUMBER, .value = "K",
                   .lo = 0, .hi = 100,
                   .help = "random turns of each opening (default 4)"},
    [OPT_SEED] = {.name = "--seed", .kind = CLI_NUMBER, .value = "S",
                  .lo = 0, .hi = UINT64_MAX,
                  .help = "the seed of the openings and players (default 1)"},
    [OPT_JOBS] = {.name = "--jobs", .kind = CLI_NUMBER, .value = "J",
                  .lo = 1, .hi = 256,
                  .help = "games played at once (default 1)"},
    [OPT_VERBOSE] = {.name = "--verbose", .kind = CLI_FLAG,
                     .help = "a line for each game"},
    [OPT_TC] = {.name = "--tc", .kind = CLI_TEXT, .value = "BASE+INC",
                .help = "a clock for each side, in seconds (10+0.1); it "
                        "replaces the turn limits"},
    [OPT_SPRT] = {.name = "--sprt", .kind = CLI_TEXT,
                  .value = "ELO0,ELO1[,ALPHA,BETA]",
                  .help = "stop when the SPRT decides (alpha = beta = 0.05)"},
    {0},
};

static int run_match(const cli_command *cmd, const cli_value *v,
                     int noperands, char **operands)
{
    (void)noperands;
    (void)operands;
    match m;
    memset(&m, 0, sizeof m);
    m.games = v[OPT_GAMES].given ? (int)v[OPT_GAMES].number : 200;
    m.plies = v[OPT_PLIES].given ? (int)v[OPT_PLIES].number : 4;
    m.jobs = v[OPT_JOBS].given ? (int)v[OPT_JOBS].number : 1;
    m.seed = v[OPT_SEED].given ? v[OPT_SEED].number : 1;
    m.rules = cli_rules(&v[OPT_RULES]) == FAN_RULES_MUST ? FAN_RULES_MUST
                                                         : FAN_RULES_STOP;
    m.verbose = v[OPT_VERBOSE].given;
    const char *a = v[OPT_A].given ? v[OPT_A].text : "engine";
    const char *b = v[OPT_B].given ? v[OPT_B].text : "plain";
    fan_search_limits defaults = FAN_SEARCH_LIMITS_INIT;
    defaults.time_ms = v[OPT_MOVETIME].number;
    defaults.max_nodes = v[OPT_NODES].number;
    defaults.max_depth = (uint32_t)v[OPT_DEPTH].number;
    if (parse_spec(&m.a, a, &defaults) || parse_spec(&m.b, b, &defaults))
        return cli_usage_error(cmd, "a player spec cannot be read");
    if (v[OPT_TC].given) {
        double base, inc = 0;
        char end;
        int k = sscanf(v[OPT_TC].text, "%lf+%lf%c", &base, &inc, &end);
        if (k != (strchr(v[OPT_TC].text, '+') ? 2 : 1) || !(base > 0) ||
            !(inc >= 0))
            return cli_usage_error(cmd, "--tc takes BASE+INC in seconds, "
                                        "e.g. 10+0.1");
        m.tc_base_ms = base * 1000;
        m.tc_inc_ms = inc * 1000;
    }
    if (v[OPT_SPRT].given) {
        double e0, e1, al = 0.05, be = 0.05;
        char end;
        int k = sscanf(v[OPT_SPRT].text, "%lf,%lf,%lf,%lf%c", &e0, &e1, &al,
                       &be, &end);
        if ((k != 2 && k != 4) || !(e1 > e0) || !(al > 0 && al < 0.5) ||
            !(be > 0 && be < 0.5))
            return cli_usage_error(cmd, "--sprt takes ELO0,ELO1 with ELO0 < "
                                        "ELO1, and optionally ,ALPHA,BETA "
                                        "below 0.5");
        m.sprt = 1;
        m.elo0 = e0;
        m.elo1 = e1;
        m.alpha = al;
        m.beta = be;
    }
    const player_spec *ps[2] = {&m.a, &m.b};
    for (int i = 0; i < 2; i++) {
        const fan_search_limits *l = &ps[i]->limits;
        if (ps[i]->kind <= P_UCI && !l->time_ms && !l->max_nodes &&
            !l->max_depth && !l->level && !m.tc_base_ms) {
            return cli_usage_error(cmd,
                                   "player %s needs a limit (depth, nodes, "
                                   "movetime or a level)",
                                   ps[i]->text);
        }
    }
    m.score = malloc((size_t)m.games);
    if (!m.score)
        return cli_library_error("match", FAN_ENOMEM);
    memset(m.score, 2, (size_t)m.games);
    signal(SIGPIPE, SIG_IGN); /* a program that dies is reported, not fatal */
    pthread_mutex_init(&m.lock, NULL);
    pthread_t *t = calloc((size_t)m.jobs, sizeof *t);
    for (int i = 0; i < m.jobs; i++)
        pthread_create(&t[i], NULL, job, &m);
    for (int i = 0; i < m.jobs; i++)
        pthread_join(t[i], NULL);
    free(t);
    report(&m);
    free(m.score);
    return 0;
}

static const cli_command match_command = {
    .name = "",
    .options = match_options,
    .help = "plays games between players A and B and prints the score with "
            "an Elo estimate.",
    .run = run_match,
};

int main(int argc, char **argv)
{
    return cli_run(&match_command, argc - 1, argv + 1);
}

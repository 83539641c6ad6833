/* SPDX-License-Identifier: MIT */
/* fanorona tb: endgame tables from the command line.
 *
 *   tb generate [--rules stop|must] --pieces N [--threads T] DIR
 *   tb probe [--rules stop|must] DIR POSITION
 *   tb info DIR
 *   tb verify [--threads T] DIR
 *
 * tb_command(argc, argv) takes argv[0] as the command's own name ("tb")
 * and argv[1] as the action, so that a front end can hand it its
 * arguments from the subcommand on. Exit status: 0 success, 1 a library
 * or system error (or a table that fails verify), 2 a usage error. */
#define _POSIX_C_SOURCE 200809L

#include "tb-cli.h"

#include <fanorona.h>

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define EXIT_LIBRARY 1
#define EXIT_USAGE 2

static const char tb_usage[] =
    "Usage:\n"
    "  tb generate [--rules stop|must] --pieces N [--threads T] DIR\n"
    "  tb probe [--rules stop|must] DIR POSITION\n"
    "  tb info DIR\n"
    "  tb verify [--threads T] DIR\n";

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void) sig;
    interrupted = 1;
}

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "tb: %s\n", why);
    fputs(tb_usage, stderr);
    return EXIT_USAGE;
}

static int fail(const char *what, int rc)
{
    fprintf(stderr, "tb: %s: %s\n", what, fan_strerror(rc));
    return EXIT_LIBRARY;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

typedef struct progress_state {
    double start, last;
    int tty;
} progress_state;

/* A bar with the share done and an estimate of the time left from the
 * rate so far; on a terminal redrawn in place, elsewhere a line now and
 * then. */
static int show_progress(void *user, uint64_t done, uint64_t total)
{
    progress_state *ps = user;
    double t = now_s();
    if (t - ps->last < (ps->tty ? 0.2 : 5.0) && done < total)
        return interrupted;
    ps->last = t;
    double frac = total ? (double) done / (double) total : 1.0;
    char bar[31];
    int fill = (int) (frac * 30);
    for (int i = 0; i < 30; i++)
        bar[i] = i < fill ? '#' : '-';
    bar[30] = 0;
    double spent = t - ps->start;
    double left = frac > 0.001 ? spent * (1 - frac) / frac : 0;
    fprintf(stderr, "%s[%s] %5.1f%%  %.0fs spent, about %.0fs left%s",
            ps->tty ? "\r" : "", bar, 100 * frac, spent, left,
            ps->tty ? "  " : "\n");
    fflush(stderr);
    return interrupted;
}

static int parse_rules(const char *s, int *rules)
{
    if (strcmp(s, "stop") == 0)
        *rules = FAN_RULES_STOP;
    else if (strcmp(s, "must") == 0)
        *rules = FAN_RULES_MUST;
    else
        return 0;
    return 1;
}

static int parse_count(const char *s, long lo, long hi, long *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

typedef struct tb_args {
    int rules;
    long pieces, threads;
    const char *pos[2]; /* positional arguments */
    int npos;
} tb_args;

static int parse_args(tb_args *a, int argc, char **argv)
{
    a->rules = FAN_RULES_STOP;
    a->pieces = 0;
    a->threads = 1;
    a->npos = 0;
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(s, "--rules") == 0) {
            if (!v || !parse_rules(v, &a->rules))
                return usage("--rules takes stop or must"), 0;
            i++;
        } else if (strcmp(s, "--pieces") == 0) {
            if (!v || !parse_count(v, 2, FAN_TB_MAX_PIECES, &a->pieces))
                return usage("--pieces takes 2..8"), 0;
            i++;
        } else if (strcmp(s, "--threads") == 0) {
            if (!v || !parse_count(v, 0, FAN_TB_MAX_THREADS, &a->threads))
                return usage("--threads takes 0..256 (0: one per processor)"),
                       0;
            i++;
        } else if (s[0] == '-' && s[1]) {
            fprintf(stderr, "tb: unknown option %s\n", s);
            return usage(NULL), 0;
        } else if (a->npos < 2) {
            a->pos[a->npos++] = s;
        } else {
            return usage("too many arguments"), 0;
        }
    }
    return 1;
}

/* Options with the threads asked for and the progress bar; Ctrl-C and
 * SIGTERM stop the work through the callback. */
static void start_work(fan_tb_generate_options *o, progress_state *ps,
                       const tb_args *a)
{
    fan_tb_generate_options_init(o);
    ps->start = now_s();
    ps->last = 0;
    ps->tty = isatty(2);
    o->threads = (uint32_t) a->threads;
    o->progress = show_progress;
    o->user = ps;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
}

static int cmd_generate(const tb_args *a)
{
    if (a->npos != 1 || a->pieces == 0)
        return usage("generate takes --pieces N and one DIR");
    fan_tb_generate_options o;
    progress_state ps;
    start_work(&o, &ps, a);
    int rc = fan_tb_generate(a->pos[0], a->rules, (int) a->pieces, &o);
    if (ps.tty)
        fputc('\n', stderr);
    if (rc != FAN_OK)
        return fail("generate", rc);
    printf("generated up to %ld pieces (%s) in %.1f s\n", a->pieces,
           a->rules == FAN_RULES_MUST ? "must" : "stop", now_s() - ps.start);
    return 0;
}

/* Checks the number of positional arguments and opens the tables of the
 * first: 0, or the exit status after saying why. */
static int open_dir(fan_tb **tb, const tb_args *a, int npos, const char *why)
{
    if (a->npos != npos)
        return usage(why);
    int rc = fan_tb_open(tb, a->pos[0]);
    return rc == FAN_OK ? 0 : fail(a->pos[0], rc);
}

static int cmd_probe(const tb_args *a)
{
    fan_tb *tb = NULL;
    int status = open_dir(&tb, a, 2, "probe takes DIR and POSITION");
    if (status)
        return status;
    fan_position *p = NULL;
    fan_parse_error err;
    int rc = fan_position_from_string(&p, a->pos[1], a->rules, &err);
    if (rc != FAN_OK) {
        fan_tb_close(tb);
        fprintf(stderr, "tb: position at offset %u: %s\n", err.offset,
                err.message);
        return EXIT_USAGE;
    }
    int value, distance;
    fan_turn best[1];
    size_t n = 0;
    rc = fan_tb_probe(&value, &distance, tb, p);
    if (rc == FAN_OK) {
        rc = fan_tb_best_turns(best, 1, &n, tb, p);
        if (rc == FAN_EBUFS)
            rc = FAN_OK;
    }
    if (rc == FAN_OK) {
        char text[FAN_PATH_STRING_MAX] = "";
        if (n > 0)
            fan_turn_to_string(text, sizeof text, NULL, p, best[0]);
        if (value == FAN_TB_DRAW)
            printf("draw%s%s\n", n ? " " : "", text);
        else
            printf("%s %d%s%s\n", value == FAN_TB_WIN ? "win" : "loss",
                   distance, n ? " " : "", text);
    }
    fan_position_free(p);
    fan_tb_close(tb);
    return rc == FAN_OK ? 0 : fail("probe", rc);
}

static void print_example(const fan_tb_info *info)
{
    fan_position *p = NULL;
    char buf[FAN_POSITION_STRING_MAX];
    if (!info->wins ||
        fan_position_new_custom(&p, info->example_white, info->example_black,
                                FAN_WHITE, info->rules) != FAN_OK)
        return;
    if (fan_position_to_string(buf, sizeof buf, NULL, p) == FAN_OK)
        printf(" example %s", buf);
    fan_position_free(p);
}

static int cmd_info(const tb_args *a)
{
    fan_tb *tb = NULL;
    int status = open_dir(&tb, a, 1, "info takes one DIR");
    if (status)
        return status;
    int n = fan_tb_count(tb);
    for (int i = 0; i < n; i++) {
        fan_tb_info info;
        fan_tb_info_init(&info);
        fan_tb_info_get(&info, tb, i);
        printf("%s %uv%u positions %" PRIu64 " wins %" PRIu64 " draws %" PRIu64
               " losses %" PRIu64 " longest-win %u longest-loss %u",
               info.rules == FAN_RULES_MUST ? "must" : "stop", info.own_pieces,
               info.other_pieces, info.positions, info.wins, info.draws,
               info.losses, info.longest_win, info.longest_loss);
        print_example(&info);
        putchar('\n');
    }
    fan_tb_close(tb);
    return 0;
}

static int cmd_verify(const tb_args *a)
{
    fan_tb *tb = NULL;
    int status = open_dir(&tb, a, 1, "verify takes one DIR");
    if (status)
        return status;
    fan_tb_generate_options o;
    progress_state ps;
    start_work(&o, &ps, a);
    uint64_t bad = 0;
    int rc = fan_tb_verify(&bad, tb, &o);
    if (ps.tty)
        fputc('\n', stderr);
    int tables = fan_tb_count(tb);
    fan_tb_close(tb);
    if (rc != FAN_OK)
        return fail("verify", rc);
    printf("verified %d tables: %" PRIu64 " bad entries\n", tables, bad);
    return bad ? EXIT_LIBRARY : 0;
}

int tb_command(int argc, char **argv)
{
    tb_args a;
    if (argc < 2)
        return usage(NULL);
    if (!parse_args(&a, argc, argv))
        return EXIT_USAGE;
    const char *action = argv[1];
    if (strcmp(action, "generate") == 0)
        return cmd_generate(&a);
    if (strcmp(action, "probe") == 0)
        return cmd_probe(&a);
    if (strcmp(action, "info") == 0)
        return cmd_info(&a);
    if (strcmp(action, "verify") == 0)
        return cmd_verify(&a);
    if (strcmp(action, "help") == 0 || strcmp(action, "--help") == 0) {
        fputs(tb_usage, stdout);
        return 0;
    }
    fprintf(stderr, "tb: unknown action %s\n", action);
    return usage(NULL);
}

/* SPDX-License-Identifier: MIT */
/* fanorona tb: endgame tables (doc/tablebases.md), a family of commands:
 * generate, probe, info, verify. */
#define _POSIX_C_SOURCE 200809L

#include "options.h"
#include "text.h"

/* the checkpoint header's layout, plain constants */
#include "../../lib/tb-ckpt-format.h"

#include <fanorona.h>

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Ctrl-C and SIGTERM stop generate and verify through the progress
 * callback, so no table is left half written. */
static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void) sig;
    interrupted = 1;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The checkpoint the generator keeps of the pair in progress
 * (doc/tablebases.md): which pair, at which pass and level, and the units
 * of progress the generator reports for that point of the pair. */
typedef struct checkpoint {
    int own, opp, phase;
    unsigned level, version;
    char name[4200];
    uint64_t units;
    struct stat st;
} checkpoint;

typedef struct progress_state {
    double start, last, last_look;
    uint64_t first_done; /* what a resumed run starts from */
    double frac;         /* the share done at the last report */
    int tty, calls;
    /* generate: where to look for checkpoints; the last one seen */
    const char *dir;
    int rules, pieces, have;
    checkpoint seen;
} progress_state;

static uint64_t le(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* The checkpoint of dir for the ruleset: 1 and *c when there is one. */
static int find_checkpoint(checkpoint *c, const progress_state *ps)
{
    for (int n = 2; n <= ps->pieces; n++)
        for (int a = 1; 2 * a <= n; a++) {
            char *name = c->name;
            snprintf(name, sizeof c->name, "%s/fanorona-%s-%dv%d.ckpt",
                     ps->dir, ps->rules == FAN_RULES_MUST ? "must" : "stop", a,
                     n - a);
            FILE *f = fopen(name, "rb");
            if (!f)
                continue;
            unsigned char h[C_HEADER_USED] = {0};
            /* (version 1 had a shorter header: 64 bytes are enough to
             * tell it) */
            int ok = fread(h, 1, sizeof h, f) >= C_POSITIONS0 &&
                     memcmp(h + C_MAGIC, CK_MAGIC, 8) == 0 &&
                     fstat(fileno(f), &c->st) == 0;
            fclose(f);
            if (ok) {
                c->own = a;
                c->opp = n - a;
                c->phase = (int) le(h + C_PHASE, 4);
                c->level = (unsigned) le(h + C_LEVEL, 4);
                c->version = (unsigned) le(h + C_VERSION, 4);
                /* the forward pass, then creeping levels, in placements
                 * (the arrays hold slots): as tb-gen.c */
                uint64_t all = le(h + C_ENTRIES0, 8) + le(h + C_ENTRIES1, 8);
                uint64_t full = le(h + C_POSITIONS0, 8) + le(h + C_POSITIONS1, 8);
                c->units = c->phase ? full + full * c->level / (c->level + 16)
                           : all    ? (uint64_t) ((double) le(h + C_AT, 8) /
                                               (double) all * (double) full)
                                    : 0;
                return 1;
            }
        }
    return 0;
}

/* "resuming 3v4+4v3 from a checkpoint at level 12, 61.0% done" */
static void say_checkpoint(const progress_state *ps, int resumed, double frac)
{
    const checkpoint *c = &ps->seen;
    char pair[32], where[32];
    if (c->own == c->opp)
        snprintf(pair, sizeof pair, "%dv%d", c->own, c->opp);
    else
        snprintf(pair, sizeof pair, "%dv%d+%dv%d", c->own, c->opp, c->opp,
                 c->own);
    if (c->phase == 0)
        snprintf(where, sizeof where, "in the forward pass");
    else
        snprintf(where, sizeof where, "at level %u", c->level);
    char line[128];
    snprintf(line, sizeof line, "%s %s %s%s, %.1f%% done",
             resumed ? "resuming" : "wrote a checkpoint of", pair,
             resumed ? "from a checkpoint " : "", where, 100 * frac);
    /* on a terminal over the bar, as wide */
    fprintf(stderr, ps->tty ? "\r%-72s\n" : "%s\n", line);
}

/* At the first report: says so when the generator resumed from the
 * checkpoint found at the start (the report is past the checkpoint's
 * point; not when it had smaller tables to make first, or refused it). */
static void note_resume(const progress_state *ps, uint64_t done, double frac)
{
    /* in the forward pass, a run started afresh reports its first chunk,
     * a resumed one that and the chunks before; in the levels, a resumed
     * one reports the level's start, which the checkpoint's units are */
    if (ps->dir && ps->have && ps->seen.version == CK_VERSION &&
        (ps->seen.phase ? done >= ps->seen.units : done > ps->seen.units))
        say_checkpoint(ps, 1, frac);
}

/* Says so when the generator wrote a new checkpoint (a file of another
 * inode or time); looks once a second. */
static void watch_checkpoints(progress_state *ps, double t, double frac)
{
    if (!ps->dir)
        return;
    if (t - ps->last_look < 1.0 && frac < 1.0)
        return;
    ps->last_look = t;
    checkpoint c;
    if (!find_checkpoint(&c, ps))
        return;
    if (ps->have && c.st.st_ino == ps->seen.st.st_ino &&
        c.st.st_mtim.tv_sec == ps->seen.st.st_mtim.tv_sec &&
        c.st.st_mtim.tv_nsec == ps->seen.st.st_mtim.tv_nsec)
        return;
    ps->seen = c;
    ps->have = 1;
    say_checkpoint(ps, 0, frac);
}

/* A bar with the share done and an estimate of the time left from the
 * rate so far; on a terminal redrawn in place, elsewhere a line now and
 * then. */
static int show_progress(void *user, uint64_t done, uint64_t total)
{
    progress_state *ps = user;
    double t = now_s();
    double frac = total ? (double) done / (double) total : 1.0;
    if (++ps->calls == 1) {
        ps->first_done = done;
        note_resume(ps, done, frac);
    } else
        watch_checkpoints(ps, t, frac);
    ps->frac = frac;
    if (t - ps->last < (ps->tty ? 0.2 : 5.0) && done < total)
        return interrupted;
    ps->last = t;
    char bar[31];
    int fill = (int) (frac * 30);
    for (int i = 0; i < 30; i++)
        bar[i] = i < fill ? '#' : '-';
    bar[30] = 0;
    /* the rate of this run: a resumed one starts part way */
    double spent = t - ps->start;
    double now_done = (double) (done - ps->first_done);
    double left = now_done > 0.001 * (double) total
                      ? spent * (double) (total - done) / now_done
                      : 0;
    fprintf(stderr, "%s[%s] %5.1f%%  %.0fs spent, about %.0fs left%s",
            ps->tty ? "\r" : "", bar, 100 * frac, spent, left,
            ps->tty ? "  " : "\n");
    fflush(stderr);
    return interrupted;
}

/* Options with the threads asked for and the progress bar. */
static void start_work(fan_tb_generate_options *o, progress_state *ps,
                       const cli_value *threads)
{
    fan_tb_generate_options_init(o);
    memset(ps, 0, sizeof *ps);
    ps->start = now_s();
    ps->tty = isatty(2);
    o->threads = threads->given ? (uint32_t) threads->number : 1;
    o->progress = show_progress;
    o->user = ps;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
}

static void end_work(const progress_state *ps)
{
    if (ps->tty)
        fputc('\n', stderr);
}

static int open_tables(fan_tb **out, const char *dir)
{
    int rc = fan_tb_open(out, dir);
    return rc == FAN_OK ? 0 : cli_library_error(dir, rc);
}

#define OPTION_THREADS                                                         \
    {                                                                          \
        .name = "--threads", .kind = CLI_NUMBER, .value = "T", .lo = 0,        \
        .hi = FAN_TB_MAX_THREADS,                                              \
        .help = "threads to share the work (0: one per core; default 1)"       \
    }

/* ------------------------------------------------------------------ */

enum { GEN_RULES, GEN_PIECES, GEN_THREADS };

static const cli_option generate_options[] = {
    [GEN_RULES] = CLI_OPTION_RULES,
    [GEN_PIECES] = {.name = "--pieces",
                    .kind = CLI_NUMBER,
                    .value = "N",
                    .lo = 2,
                    .hi = FAN_TB_MAX_PIECES,
                    .help = "every table with 2..N pieces (needed)"},
    [GEN_THREADS] = OPTION_THREADS,
    {0},
};

static int run_generate(const cli_command *cmd, const cli_value *v,
                        int noperands, char **operands)
{
    (void) noperands;
    if (!v[GEN_PIECES].given)
        return cli_usage_error(cmd, "tb generate needs --pieces N");
    int rules = cli_rules(&v[GEN_RULES]);
    if (rules < 0)
        rules = FAN_RULES_STOP;
    fan_tb_generate_options o;
    progress_state ps;
    start_work(&o, &ps, &v[GEN_THREADS]);
    ps.dir = operands[0];
    ps.rules = rules;
    ps.pieces = (int) v[GEN_PIECES].number;
    ps.have = find_checkpoint(&ps.seen, &ps);
    int rc =
        fan_tb_generate(operands[0], rules, (int) v[GEN_PIECES].number, &o);
    if (rc != FAN_OK) /* a stop writes one */
        watch_checkpoints(&ps, now_s() + 2.0, ps.frac);
    end_work(&ps);
    if (rc == FAN_EFORMAT && ps.have && ps.seen.version != CK_VERSION) {
        fprintf(stderr,
                "%s: tb generate: %s is a checkpoint of format version %u, "
                "which this build does not read (it writes version %d): "
                "finish its pair with the build that wrote it, or remove it "
                "to start the pair afresh\n",
                cli_program_name, ps.seen.name, ps.seen.version,
                CK_VERSION);
        return cli_exit_status(rc);
    }
    if (rc != FAN_OK)
        return cli_library_error("tb generate", rc);
    printf("generated up to %d pieces (%s) in %.1f s\n",
           (int) v[GEN_PIECES].number,
           rules == FAN_RULES_MUST ? "must" : "stop", now_s() - ps.start);
    return 0;
}

static const cli_command tb_generate = {
    .name = "tb generate",
    .options = generate_options,
    .operands = "DIR",
    .min_operands = 1,
    .max_operands = 1,
    .help = "writes into DIR (which must exist) every endgame table of the "
            "ruleset with up to --pieces N pieces; tables already there are "
            "kept and the pair in progress goes on from its checkpoint "
            "(written every 10 minutes and on Ctrl-C), so a stopped or "
            "killed run goes on where it stopped. A progress bar "
            "with the time left goes to standard error.",
    .run = run_generate,
};

/* ------------------------------------------------------------------ */

enum { PROBE_RULES };

static const cli_option probe_options[] = {
    [PROBE_RULES] = CLI_OPTION_RULES,
    {0},
};

static int run_probe(const cli_command *cmd, const cli_value *v, int noperands,
                     char **operands)
{
    (void) noperands;
    fan_tb *tb = NULL;
    fan_position *p = NULL;
    int status = open_tables(&tb, operands[0]);
    if (status)
        return status;
    status = start_position(&p, cmd, operands[1], cli_rules(&v[PROBE_RULES]),
                            "position string");
    if (status) {
        fan_tb_close(tb);
        return status;
    }
    int value, distance;
    fan_turn best[1];
    size_t n = 0;
    int rc = fan_tb_probe(&value, &distance, tb, p);
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
    return rc == FAN_OK ? 0 : cli_library_error("tb probe", rc);
}

static const cli_command tb_probe = {
    .name = "tb probe",
    .options = probe_options,
    .operands = "DIR POSITION",
    .min_operands = 2,
    .max_operands = 2,
    .help = "prints the table value of POSITION for the side to move, 'win "
            "N', 'loss N' (N complete turns to the end under perfect play) "
            "or 'draw', then the best turn.",
    .run = run_probe,
};

/* ------------------------------------------------------------------ */

static const cli_option no_options[] = {{0}};

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

static int run_info(const cli_command *cmd, const cli_value *v, int noperands,
                    char **operands)
{
    (void) cmd;
    (void) v;
    (void) noperands;
    fan_tb *tb = NULL;
    int status = open_tables(&tb, operands[0]);
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

static const cli_command tb_info = {
    .name = "tb info",
    .options = no_options,
    .operands = "DIR",
    .min_operands = 1,
    .max_operands = 1,
    .help = "lists the tables of DIR, one a line: ruleset, material (side "
            "to move v other side), the counts of positions, wins, draws and "
            "losses, the longest win and loss, and a position of the "
            "longest win.",
    .run = run_info,
};

/* ------------------------------------------------------------------ */

enum { VERIFY_THREADS };

static const cli_option verify_options[] = {
    [VERIFY_THREADS] = OPTION_THREADS,
    {0},
};

static int run_verify(const cli_command *cmd, const cli_value *v, int noperands,
                      char **operands)
{
    (void) cmd;
    (void) noperands;
    fan_tb *tb = NULL;
    int status = open_tables(&tb, operands[0]);
    if (status)
        return status;
    fan_tb_generate_options o;
    progress_state ps;
    start_work(&o, &ps, &v[VERIFY_THREADS]);
    uint64_t bad = 0;
    int rc = fan_tb_verify(&bad, tb, &o);
    end_work(&ps);
    int tables = fan_tb_count(tb);
    fan_tb_close(tb);
    if (rc != FAN_OK)
        return cli_library_error("tb verify", rc);
    printf("verified %d tables: %" PRIu64 " bad entries\n", tables, bad);
    return bad ? EXIT_LIBRARY : 0;
}

static const cli_command tb_verify = {
    .name = "tb verify",
    .options = verify_options,
    .operands = "DIR",
    .min_operands = 1,
    .max_operands = 1,
    .help = "re-checks every entry of every table in DIR against its "
            "successors and prints the number that disagree (exit status 1 "
            "if any does).",
    .run = run_verify,
};

static const cli_command *const tb_commands[] = {
    &tb_generate, &tb_probe, &tb_info, &tb_verify, NULL,
};

const cli_command cli_command_tb = {
    .name = "tb",
    .help = "endgame tables: perfect play with few pieces "
            "(doc/tablebases.md).",
    .subcommands = tb_commands,
};

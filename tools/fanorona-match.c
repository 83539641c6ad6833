/* SPDX-License-Identifier: MIT */
/* fanorona-match: plays games between two players from varied openings,
 * colours alternated, adjudicated by the library's rules, and prints
 * wins/draws/losses with an Elo estimate and its 95% error margin.
 *
 * A player is a spec "KIND[:key=value,...]":
 *   engine   the library's engine (lib/search.h switches may be overridden:
 *            tt, pvs, order, asp, lmr, qs, qlimit, standpat, futility,
 *            single, mob, strong, threat, run, iso, centre, tuned (1, the
 *            default: the fitted weights of lib/eval-weights.c; 2: each
 *            ruleset's own fit, lib/eval-weights-must.c under
 *            must-continue; 0: the hand weights mob, strong, ...), spe
 *            (the stand-pat score:
 *            0 the eval, 1 the default, without capture features, 2 the
 *            hand weights), evalscale (the weights other than material
 *            in percent, 100 by default); the
 *            pruning switches rfp, null, lmp (2 by default: stop-at-will
 *            only; 1: both rulesets), hist2, lmr2, lmrnonpv, lmrcap,
 *            lmrthreat, threatq, qtt, partial, cmove, ckill, se, iir (on)
 *            and their parameters, doc/search.md lists them)
 *   plain    fixed-depth alpha-beta with material evaluation only
 *            (iterative deepening so that it can keep a time limit)
 *   greedy   a turn capturing the most pieces (ties at random)
 *   random   a legal turn at random
 *   level    the engine at a level: level:n=3
 *   uci      a protocol program: uci:PATH (fanorona-engine or another
 *            engine speaking the same protocol); the limits are sent with
 *            "go", the ruleset as MandatoryContinuation
 * Limits for engine, plain, level and uci: depth=D, nodes=N, movetime=MS;
 * their search: hash=MIB, threads=N (Lazy SMP; 1 by default).
 * With --tc BASE+INC each side has a clock instead (seconds, e.g. 10+0.1):
 * a protocol program gets "go wtime btime winc binc", the library's
 * engine the same as fan_search_limits' clock, and a side whose clock
 * runs out loses the game on time.
 *
 * The summary gives each side's time a turn (least, median, greatest;
 * as a fraction of movetime too) over the turns it chose, leaving out
 * forced ones (a single legal turn) and decided ones (answered with a won
 * or lost score: a proven result ends the search early), and, with --tc,
 * its losses on time and the least its clock had left after a turn.
 *
 * Games come in pairs, one opening from both colours; the report counts
 * the pairs (pentanomial: 0, 0.5, 1, 1.5 or 2 points for A) and gives the
 * Elo difference with its 95% interval from them. --sprt ELO0,ELO1 runs a
 * sequential probability ratio test (alpha = beta = 0.05 unless given as
 * ELO0,ELO1,ALPHA,BETA): the match stops as soon as it accepts H1 (A is
 * at least ELO1 stronger) or H0 (at most ELO0), or at --games.
 *
 * --endgame MIN-MAX starts each pair from random turns played until MIN to
 * MAX pieces are left; an engine player with tables=DIR probes the endgame
 * tables of DIR (fanorona tb generate); a uci player with tables=DIR is
 * sent `setoption name TablePath value DIR`.
 *
 * --balanced CP keeps only the openings that a depth-8 search of the
 * library's default engine scores within CP of a draw (the others are
 * drawn again from the seed): random turns often give away pieces, and a
 * pair whose opening decides the game (each side wins with the same
 * colour) says nothing about the players.
 *
 * --game chess plays Fanorona Chess (tools/match-chess.c): players engine
 * (the chess search, its lib/chess-search.h switches as keys: tt, pvs,
 * order, qsearch, check, null, lmr, asp, pst, king, mob and the values
 * value.q, value.r, value.b, value.n, value.p), plain (material-only
 * alpha-beta), greedy (the capture of the most valuable piece, else a
 * random move), random; each engine may add level=N and threads=N.
 * Openings are --plies random moves; a game still going after
 * --max-plies plies (default 400) is a draw. --records FILE writes every
 * game's record (of either game: a Fanorona record after a line "# game
 * G: A white|black, A scored S, pieces W-B"), --positions FILE the quiet
 * positions' material with the result, for tools/chess-fit-values.py.
 *
 * Example: fanorona-match --games 200 --a engine --b plain --movetime 20
 *          fanorona-match --a engine --b uci:OLD --tc 10+0.1 --sprt 0,10
 *          fanorona-match --game chess --a engine --b engine:null=0
 *                         --movetime 20 --sprt -10,10 */
#include <fanorona.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match-chess.h"
#include "match-players.h"
#include "match-stats.h"
#include "match.h"
#include "options.h"

const char cli_program_name[] = "fanorona-match";


/* --balanced CP: whether a fixed-depth search of the library's default
 * engine scores p within CP of a draw. One thread and a fresh handle, so
 * the answer depends on the position alone and the opening set is the
 * same on every machine for a given seed. */
#define BALANCED_DEPTH 8

static int balanced(const fan_position *p, int cp)
{
    fan_search *s = NULL;
    if (fan_search_new(&s, NULL) != FAN_OK)
        return 0;
    fan_search_limits lim = FAN_SEARCH_LIMITS_INIT;
    lim.max_depth = BALANCED_DEPTH;
    fan_search_result r = FAN_SEARCH_RESULT_INIT;
    int rc = fan_search_run(&r, s, p, &lim, NULL, NULL);
    fan_search_free(s);
    return rc == FAN_OK && r.score >= -cp && r.score <= cp;
}

static fan_position *opening(const match *m, int k)
{
    for (int attempt = 0;; attempt++) {
        fan_position *p = NULL;
        if (fan_position_new(&p, m->rules) != FAN_OK)
            return NULL;
        uint64_t rng = match_opening_rng(m, k, attempt);
        int ok = 1;
        /* --endgame: random turns until the pieces left are in range */
        for (int i = 0; m->end_max && ok; i++) {
            uint64_t w, b;
            fan_position_pieces(&w, p, FAN_WHITE);
            fan_position_pieces(&b, p, FAN_BLACK);
            int left = __builtin_popcountll(w) + __builtin_popcountll(b);
            if (left <= m->end_max) {
                ok = left >= m->end_min;
                break;
            }
            fan_turn turns[1024];
            size_t n = 0;
            if (fan_position_turns(turns, 1024, &n, p) != FAN_OK || n == 0) {
                ok = 0;
                break;
            }
            fan_position_play_turn(p, turns[rng_next(&rng) % n]);
            ok = fan_position_result(p) == FAN_ONGOING;
        }
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
        if (ok && m->balanced_cp >= 0)
            ok = balanced(p, m->balanced_cp);
        if (ok)
            return p;
        fan_position_free(p);
    }
}

/* --records: game g's record (fan_record_write) after a line "# game G:
 * A white|black, A scored S, pieces W-B" with the men left of each
 * colour, and a blank line. A forfeit or loss on time is in S only (the
 * record's result is the board's). */
static void write_record(match *m, int g, const fan_position *p, int a_white,
                         int score)
{
    size_t need = 0;
    fan_record_write(NULL, 0, &need, p);
    char *text = malloc(need);
    int rc = text ? fan_record_write(text, need, NULL, p) : FAN_ENOMEM;
    if (rc != FAN_OK) {
        fprintf(stderr, "game %d: no record: %s\n", g + 1, fan_strerror(rc));
        free(text);
        return;
    }
    uint64_t w = 0, b = 0;
    fan_position_pieces(&w, p, FAN_WHITE);
    fan_position_pieces(&b, p, FAN_BLACK);
    pthread_mutex_lock(&m->lock);
    fprintf(m->records, "# game %d: A %s, A scored %d, pieces %d-%d\n%s\n\n",
            g + 1, a_white ? "white" : "black", score,
            __builtin_popcountll(w), __builtin_popcountll(b), text);
    pthread_mutex_unlock(&m->lock);
    free(text);
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
        fan_turn legal[2];
        size_t nlegal = 0;
        fan_position_turns(legal, 2, &nlegal, p); /* FAN_EBUFS past 2 */
        double t0 = now_ms();
        int rc = choose(&t, pl, p, &nodes, clocks, m->tc_inc_ms);
        double t1 = now_ms();
        int kind = match_turn_kind(pl, nlegal);
        if (clocks && match_clock(m, clock_ms, white, t1 - t0, g, pl,
                                  fan_position_turns_played(p) + 1, kind)) {
            flagged = pl == pa ? 1 : -1;
            break;
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
        match_count_turn(m, side, nodes, t1 - t0, kind);
    }
    int res = fan_position_result(p), reason = fan_position_result_reason(p);
    int turns = fan_position_turns_played(p);
    int score = res == FAN_DRAW ? 0
                : (res == FAN_WHITE_WINS) == a_white ? 1
                                                     : -1;
    if (forfeit || flagged) {
        score = forfeit ? -forfeit : -flagged;
        reason = forfeit ? MATCH_REASON_OTHER : MATCH_REASON_TIME;
        res = (score > 0) == a_white ? FAN_WHITE_WINS : FAN_BLACK_WINS;
    }
    match_count_game(m, g, score, reason, turns, fan_result_name(res),
                     fan_reason_name(reason));
    if (m->records)
        write_record(m, g, p, a_white, score);
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
    if (m->chess) {
        chess_search_set_config(pa.search, &m->a.chess_cfg);
        chess_search_set_config(pb.search, &m->b.chess_cfg);
    } else {
        search_set_config(pa.search, &m->a.cfg);
        search_set_config(pb.search, &m->b.cfg);
    }
    player *both[2] = {&pa, &pb};
    fan_tb *tables[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        const char *dir = both[i]->spec->tables;
        if (!*dir)
            continue;
        int r = fan_tb_open(&tables[i], dir);
        if (r != FAN_OK) {
            fprintf(stderr, "%s: no tables in %s: %s\n", both[i]->spec->text,
                    dir, fan_strerror(r));
            exit(2);
        }
        fan_search_set_tables(both[i]->search, tables[i]);
    }
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
        if (m->chess)
            chess_play_game(m, g, &pa, &pb);
        else
            play_game(m, g, &pa, &pb);
    }
    stop_program(&pa);
    stop_program(&pb);
    fan_search_free(pa.search);
    fan_search_free(pb.search);
    fan_tb_close(tables[0]);
    fan_tb_close(tables[1]);
    return NULL;
}


enum {
    OPT_GAMES, OPT_A, OPT_B, OPT_MOVETIME, OPT_NODES, OPT_DEPTH, OPT_RULES,
    OPT_PLIES, OPT_SEED, OPT_JOBS, OPT_VERBOSE, OPT_TC, OPT_SPRT, OPT_ENDGAME,
    OPT_GAME, OPT_MAX_PLIES, OPT_RECORDS, OPT_POSITIONS, OPT_BALANCED, OPT_END
};

static const char *const game_choices[] = {"fanorona", "chess", NULL};

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
    [OPT_ENDGAME] = {.name = "--endgame", .kind = CLI_TEXT, .value = "MIN-MAX",
                     .help = "openings with MIN to MAX pieces left, reached "
                             "by random turns from the start"},
    [OPT_BALANCED] = {.name = "--balanced", .kind = CLI_NUMBER, .value = "CP",
                      .lo = 0, .hi = 10000,
                      .help = "only openings that a depth-8 search scores "
                              "within CP of a draw"},
    [OPT_GAME] = {.name = "--game", .kind = CLI_CHOICE,
                  .choices = game_choices,
                  .help = "fanorona (the default) or chess (Fanorona Chess)"},
    [OPT_MAX_PLIES] = {.name = "--max-plies", .kind = CLI_NUMBER,
                       .value = "N", .lo = 1, .hi = 100000,
                       .help = "chess: a game still going after N plies "
                               "(the opening included) is a draw (default "
                               "400)"},
    [OPT_RECORDS] = {.name = "--records", .kind = CLI_TEXT, .value = "FILE",
                     .help = "writes every game's record to FILE"},
    [OPT_POSITIONS] = {.name = "--positions", .kind = CLI_TEXT,
                       .value = "FILE",
                       .help = "chess: writes the material of the quiet "
                               "positions with the result to FILE "
                               "(tools/chess-fit-values.py)"},
    [OPT_END] = {0},
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
    m.chess = v[OPT_GAME].given && v[OPT_GAME].number == 1;
    m.max_plies = v[OPT_MAX_PLIES].given ? (int)v[OPT_MAX_PLIES].number : 400;
    if (!m.chess && (v[OPT_MAX_PLIES].given || v[OPT_POSITIONS].given))
        return cli_usage_error(cmd, "--max-plies and --positions are for "
                                    "--game chess");
    if (m.chess && (v[OPT_ENDGAME].given || v[OPT_RULES].given))
        return cli_usage_error(cmd, "--endgame and --rules are for Fanorona");
    if (parse_spec(&m.a, a, &defaults, m.chess) ||
        parse_spec(&m.b, b, &defaults, m.chess))
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
    m.balanced_cp = v[OPT_BALANCED].given ? (int)v[OPT_BALANCED].number : -1;
    if (m.balanced_cp >= 0 && m.chess)
        return cli_usage_error(cmd, "--balanced is for Fanorona");
    if (v[OPT_ENDGAME].given) {
        char end;
        if (sscanf(v[OPT_ENDGAME].text, "%d-%d%c", &m.end_min, &m.end_max,
                   &end) != 2 ||
            m.end_min < 2 || m.end_max < m.end_min || m.end_max > 44)
            return cli_usage_error(cmd, "--endgame takes MIN-MAX pieces, "
                                        "2 <= MIN <= MAX <= 44");
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
    if (v[OPT_RECORDS].given && !(m.records = fopen(v[OPT_RECORDS].text, "w")))
        return cli_usage_error(cmd, "cannot write %s", v[OPT_RECORDS].text);
    if (v[OPT_POSITIONS].given &&
        !(m.positions = fopen(v[OPT_POSITIONS].text, "w")))
        return cli_usage_error(cmd, "cannot write %s", v[OPT_POSITIONS].text);
    m.score = malloc((size_t)m.games);
    if (!m.score)
        return cli_library_error("match", FAN_ENOMEM);
    memset(m.score, 2, (size_t)m.games);
    m.least_left[0] = m.least_left[1] = m.tc_base_ms;
    signal(SIGPIPE, SIG_IGN); /* a program that dies is reported, not fatal */
    pthread_mutex_init(&m.lock, NULL);
    pthread_t *t = calloc((size_t)m.jobs, sizeof *t);
    for (int i = 0; i < m.jobs; i++)
        pthread_create(&t[i], NULL, job, &m);
    for (int i = 0; i < m.jobs; i++)
        pthread_join(t[i], NULL);
    free(t);
    match_report(&m);
    free(m.score);
    free(m.turn_ms[0]);
    free(m.turn_ms[1]);
    if (m.records && fclose(m.records))
        return cli_library_error("--records", FAN_EIO);
    if (m.positions && fclose(m.positions))
        return cli_library_error("--positions", FAN_EIO);
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

/* SPDX-License-Identifier: MIT */
/* The tallies of a match, shared by its two games: openings' seeds, turns,
 * clocks, games and pairs with the SPRT, and the final report
 * (tools/match.h). */
#include <fanorona.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "match-chess.h"
#include "match-stats.h"
#include "match.h"

uint64_t match_opening_rng(const match *m, int k, int attempt)
{
    return m->seed * 1000003u + (uint64_t)k * 7919u + (uint64_t)attempt;
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

int match_turn_kind(const player *pl, size_t nlegal)
{
    return nlegal == 1   ? MATCH_TURN_FORCED
           : pl->decided ? MATCH_TURN_DECIDED
                         : MATCH_TURN_CHOSEN;
}

/* Counts one turn of side that took ms; forced and decided turns
 * (MATCH_TURN_*) are left out of the spread. Under m->lock. */
static void record_turn(match *m, int side, double ms, int kind)
{
    m->moves[side]++;
    m->ms[side] += ms;
    if (kind == MATCH_TURN_FORCED || kind == MATCH_TURN_DECIDED) {
        (kind == MATCH_TURN_FORCED ? m->forced : m->decided)[side]++;
        return;
    }
    if (m->nturn[side] >= m->turn_cap[side]) {
        unsigned long cap = m->turn_cap[side] ? 2 * m->turn_cap[side] : 1024;
        double *v = realloc(m->turn_ms[side], cap * sizeof *v);
        if (!v) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        m->turn_ms[side] = v;
        m->turn_cap[side] = cap;
    }
    m->turn_ms[side][m->nturn[side]++] = ms;
}

void match_count_turn(match *m, int side, uint64_t nodes, double ms,
                      int kind)
{
    pthread_mutex_lock(&m->lock);
    m->nodes[side] += nodes;
    record_turn(m, side, ms, kind);
    pthread_mutex_unlock(&m->lock);
}

void match_count_game(match *m, int g, int score, int reason, int turns,
                      const char *result, const char *rule)
{
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
        printf("game %3d  A %s  %-10s (%s) after %d %s   running %d-%d-%d\n",
               g + 1, g % 2 ? "black" : "white", result,
               reason == MATCH_REASON_TIME    ? "on time"
               : reason != MATCH_REASON_OTHER ? rule
               : m->chess                     ? "length cap"
                                              : "forfeit",
               turns, m->chess ? "plies" : "turns", m->wins, m->draws,
               m->losses);
    fflush(stdout);
    pthread_mutex_unlock(&m->lock);
}

int match_clock(match *m, double clock_ms[2], int white, double used_ms,
                int g, const player *pl, int turn, int kind)
{
    int side = pl->spec == &m->a ? 0 : 1;
    double *c = &clock_ms[white ? 0 : 1];
    *c -= used_ms;
    pthread_mutex_lock(&m->lock);
    if (*c < m->least_left[side])
        m->least_left[side] = *c;
    if (*c < 0) {
        fprintf(stderr, "game %d: %s lost on time (turn %d: %.0f ms on its "
                "clock, took %.0f)\n", g, pl->spec->text, turn,
                *c + used_ms, used_ms);
        m->time_losses[side]++;
        record_turn(m, side, used_ms, kind);
        pthread_mutex_unlock(&m->lock);
        return 1;
    }
    pthread_mutex_unlock(&m->lock);
    *c += m->tc_inc_ms;
    return 0;
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

void match_report(const match *m)
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
    if (m->chess)
        chess_report_ends(m);
    else
        printf("ends: %d no pieces, %d no moves, %d repetition, %d turn limit, "
           "%d forfeits, %d on time; %.1f turns a game\n",
           m->reasons[FAN_REASON_NO_PIECES], m->reasons[FAN_REASON_NO_MOVES],
           m->reasons[FAN_REASON_REPETITION], m->reasons[FAN_REASON_TURN_LIMIT],
           m->reasons[MATCH_REASON_OTHER], m->reasons[MATCH_REASON_TIME],
           (double)m->turns_total / n);
    for (int s = 0; s < 2; s++)
        if (m->moves[s])
            printf("%s: %.1f ms a turn, %.0f nodes a turn, %.0f knps\n",
                   s ? "B" : "A", m->ms[s] / m->moves[s],
                   (double)m->nodes[s] / m->moves[s],
                   m->ms[s] > 0 ? m->nodes[s] / m->ms[s] : 0.0);
    const player_spec *ps[2] = {&m->a, &m->b};
    for (int s = 0; s < 2; s++) {
        if (!m->moves[s])
            continue;
        long n = (long)m->nturn[s];
        stats_spread t = stats_spread_of(m->turn_ms[s], m->nturn[s]);
        printf("%s: time a turn min %.1f / median %.1f / max %.1f ms",
               s ? "B" : "A", t.min, t.median, t.max);
        double limit = (double)ps[s]->limits.time_ms;
        if (m->tc_base_ms <= 0 && limit > 0) {
            long under = 0; /* the times are sorted now */
            while (under < n && m->turn_ms[s][under] < 0.9 * limit)
                under++;
            printf(" (%.3f / %.3f / %.3f of movetime; %ld of %ld turns "
                   "under 90%%)",
                   t.min / limit, t.median / limit, t.max / limit, under, n);
        }
        printf("; %ld forced and %ld decided turns left out\n", m->forced[s],
               m->decided[s]);
        if (m->tc_base_ms > 0)
            printf("%s: %d lost on time, least clock left after a turn "
                   "%.0f ms\n",
                   s ? "B" : "A", m->time_losses[s], m->least_left[s]);
    }
}

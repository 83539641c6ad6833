/* SPDX-License-Identifier: MIT */
/* The statistics of engine matches: Elo from a score, its 95% interval,
 * and the sequential probability ratio test (SPRT) that decides whether a
 * change gains at least elo1 or at most elo0, with error rates alpha and
 * beta. Games come in pairs (one opening from both colours), so the
 * pentanomial form (the five pair results 0, 0.5, 1, 1.5, 2) gives the
 * variance, as engine testing frameworks do; the trinomial form (win, draw,
 * loss per game) is there for unpaired games. Pure functions, no state. */
#ifndef FAN_MATCH_STATS_H
#define FAN_MATCH_STATS_H

/* Elo difference of a mean score p (0 < p < 1) under the logistic model. */
double stats_elo(double p);
/* The expected score of an Elo difference. */
double stats_score(double elo);

typedef struct stats_estimate {
    double games;     /* games counted */
    double score;     /* mean score per game, 0..1 */
    double elo;       /* stats_elo(score); +-INFINITY at 0 and 1 */
    double elo_lo;    /* 95% interval of the Elo difference */
    double elo_hi;
} stats_estimate;

/* From per-game results (trinomial). */
stats_estimate stats_trinomial(long wins, long draws, long losses);
/* From game pairs: pairs[k] = the number of pairs scoring k/2 of 2
 * (k = 0..4), both games seen from the same player. */
stats_estimate stats_pentanomial(const long pairs[5]);

/* The log-likelihood ratio of H1 (elo1) against H0 (elo0), by the
 * generalised SPRT approximation LLR = n (s1 - s0)(2m - s0 - s1) / (2 v),
 * with m and v the mean and variance of the outcome per trial (a game, or
 * a pair counted as its mean score). 0 when nothing is known yet. */
double stats_llr_trinomial(long wins, long draws, long losses, double elo0,
                           double elo1);
double stats_llr_pentanomial(const long pairs[5], double elo0, double elo1);

/* The SPRT bounds: accept H0 at LLR <= lower, H1 at LLR >= upper. */
void stats_sprt_bounds(double alpha, double beta, double *lower,
                       double *upper);

#define STATS_SPRT_GOING_ON 0
#define STATS_SPRT_H0 -1 /* the change gains at most elo0: rejected */
#define STATS_SPRT_H1 1  /* the change gains at least elo1: accepted */
int stats_sprt_verdict(double llr, double alpha, double beta);

/* The spread of n measurements (times per turn): sorts v in place and
 * writes the least, the median (the mean of the two middle values when n
 * is even) and the greatest. All three are 0 when n is 0. */
typedef struct stats_spread {
    double min, median, max;
} stats_spread;
stats_spread stats_spread_of(double *v, unsigned long n);

#endif

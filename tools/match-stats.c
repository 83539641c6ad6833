/* SPDX-License-Identifier: MIT */
#include "match-stats.h"

#include <math.h>
#include <stdlib.h>

double stats_elo(double p)
{
    if (p <= 0.0)
        return -INFINITY;
    if (p >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

double stats_score(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* Mean and variance of outcomes x[k] seen n[k] times. */
static double moments(const double *x, const double *n, int k, double *mean,
                      double *var)
{
    double total = 0, sum = 0, sq = 0;
    for (int i = 0; i < k; i++) {
        total += n[i];
        sum += n[i] * x[i];
    }
    if (total <= 0) {
        *mean = 0.5;
        *var = 0;
        return 0;
    }
    *mean = sum / total;
    for (int i = 0; i < k; i++)
        sq += n[i] * (x[i] - *mean) * (x[i] - *mean);
    *var = sq / total;
    return total;
}

static double moments_with_prior(const double *x, double *n, int k,
                                 double *mean, double *var);

static stats_estimate estimate(double trials, double games, double mean,
                               double var)
{
    stats_estimate e = {games, mean, stats_elo(mean), -INFINITY, INFINITY};
    if (trials <= 0) {
        e.elo = 0;
        return e;
    }
    double se = sqrt(var / trials);
    e.elo_lo = stats_elo(mean - 1.96 * se);
    e.elo_hi = stats_elo(mean + 1.96 * se);
    return e;
}

/* The interval of a mean whose variance is 0 (every trial alike) comes
 * from the variance with the prior of the SPRT below, so that it is not
 * collapsed to a point. */
static stats_estimate estimate_of(const double *x, const double *counts,
                                  int k, double games_per_trial)
{
    double n[5], m, v;
    for (int i = 0; i < k; i++)
        n[i] = counts[i];
    double t = moments(x, n, k, &m, &v);
    stats_estimate e = estimate(t, games_per_trial * t, m, v);
    if (t > 0 && v <= 0 && m > 0 && m < 1) {
        double pm, pv, pt = moments_with_prior(x, n, k, &pm, &pv);
        double se = sqrt(pv / pt);
        e.elo_lo = stats_elo(m - 1.96 * se);
        e.elo_hi = stats_elo(m + 1.96 * se);
    }
    return e;
}

stats_estimate stats_trinomial(long wins, long draws, long losses)
{
    const double x[3] = {1.0, 0.5, 0.0};
    const double n[3] = {(double)wins, (double)draws, (double)losses};
    return estimate_of(x, n, 3, 1);
}

stats_estimate stats_pentanomial(const long pairs[5])
{
    const double x[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
    double n[5];
    for (int i = 0; i < 5; i++)
        n[i] = (double)pairs[i];
    return estimate_of(x, n, 5, 2);
}

static double llr(double trials, double mean, double var, double elo0,
                  double elo1)
{
    if (trials <= 0)
        return 0;
    double s0 = stats_score(elo0), s1 = stats_score(elo1);
    return trials * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

/* A variance of 0 (every trial alike) would make the ratio infinite (or
 * undefined) after one trial. The outcomes are then counted with a mild
 * prior: half a trial on each side of a middle result, or one trial of the
 * middle result next to an extreme one. */
static double moments_with_prior(const double *x, double *n, int k,
                                 double *mean, double *var)
{
    double t = moments(x, n, k, mean, var);
    if (t > 0 && *var <= 0) {
        int only = 0;
        while (n[only] <= 0)
            only++;
        if (only > 0 && only < k - 1) {
            n[only - 1] += 0.5;
            n[only + 1] += 0.5;
        } else {
            n[k / 2] += 1;
        }
        t = moments(x, n, k, mean, var);
    }
    return t;
}

static double llr_of(const double *x, const double *counts, int k, double elo0,
                     double elo1)
{
    double n[5], m, v;
    for (int i = 0; i < k; i++)
        n[i] = counts[i];
    double t = moments_with_prior(x, n, k, &m, &v);
    return llr(t, m, v, elo0, elo1);
}

double stats_llr_trinomial(long wins, long draws, long losses, double elo0,
                           double elo1)
{
    const double x[3] = {1.0, 0.5, 0.0};
    const double n[3] = {(double)wins, (double)draws, (double)losses};
    return llr_of(x, n, 3, elo0, elo1);
}

double stats_llr_pentanomial(const long pairs[5], double elo0, double elo1)
{
    const double x[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
    double n[5];
    for (int i = 0; i < 5; i++)
        n[i] = (double)pairs[i];
    return llr_of(x, n, 5, elo0, elo1);
}

void stats_sprt_bounds(double alpha, double beta, double *lower,
                       double *upper)
{
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
}

int stats_sprt_verdict(double llr_value, double alpha, double beta)
{
    double lo, hi;
    stats_sprt_bounds(alpha, beta, &lo, &hi);
    if (llr_value >= hi)
        return STATS_SPRT_H1;
    if (llr_value <= lo)
        return STATS_SPRT_H0;
    return STATS_SPRT_GOING_ON;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

stats_spread stats_spread_of(double *v, unsigned long n)
{
    stats_spread s = {0, 0, 0};
    if (!n)
        return s;
    qsort(v, n, sizeof *v, cmp_double);
    s.min = v[0];
    s.max = v[n - 1];
    s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    return s;
}

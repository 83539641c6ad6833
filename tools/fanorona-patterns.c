/* SPDX-License-Identifier: MIT */
/* fanorona-patterns: fits the evaluation's pattern weights (issue 13) to
 * labelled positions and writes them as lib/eval-patterns.c.
 *
 *   fanorona-patterns [--iterations N] [--rate R] [--l2 L] [--rules R]
 *                     [--warm] [--out FILE] [--name NAME]
 *                     DATA...
 *
 * DATA files are fanorona-label's "POSITION-STRING;R;S;T" (or
 * fanorona-selfplay's "POSITION-STRING;R"): the label is the last field.
 * The model is the engine's evaluation as it is (the default weights of
 * the ruleset R, stop or must, without patterns) plus the tapered sum of
 * one weight per block of the board (eval_pattern_states of lib/eval.c:
 * 8 tables of 19683 states, mg and eg each), with the win probability
 * 1 / (1 + exp(-k e)). k is fitted first to the evaluation without
 * patterns (golden-section search); then only the pattern weights are
 * fitted, from 0, by gradient descent (Adam) on the mean squared error
 * plus L times the sum of the squared weights (--l2 L); --warm starts
 * from the ruleset's table the tool was built with instead of 0, with k
 * fitted again to the evaluation with that table (the errors are then
 * reported against it).
 * One block of 1000 lines in ten is held out (consecutive lines are one
 * game); the weights of the iteration with the least held-out error
 * (checked every 25) are written, rounded, with the command line that
 * produced them (with fewer than 10 000 lines nothing is held out, and the
 * last iteration's are). The table is named NAME (eval_pattern_weights, the
 * stop-at-will table; eval_pattern_weights_must is must-continue's). The
 * errors of the ruleset R's table that the tool was built with
 * (lib/eval-patterns.c or eval-patterns-must.c) on the same positions are
 * reported first, for comparison. */
#include <fanorona.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/search.h"
#include "train-line.h"

#define NPW (EVAL_PAT_TABLES * EVAL_PAT_STATES)

typedef struct sample {
    uint16_t state[EVAL_PAT_PLACES];
    float base, label;
    unsigned char phase, held_out;
} sample;

typedef struct data {
    sample *s;
    size_t n, cap;
} data;

typedef struct reader {
    data *d;
    const search_config *cfg;
} reader;

static int add_sample(void *ctx, uint64_t own, uint64_t opp, double label)
{
    reader *r = ctx;
    data *d = r->d;
    sample *s = train_grow((void **)&d->s, &d->cap, d->n, sizeof *d->s);
    if (!s)
        return -1;
    eval_pattern_states(s->state, own, opp);
    s->base = (float)evaluate_packed_generic(&r->cfg->eval_pk, own, opp);
    int n = board_popcount(own | opp);
    s->phase = (unsigned char)(n < EVAL_PHASE_MAX ? n : EVAL_PHASE_MAX);
    s->label = (float)label;
    s->held_out = (unsigned char)train_held_out(d->n++);
    return 0;
}

static int warm = 0; /* --warm */

/* The evaluation of s with pattern weights w (mg then eg, NPW each). */
static double eval_of(const double *w, const sample *s)
{
    double mg = 0, eg = 0;
    for (int i = 0; i < EVAL_PAT_PLACES; i++) {
        size_t j = (size_t)eval_pattern_table_of[i] * EVAL_PAT_STATES +
                   s->state[i];
        mg += w[j];
        eg += w[NPW + j];
    }
    return s->base +
           (mg * s->phase + eg * (EVAL_PHASE_MAX - s->phase)) / EVAL_PHASE_MAX;
}

/* Mean squared error over the training (held 0) or held-out (1) part;
 * stores its gradient in grad when not NULL (a train_error_fn). */
static double error(const void *data_, const double *w, double k, int held,
                    double *grad)
{
    const data *d = data_;
    double sum = 0;
    size_t n = 0;
    if (grad)
        memset(grad, 0, 2 * NPW * sizeof *grad);
    for (size_t i = 0; i < d->n; i++) {
        const sample *s = &d->s[i];
        if (s->held_out != held)
            continue;
        double a, b;
        train_sample_error(k, eval_of(w, s), s->label, s->phase,
                           EVAL_PHASE_MAX, &sum, &a, &b);
        n++;
        if (grad) {
            for (int j = 0; j < EVAL_PAT_PLACES; j++) {
                size_t x = (size_t)eval_pattern_table_of[j] * EVAL_PAT_STATES +
                           s->state[j];
                grad[x] += a;
                grad[NPW + x] += b;
            }
        }
    }
    if (grad && n)
        for (size_t j = 0; j < 2 * NPW; j++)
            grad[j] /= (double)n;
    return n ? sum / (double)n : 0;
}

/* Each weight within +-WMAX: the 21 blocks' sum stays within an int16_t,
 * as the packing of lib/eval.c needs. */
#define WMAX 1500

static long clamp_w(double v)
{
    long r = lround(v);
    return r > WMAX ? WMAX : r < -WMAX ? -WMAX : r;
}

/* State s of a block with the rows (rows != 0) and/or the columns
 * mirrored: digit 3 dr + dc comes from the mirrored point. */
static int mirror_state(int s, int rows, int cols)
{
    int d[9], out = 0, pow3 = 1;
    for (int k = 0; k < 9; k++, s /= 3)
        d[k] = s % 3;
    for (int k = 0; k < 9; k++, pow3 *= 3) {
        int dr = k / 3, dc = k % 3;
        out += pow3 * d[3 * (rows ? 2 - dr : dr) + (cols ? 2 - dc : dc)];
    }
    return out;
}

/* The states that the mirrors mapping table t's blocks onto themselves
 * give state s (s itself first): the middle row's tables (4 .. 7) under
 * the rows' mirror, the middle column's (3, 7) under the columns'. Their
 * weights are kept equal, so that the evaluation of a position and of its
 * mirror images are the same. Returns how many (1, 2 or 4). */
static int self_mirrors(int t, int s, int out[4])
{
    int rows = t >= 4, cols = t % 4 == 3, n = 0;
    out[n++] = s;
    if (rows)
        out[n++] = mirror_state(s, 1, 0);
    if (cols)
        out[n++] = mirror_state(s, 0, 1);
    if (rows && cols)
        out[n++] = mirror_state(s, 1, 1);
    return n;
}

static int write_weights(const char *path, const char *name, const double *w,
                         int argc, char **argv, double before, double after,
                         size_t n)
{
    char what[200];
    snprintf(what, sizeof what,
             "the pattern weights\n * fitted to %zu labelled positions "
             "(held-out mean squared error %.6f\n * %s, %.6f with "
             "them). Command:",
             n, before, warm ? "with the table before" : "without them",
             after);
    FILE *out =
        train_generated_open(path, "fanorona-patterns", what, argc, argv);
    if (!out)
        return -1;
    fprintf(out, "\n *\n * An entry is PW(mg, eg) = mg + 65536 * eg. */\n"
                 "#include \"search.h\"\n\n#define PW(mg, eg) ((mg) + 65536 * (eg))\n\n"
                 "const int32_t %s[EVAL_PAT_TABLES][EVAL_PAT_STATES] = {\n",
            name);
    for (int t = 0; t < EVAL_PAT_TABLES; t++) {
        fprintf(out, "    { /* table %d */\n", t);
        for (int s = 0; s < EVAL_PAT_STATES; s++) {
            size_t j = (size_t)t * EVAL_PAT_STATES + (size_t)s;
            fprintf(out, "%sPW(%ld, %ld),%s", s % 6 == 0 ? "        " : " ",
                    clamp_w(w[j]), clamp_w(w[NPW + j]),
                    s % 6 == 5 || s == EVAL_PAT_STATES - 1 ? "\n" : "");
        }
        fprintf(out, "    },\n");
    }
    fprintf(out, "};\n");
    return fclose(out);
}

static int usage(void)
{
    fprintf(stderr, "usage: fanorona-patterns [--iterations N] [--rate R] "
                    "[--l2 L] [--rules stop|must] [--warm] "
                    "[--out FILE] [--name NAME] DATA...\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *out = "lib/eval-patterns.c";
    const char *name = "eval_pattern_weights";
    long iterations = 600;
    double rate = 1.0, l2 = 0;
    int rules = FAN_RULES_STOP;
    data d = {0};
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "--help"))
            return usage() - 2;
        if (!strcmp(argv[i], "--warm")) {
            warm = 1;
            continue;
        }
        if (i + 1 >= argc)
            return usage();
        if (!strcmp(argv[i], "--iterations"))
            iterations = strtol(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--rate"))
            rate = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--l2"))
            l2 = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--out"))
            out = argv[++i];
        else if (!strcmp(argv[i], "--name"))
            name = argv[++i];
        else if (!strcmp(argv[i], "--rules")) {
            i++;
            if (!strcmp(argv[i], "stop"))
                rules = FAN_RULES_STOP;
            else if (!strcmp(argv[i], "must"))
                rules = FAN_RULES_MUST;
            else
                return usage();
        } else
            return usage();
    }
    if (i >= argc || iterations < 0 || !(rate > 0) || l2 < 0)
        return usage();
    search_config cfg;
    search_config_default(&cfg);
    cfg.use_patterns = 0;
    search_config_weights_for(&cfg, rules);
    for (; i < argc; i++)
        if (train_file_read(argv[i], rules, add_sample,
                            &(reader){&d, &cfg}) != 0) {
            fprintf(stderr, "fanorona-patterns: cannot read %s\n", argv[i]);
            return 1;
        }
    if (d.n < 1000) {
        fprintf(stderr, "fanorona-patterns: %zu positions, too few\n", d.n);
        return 1;
    }
    double *w = calloc(2 * NPW, sizeof *w), *best = calloc(2 * NPW, sizeof *w);
    double *g = calloc(2 * NPW, sizeof *g), *m = calloc(2 * NPW, sizeof *m);
    double *v = calloc(2 * NPW, sizeof *v);
    if (!w || !best || !g || !m || !v)
        return 1;
    /* k: golden-section search of the training error without patterns */
    double k = train_fit_k(error, &d, w, 0.0005, 0.05, 40);
    double train0 = error(&d, w, k, 0, NULL), held0 = error(&d, w, k, 1, NULL);
    fprintf(stderr, "%zu positions, k %.6f (K %.4f): error %.6f, held out %.6f\n",
            d.n, k, k * 400 / log(10.0), train0, held0);
    /* the ruleset's table the tool was built with, on the same positions */
    search_config built;
    search_config_default(&built);
    built.use_patterns = 2;
    search_config_weights_for(&built, rules);
    for (size_t j = 0; j < NPW; j++) {
        int32_t mg, eg;
        eval_pattern_split((&built.eval_pk.pat[0][0])[j], &mg, &eg);
        best[j] = mg;
        best[NPW + j] = eg;
    }
    fprintf(stderr, "the built-in pattern weights: error %.6f, held out %.6f\n",
            error(&d, best, k, 0, NULL), error(&d, best, k, 1, NULL));
    if (warm) {
        /* the built-in table is the start, and the best so far; k is
         * fitted again, to the evaluation with it (the scale the table
         * was fitted at, which labels of another engine move) */
        memcpy(w, best, 2 * NPW * sizeof *w);
        k = train_fit_k(error, &d, w, 0.0005, 0.05, 40);
        held0 = error(&d, w, k, 1, NULL);
        fprintf(stderr, "warm start: k %.6f (K %.4f): error %.6f, held out "
                        "%.6f\n", k, k * 400 / log(10.0),
                error(&d, w, k, 0, NULL), held0);
    } else
        memset(best, 0, 2 * NPW * sizeof *best);
    double best_held = held0;
    long best_it = 0;
    for (long it = 1; it <= iterations; it++) {
        double train = error(&d, w, k, 0, g);
        for (int t = 0; t < EVAL_PAT_TABLES; t++)
            for (int s = 0; s < EVAL_PAT_STATES; s++) {
                int orbit[4], n = self_mirrors(t, s, orbit), least = 1;
                for (int o = 1; o < n; o++)
                    least &= orbit[o] >= s;
                if (n == 1 || !least)
                    continue; /* each orbit once, from its least state */
                for (int h = 0; h < 2; h++) {
                    size_t a = (size_t)h * NPW + (size_t)t * EVAL_PAT_STATES;
                    double sum = 0;
                    for (int o = 0; o < n; o++)
                        sum += g[a + (size_t)orbit[o]];
                    for (int o = 0; o < n; o++)
                        g[a + (size_t)orbit[o]] = sum / n;
                }
            }
        for (size_t j = 0; j < 2 * NPW; j++)
            train_adam_step(&w[j], &m[j], &v[j], g[j] + 2 * l2 * w[j], it,
                            rate);
        if (it % 25 == 0 || it == iterations) {
            double held = error(&d, w, k, 1, NULL);
            fprintf(stderr, "iteration %ld: error %.6f, held out %.6f\n", it,
                    train, held);
            if (held < best_held) {
                best_held = held;
                best_it = it;
                memcpy(best, w, 2 * NPW * sizeof *w);
            }
        }
    }
    size_t held_n = 0;
    for (size_t j = 0; j < d.n; j++)
        held_n += d.s[j].held_out;
    if (!held_n) {
        /* fewer than 10 000 lines: nothing held out, the last weights */
        memcpy(best, w, 2 * NPW * sizeof *w);
        fprintf(stderr, "no positions held out (fewer than 10000 lines): "
                        "the weights of the last iteration\n");
    } else
        fprintf(stderr, "best held-out error %.6f at iteration %ld (%.6f "
                        "%s)\n", best_held, best_it, held0,
                warm ? "at the start" : "without patterns");
    if (write_weights(out, name, best, argc, argv, held0, best_held, d.n) !=
        0) {
        fprintf(stderr, "fanorona-patterns: cannot write %s\n", out);
        return 1;
    }
    free(w);
    free(best);
    free(g);
    free(m);
    free(v);
    free(d.s);
    return 0;
}

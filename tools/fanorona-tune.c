/* SPDX-License-Identifier: MIT */
/* fanorona-tune: fits the evaluation's weights to game results (Texel
 * tuning, issue 13) and writes them as lib/eval-weights.c.
 *
 *   fanorona-tune [--iterations N] [--rate R] [--l2 L] [--flat]
 *                 [--fix-material] [--from-fitted] [--groups G]
 *                 [--out FILE] [--name NAME] DATA...
 *
 * DATA files are what fanorona-selfplay writes: "POSITION-STRING;R", R the
 * result for the side to move (1, 0.5, 0), or fanorona-label's
 * "POSITION-STRING;R;S;T": the label is always the last field. Each position's features are
 * the engine's own (eval_features of lib/eval.c, all groups); the model is
 * the tapered weighted sum e of lib/eval.c with the win probability
 * 1 / (1 + 10^(-K e / 400)). First K is fitted (golden-section search of
 * the mean squared error with the starting weights, the hand weights of
 * the default configuration: material 100, mobility 2); then every weight but the opening's
 * material, which stays 100 so that scores keep meaning hundredths of a
 * piece, is fitted by gradient descent (Adam) on the mean squared error,
 * plus L times the squared distance of the weights from the starting ones
 * with --l2 L (so that weights the data hardly determines stay put).
 * With --from-fitted the starting weights are the committed fit
 * (eval_tuned_weights) instead: its error on DATA is the "before" figure,
 * and --l2 then pulls towards it.
 * With --flat every feature but material has one weight for all phases
 * (mg = eg); with --fix-material material stays 100 in every phase.
 * --groups G fits only the features of the groups in the mask G
 * (EG_* of lib/search.h: 1 mobility, 2 captures and threats, 4 isolated
 * pieces, 8 piece-square classes; material and tempo always), the others
 * staying 0, so that the evaluation computes no more than it uses.
 * One block of 1000 positions in ten is held out (consecutive lines are
 * one game) and its error printed too, before and after. The weights are
 * rounded to integers and written with the command line that produced
 * them into --out (default lib/eval-weights.c) as the eval_weights NAME
 * (default eval_tuned_weights; lib/eval-weights-must.c holds the
 * must-continue fit, eval_tuned_weights_must). */
#include <fanorona.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/search.h"
#include "train-line.h"

#define NW (2 * EF_COUNT) /* mg then eg */

typedef struct sample {
    signed char f[EF_COUNT];
    unsigned char phase;
    float result;
    unsigned char held_out;
} sample;

typedef struct data {
    sample *s;
    size_t n, cap;
} data;

static int add_sample(void *ctx, uint64_t own, uint64_t opp, double label)
{
    data *d = ctx;
    sample *s = train_grow((void **)&d->s, &d->cap, d->n, sizeof *d->s);
    if (!s)
        return -1;
    int f[EF_COUNT];
    s->phase = (unsigned char)eval_features_generic(f, own, opp, EG_ALL);
    for (int i = 0; i < EF_COUNT; i++)
        s->f[i] = (signed char)(f[i] > 127 ? 127 : f[i] < -127 ? -127 : f[i]);
    s->result = (float)label;
    s->held_out = (unsigned char)train_held_out(d->n++);
    return 0;
}

static double eval_of(const double *w, const sample *s)
{
    double mg = 0, eg = 0;
    for (int i = 0; i < EF_COUNT; i++) {
        mg += w[i] * s->f[i];
        eg += w[EF_COUNT + i] * s->f[i];
    }
    return (mg * s->phase + eg * (EVAL_PHASE_MAX - s->phase)) / EVAL_PHASE_MAX;
}

/* Mean squared error over the training (held 0) or held-out (1) part;
 * stores the gradient in grad when not NULL (a train_error_fn). */
static double error(const void *data_, const double *w, double k, int held,
                    double *grad)
{
    const data *d = data_;
    double sum = 0;
    size_t n = 0;
    double g[NW] = {0};
    for (size_t i = 0; i < d->n; i++) {
        const sample *s = &d->s[i];
        if (s->held_out != held)
            continue;
        double a, b;
        train_sample_error(k, eval_of(w, s), s->result, s->phase,
                           EVAL_PHASE_MAX, &sum, &a, &b);
        n++;
        if (grad) {
            for (int j = 0; j < EF_COUNT; j++) {
                g[j] += a * s->f[j];
                g[EF_COUNT + j] += b * s->f[j];
            }
        }
    }
    if (grad)
        for (int j = 0; j < NW; j++)
            grad[j] = n ? g[j] / (double)n : 0;
    return n ? sum / (double)n : 0;
}

/* The group (EG_*) of feature i; material and tempo are always there. */
static unsigned feature_group(int i)
{
    if (i >= EF_PST)
        return EG_PST;
    if (i == EF_ISOLATED)
        return EG_ISOLATED;
    if (i >= EF_CAPT_OWN)
        return EG_CAPTURES;
    if (i >= EF_PAIKA_OWN)
        return EG_MOBILITY;
    return EG_ALL;
}

static const char *const names[EF_COUNT] = {
    "material", "tempo", "paika own", "paika opp", "captures own",
    "captures opp", "targets opp", "targets own", "run own", "run opp",
    "isolated"};

static int write_weights(const char *path, const char *name, const double *w,
                         unsigned groups, int argc, char **argv, double before,
                         double after, size_t n)
{
    char what[200];
    snprintf(what, sizeof what,
             "the evaluation's weights\n * fitted to %zu self-play positions "
             "(mean squared error %.6f before,\n * %.6f after, training "
             "part). Command:",
             n, before, after);
    FILE *out = train_generated_open(path, "fanorona-tune", what, argc, argv);
    if (!out)
        return -1;
    fprintf(out, "\n */\n#include \"search.h\"\n\n"
                 "const eval_weights %s = {\n", name);
    for (int half = 0; half < 2; half++) {
        fprintf(out, "    .%s = {\n", half ? "eg" : "mg");
        for (int i = 0; i < EF_COUNT; i++) {
            long v = lround(w[half * EF_COUNT + i]);
            if (i < EF_PST)
                fprintf(out, "        %ld, /* %s */\n", v, names[i]);
            else
                fprintf(out, "        %ld, /* square class %d (column %d, row %d) */\n",
                        v, i - EF_PST, (i - EF_PST) / 3, (i - EF_PST) % 3);
        }
        fprintf(out, "    },\n");
    }
    fprintf(out, "    .groups = %u,\n};\n", groups);
    return fclose(out);
}

int main(int argc, char **argv)
{
    const char *out = "lib/eval-weights.c";
    const char *name = "eval_tuned_weights";
    long iterations = 2000;
    double rate = 1.0, l2 = 0;
    int flat = 0, fix_material = 0, from_fitted = 0;
    unsigned groups = EG_ALL;
    data d = {0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "--name") && i + 1 < argc)
            name = argv[++i];
        else if (!strcmp(argv[i], "--iterations") && i + 1 < argc)
            iterations = strtol(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--rate") && i + 1 < argc)
            rate = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--l2") && i + 1 < argc)
            l2 = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--flat"))
            flat = 1;
        else if (!strcmp(argv[i], "--fix-material"))
            fix_material = 1;
        else if (!strcmp(argv[i], "--from-fitted"))
            from_fitted = 1;
        else if (!strcmp(argv[i], "--groups") && i + 1 < argc)
            groups = (unsigned)strtoul(argv[++i], NULL, 0) & EG_ALL;
        else if (train_file_read(argv[i], FAN_RULES_STOP, add_sample, &d) < 0) {
            fprintf(stderr, "fanorona-tune: cannot read %s\n", argv[i]);
            return 1;
        }
    }
    if (!d.n) {
        fprintf(stderr, "usage: fanorona-tune [--iterations N] [--rate R] "
                        "[--l2 L] [--flat] [--fix-material] [--from-fitted] "
                        "[--groups G] "
                        "[--out FILE] [--name NAME] "
                        "DATA...\n");
        return 2;
    }
    double w[NW], w0[NW];
    search_config hand;
    search_config_default(&hand);
    if (from_fitted)
        hand.eval = eval_tuned_weights;
    else
        eval_hand_weights(&hand.eval, &hand);
    for (int i = 0; i < EF_COUNT; i++) {
        w[i] = hand.eval.mg[i];
        w[EF_COUNT + i] = hand.eval.eg[i];
    }
    memcpy(w0, w, sizeof w);
    /* K by golden-section search on the training error */
    const double per_k = log(10) / 400; /* k of K = 1 */
    double k = train_fit_k(error, &d, w, 0.01 * per_k, 10 * per_k, 60);
    double K = k / per_k;
    double before = error(&d, w, k, 0, NULL);
    printf("%zu positions, K %.4f; error before: training %.6f, held out %.6f\n",
           d.n, K, before, error(&d, w, k, 1, NULL));
    /* Adam */
    double m[NW] = {0}, v[NW] = {0}, grad[NW];
    for (long it = 1; it <= iterations; it++) {
        double e = error(&d, w, k, 0, grad);
        for (int j = 0; j < NW; j++)
            grad[j] += 2 * l2 * (w[j] - w0[j]);
        for (int j = 0; flat && j < EF_COUNT; j++)
            if (j != EF_MATERIAL)
                grad[j] += grad[EF_COUNT + j];
        for (int j = 0; j < NW; j++) {
            if (j == EF_MATERIAL || !(groups & feature_group(j % EF_COUNT)) ||
                (fix_material && j == EF_COUNT + EF_MATERIAL))
                continue; /* the scale: 100 a piece in the opening */
            if (flat && j > EF_COUNT) {
                w[j] = w[j - EF_COUNT];
                continue;
            }
            train_adam_step(&w[j], &m[j], &v[j], grad[j], it, rate);
        }
        if (it % 200 == 0)
            printf("iteration %ld: training error %.6f\n", it, e);
    }
    double after = error(&d, w, k, 0, NULL);
    printf("error after: training %.6f, held out %.6f\n", after,
           error(&d, w, k, 1, NULL));
    for (int i = 0; i < EF_COUNT; i++)
        printf("%-14s mg %7.2f eg %7.2f\n",
               i < EF_PST ? names[i] : "square class", w[i], w[EF_COUNT + i]);
    if (write_weights(out, name, w, groups, argc, argv, before, after, d.n)) {
        fprintf(stderr, "fanorona-tune: cannot write %s\n", out);
        return 1;
    }
    printf("weights written to %s\n", out);
    free(d.s);
    return 0;
}

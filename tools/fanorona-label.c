/* SPDX-License-Identifier: MIT */
/* fanorona-label: labels training positions by a search of each one, so
 * that fanorona-tune can fit the evaluation to what a deeper look says of a
 * position and not only to how one game from it ended (issue 13).
 *
 *   fanorona-label [--nodes N] [--depth D] [--lambda L] [--k K]
 *                  [--hash MIB] DATA...
 *
 * DATA files are what fanorona-selfplay writes, "POSITION-STRING;R" (R the
 * game's result for the side to move). Each position is searched by the
 * default engine (one thread, a table of --hash MiB, default 16, kept from
 * one position to the next: consecutive lines are one game) to --nodes N
 * (default 5000) or --depth D turns, whichever comes first (0: no limit).
 * Its score S (hundredths of a piece, side to move's view; a decisive score
 * counts as +-2000 and every score is clamped to that) becomes the win
 * probability q = 1 / (1 + 10^(-K S / 400)) with --k K (default 0.476, the
 * committed fit's scale, doc/search.md), and the line is written to stdout
 * as
 *
 *   POSITION-STRING;R;S;T
 *
 * with T = L R + (1 - L) q (--lambda L, default 0.5): fanorona-tune reads
 * the last field as the label, so the game result and the search are
 * blended at L. R and S stay on the line so that another blend needs no
 * new search (awk). A summary goes to stderr. The files are generated
 * data: never committed. */
#include <fanorona.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCORE_CAP 2000

static int usage(void)
{
    fprintf(stderr, "usage: fanorona-label [--nodes N] [--depth D] "
                    "[--lambda L] [--k K] [--hash MIB] DATA...\n");
    return 2;
}

int main(int argc, char **argv)
{
    unsigned long long nodes = 5000;
    unsigned long depth = 0, hash = 16;
    double lambda = 0.5, k = 0.476;
    int first = argc;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (a[0] != '-') {
            first = i;
            break;
        }
        if (!v)
            return usage();
        if (!strcmp(a, "--nodes"))
            nodes = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--depth"))
            depth = strtoul(v, NULL, 10);
        else if (!strcmp(a, "--lambda"))
            lambda = strtod(v, NULL);
        else if (!strcmp(a, "--k"))
            k = strtod(v, NULL);
        else if (!strcmp(a, "--hash"))
            hash = strtoul(v, NULL, 10);
        else
            return usage();
        i++;
    }
    if (first == argc || (nodes == 0 && depth == 0) || lambda < 0 ||
        lambda > 1 || k <= 0 || hash == 0)
        return usage();
    fan_search_options o = FAN_SEARCH_OPTIONS_INIT;
    o.hash_mib = (uint32_t)hash;
    fan_search *s = NULL;
    int rc = fan_search_new(&s, &o);
    if (rc != FAN_OK) {
        fprintf(stderr, "fanorona-label: %s\n", fan_strerror(rc));
        return 1;
    }
    size_t labelled = 0, skipped = 0;
    double sum_abs = 0;
    char line[1024];
    for (int f = first; f < argc; f++) {
        FILE *in = fopen(argv[f], "r");
        if (!in) {
            fprintf(stderr, "fanorona-label: cannot read %s\n", argv[f]);
            return 1;
        }
        while (fgets(line, sizeof line, in)) {
            line[strcspn(line, "\r\n")] = 0;
            char *semi = strchr(line, ';');
            fan_position *p = NULL;
            if (!semi) {
                skipped++;
                continue;
            }
            *semi = 0;
            double result = strtod(semi + 1, NULL);
            if (fan_position_from_string(&p, line, FAN_RULES_STOP, NULL) !=
                FAN_OK) {
                skipped++;
                continue;
            }
            fan_search_limits l = FAN_SEARCH_LIMITS_INIT;
            l.max_nodes = nodes;
            l.max_depth = (uint32_t)depth;
            fan_search_result r = FAN_SEARCH_RESULT_INIT;
            rc = fan_search_run(&r, s, p, &l, NULL, NULL);
            fan_position_free(p);
            if (rc != FAN_OK) {
                skipped++;
                continue;
            }
            int sc = r.score;
            sc = sc > SCORE_CAP ? SCORE_CAP : sc < -SCORE_CAP ? -SCORE_CAP : sc;
            double q = 1.0 / (1.0 + pow(10.0, -k * sc / 400.0));
            double t = lambda * result + (1 - lambda) * q;
            printf("%s;%g;%d;%.4f\n", line, result, sc, t);
            labelled++;
            sum_abs += fabs((double)sc);
        }
        fclose(in);
    }
    fprintf(stderr, "%zu positions labelled, %zu skipped; mean |score| %.1f\n",
            labelled, skipped, labelled ? sum_abs / (double)labelled : 0.0);
    fan_search_free(s);
    return fflush(stdout) ? 1 : 0;
}

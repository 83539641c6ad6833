/* SPDX-License-Identifier: MIT */
/* Allocation failure in Fanorona Chess: each call that allocates (new,
 * from_string, record_read, clone, play as the history grows, the search
 * on a new handle) is run with
 * its n-th allocation failing, n = 1, 2, ..., once with only that one
 * failing and once with every later one too, until a run needs fewer than
 * n. A run either returns FAN_ENOMEM and leaves everything as it was (the
 * out-parameter, the position, its history and result) or does what the
 * call does without failures. Not a Check suite, as test-alloc-failure.c
 * explains; linked with the shim in alloc/failalloc.c. */
#include "alloc/failalloc.h"

#include <fanorona-chess.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long errors, refused;

#define EXPECT(cond, what)                                                     \
    do {                                                                       \
        if (!(cond)) {                                                         \
            errors++;                                                          \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, what,       \
                    #cond);                                                    \
        }                                                                      \
    } while (0)

/* What can be seen of a position: its string, history and result. */
typedef struct look {
    char text[FAN_CHESS_STRING_MAX];
    int plies, result;
    fan_chess_move last;
} look;

static void look_at(look *l, const fan_chess *g)
{
    memset(l, 0, sizeof *l);
    fan_chess_to_string(l->text, sizeof l->text, NULL, g);
    l->plies = fan_chess_history_length(g);
    l->result = fan_chess_result(g);
    if (l->plies > 0)
        fan_chess_history_move(&l->last, g, l->plies - 1);
}

typedef int (*create_fn)(fan_chess **out, const char *arg);

static int make_new(fan_chess **out, const char *arg)
{
    (void)arg;
    return fan_chess_new(out);
}

static int make_from_string(fan_chess **out, const char *arg)
{
    return fan_chess_from_string(out, arg, NULL);
}

static int make_from_record(fan_chess **out, const char *arg)
{
    return fan_chess_record_read(out, arg, NULL);
}

static const fan_chess *clone_source;
static int make_clone(fan_chess **out, const char *arg)
{
    (void)arg;
    return fan_chess_clone(out, clone_source);
}

static void create(const char *what, create_fn call, const char *arg)
{
    for (int keep = 0; keep < 2; keep++)
        for (long n = 1;; n++) {
            fan_chess *g = (fan_chess *)&errors;
            failalloc_arm(n, keep);
            int r = call(&g, arg);
            long calls = failalloc_calls();
            failalloc_disarm();
            refused += failalloc_failures();
            if (r == FAN_ENOMEM) {
                EXPECT(g == (fan_chess *)&errors, what);
                continue;
            }
            EXPECT(r == FAN_OK, what);
            if (r == FAN_OK)
                fan_chess_free(g);
            if (calls < n)
                break;
        }
}

/* Plays 40 plies of a seeded random game, every one under failures. */
static void play_game(void)
{
    fan_chess *g = NULL;
    uint64_t s = 12345;
    if (fan_chess_new(&g) != FAN_OK)
        exit(1);
    for (int ply = 0; ply < 40 && fan_chess_result(g) == FAN_ONGOING; ply++) {
        fan_chess_move m[FAN_CHESS_MOVES_MAX];
        size_t count = 0;
        fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &count, g);
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        fan_chess_move pick = m[(s >> 33) % count];
        look before, after;
        look_at(&before, g);
        for (int keep = 0; keep < 2; keep++)
            for (long n = 1;; n++) {
                failalloc_arm(n, keep);
                int r = fan_chess_play(g, pick);
                long calls = failalloc_calls();
                failalloc_disarm();
                refused += failalloc_failures();
                look_at(&after, g);
                if (r == FAN_ENOMEM) {
                    EXPECT(!memcmp(&before, &after, sizeof before), "play");
                    continue;
                }
                EXPECT(r == FAN_OK && after.plies == before.plies + 1, "play");
                if (r == FAN_OK)
                    fan_chess_undo(g); /* back, for the next n */
                if (calls < n)
                    break;
            }
        if (fan_chess_play(g, pick) != FAN_OK)
            exit(1);
    }
    clone_source = g;
    create("clone", make_clone, NULL);
    char record[8192];
    if (fan_chess_record_write(record, sizeof record, NULL, g) != FAN_OK)
        exit(1);
    create("record_read", make_from_record, record);
    fan_chess_free(g);
}

/* A new handle (1 MiB table) and a node-limited chess search, all under
 * failures: FAN_ENOMEM with the result and the position untouched, or the
 * result of a run without failures (one thread: the same line and node
 * count). */
static int chess_search_once(fan_chess_search_result *out, const fan_chess *g)
{
    fan_search *search = NULL;
    fan_search_options opts = FAN_SEARCH_OPTIONS_INIT;
    fan_search_limits limits = FAN_SEARCH_LIMITS_INIT;
    opts.hash_mib = 1;
    limits.max_nodes = 3000;
    int r = fan_search_new(&search, &opts);
    if (r == FAN_OK)
        r = fan_chess_search_run(out, search, g, &limits, NULL, NULL);
    fan_search_free(search);
    out->time_ms = 0; /* the clock is not the result */
    return r;
}

static void search_under_failures(void)
{
    fan_chess *g = NULL;
    if (fan_chess_from_string(&g, "nrkr1/1bqb1/p1ppn/1p3/2P2/P4/1P1PP/1BQBN/"
                                  "NRK1R w Kk - - 0 1",
                              NULL) != FAN_OK)
        exit(1);
    fan_chess_search_result want, got, blank;
    fan_chess_search_result_init(&want);
    if (chess_search_once(&want, g) != FAN_OK)
        exit(1);
    look before, after;
    look_at(&before, g);
    for (int keep = 0; keep < 2; keep++)
        for (long n = 1;; n++) {
            fan_chess_search_result_init(&got);
            blank = got;
            failalloc_arm(n, keep);
            int r = chess_search_once(&got, g);
            long calls = failalloc_calls();
            failalloc_disarm();
            refused += failalloc_failures();
            look_at(&after, g);
            EXPECT(!memcmp(&before, &after, sizeof before), "chess search");
            if (r == FAN_ENOMEM) {
                blank.time_ms = 0;
                EXPECT(!memcmp(&got, &blank, sizeof got), "chess search");
                continue;
            }
            EXPECT(r == FAN_OK && !memcmp(&got, &want, sizeof got),
                   "chess search");
            if (calls < n)
                break;
        }
    fan_chess_free(g);
}

int main(void)
{
    fan_chess *probe = NULL;
    failalloc_arm(100000, 0);
    int r = fan_chess_new(&probe);
    failalloc_disarm();
    fan_chess_free(probe);
    if (r != FAN_OK || failalloc_calls() == 0) {
        printf("SKIP: the library's allocations do not reach the shim\n");
        return 77;
    }
    create("new", make_new, NULL);
    create("from_string", make_from_string,
           "4r/1P3/5/5/4k/5/5/5/K4 w - QN - 0 1");
    play_game();
    search_under_failures();
    EXPECT(refused > 0, "totals");
    printf("%ld allocations refused, %ld errors\n", refused, errors);
    return errors ? 1 : 0;
}

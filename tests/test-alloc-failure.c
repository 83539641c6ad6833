/* SPDX-License-Identifier: MIT */
/* Allocation failure: every call of a scenario (create, play steps and
 * turns, end turns, undo, redo, clone, turn and path lists, perft and
 * divide, position strings) is run again and again with its n-th
 * allocation failing, n = 1, 2, ... until a run needs fewer than n
 * allocations, once with only the n-th allocation failing and once with
 * every allocation from the n-th on failing (game records and move
 * notation, read and written, perft with threads and a table, and
 * searches too). Each run must either return
 * FAN_ENOMEM and leave the position (board, chain, result, history, redo
 * list) and the caller's out-parameters exactly as they were, or do exactly
 * what the same call does without failures. The allocations are counted and
 * refused by the shim in alloc/failalloc.c, which this program is linked
 * with.
 *
 * Not a Check suite: Check allocates in its own code, which must not meet
 * an injected failure. */
#include "alloc/failalloc.h"

#include <fanorona.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long errors, runs, refused;
static const char *context = "";

#define EXPECT(cond, ...)                                                      \
    do {                                                                       \
        if (!(cond)) {                                                         \
            errors++;                                                          \
            fprintf(stderr, "%s:%d: [%s] %s: ", __FILE__, __LINE__, context,   \
                    #cond);                                                    \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
        }                                                                      \
    } while (0)

#define MUST(call)                                                             \
    do {                                                                       \
        int r_ = (call);                                                       \
        if (r_ != FAN_OK) {                                                    \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,      \
                    fan_strerror(r_));                                         \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

#define MAX_N 100000 /* no single call allocates this often */

/* ------------------------------------------------------------------ */
/* Everything observable about a position, taken with the shim disarmed. */

#define REDO_PEEK 3

typedef struct snap {
    char text[FAN_POSITION_STRING_MAX];
    int result, reason;
    int nhist;
    fan_path *hist;
    int nredo; /* redos possible, up to REDO_PEEK */
    char redo[REDO_PEEK][FAN_POSITION_STRING_MAX];
} snap;

static void snap_take(snap *s, const fan_position *p)
{
    memset(s, 0, sizeof *s);
    MUST(fan_position_to_string(s->text, sizeof s->text, NULL, p));
    s->result = fan_position_result(p);
    s->reason = fan_position_result_reason(p);
    s->nhist = fan_position_history_length(p);
    s->hist = calloc((size_t)s->nhist + 1, sizeof *s->hist);
    if (!s->hist)
        exit(1);
    for (int i = 0; i < s->nhist; i++)
        MUST(fan_position_history_path(&s->hist[i], p, i));
    /* the redo list is seen through a clone */
    fan_position *c;
    MUST(fan_position_clone(&c, p));
    while (s->nredo < REDO_PEEK && fan_position_redo(c) == FAN_OK)
        MUST(fan_position_to_string(s->redo[s->nredo++],
                                    FAN_POSITION_STRING_MAX, NULL, c));
    fan_position_free(c);
}

static void snap_free(snap *s)
{
    free(s->hist);
}

static int snap_equal(const snap *a, const snap *b)
{
    if (strcmp(a->text, b->text) || a->result != b->result ||
        a->reason != b->reason || a->nhist != b->nhist || a->nredo != b->nredo)
        return 0;
    for (int i = 0; i < a->nredo; i++)
        if (strcmp(a->redo[i], b->redo[i]))
            return 0;
    return !memcmp(a->hist, b->hist, (size_t)a->nhist * sizeof *a->hist);
}

/* ------------------------------------------------------------------ */
/* Calls that change a position. */

typedef int (*mutate_fn)(fan_position *p, const void *arg);

/* One run of call on p with allocation n failing (and later ones too when
 * keep_failing); checks the outcome against the reference. Returns 1 when
 * the run met no injected failure (n is past the call's allocations). */
static int mutate_once(fan_position *p, mutate_fn call, const void *arg,
                       long n, int keep_failing, int want,
                       const snap *after_ok)
{
    snap before, now;
    snap_take(&before, p);
    failalloc_arm(n, keep_failing);
    int r = call(p, arg);
    failalloc_disarm();
    long hit = failalloc_failures();
    runs++;
    refused += hit;
    snap_take(&now, p);
    if (hit && r == FAN_ENOMEM) {
        EXPECT(snap_equal(&before, &now),
               "n=%ld: FAN_ENOMEM but the position changed:\n  before %s\n"
               "  after  %s", n, before.text, now.text);
    } else {
        /* no failure met, or the call got by without the memory */
        EXPECT(r == want, "n=%ld%s: returned %s, not %s", n,
               hit ? " (failure injected)" : "", fan_strerror(r),
               fan_strerror(want));
        EXPECT(snap_equal(after_ok, &now),
               "n=%ld: state differs from a run without failures:\n"
               "  want %s\n  got  %s", n, after_ok->text, now.text);
    }
    snap_free(&before);
    snap_free(&now);
    return hit == 0;
}

/* Runs call with every possible failing allocation: on clones with
 * persistent failure, then on p itself with single failures, the last run
 * (which meets no failure) leaving p played. Returns the code. */
static int mutate(fan_position *p, mutate_fn call, const void *arg)
{
    fan_position *ref;
    MUST(fan_position_clone(&ref, p));
    int want = call(ref, arg);
    snap after_ok;
    snap_take(&after_ok, ref);
    fan_position_free(ref);

    long n;
    for (n = 1; n < MAX_N; n++) {
        fan_position *c;
        MUST(fan_position_clone(&c, p));
        int done = mutate_once(c, call, arg, n, 1, want, &after_ok);
        fan_position_free(c);
        if (done)
            break;
    }
    EXPECT(n < MAX_N, "the call never finished");
    for (n = 1; n < MAX_N; n++)
        if (mutate_once(p, call, arg, n, 0, want, &after_ok))
            break;
    snap_free(&after_ok);
    return want;
}

static int call_step(fan_position *p, const void *arg)
{
    const fan_step *s = arg;
    return fan_position_play_step(p, s->from, s->to, s->kind);
}

static int call_end_turn(fan_position *p, const void *arg)
{
    (void)arg;
    return fan_position_end_turn(p);
}

static int call_turn(fan_position *p, const void *arg)
{
    return fan_position_play_turn(p, *(const fan_turn *)arg);
}

static int call_path(fan_position *p, const void *arg)
{
    return fan_position_play_path(p, arg);
}

static int call_undo(fan_position *p, const void *arg)
{
    (void)arg;
    return fan_position_undo(p);
}

static int call_redo(fan_position *p, const void *arg)
{
    (void)arg;
    return fan_position_redo(p);
}

/* ------------------------------------------------------------------ */
/* Calls that read a position into a buffer. */

#define OUT_BYTES (1 << 20)

typedef int (*query_fn)(const fan_position *p, void *out, size_t *len);

/* Runs query with every possible failing allocation (both modes); each
 * run returns FAN_ENOMEM with the position unchanged, or the reference
 * result with the same output bytes. */
static void query(const fan_position *p, query_fn call)
{
    unsigned char *want = malloc(OUT_BYTES), *got = malloc(OUT_BYTES);
    if (!want || !got)
        exit(1);
    memset(want, 0, OUT_BYTES);
    size_t want_len = 0;
    int want_r = call(p, want, &want_len);
    EXPECT(want_len <= OUT_BYTES, "output too long");
    snap before;
    snap_take(&before, p);
    for (int keep = 0; keep < 2; keep++) {
        long n;
        for (n = 1; n < MAX_N; n++) {
            memset(got, 0, OUT_BYTES);
            size_t len = 0;
            failalloc_arm(n, keep);
            int r = call(p, got, &len);
            failalloc_disarm();
            long hit = failalloc_failures();
            runs++;
            refused += hit;
            if (!(hit && r == FAN_ENOMEM)) {
                EXPECT(r == want_r, "n=%ld: returned %s, not %s", n,
                       fan_strerror(r), fan_strerror(want_r));
                EXPECT(len == want_len && !memcmp(got, want, len),
                       "n=%ld%s: output differs from a run without failures",
                       n, hit ? " (failure injected, FAN_OK returned)" : "");
            }
            snap now;
            snap_take(&now, p);
            EXPECT(snap_equal(&before, &now), "n=%ld: the position changed",
                   n);
            snap_free(&now);
            if (!hit)
                break;
        }
        EXPECT(n < MAX_N, "the call never finished");
    }
    snap_free(&before);
    free(want);
    free(got);
}

#define LIST_MAX (OUT_BYTES / sizeof(fan_perft_entry))

static int query_turns(const fan_position *p, void *out, size_t *len)
{
    size_t n = 0;
    int r = fan_position_turns(out, OUT_BYTES / sizeof(fan_turn), &n, p);
    *len = r == FAN_OK ? n * sizeof(fan_turn) : 0;
    return r;
}

static int query_paths(const fan_position *p, void *out, size_t *len)
{
    size_t n = 0;
    int r = fan_position_paths(out, OUT_BYTES / sizeof(fan_path), &n, p);
    *len = r == FAN_OK ? n * sizeof(fan_path) : 0;
    return r;
}

static int query_count_only(const fan_position *p, void *out, size_t *len)
{
    /* capacity 0: only the count, which still builds the list */
    size_t *n = out;
    int r = fan_position_paths(NULL, 0, n, p);
    *len = sizeof *n;
    return r;
}

static int query_steps(const fan_position *p, void *out, size_t *len)
{
    size_t n = 0;
    int r = fan_position_steps(out, FAN_STEPS_MAX, &n, p);
    *len = r == FAN_OK ? n * sizeof(fan_step) : 0;
    return r;
}

static int perft(const fan_position *p, void *out, size_t *len, unsigned d,
                 int kind)
{
    *len = sizeof(uint64_t);
    return fan_perft(out, p, d, kind);
}

static int query_perft_unique(const fan_position *p, void *out, size_t *len)
{
    return perft(p, out, len, 3, FAN_COUNT_UNIQUE);
}

static int query_perft_paths(const fan_position *p, void *out, size_t *len)
{
    return perft(p, out, len, 2, FAN_COUNT_PATHS);
}

/* fan_perft_ex with a table and with two threads: the same count as
 * fan_perft whatever the options, or FAN_ENOMEM. */
static int query_perft_table(const fan_position *p, void *out, size_t *len)
{
    fan_perft_options opts = FAN_PERFT_OPTIONS_INIT;
    opts.hash_mib = 1;
    *len = sizeof(uint64_t);
    return fan_perft_ex(out, p, 3, FAN_COUNT_UNIQUE, &opts);
}

static int query_perft_threads(const fan_position *p, void *out, size_t *len)
{
    fan_perft_options opts = FAN_PERFT_OPTIONS_INIT;
    opts.threads = 2;
    opts.hash_mib = 1;
    *len = sizeof(uint64_t);
    return fan_perft_ex(out, p, 3, FAN_COUNT_PATHS, &opts);
}

static int query_divide(const fan_position *p, void *out, size_t *len)
{
    size_t n = 0;
    int r = fan_perft_divide(out, LIST_MAX, &n, p, 2, FAN_COUNT_UNIQUE);
    *len = r == FAN_OK ? n * sizeof(fan_perft_entry) : 0;
    return r;
}

static int query_string(const fan_position *p, void *out, size_t *len)
{
    *len = FAN_POSITION_STRING_MAX;
    return fan_position_to_string(out, FAN_POSITION_STRING_MAX, NULL, p);
}

static int query_record(const fan_position *p, void *out, size_t *len)
{
    *len = FAN_RECORD_STRING_MAX;
    return fan_record_write(out, FAN_RECORD_STRING_MAX, NULL, p);
}

/* The text the notation queries read: set before each use. */
static char notation_text[FAN_PATH_STRING_MAX];

static int query_parse_path(const fan_position *p, void *out, size_t *len)
{
    *len = sizeof(fan_path);
    return fan_position_parse_path(out, p, notation_text, NULL);
}

static int query_parse_step(const fan_position *p, void *out, size_t *len)
{
    *len = sizeof(fan_step);
    return fan_position_parse_step(out, p, notation_text, NULL);
}

static int query_turn_text(const fan_position *p, void *out, size_t *len)
{
    fan_path path;
    fan_turn t;
    *len = FAN_PATH_STRING_MAX;
    int r = fan_position_parse_path(&path, p, notation_text, NULL);
    if (r == FAN_OK)
        r = fan_path_turn(&t, &path);
    if (r == FAN_OK)
        r = fan_turn_to_string(out, FAN_PATH_STRING_MAX, NULL, p, t);
    return r;
}

/* A new search handle (1 MiB table) and a one-thread, node-limited search:
 * deterministic, so every run that does not fail gives the same line. */
static int query_search(const fan_position *p, void *out, size_t *len)
{
    fan_search *search = NULL;
    fan_search_limits limits = FAN_SEARCH_LIMITS_INIT;
    limits.max_nodes = 3000;
    *len = sizeof(fan_search_result);
    fan_search_options opts = FAN_SEARCH_OPTIONS_INIT;
    opts.hash_mib = 1;
    fan_search_result_init(out);
    int r = fan_search_new(&search, &opts);
    if (r == FAN_OK)
        r = fan_search_run(out, search, p, &limits, NULL, NULL);
    fan_search_free(search);
    ((fan_search_result *)out)->time_ms = 0; /* the clock is not the result */
    return r;
}

/* Two search threads: the line may differ from run to run, so only the
 * outcome is checked: FAN_ENOMEM, or FAN_OK with a legal turn. */
static void search_two_threads(const fan_position *p)
{
    fan_search *search = NULL;
    fan_search_limits limits = FAN_SEARCH_LIMITS_INIT;
    fan_turn turns[512];
    size_t nturns = 0;
    fan_search_options opts = FAN_SEARCH_OPTIONS_INIT;
    limits.max_nodes = 3000;
    opts.threads = 2;
    opts.hash_mib = 1;
    MUST(fan_position_turns(turns, 512, &nturns, p));
    MUST(fan_search_new(&search, &opts));
    snap before;
    snap_take(&before, p);
    for (int keep = 0; keep < 2; keep++) {
        long n;
        for (n = 1; n < MAX_N; n++) {
            fan_search_result found = FAN_SEARCH_RESULT_INIT;
            failalloc_arm(n, keep);
            int r = fan_search_run(&found, search, p, &limits, NULL, NULL);
            failalloc_disarm();
            long hit = failalloc_failures();
            runs++;
            refused += hit;
            EXPECT(r == FAN_OK || (hit && r == FAN_ENOMEM),
                   "n=%ld: returned %s", n, fan_strerror(r));
            if (r == FAN_OK) {
                int legal = 0;
                for (size_t i = 0; i < nturns; i++)
                    legal |= turns[i] == found.best;
                EXPECT(legal, "n=%ld: best turn not legal", n);
            }
            snap now;
            snap_take(&now, p);
            EXPECT(snap_equal(&before, &now), "n=%ld: the position changed",
                   n);
            snap_free(&now);
            if (!hit)
                break;
        }
        EXPECT(n < MAX_N, "the call never finished");
    }
    snap_free(&before);
    fan_search_free(search);
}

/* ------------------------------------------------------------------ */
/* Calls that make a new position. */

typedef int (*create_fn)(fan_position **out, const void *arg);

/* Runs create with every possible failing allocation (both modes): each run
 * returns FAN_ENOMEM and leaves *out alone, or makes the same position as a
 * run without failures. */
static void create(create_fn call, const void *arg)
{
    fan_position *ref = NULL;
    int want = call(&ref, arg);
    snap want_snap;
    if (want == FAN_OK)
        snap_take(&want_snap, ref);
    for (int keep = 0; keep < 2; keep++) {
        long n;
        for (n = 1; n < MAX_N; n++) {
            fan_position *sentinel = (fan_position *)&n, *out = sentinel;
            failalloc_arm(n, keep);
            int r = call(&out, arg);
            failalloc_disarm();
            long hit = failalloc_failures();
            runs++;
            refused += hit;
            if (hit && r == FAN_ENOMEM) {
                EXPECT(out == sentinel, "n=%ld: *out set on failure", n);
            } else {
                EXPECT(r == want, "n=%ld: returned %s, not %s", n,
                       fan_strerror(r), fan_strerror(want));
                if (r == FAN_OK && want == FAN_OK) {
                    snap got;
                    snap_take(&got, out);
                    EXPECT(snap_equal(&want_snap, &got),
                           "n=%ld: made %s, not %s", n, got.text,
                           want_snap.text);
                    EXPECT(fan_position_equal(out, ref) == 1, "n=%ld", n);
                    snap_free(&got);
                    fan_position_free(out);
                }
            }
            if (!hit)
                break;
        }
        EXPECT(n < MAX_N, "the call never finished");
    }
    if (want == FAN_OK)
        snap_free(&want_snap);
    fan_position_free(ref);
}

static int create_new(fan_position **out, const void *arg)
{
    return fan_position_new(out, *(const int *)arg);
}

struct custom {
    uint64_t white, black;
    int side, rules;
};

static int create_custom(fan_position **out, const void *arg)
{
    const struct custom *c = arg;
    return fan_position_new_custom(out, c->white, c->black, c->side,
                                   c->rules);
}

static int create_clone(fan_position **out, const void *arg)
{
    return fan_position_clone(out, arg);
}

static int create_from_string(fan_position **out, const void *arg)
{
    return fan_position_from_string(out, arg, FAN_RULES_STOP, NULL);
}

static int create_from_record(fan_position **out, const void *arg)
{
    return fan_record_read(out, arg, NULL);
}

/* ------------------------------------------------------------------ */
/* The scenario: a seeded game in which every call goes through the
 * failure loops. */

static uint64_t rng_state;

static unsigned rnd(unsigned n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)((rng_state >> 33) % n);
}

static void queries(fan_position *p)
{
    context = "turns";
    query(p, query_turns);
    context = "paths";
    query(p, query_paths);
    context = "paths count";
    query(p, query_count_only);
    context = "steps";
    query(p, query_steps);
    context = "perft unique 3";
    query(p, query_perft_unique);
    context = "perft paths 2";
    query(p, query_perft_paths);
    context = "divide 2";
    query(p, query_divide);
    context = "perft_ex table";
    query(p, query_perft_table);
    context = "perft_ex 2 threads";
    query(p, query_perft_threads);
    context = "to_string";
    query(p, query_string);
    if (fan_position_result(p) == FAN_ONGOING) {
        context = "search";
        query(p, query_search);
        context = "search (2 threads)";
        search_two_threads(p);
    }
    char text[FAN_POSITION_STRING_MAX];
    MUST(fan_position_to_string(text, sizeof text, NULL, p));
    context = "from_string";
    create(create_from_string, text);
    context = "clone";
    create(create_clone, p);

    char *record = malloc(FAN_RECORD_STRING_MAX);
    if (!record)
        exit(1);
    MUST(fan_record_write(record, FAN_RECORD_STRING_MAX, NULL, p));
    context = "record_write";
    query(p, query_record);
    context = "record_read";
    create(create_from_record, record);
    free(record);

    /* the notation readers, on a legal turn and a legal step */
    size_t n = 0;
    fan_position_paths(NULL, 0, &n, p);
    if (n > 0) {
        fan_path *paths = malloc(n * sizeof *paths);
        if (!paths)
            exit(1);
        MUST(fan_position_paths(paths, n, &n, p));
        MUST(fan_path_to_string(notation_text, sizeof notation_text, NULL,
                                &paths[n - 1]));
        free(paths);
        context = "parse_path";
        query(p, query_parse_path);
        context = "turn_to_string";
        query(p, query_turn_text);
    }
    fan_step steps[FAN_STEPS_MAX];
    MUST(fan_position_steps(steps, FAN_STEPS_MAX, &n, p));
    if (n > 0) {
        MUST(fan_step_to_string(notation_text, sizeof notation_text, NULL,
                                &steps[n - 1]));
        context = "parse_step";
        query(p, query_parse_step);
    }
}

/* Plays one turn: step by step, or whole by effect or by path. */
static void play_turn(fan_position *p)
{
    int how = (int)rnd(4);
    if (how == 0 || how == 1) {
        size_t n = 0;
        MUST(fan_position_paths(NULL, 0, &n, p) == FAN_EBUFS ? FAN_OK : -99);
        fan_path *paths = malloc(n * sizeof *paths);
        if (!paths)
            exit(1);
        MUST(fan_position_paths(paths, n, &n, p));
        fan_path path = paths[rnd((unsigned)n)];
        free(paths);
        if (how == 0) {
            context = "play_path";
            EXPECT(mutate(p, call_path, &path) == FAN_OK, "play_path");
        } else {
            fan_turn t;
            MUST(fan_path_turn(&t, &path));
            context = "play_turn";
            EXPECT(mutate(p, call_turn, &t) == FAN_OK, "play_turn");
        }
        return;
    }
    int turns = fan_position_turns_played(p);
    while (fan_position_turns_played(p) == turns) {
        if (fan_position_can_end_turn(p) == 1 && rnd(3) == 0) {
            context = "end_turn";
            EXPECT(mutate(p, call_end_turn, NULL) == FAN_OK, "end_turn");
            break;
        }
        fan_step steps[FAN_STEPS_MAX];
        size_t n = 0;
        MUST(fan_position_steps(steps, FAN_STEPS_MAX, &n, p));
        if (n == 0) {
            fprintf(stderr, "no step in an ongoing turn\n");
            exit(1);
        }
        context = "play_step";
        EXPECT(mutate(p, call_step, &steps[rnd((unsigned)n)]) == FAN_OK,
               "play_step");
        if (fan_position_in_chain(p) && rnd(8) == 0) {
            /* take the chain back and play the turn again */
            context = "undo (chain)";
            EXPECT(mutate(p, call_undo, NULL) == FAN_OK, "undo mid-chain");
        }
    }
}

static void game(int rules, uint64_t seed, int turns)
{
    rng_state = seed;
    context = "new";
    create(create_new, &rules);
    fan_position *p;
    MUST(fan_position_new(&p, rules));
    queries(p);
    for (int t = 0; t < turns; t++) {
        if (fan_position_result(p) != FAN_ONGOING) {
            context = "undo (ended game)";
            EXPECT(mutate(p, call_undo, NULL) == FAN_OK, "undo");
            continue;
        }
        play_turn(p);
        if (t % 9 == 8) {
            context = "undo";
            EXPECT(mutate(p, call_undo, NULL) == FAN_OK, "undo");
            EXPECT(mutate(p, call_undo, NULL) == FAN_OK, "undo");
            context = "redo";
            EXPECT(mutate(p, call_redo, NULL) == FAN_OK, "redo");
        }
        if (t % 7 == 3)
            queries(p);
    }
    queries(p);
    fan_position_free(p);
}

/* Counts the allocations of one call (none refused). */
#define COUNT_ALLOCS(n, call)                                                  \
    do {                                                                       \
        failalloc_arm(MAX_N, 0);                                               \
        MUST(call);                                                            \
        (n) = failalloc_calls();                                               \
        failalloc_disarm();                                                    \
    } while (0)

/* No heap allocation inside move generation, perft or the search's inner
 * loop: fan_perft allocates nothing at any depth, and what fan_perft_ex
 * and a search allocate (work list, table, root list) does not grow with
 * the size of the tree. */
static void no_allocation_in_inner_loops(void)
{
    context = "inner loops";
    fan_position *p = NULL;
    MUST(fan_position_new(&p, FAN_RULES_STOP));
    long a = 0, b = 0;
    uint64_t n = 0;
    for (unsigned d = 1; d <= 5; d++) {
        COUNT_ALLOCS(a, fan_perft(&n, p, d, FAN_COUNT_UNIQUE));
        EXPECT(a == 0, "fan_perft unique depth %u: %ld allocations", d, a);
        COUNT_ALLOCS(a, fan_perft(&n, p, d, FAN_COUNT_PATHS));
        EXPECT(a == 0, "fan_perft paths depth %u: %ld allocations", d, a);
    }
    fan_perft_options o = FAN_PERFT_OPTIONS_INIT;
    o.hash_mib = 1;
    /* its allocations are the table and the boards shared out, a few
     * plies deep: the same for every depth beyond those plies */
    COUNT_ALLOCS(a, fan_perft_ex(&n, p, 5, FAN_COUNT_UNIQUE, &o));
    COUNT_ALLOCS(b, fan_perft_ex(&n, p, 6, FAN_COUNT_UNIQUE, &o));
    EXPECT(a == b && a > 0, "fan_perft_ex: %ld allocations at depth 5, "
                            "%ld at depth 6", a, b);
    long ex = b;
    fan_search *s = NULL;
    fan_search_options so = FAN_SEARCH_OPTIONS_INIT;
    so.hash_mib = 1;
    MUST(fan_search_new(&s, &so));
    fan_search_limits lim = FAN_SEARCH_LIMITS_INIT;
    fan_search_result res = FAN_SEARCH_RESULT_INIT;
    lim.max_depth = 2;
    COUNT_ALLOCS(a, fan_search_run(&res, s, p, &lim, NULL, NULL));
    uint64_t small = res.nodes;
    lim.max_depth = 7;
    COUNT_ALLOCS(b, fan_search_run(&res, s, p, &lim, NULL, NULL));
    EXPECT(res.nodes > 3 * small, "depth 7 searched %llu nodes, depth 2 %llu",
           (unsigned long long)res.nodes, (unsigned long long)small);
    EXPECT(b <= a, "search: %ld allocations at depth 2, %ld at depth 7", a,
           b);
    printf("allocations: fan_perft 0 at depths 1-5; fan_perft_ex %ld at "
           "depths 5 and 6; search %ld at depth 2, %ld at depth 7 "
           "(%llu nodes)\n",
           ex, a, b, (unsigned long long)res.nodes);
    fan_search_free(s);
    fan_position_free(p);
}

int main(void)
{
    /* Does the shim see the library's allocations at all? Not when a
     * sanitizer or valgrind brings its own allocator first. */
    fan_position *probe = NULL;
    failalloc_arm(MAX_N, 0);
    int r = fan_position_new(&probe, FAN_RULES_STOP);
    failalloc_disarm();
    fan_position_free(probe);
    if (r != FAN_OK || failalloc_calls() == 0) {
        printf("SKIP: the library's allocations do not reach the shim "
               "(another allocator, e.g. a sanitizer's, comes first)\n");
        return 77;
    }

    struct custom endgame = {(1ull << 20) | (1ull << 2), (1ull << 30), FAN_BLACK,
                             FAN_RULES_STOP};
    context = "new_custom";
    create(create_custom, &endgame);

    no_allocation_in_inner_loops();
    game(FAN_RULES_STOP, 1, 90);
    game(FAN_RULES_MUST, 2, 90);

    context = "totals";
    EXPECT(refused > 0, "no allocation was ever refused");
    printf("%ld runs, %ld allocations refused, %ld errors\n", runs, refused,
           errors);
    return errors ? 1 : 0;
}

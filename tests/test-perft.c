/* SPDX-License-Identifier: MIT */
/* Perft: the library's counts against the data file (whose values were
 * cross-checked with the naive generator when they were written), the
 * consistency of perft divide, and the library against the naive generator
 * on seeded random positions, turn by turn. */
#include "tcommon.h"

#include "naive.h"
#include "perftdata.h"
#include "randpos.h"

#define START_BOARD "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

static fan_position *from_string(const char *text)
{
    fan_position *p = NULL;
    fan_parse_error err;
    int r = fan_position_from_string(&p, text, FAN_RULES_STOP, &err);
    ck_assert_msg(r == FAN_OK, "cannot read \"%s\": %s at %u", text,
                  err.message, err.offset);
    return p;
}

static nv_pos naive_from_string(const char *text)
{
    nv_pos p;
    char err[120];
    ck_assert_msg(nv_parse(&p, text, err, sizeof err) == 0,
                  "naive parser refuses \"%s\": %s", text, err);
    return p;
}

static uint64_t lib_perft(const fan_position *p, unsigned depth, int kind)
{
    uint64_t n = 0;
    ck_assert_fan_ok(fan_perft(&n, p, depth, kind));
    return n;
}

static uint64_t naive_perft(const nv_pos *p, unsigned depth, int kind)
{
    uint64_t n = 0;
    ck_assert_int_eq(nv_perft(&n, p, depth,
                              kind == FAN_COUNT_PATHS ? NV_COUNT_PATHS
                                                      : NV_COUNT_UNIQUE),
                     0);
    return n;
}

#define TEXT_MAX 160 /* 2 + 24 * 4 characters and a NUL fit */
typedef char path_text[TEXT_MAX];

/* The same text as nv_turn_text(): "d2-e3A-e4W", a paika "e2-e3". */
static void lib_path_text(char *buf, const fan_path *p)
{
    char sq[3];
    ck_assert_fan_ok(fan_square_name(sq, sizeof sq, NULL, p->from));
    strcpy(buf, sq);
    for (int i = 0; i < p->length; i++) {
        ck_assert_fan_ok(fan_square_name(sq, sizeof sq, NULL, p->to[i]));
        strcat(buf, "-");
        strcat(buf, sq);
        strcat(buf, p->kind[i] == FAN_STEP_APPROACH     ? "A"
                    : p->kind[i] == FAN_STEP_WITHDRAWAL ? "W"
                                                        : "");
    }
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static int cmp_turn(const void *a, const void *b)
{
    fan_turn x = *(const fan_turn *)a, y = *(const fan_turn *)b;
    return x < y ? -1 : x > y;
}

static fan_perft_entry *divide(size_t *count, const fan_position *p,
                               unsigned depth, int kind)
{
    size_t n = 0;
    int r = fan_perft_divide(NULL, 0, &n, p, depth, kind);
    ck_assert_msg(r == FAN_OK || r == FAN_EBUFS, "divide: %s",
                  fan_strerror(r));
    fan_perft_entry *e = calloc(n ? n : 1, sizeof *e);
    ck_assert_ptr_nonnull(e);
    ck_assert_fan_ok(fan_perft_divide(e, n, count, p, depth, kind));
    ck_assert_uint_eq(*count, n);
    return e;
}

/* ------------------------------------------------------------------ */
/* The naive generator against published values                        */

/* The rules notes give these counts from the start; they are not the
 * library's, so they check the naive generator itself. */
START_TEST(naive_start_counts)
{
    static const struct {
        const char *rules;
        uint64_t counts[3];
    } known[] = {{"stop", {5, 39, 724}}, {"must", {5, 21, 223}}};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, START_BOARD " w %s 0 -", known[i].rules);
        nv_pos p = naive_from_string(text);
        ck_assert_uint_eq(naive_perft(&p, 0, FAN_COUNT_UNIQUE), 1);
        for (unsigned d = 1; d <= 3; d++) {
            ck_assert_uint_eq(naive_perft(&p, d, FAN_COUNT_UNIQUE),
                              known[i].counts[d - 1]);
            ck_assert_uint_eq(naive_perft(&p, d, FAN_COUNT_PATHS),
                              known[i].counts[d - 1]);
        }
    }
}
END_TEST

/* ------------------------------------------------------------------ */
/* Conventions                                                          */

/* A position where a side has no pieces has no children: not in perft and
 * not in divide either. The side that has just moved always has a piece
 * (a board without one is refused), so it is the side to move that has
 * none. */
START_TEST(no_pieces_no_children)
{
    fan_position *refused = NULL;
    ck_assert_int_eq(fan_position_from_string(&refused, "9/9/4W4/9/9 w stop 10 -",
                                              FAN_RULES_STOP, NULL),
                     FAN_EPARSE);
    ck_assert_ptr_null(refused);
    static const char *const texts[] = {"9/9/4B4/9/9 w stop 10 -",
                                        "9/9/4W4/9/9 b stop 10 -",
                                        "9/W8/9/9/9 b must 3 -"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        fan_position *p = from_string(texts[i]);
        for (int kind = FAN_COUNT_UNIQUE; kind <= FAN_COUNT_PATHS; kind++) {
            ck_assert_uint_eq(lib_perft(p, 0, kind), 1);
            for (unsigned depth = 1; depth <= 2; depth++) {
                size_t n = 99;
                fan_perft_entry e[1];
                ck_assert_uint_eq(lib_perft(p, depth, kind), 0);
                ck_assert_fan_ok(fan_perft_divide(e, 1, &n, p, depth, kind));
                ck_assert_uint_eq(n, 0);
            }
        }
        fan_position_free(p);
    }
}
END_TEST

/* ------------------------------------------------------------------ */
/* The data file                                                       */

typedef struct cases {
    perft_case *items;
    size_t n;
} cases;

static cases read_cases(void)
{
    const char *path = getenv("FAN_PERFT_DATA");
    ck_assert_msg(path != NULL, "FAN_PERFT_DATA names the perft data file");
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    cases c = {NULL, 0};
    char line[1024];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        perft_case pc;
        lineno++;
        int r = perft_line(&pc, line);
        ck_assert_msg(r >= 0, "%s:%d: malformed line", path, lineno);
        if (r == 0)
            continue;
        ck_assert_msg(pc.has_counts, "%s:%d: counts missing", path, lineno);
        c.items = realloc(c.items, (c.n + 1) * sizeof *c.items);
        ck_assert_ptr_nonnull(c.items);
        c.items[c.n++] = pc;
    }
    fclose(f);
    ck_assert_msg(c.n > 0, "%s holds no cases", path);
    return c;
}

START_TEST(data_counts)
{
    cases c = read_cases();
    int failures = 0;
    for (size_t i = 0; i < c.n; i++) {
        const perft_case *pc = &c.items[i];
        fan_position *p = from_string(pc->position);
        uint64_t u = lib_perft(p, pc->depth, FAN_COUNT_UNIQUE);
        uint64_t n = lib_perft(p, pc->depth, FAN_COUNT_PATHS);
        if (u != pc->unique || n != pc->paths) {
            fprintf(stderr, "%s depth %u: unique %llu paths %llu, expected "
                            "%llu %llu\n",
                    pc->name, pc->depth, (unsigned long long)u,
                    (unsigned long long)n, (unsigned long long)pc->unique,
                    (unsigned long long)pc->paths);
            failures++;
        }
        fan_position_free(p);
    }
    free(c.items);
    ck_assert_int_eq(failures, 0);
}
END_TEST

/* Divide entries sum to the total; their turns are distinct (unique) or
 * their paths are (paths); each turn is its path's effect. */
static void check_divide(const perft_case *pc, int kind, uint64_t expected)
{
    fan_position *p = from_string(pc->position);
    size_t n;
    fan_perft_entry *e = divide(&n, p, pc->depth, kind);
    uint64_t sum = 0;
    path_text *texts = calloc(n ? n : 1, sizeof *texts);
    fan_turn *turns = calloc(n ? n : 1, sizeof *turns);
    ck_assert(texts && turns);
    for (size_t i = 0; i < n; i++) {
        fan_turn t;
        sum += e[i].nodes;
        ck_assert_fan_ok(fan_path_turn(&t, &e[i].path));
        ck_assert_msg(t == e[i].turn, "%s: entry %zu turn is not its path's",
                      pc->name, i);
        lib_path_text(texts[i], &e[i].path);
        turns[i] = e[i].turn;
    }
    ck_assert_msg(sum == expected, "%s depth %u %s: divide sums to %llu",
                  pc->name, pc->depth,
                  kind == FAN_COUNT_PATHS ? "paths" : "unique",
                  (unsigned long long)sum);
    qsort(texts, n, sizeof *texts, cmp_text);
    qsort(turns, n, sizeof *turns, cmp_turn);
    for (size_t i = 1; i < n; i++) {
        if (kind == FAN_COUNT_PATHS)
            ck_assert_msg(strcmp(texts[i - 1], texts[i]),
                          "%s: path %s twice", pc->name, texts[i]);
        else
            ck_assert_msg(turns[i - 1] != turns[i], "%s: a turn twice",
                          pc->name);
    }
    free(texts);
    free(turns);
    free(e);
    fan_position_free(p);
}

START_TEST(data_divide)
{
    cases c = read_cases();
    for (size_t i = 0; i < c.n; i++) {
        if (c.items[i].depth == 0)
            continue;
        check_divide(&c.items[i], FAN_COUNT_UNIQUE, c.items[i].unique);
        check_divide(&c.items[i], FAN_COUNT_PATHS, c.items[i].paths);
    }
    free(c.items);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Library against the naive generator on random positions            */

/* Compares two sorted lists of texts; prints the first difference. */
static int same_texts(const char *what, const char *pos, path_text *a,
                      size_t na, path_text *b, size_t nb)
{
    qsort(a, na, sizeof *a, cmp_text);
    qsort(b, nb, sizeof *b, cmp_text);
    size_t i = 0;
    while (i < na && i < nb && !strcmp(a[i], b[i]))
        i++;
    if (i == na && i == nb)
        return 1;
    fprintf(stderr, "%s differ in %s: library %zu (%s), naive %zu (%s)\n",
            what, pos, na, i < na ? a[i] : "-", nb, i < nb ? b[i] : "-");
    return 0;
}

/* A turn as text: its effect, e.g. "d2>e4 x e1,e2,e5". */
static void effect_text(char *buf, int from, int to, uint64_t captured)
{
    char sq[3];
    ck_assert_fan_ok(fan_square_name(sq, sizeof sq, NULL, from));
    strcpy(buf, sq);
    ck_assert_fan_ok(fan_square_name(sq, sizeof sq, NULL, to));
    strcat(buf, ">");
    strcat(buf, sq);
    strcat(buf, " x");
    for (int s = 0; s < FAN_SQUARES; s++)
        if (captured >> s & 1) {
            ck_assert_fan_ok(fan_square_name(sq, sizeof sq, NULL, s));
            strcat(buf, " ");
            strcat(buf, sq);
        }
}

/* The library's turns (effects) and paths from p: through
 * fan_position_turns / _paths at the start of a turn, through perft divide
 * at depth 1 in the middle of a chain (where the turn is its completion). */
static size_t lib_turn_texts(path_text **out, const fan_position *p, int kind)
{
    size_t n = 0;
    path_text *t;
    if (fan_position_in_chain(p)) {
        fan_perft_entry *e = divide(&n, p, 1, kind);
        t = calloc(n ? n : 1, sizeof *t);
        ck_assert_ptr_nonnull(t);
        for (size_t i = 0; i < n; i++)
            if (kind == FAN_COUNT_PATHS)
                lib_path_text(t[i], &e[i].path);
            else
                effect_text(t[i], FAN_TURN_FROM(e[i].turn),
                            FAN_TURN_TO(e[i].turn),
                            FAN_TURN_CAPTURED(e[i].turn));
        free(e);
    } else if (kind == FAN_COUNT_PATHS) {
        int r = fan_position_paths(NULL, 0, &n, p);
        ck_assert(r == FAN_OK || r == FAN_EBUFS);
        fan_path *paths = calloc(n ? n : 1, sizeof *paths);
        t = calloc(n ? n : 1, sizeof *t);
        ck_assert(paths && t);
        ck_assert_fan_ok(fan_position_paths(paths, n, &n, p));
        for (size_t i = 0; i < n; i++)
            lib_path_text(t[i], &paths[i]);
        free(paths);
    } else {
        int r = fan_position_turns(NULL, 0, &n, p);
        ck_assert(r == FAN_OK || r == FAN_EBUFS);
        fan_turn *turns = calloc(n ? n : 1, sizeof *turns);
        t = calloc(n ? n : 1, sizeof *t);
        ck_assert(turns && t);
        ck_assert_fan_ok(fan_position_turns(turns, n, &n, p));
        for (size_t i = 0; i < n; i++)
            effect_text(t[i], FAN_TURN_FROM(turns[i]), FAN_TURN_TO(turns[i]),
                        FAN_TURN_CAPTURED(turns[i]));
        free(turns);
    }
    *out = t;
    return n;
}

static size_t naive_turn_texts(path_text **out, const nv_pos *p, int kind)
{
    nv_list l = {0};
    ck_assert_int_eq(nv_turns(p, &l), 0);
    if (kind == FAN_COUNT_UNIQUE)
        nv_unique(&l);
    path_text *t = calloc(l.n ? l.n : 1, sizeof *t);
    ck_assert_ptr_nonnull(t);
    for (size_t i = 0; i < l.n; i++)
        if (kind == FAN_COUNT_PATHS)
            nv_turn_text(t[i], sizeof t[i], &l.items[i]);
        else
            effect_text(t[i], l.items[i].origin, nv_turn_dest(&l.items[i]),
                        l.items[i].captured);
    size_t n = l.n;
    nv_list_free(&l);
    *out = t;
    return n;
}

typedef struct tally {
    int positions, mid_chain, differ, failures;
} tally;

/* Library and naive generator on one position: the sets of turns and of
 * paths at depth 1, both counts at depths 1..max_depth. */
static void compare(tally *t, const char *text, unsigned max_depth)
{
    fan_position *p = from_string(text);
    nv_pos np = naive_from_string(text);
    uint64_t last[2] = {0, 0};
    t->positions++;
    t->mid_chain += fan_position_in_chain(p) == 1;
    for (int kind = FAN_COUNT_UNIQUE; kind <= FAN_COUNT_PATHS; kind++) {
        path_text *a, *b;
        size_t na = lib_turn_texts(&a, p, kind);
        size_t nb = naive_turn_texts(&b, &np, kind);
        t->failures +=
            !same_texts(kind ? "paths" : "turns", text, a, na, b, nb);
        free(a);
        free(b);
        for (unsigned d = 1; d <= max_depth; d++) {
            uint64_t x = lib_perft(p, d, kind), y = naive_perft(&np, d, kind);
            if (x != y) {
                fprintf(stderr, "%s depth %u %s: library %llu naive %llu\n",
                        text, d, kind ? "paths" : "unique",
                        (unsigned long long)x, (unsigned long long)y);
                t->failures++;
            }
            last[kind] = x;
        }
    }
    t->differ += last[0] != last[1];
    fan_position_free(p);
}

/* Positions reached by random play, a third of them inside a chain. */
START_TEST(random_games)
{
    uint64_t state = 0x5EED0F0A2024ull;
    tally t = {0, 0, 0, 0};
    for (int i = 0; i < 1000; i++) {
        char text[FAN_POSITION_STRING_MAX];
        int rules = i % 2 ? FAN_RULES_MUST : FAN_RULES_STOP;
        unsigned steps = rp_below(&state, 80);
        ck_assert_fan_ok(rp_position(text, &state, rules, steps, i % 3 == 0));
        compare(&t, text, 3);
    }
    ck_assert_int_eq(t.failures, 0);
    /* the sample must reach the interesting cases, or it proves little */
    ck_assert_int_ge(t.mid_chain, t.positions / 5);
    ck_assert_int_ge(t.differ, 10);
}
END_TEST

/* Random set-up boards (sparse to crowded, pieces on every edge), a third
 * of them with a chain opened by a random first capture. */
START_TEST(random_boards)
{
    uint64_t state = 0xB0A4D5ull;
    tally t = {0, 0, 0, 0};
    for (int i = 0; i < 1000; i++) {
        char text[FAN_POSITION_STRING_MAX];
        int rules = i % 2 ? FAN_RULES_MUST : FAN_RULES_STOP;
        ck_assert_fan_ok(rp_board(text, &state, rules, i % 3 == 0));
        compare(&t, text, 2);
    }
    ck_assert_int_eq(t.failures, 0);
    ck_assert_int_ge(t.mid_chain, t.positions / 5);
    ck_assert_int_ge(t.differ, 10);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("perft");
    TCase *tc = tcase_create("conventions");
    tcase_add_test(tc, no_pieces_no_children);
    suite_add_tcase(s, tc);
    tc = tcase_create("naive");
    tcase_set_tags(tc, "naive"); /* left out under valgrind: CK_EXCLUDE_TAGS */
    tcase_add_test(tc, naive_start_counts);
    tcase_add_test(tc, random_games);
    tcase_add_test(tc, random_boards);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    tc = tcase_create("data");
    tcase_add_test(tc, data_counts);
    tcase_set_timeout(tc, 0); /* deep data runs long; meson bounds it */
    suite_add_tcase(s, tc);
    tc = tcase_create("divide");
    tcase_add_test(tc, data_divide);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

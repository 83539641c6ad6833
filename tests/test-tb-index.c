/* SPDX-License-Identifier: MIT */
/* White-box: the mirror-reduced index of the tables (lib/tb-index.c)
 * against plain definitions, for every size k of the side to move's set
 * (1..6; 7 too with FAN_SLOW=1, 45 million sets):
 * - the mirrors against the points' coordinates (c -> 8 - c, r -> 4 - r);
 * - the number of representatives against Burnside's count of orbits;
 * - the representatives: increasing, each the smallest of its images;
 * - the rank blocks, every one, against the representatives' colex ranks
 *   (tb_index of the set alone);
 * - tb_stored_index and tb_stored_index_if_rep, for every representative
 *   and for many random sets with random other sets, against a binary
 *   search of the list of representatives. */
#include "tcommon.h"
#include "trandom.h"

#include "lib/tb.h"

/* ck_assert writes to Check's pipe at every call: in the loops over
 * millions of sets only a failure goes through it */
#define EXPECT(cond)                                                           \
    do {                                                                       \
        if (!(cond))                                                           \
            ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #cond);              \
    } while (0)
#define EXPECT_OP(op, a, b)                                                    \
    do {                                                                       \
        uint64_t x_ = (uint64_t) (a), y_ = (uint64_t) (b);                     \
        if (!(x_ op y_))                                                       \
            ck_abort_msg("%s:%d: %s %s %s (%llu, %llu)", __FILE__, __LINE__,   \
                         #a, #op, #b, (unsigned long long) x_,                 \
                         (unsigned long long) y_);                             \
    } while (0)

#define COLS 9
#define ROWS 5
#define POINTS 45

/* m under mirror g (bit 0 the columns, bit 1 the rows), point by point */
static uint64_t mirror_points(uint64_t m, int g)
{
    uint64_t x = 0;
    for (int s = 0; s < POINTS; s++) {
        if (!(m >> s & 1))
            continue;
        int r = s / COLS, c = s % COLS;
        if (g & 1)
            c = COLS - 1 - c;
        if (g & 2)
            r = ROWS - 1 - r;
        x |= (uint64_t) 1 << (r * COLS + c);
    }
    return x;
}

static uint64_t binom(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (uint64_t) (n - k + i) / (uint64_t) i;
    return r;
}

/* k-sets a mirror with f fixed points and p swapped pairs keeps */
static uint64_t fixed_sets(int k, int f, int p)
{
    uint64_t n = 0;
    for (int j = 0; 2 * j <= k; j++)
        n += binom(p, j) * binom(f, k - 2 * j);
    return n;
}

/* k random points outside taken */
static uint64_t random_set(uint64_t *rng, int k, uint64_t taken)
{
    uint64_t set = 0;
    while (k > 0) {
        uint64_t b = (uint64_t) 1 << (trand_next(rng) % POINTS);
        if (!((set | taken) & b)) {
            set |= b;
            k--;
        }
    }
    return set;
}

/* the place of rep in reps[0..n) by binary search, n when absent */
static uint64_t search_rep(const uint64_t *reps, uint64_t n, uint64_t rep)
{
    uint64_t lo = 0, hi = n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (reps[mid] < rep)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && reps[lo] == rep ? lo : n;
}

/* The stored index of (own, opp) from the definitions: own's smallest
 * image (the first mirror that gives it), its place in the list, the
 * other set mirrored along and ranked among the points left free. */
static uint64_t stored_index_ref(const fan_tb *tb, uint64_t own, uint64_t opp)
{
    int k = __builtin_popcountll(own), j = __builtin_popcountll(opp);
    int g = 0;
    for (int h = 1; h < 4; h++)
        if (mirror_points(own, h) < mirror_points(own, g))
            g = h;
    uint64_t rep = mirror_points(own, g), o = mirror_points(opp, g);
    uint64_t place = search_rep(tb->reps[k], tb->nreps[k], rep);
    EXPECT(place < tb->nreps[k]);
    uint64_t per = binom(POINTS - k, j);
    return place * per + tb_index(&tb->binom, rep, o) % per;
}

static int sizes(void)
{
    const char *slow = getenv("FAN_SLOW");
    return slow && *slow && strcmp(slow, "0") != 0 ? 7 : 6;
}

START_TEST(mirrors)
{
    uint64_t rng = 11;
    for (int i = 0; i < 20000; i++) {
        uint64_t m = random_set(&rng, 1 + (int) (trand_next(&rng) % 20), 0);
        for (int g = 0; g < 4; g++)
            EXPECT_OP(==, tb_mirror_set(m, g), mirror_points(m, g));
    }
    for (int s = 0; s < POINTS; s++)
        for (int g = 0; g < 4; g++)
            EXPECT_OP(==, tb_mirror_set((uint64_t) 1 << s, g),
                      mirror_points((uint64_t) 1 << s, g));
}
END_TEST

START_TEST(index_of_size)
{
    int k = _i;
    if (k > sizes())
        return;
    fan_tb *tb = calloc(1, sizeof *tb);
    ck_assert_ptr_nonnull(tb);
    tb_binom_init(&tb->binom);
    ck_assert_int_eq(tb_reps_build(tb, k), FAN_OK);
    const uint64_t *reps = tb->reps[k];
    uint64_t n = tb->nreps[k], sets = binom(POINTS, k);

    /* Burnside: the column mirror keeps 5 points and swaps 20 pairs, the
     * row mirror 9 and 18, both together 1 and 22 */
    uint64_t orbits = (sets + fixed_sets(k, 5, 20) + fixed_sets(k, 9, 18) +
                       fixed_sets(k, 1, 22)) /
                      4;
    EXPECT_OP(==, n, orbits);

    /* the list, and the blocks against the colex ranks of its sets */
    const tb_rep_block *blocks = tb->rep_rank[k];
    uint64_t next = 0; /* the next representative to meet in rank order */
    for (uint64_t b = 0; b * 64 < sets; b++) {
        EXPECT_OP(==, blocks[b].before, next);
        uint64_t bits = 0;
        while (next < n) {
            uint64_t r = tb_index(&tb->binom, reps[next], 0);
            if (r >= (b + 1) * 64)
                break;
            EXPECT_OP(>=, r, b * 64);
            bits |= (uint64_t) 1 << (r % 64);
            next++;
        }
        EXPECT_OP(==, blocks[b].reps, bits);
    }
    EXPECT_OP(==, next, n);
    uint64_t rng = 1000 + (uint64_t) k;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t m = reps[i];
        EXPECT_OP(==, __builtin_popcountll(m), k);
        EXPECT(i == 0 || reps[i - 1] < m);
        for (int g = 1; g < 4; g++)
            EXPECT_OP(<=, m, mirror_points(m, g));
        /* every representative with one other set (of 1 .. 8 - k) */
        int j = 1 + (int) (trand_next(&rng) % (uint64_t) (TB_MAXP - k));
        uint64_t opp = random_set(&rng, j, m);
        uint64_t want = i * binom(POINTS - k, j) +
                        tb_index(&tb->binom, m, opp) % binom(POINTS - k, j);
        EXPECT_OP(==, tb_stored_index_if_rep(tb, m, opp), want);
        EXPECT_OP(==, tb_stored_index(tb, m, opp), want);
    }

    /* random sets, most of them not representatives */
    for (int i = 0; i < 200000; i++) {
        uint64_t own = random_set(&rng, k, 0);
        int j = 1 + (int) (trand_next(&rng) % (uint64_t) (TB_MAXP - k));
        uint64_t opp = random_set(&rng, j, own);
        uint64_t want = stored_index_ref(tb, own, opp);
        EXPECT_OP(==, tb_stored_index(tb, own, opp), want);
        int is_rep = search_rep(reps, n, own) < n;
        EXPECT_OP(==, tb_stored_index_if_rep(tb, own, opp),
                  is_rep ? want : TB_NOT_REP);
        /* and back */
        uint64_t o2, p2;
        tb_stored_unindex(tb, want, k, j, &o2, &p2);
        EXPECT_OP(==, tb_stored_index(tb, o2, p2), want);
    }
    tb_reps_free(tb);
    free(tb);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("tb-index");
    TCase *c = tcase_create("tb-index");
    tcase_set_timeout(c, 600);
    tcase_add_test(c, mirrors);
    tcase_add_loop_test(c, index_of_size, 1, 8);
    suite_add_tcase(s, c);
    return s;
}

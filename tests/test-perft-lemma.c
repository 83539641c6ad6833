/* SPDX-License-Identifier: MIT */
/* The lemma behind a shortcut of the unique perft count (lib/perft.c,
 * collect_ends): a turn of one segment has an effect (origin, destination,
 * captured set) that no other turn of its origin has.
 *
 * Why checking a finite set of boards proves it: suppose turn A and another
 * turn B of the same origin s have the same effect on some board. Make every
 * own piece but s empty, and every enemy piece that A does not capture:
 * both turns stay legal with the same effects (landing points were empty,
 * own pieces only ever block, each run still ends where it ended, and
 * neither turn captured a removed piece). So a counterexample would also
 * exist on a board whose only pieces are s and the runs A captures; this
 * test walks all of those (every origin, direction, kind and run length)
 * and lists every turn of s with fan_position_paths().
 *
 * The same holds for turns of two segments; for three there are boards
 * where it fails, which the test also finds, to show that the search would
 * see a counterexample. */
#include "tcommon.h"

static const int col_step[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int row_step[8] = {0, 1, 1, 1, 0, -1, -1, -1};

/* Is there a drawn line from (c, r) in direction d? */
static int line_from(int c, int r, int d)
{
    int nc = c + col_step[d], nr = r + row_step[d];
    if (nc < 0 || nc >= 9 || nr < 0 || nr >= 5)
        return 0;
    return !(d & 1) || ((c + r) & 1) == 0;
}

typedef struct search {
    int origin;
    int len;                /* segments of A so far */
    int to[3], kind[3];     /* A's landing points and kinds */
    uint64_t captured;      /* the runs of A */
    uint64_t visited;
    long boards;            /* boards where A is a legal turn */
    long shared[4];         /* of them, boards where its effect is shared */
} search;

static fan_path paths[1 << 16];

/* A is complete: set up the reduced board and compare A with every turn. */
static void check_board(search *s)
{
    fan_position *p = NULL;
    if (fan_position_new_custom(&p, (uint64_t)1 << s->origin, s->captured,
                                FAN_WHITE, FAN_RULES_STOP) != FAN_OK)
        return;
    size_t n = 0;
    ck_assert_fan_ok(fan_position_paths(paths, 1 << 16, &n, p));
    int found = -1;
    for (size_t i = 0; i < n && found < 0; i++) {
        if (paths[i].length != s->len)
            continue;
        int same = 1;
        for (int k = 0; k < s->len; k++)
            same &= paths[i].to[k] == s->to[k] && paths[i].kind[k] == s->kind[k];
        if (same && paths[i].captured == s->captured)
            found = (int)i;
    }
    /* Not found: a run of A was not a whole run on this board (it met a
     * later one), so A is not a turn here. */
    if (found >= 0) {
        s->boards++;
        fan_turn a = 0, t = 0;
        ck_assert_fan_ok(fan_path_turn(&a, &paths[found]));
        for (size_t i = 0; i < n; i++) {
            ck_assert_fan_ok(fan_path_turn(&t, &paths[i]));
            if ((int)i != found && t == a) {
                s->shared[s->len]++;
                break;
            }
        }
    }
    fan_position_free(p);
}

/* Extends A by one segment from square sq (direction last was the previous
 * one, -1 at the origin) in every way, up to 'max' segments. */
static void extend(search *s, int sq, int last, int max)
{
    int c = sq % 9, r = sq / 9;
    for (int d = 0; d < 8; d++) {
        if (d == last || !line_from(c, r, d))
            continue;
        int to = sq + col_step[d] + 9 * row_step[d];
        if (s->visited >> to & 1) /* captured points are empty: allowed */
            continue;
        for (int kind = FAN_STEP_APPROACH; kind <= FAN_STEP_WITHDRAWAL; kind++) {
            /* the run starts beyond 'to' (approach) or behind sq */
            int rd = kind == FAN_STEP_APPROACH ? d : d ^ 4;
            int rc = kind == FAN_STEP_APPROACH ? to % 9 : c;
            int rr = kind == FAN_STEP_APPROACH ? to / 9 : r;
            uint64_t run = 0;
            while (line_from(rc, rr, rd)) {
                rc += col_step[rd];
                rr += row_step[rd];
                int q = rc + 9 * rr;
                if ((s->visited | s->captured) >> q & 1) /* empty or s */
                    break;
                run |= (uint64_t)1 << q;
                search t = *s;
                t.to[t.len] = to;
                t.kind[t.len] = kind;
                t.len++;
                t.captured |= run;
                t.visited |= (uint64_t)1 << to;
                check_board(&t);
                if (t.len < max)
                    extend(&t, to, d, max);
                for (int k = 1; k <= 3; k++)
                    s->shared[k] = t.shared[k];
                s->boards = t.boards;
            }
        }
    }
}

static search run_search(int max)
{
    search s;
    memset(&s, 0, sizeof s);
    for (int origin = 0; origin < 45; origin++) {
        s.origin = origin;
        s.len = 0;
        s.captured = 0;
        s.visited = (uint64_t)1 << origin;
        extend(&s, origin, -1, max);
    }
    return s;
}

START_TEST(short_turns_have_their_own_effect)
{
    search s = run_search(2);
    ck_assert_int_gt(s.boards, 1000);
    ck_assert_int_eq(s.shared[1], 0);
    ck_assert_int_eq(s.shared[2], 0);
}
END_TEST

START_TEST(three_segments_can_share)
{
    search s = run_search(3);
    ck_assert_int_eq(s.shared[1], 0);
    ck_assert_int_eq(s.shared[2], 0);
    ck_assert_int_gt(s.shared[3], 0);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("perft-lemma");
    TCase *tc = tcase_create("reduced-boards");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, short_turns_have_their_own_effect);
    tcase_add_test(tc, three_segments_can_share);
    suite_add_tcase(s, tc);
    return s;
}

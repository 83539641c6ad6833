/* SPDX-License-Identifier: MIT */
/* The canonical path of a turn (doc/formats.md) is the least of its paths
 * in the documented order, whatever order the walk finds them in: checked
 * against every path of the position, for fan_position_turn_path, the
 * divide and the text of a turn. */
#include "tcommon.h"
#include "trandom.h"

#define TURNS_CAP (1 << 16)

#include <string.h>

/* The order of doc/formats.md, written out here on its own terms: a key of
 * the length, then (landing square, 0 for approach or 1 for withdrawal)
 * per step, compared as bytes. */
static void order_key(unsigned char key[1 + 2 * FAN_PATH_MAX],
                      const fan_path *p)
{
    memset(key, 0xFF, 1 + 2 * FAN_PATH_MAX);
    key[0] = p->length;
    for (int i = 0; i < p->length; i++) {
        key[1 + 2 * i] = p->to[i];
        key[2 + 2 * i] = p->kind[i] == FAN_STEP_APPROACH ? 0 : 1;
    }
}

static int before(const fan_path *a, const fan_path *b)
{
    unsigned char ka[1 + 2 * FAN_PATH_MAX], kb[1 + 2 * FAN_PATH_MAX];
    order_key(ka, a);
    order_key(kb, b);
    return memcmp(ka, kb, sizeof ka) < 0;
}

static fan_path paths[1 << 14];
static fan_turn turns[TURNS_CAP];
static fan_perft_entry entries[TURNS_CAP];
static long shared_effects, not_first;

/* Every turn's canonical path is the least path with its effect. */
static void check_position(const fan_position *p)
{
    size_t np = 0, nt = 0, ne = 0;
    ck_assert_fan_ok(fan_position_paths(paths, 1 << 14, &np, p));
    ck_assert_fan_ok(fan_position_turns(turns, TURNS_CAP, &nt, p));
    if (fan_position_result(p) != FAN_ONGOING)
        return;
    ck_assert_fan_ok(
        fan_perft_divide(entries, TURNS_CAP, &ne, p, 1, FAN_COUNT_UNIQUE));
    ck_assert_uint_eq(ne, nt);
    for (size_t i = 0; i < nt; i++) {
        const fan_path *least = NULL, *first = NULL;
        int n = 0;
        for (size_t k = 0; k < np; k++) {
            fan_turn t;
            ck_assert_fan_ok(fan_path_turn(&t, &paths[k]));
            if (t != turns[i])
                continue;
            n++;
            if (!first)
                first = &paths[k];
            if (!least || before(&paths[k], least))
                least = &paths[k];
        }
        ck_assert_ptr_nonnull(least);
        if (n > 1)
            shared_effects++;
        if (least != first)
            not_first++;
        fan_path got;
        ck_assert_fan_ok(fan_position_turn_path(&got, p, turns[i]));
        ck_assert_mem_eq(&got, least, sizeof got);
        ck_assert_uint_eq(entries[i].turn, turns[i]);
        ck_assert_mem_eq(&entries[i].path, least, sizeof got);
        char a[FAN_PATH_STRING_MAX], b[FAN_PATH_STRING_MAX];
        ck_assert_fan_ok(fan_turn_to_string(a, sizeof a, NULL, p, turns[i]));
        ck_assert_fan_ok(fan_path_to_string(b, sizeof b, NULL, least));
        ck_assert_str_eq(a, b);
    }
}

START_TEST(random_positions)
{
    uint64_t rng = 0xCA20u + (uint64_t)_i;
    for (int k = 0; k < 200; k++) {
        fan_position *p = (k & 1) ? trand_game(&rng, (k >> 1) & 1, 50)
                                  : trand_board(&rng, (k >> 1) & 1);
        if (!p)
            continue;
        check_position(p);
        fan_position_free(p);
    }
}
END_TEST

/* A position (found among random boards) where an effect has several
 * paths and the walk does not find the least one first; there the least
 * one is chosen, so a canonical path that meant "the first found" would
 * fail here, and so would one that depends on the walk's order. */
START_TEST(walk_order_is_not_the_order)
{
    fan_position *p = NULL;
    ck_assert_fan_ok(fan_position_from_string(
        &p, "1WWBW1B2/2BW1B2W/3B3B1/2WW1B1WW/1B2W1BWW w must 0 -",
        FAN_RULES_MUST, NULL));
    shared_effects = not_first = 0;
    check_position(p);
    ck_assert_int_gt(shared_effects, 0);
    ck_assert_int_gt(not_first, 0);
    fan_position_free(p);
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("canonical");
    TCase *tc = tcase_create("canonical");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, random_positions, 0, 2);
    tcase_add_test(tc, walk_order_is_not_the_order);
    suite_add_tcase(s, tc);
    return s;
}

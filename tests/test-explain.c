/* SPDX-License-Identifier: MIT */
/* The explain functions: their verdict is the play call's own (checked on
 * copies over random positions and every step, and over turns and paths
 * near the legal ones), their reasons say what is wrong in hand-made
 * positions, and they follow the (buf, size, needed) contract. */
#include "tcommon.h"
#include "randpos.h"

static fan_position *FROM(const char *text)
{
    fan_position *p = NULL;
    fan_parse_error e;
    int r = fan_position_from_string(&p, text, FAN_RULES_STOP, &e);
    ck_assert_msg(r == FAN_OK, "%s: %s", text, e.message);
    return p;
}

/* The code play_step gives on a copy of p. */
static int play_step_code(const fan_position *p, int from, int to, int kind)
{
    fan_position *q = NULL;
    ck_assert_fan_ok(fan_position_clone(&q, p));
    int r = fan_position_play_step(q, from, to, kind);
    fan_position_free(q);
    return r;
}

static int play_turn_code(const fan_position *p, fan_turn t)
{
    fan_position *q = NULL;
    ck_assert_fan_ok(fan_position_clone(&q, p));
    int r = fan_position_play_turn(q, t);
    fan_position_free(q);
    return r;
}

static int play_path_code(const fan_position *p, const fan_path *path)
{
    fan_position *q = NULL;
    ck_assert_fan_ok(fan_position_clone(&q, p));
    int r = fan_position_play_path(q, path);
    fan_position_free(q);
    return r;
}

/* A verdict and its reason agree: "" exactly when the call would pass. */
static void check_reason(int code, const char *why, const char *what)
{
    if (code == FAN_OK)
        ck_assert_msg(why[0] == '\0', "%s: OK with reason '%s'", what, why);
    else
        ck_assert_msg(why[0] != '\0', "%s: %s without a reason", what,
                      fan_strerror(code));
    ck_assert_msg(strlen(why) < FAN_EXPLAIN_MAX, "%s: reason too long", what);
}

static void expect_step(const char *pos, const char *from, const char *to,
                        int kind, int code, const char *reason)
{
    fan_position *p = FROM(pos);
    char why[FAN_EXPLAIN_MAX];
    int r = fan_position_explain_step(why, sizeof why, NULL, p, SQ(from),
                                      SQ(to), kind);
    ck_assert_msg(r == code, "%s %s-%s: %s, not %s", pos, from, to,
                  fan_strerror(r), fan_strerror(code));
    ck_assert_int_eq(r, play_step_code(p, SQ(from), SQ(to), kind));
    ck_assert_str_eq(why, reason);
    fan_position_free(p);
}

static void expect_turn(const char *pos, fan_turn t, int code,
                        const char *reason)
{
    fan_position *p = FROM(pos);
    char why[FAN_EXPLAIN_MAX];
    int r = fan_position_explain_turn(why, sizeof why, NULL, p, t);
    ck_assert_msg(r == code, "%s: %s, not %s", pos, fan_strerror(r),
                  fan_strerror(code));
    ck_assert_int_eq(r, play_turn_code(p, t));
    ck_assert_str_eq(why, reason);
    fan_position_free(p);
}

static fan_path PATH(const char *text)
{
    /* "c3 d3A e4W": origin, then landing points with their mode */
    fan_path path;
    memset(&path, 0, sizeof path);
    char sq[3] = {text[0], text[1], 0};
    path.from = (uint8_t)SQ(sq);
    text += 2;
    while (*text == ' ') {
        sq[0] = text[1];
        sq[1] = text[2];
        int kind = text[3] == 'A'   ? FAN_STEP_APPROACH
                   : text[3] == 'W' ? FAN_STEP_WITHDRAWAL
                                    : FAN_STEP_PAIKA;
        path.to[path.length] = (uint8_t)SQ(sq);
        path.kind[path.length] = (uint8_t)kind;
        path.length++;
        text += kind == FAN_STEP_PAIKA ? 3 : 4;
    }
    return path;
}

static void expect_path(const char *pos, fan_path path, uint64_t captured,
                        int code, const char *reason)
{
    fan_position *p = FROM(pos);
    path.captured = captured;
    char why[FAN_EXPLAIN_MAX];
    int r = fan_position_explain_path(why, sizeof why, NULL, p, &path);
    ck_assert_msg(r == code, "%s: %s, not %s (%s)", pos, fan_strerror(r),
                  fan_strerror(code), why);
    ck_assert_int_eq(r, play_path_code(p, &path));
    ck_assert_str_eq(why, reason);
    fan_position_free(p);
}

/* c3 can capture e3 by approach (c3-d3); the game is otherwise empty. */
#define ONE_CAPTURE "9/9/2W1B4/9/9 w stop 0 -"
/* the same with b3 black too: c3-d3 approaches e3 and withdraws from b3 */
#define BOTH_MODES "9/9/1BW1B4/9/9 w stop 0 -"
/* c3-d3A and then d3-d4A (d5) can follow, under must-continue */
#define TWO_SEGMENTS "3B5/9/2W1B4/9/9 w must 0 -"

START_TEST(step_reasons)
{
    expect_step(ONE_CAPTURE, "c3", "d3", FAN_STEP_ANY, FAN_OK, "");
    expect_step(ONE_CAPTURE, "c3", "d3", FAN_STEP_APPROACH, FAN_OK, "");
    expect_step(ONE_CAPTURE, "c3", "b3", FAN_STEP_ANY, FAN_EILLEGAL,
                "a capture is compulsory and c3-b3 captures nothing");
    expect_step(ONE_CAPTURE, "c3", "e3", FAN_STEP_ANY, FAN_EILLEGAL,
                "c3 and e3 are not neighbours on a line");
    expect_step(ONE_CAPTURE, "d3", "d4", FAN_STEP_ANY, FAN_EILLEGAL,
                "d3 holds no piece of the side to move");
    expect_step(ONE_CAPTURE, "c3", "d3", FAN_STEP_WITHDRAWAL, FAN_EILLEGAL,
                "c3-d3 captures by approach (A), not by withdrawal");
    expect_step(BOTH_MODES, "c3", "d3", FAN_STEP_ANY, FAN_EAMBIGUOUS,
                "c3-d3 captures by approach (A) and by withdrawal (W): "
                "name one");
    expect_step(BOTH_MODES, "c3", "d3", FAN_STEP_WITHDRAWAL, FAN_OK, "");
    expect_step(ONE_CAPTURE, "c3", "d3", 9, FAN_EINVAL,
                "unknown step kind 9");
    /* in the chain: after c3-d3A the piece on d3 goes on */
    fan_position *p = FROM(TWO_SEGMENTS);
    ck_assert_fan_ok(fan_position_play_step(p, SQ("c3"), SQ("d3"),
                                            FAN_STEP_ANY));
    char why[FAN_EXPLAIN_MAX];
    ck_assert_int_eq(fan_position_explain_step(why, sizeof why, NULL, p,
                                               SQ("d3"), SQ("c3"),
                                               FAN_STEP_ANY),
                     FAN_EILLEGAL);
    ck_assert_str_eq(why, "c3 was already visited this turn");
    ck_assert_fan_ok(fan_position_explain_step(why, sizeof why, NULL, p,
                                               SQ("d3"), SQ("d4"),
                                               FAN_STEP_ANY));
    fan_position_free(p);
}
END_TEST

START_TEST(turn_reasons)
{
    int c3 = SQ("c3"), d3 = SQ("d3"), b3 = SQ("b3"), a1 = SQ("a1");
    expect_turn(ONE_CAPTURE, FAN_TURN_MAKE(c3, d3, MASK("e3")), FAN_OK, "");
    expect_turn(ONE_CAPTURE, FAN_TURN_MAKE(c3, b3, 0), FAN_EILLEGAL,
                "no legal turn takes the piece on c3 to b3");
    expect_turn(ONE_CAPTURE, FAN_TURN_MAKE(c3, d3, 0), FAN_EILLEGAL,
                "a capture is compulsory: every turn from c3 to d3 captures");
    expect_turn(ONE_CAPTURE, FAN_TURN_MAKE(c3, d3, MASK("e3 a1")),
                FAN_EILLEGAL,
                "no legal turn from c3 to d3 captures exactly a1 and e3");
    expect_turn(ONE_CAPTURE, FAN_TURN_MAKE(a1, SQ("a2"), 0), FAN_EILLEGAL,
                "a1 holds no piece of the side to move");
    expect_turn("9/9/2W1B4/9/W8 w stop 0 -", FAN_TURN_MAKE(a1, SQ("a2"), 0),
                FAN_EILLEGAL,
                "a capture is compulsory and the piece on a1 cannot capture");
    expect_turn(ONE_CAPTURE, FAN_TURN_MAKE(c3, 45, 0), FAN_ERANGE,
                "the turn's origin or destination is outside 0..44");
    expect_turn(ONE_CAPTURE, (fan_turn)1 << 60, FAN_EINVAL,
                "a turn value has bits 57..63 clear");
}
END_TEST

START_TEST(path_reasons)
{
    expect_path(ONE_CAPTURE, PATH("c3 d3A"), MASK("e3"), FAN_OK, "");
    expect_path(ONE_CAPTURE, PATH("c3 d3W"), MASK("e3"), FAN_EILLEGAL,
                "step 1: c3-d3 captures by approach (A), not by withdrawal");
    expect_path(ONE_CAPTURE, PATH("c3 d3A d4A"), MASK("e3"), FAN_EILLEGAL,
                "step 2: the turn is over after step 1 (no capture can "
                "follow)");
    expect_path(ONE_CAPTURE, PATH("c3 d3A"), MASK("e3 a1"), FAN_EILLEGAL,
                "the path's captured set is not the union of what its steps "
                "capture");
    expect_path(TWO_SEGMENTS, PATH("c3 d3A"), MASK("e3"), FAN_EILLEGAL,
                "under must-continue the chain goes on: the piece on d3 can "
                "capture again");
    expect_path(TWO_SEGMENTS, PATH("c3 d3A d4A"), MASK("e3 d5"), FAN_OK, "");
    fan_path bad = PATH("c3 d3A");
    bad.length = 0;
    expect_path(ONE_CAPTURE, bad, 0, FAN_EINVAL,
                "the path is malformed (its length, a step kind or a "
                "reserved byte)");
    /* mid-chain, the path must begin with the chain so far */
    fan_position *p = FROM(TWO_SEGMENTS);
    ck_assert_fan_ok(fan_position_play_step(p, SQ("c3"), SQ("d3"),
                                            FAN_STEP_ANY));
    fan_path other = PATH("c3 c4");
    char why[FAN_EXPLAIN_MAX];
    ck_assert_int_eq(fan_position_explain_path(why, sizeof why, NULL, p,
                                               &other),
                     FAN_EILLEGAL);
    ck_assert_int_eq(play_path_code(p, &other), FAN_EILLEGAL);
    ck_assert_str_eq(why, "the path does not begin with the turn in "
                          "progress, c3-d3A");
    fan_position_free(p);
}
END_TEST

START_TEST(game_over_and_arguments)
{
    fan_position *p = FROM(ONE_CAPTURE);
    ck_assert_fan_ok(fan_position_play_step(p, SQ("c3"), SQ("d3"),
                                            FAN_STEP_ANY));
    ck_assert_int_eq(fan_position_result(p), FAN_WHITE_WINS);
    char why[FAN_EXPLAIN_MAX];
    ck_assert_int_eq(fan_position_explain_step(why, sizeof why, NULL, p,
                                               SQ("d3"), SQ("d4"),
                                               FAN_STEP_ANY),
                     FAN_EGAMEOVER);
    ck_assert_str_eq(why, "the game is over: white wins (the player to move "
                          "has no pieces)");
    fan_path path = PATH("d3 d4");
    ck_assert_int_eq(fan_position_explain_path(why, sizeof why, NULL, p,
                                               &path),
                     FAN_EGAMEOVER);
    ck_assert_int_eq(fan_position_explain_turn(
                         why, sizeof why, NULL, p,
                         FAN_TURN_MAKE(SQ("d3"), SQ("d4"), 0)),
                     FAN_EGAMEOVER);
    /* NULL position; NULL buffer with a size */
    ck_assert_int_eq(fan_position_explain_step(why, sizeof why, NULL, NULL,
                                               0, 1, 0),
                     FAN_EINVAL);
    ck_assert_str_eq(why, "no position was given");
    ck_assert_int_eq(fan_position_explain_step(NULL, 5, NULL, p, 0, 1, 0),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_position_explain_turn(NULL, 5, NULL, p, 0),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_position_explain_path(why, sizeof why, NULL, p,
                                               NULL),
                     FAN_EINVAL);
    ck_assert_int_eq(fan_position_explain_step(why, sizeof why, NULL, p, -1,
                                               1, 0),
                     FAN_ERANGE);
    ck_assert_str_eq(why, "square -1 is outside 0..44");
    fan_position_free(p);
}
END_TEST

START_TEST(buffer_contract)
{
    fan_position *p = FROM(ONE_CAPTURE);
    const char *full = "a capture is compulsory and c3-b3 captures nothing";
    size_t need = 0;
    /* size 0: only the size needed */
    ck_assert_int_eq(fan_position_explain_step(NULL, 0, &need, p, SQ("c3"),
                                               SQ("b3"), FAN_STEP_ANY),
                     FAN_EBUFS);
    ck_assert_uint_eq(need, strlen(full) + 1);
    /* too small: truncated, terminated, FAN_EBUFS */
    char small[8];
    ck_assert_int_eq(fan_position_explain_step(small, sizeof small, &need, p,
                                               SQ("c3"), SQ("b3"),
                                               FAN_STEP_ANY),
                     FAN_EBUFS);
    ck_assert_str_eq(small, "a captu");
    /* a legal step needs one byte */
    ck_assert_fan_ok(fan_position_explain_step(small, 1, &need, p, SQ("c3"),
                                               SQ("d3"), FAN_STEP_ANY));
    ck_assert_uint_eq(need, 1);
    ck_assert_str_eq(small, "");
    fan_position_free(p);
}
END_TEST

/* Every (from, to, kind) in random positions, both rulesets, at turn
 * starts and in open chains: the explained verdict is play_step's. */
START_TEST(steps_agree_with_play)
{
    uint64_t rng = 0x9E3779B97F4A7C15ull + (uint64_t)_i;
    char text[FAN_POSITION_STRING_MAX];
    for (int round = 0; round < 12; round++) {
        int rules = round & 1, mid = (round >> 1) & 1;
        int r = round < 6 ? rp_position(text, &rng, rules, 10 + round * 7, mid)
                          : rp_board(text, &rng, rules, mid);
        ck_assert_fan_ok(r);
        fan_position *p = FROM(text);
        for (int from = 0; from < FAN_SQUARES; from++)
            for (int to = 0; to < FAN_SQUARES; to++)
                for (int kind = FAN_STEP_ANY; kind <= FAN_STEP_WITHDRAWAL;
                     kind++) {
                    if (abs(from % 9 - to % 9) > 1 || abs(from / 9 - to / 9) > 1)
                        if ((from + to + kind) % 7) /* keep a few far ones */
                            continue;
                    char why[FAN_EXPLAIN_MAX];
                    int e = fan_position_explain_step(why, sizeof why, NULL,
                                                      p, from, to, kind);
                    int g = play_step_code(p, from, to, kind);
                    ck_assert_msg(e == g, "%s %d-%d kind %d: explain %d, "
                                  "play %d", text, from, to, kind, e, g);
                    check_reason(e, why, text);
                }
        fan_position_free(p);
    }
}
END_TEST

/* Legal turns and paths, and one-field changes of them: same verdicts. */
START_TEST(turns_and_paths_agree_with_play)
{
    uint64_t rng = 0xD1B54A32D192ED03ull + (uint64_t)_i;
    char text[FAN_POSITION_STRING_MAX];
    for (int round = 0; round < 8; round++) {
        int rules = round & 1, mid = (round >> 1) & 1;
        ck_assert_fan_ok(round < 4
                             ? rp_position(text, &rng, rules, 15 + round * 9, mid)
                             : rp_board(text, &rng, rules, mid));
        fan_position *p = FROM(text);
        static fan_path paths[4096];
        size_t n = 0;
        int r = fan_position_paths(paths, 4096, &n, p);
        ck_assert(r == FAN_OK || r == FAN_EBUFS);
        if (n > 4096)
            n = 4096;
        for (size_t i = 0; i < n; i += 1 + n / 40) {
            for (int change = 0; change < 6; change++) {
                fan_path q = paths[i];
                int k = (int)rp_below(&rng, q.length);
                switch (change) {
                case 1: q.kind[k] = (uint8_t)(1 + rp_below(&rng, 3)); break;
                case 2: q.to[k] = (uint8_t)rp_below(&rng, FAN_SQUARES); break;
                case 3: q.captured ^= (uint64_t)1 << rp_below(&rng, 45); break;
                case 4: if (q.length > 1) q.length--; break;
                case 5:
                    if (q.length < FAN_PATH_MAX) {
                        q.to[q.length] = (uint8_t)rp_below(&rng, FAN_SQUARES);
                        q.kind[q.length] = (uint8_t)(1 + rp_below(&rng, 3));
                        q.length++;
                    }
                    break;
                default: break;
                }
                char why[FAN_EXPLAIN_MAX];
                int e = fan_position_explain_path(why, sizeof why, NULL, p, &q);
                ck_assert_msg(e == play_path_code(p, &q), "%s: path verdicts "
                              "differ (%s)", text, why);
                check_reason(e, why, text);
                fan_turn t;
                if (fan_path_turn(&t, &q) != FAN_OK)
                    continue;
                e = fan_position_explain_turn(why, sizeof why, NULL, p, t);
                ck_assert_msg(e == play_turn_code(p, t), "%s: turn verdicts "
                              "differ (%s)", text, why);
                check_reason(e, why, text);
            }
        }
        fan_position_free(p);
    }
}
END_TEST

Suite *make_suite(void)
{
    Suite *s = suite_create("explain");
    TCase *reasons = tcase_create("reasons");
    tcase_add_test(reasons, step_reasons);
    tcase_add_test(reasons, turn_reasons);
    tcase_add_test(reasons, path_reasons);
    tcase_add_test(reasons, game_over_and_arguments);
    tcase_add_test(reasons, buffer_contract);
    suite_add_tcase(s, reasons);
    TCase *agree = tcase_create("agree");
    tcase_set_timeout(agree, 120);
    tcase_add_loop_test(agree, steps_agree_with_play, 0, 3);
    tcase_add_loop_test(agree, turns_and_paths_agree_with_play, 0, 3);
    suite_add_tcase(s, agree);
    return s;
}

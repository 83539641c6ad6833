/* SPDX-License-Identifier: MIT */
/* Build-only test: the public headers alone compile as strict C99
 * (-std=c99 -pedantic -Werror -Wall -Wextra, set in meson.build), and the
 * fixed layouts of the value types are what the header documents. */
#include <fanorona.h>
#include <fanorona-chess.h>

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond);         \
            failures++;                                                        \
        }                                                                      \
    } while (0)

int main(void)
{
    fan_turn t = FAN_TURN_MAKE(21, 22, (uint64_t)1 << 23);

    CHECK(sizeof(fan_turn) == 8);
    CHECK(FAN_TURN_FROM(t) == 21);
    CHECK(FAN_TURN_TO(t) == 22);
    CHECK(FAN_TURN_CAPTURED(t) == (uint64_t)1 << 23);
    CHECK(t >> 57 == 0);
    CHECK(FAN_BOARD_MASK == ((uint64_t)1 << 45) - 1);
    CHECK(FAN_SQUARE(4, 2) == 22);

    CHECK(sizeof(fan_step) == 16);
    CHECK(offsetof(fan_step, captures) == 0);
    CHECK(offsetof(fan_step, from) == 8);
    CHECK(offsetof(fan_step, to) == 9);
    CHECK(offsetof(fan_step, kind) == 10);
    CHECK(offsetof(fan_step, direction) == 11);
    CHECK(offsetof(fan_step, reserved) == 12);

    CHECK(sizeof(fan_path) == 64);
    CHECK(offsetof(fan_path, captured) == 0);
    CHECK(offsetof(fan_path, from) == 8);
    CHECK(offsetof(fan_path, length) == 9);
    CHECK(offsetof(fan_path, reserved) == 10);
    CHECK(offsetof(fan_path, to) == 16);
    CHECK(offsetof(fan_path, kind) == 16 + FAN_PATH_MAX);

    CHECK(sizeof(fan_perft_entry) == 80);
    CHECK(offsetof(fan_perft_entry, path) == 0);
    CHECK(offsetof(fan_perft_entry, turn) == 64);
    CHECK(offsetof(fan_perft_entry, nodes) == 72);

    CHECK(sizeof(fan_parse_error) == 128);
    CHECK(offsetof(fan_parse_error, offset) == 0);
    CHECK(offsetof(fan_parse_error, reserved) == 4);
    CHECK(offsetof(fan_parse_error, message) == 8);
    CHECK(sizeof(((fan_parse_error *)0)->message) == 120);

    /* the options structs: versioned, only ever appended to */
    CHECK(sizeof(fan_perft_options) == 12);
    CHECK(offsetof(fan_perft_options, version) == 0);
    CHECK(offsetof(fan_perft_options, threads) == 4);
    CHECK(offsetof(fan_perft_options, hash_mib) == 8);

    CHECK(sizeof(fan_search_options) == 12);
    CHECK(offsetof(fan_search_options, version) == 0);
    CHECK(offsetof(fan_search_options, threads) == 4);
    CHECK(offsetof(fan_search_options, hash_mib) == 8);

    CHECK(sizeof(fan_search_limits) == 64);
    CHECK(offsetof(fan_search_limits, version) == 0);
    CHECK(offsetof(fan_search_limits, max_depth) == 4);
    CHECK(offsetof(fan_search_limits, max_nodes) == 8);
    CHECK(offsetof(fan_search_limits, time_ms) == 16);
    CHECK(offsetof(fan_search_limits, multipv) == 24);
    CHECK(offsetof(fan_search_limits, level) == 28);
    CHECK(offsetof(fan_search_limits, seed) == 32);
    CHECK(offsetof(fan_search_limits, clock_ms) == 40);
    CHECK(offsetof(fan_search_limits, increment_ms) == 48);
    CHECK(offsetof(fan_search_limits, moves_to_go) == 56);
    CHECK(offsetof(fan_search_limits, reserved) == 60);

    CHECK(sizeof(fan_tb_generate_options) == 8 + 2 * sizeof(void *));
    CHECK(offsetof(fan_tb_generate_options, version) == 0);
    CHECK(offsetof(fan_tb_generate_options, threads) == 4);
    CHECK(offsetof(fan_tb_generate_options, progress) == 8);

    CHECK(sizeof(fan_tb_info) == 72);
    CHECK(offsetof(fan_tb_info, positions) == 16);
    CHECK(offsetof(fan_tb_info, longest_win) == 48);
    CHECK(offsetof(fan_tb_info, example_white) == 56);
    CHECK(offsetof(fan_tb_info, example_black) == 64);

    /* the result: versioned too, its pv bounded by a fixed constant */
    CHECK(FAN_SEARCH_PV_MAX == 64);
    CHECK(sizeof(fan_search_result) == 560);
    CHECK(offsetof(fan_search_result, version) == 0);
    CHECK(offsetof(fan_search_result, score) == 4);
    CHECK(offsetof(fan_search_result, best) == 8);
    CHECK(offsetof(fan_search_result, depth) == 16);
    CHECK(offsetof(fan_search_result, seldepth) == 20);
    CHECK(offsetof(fan_search_result, line) == 24);
    CHECK(offsetof(fan_search_result, pv_length) == 28);
    CHECK(offsetof(fan_search_result, nodes) == 32);
    CHECK(offsetof(fan_search_result, time_ms) == 40);
    CHECK(offsetof(fan_search_result, pv) == 48);

    /* the _INIT macros and the init functions agree */
    {
        fan_search_options o1 = FAN_SEARCH_OPTIONS_INIT, o2;
        fan_search_limits l1 = FAN_SEARCH_LIMITS_INIT, l2;
        fan_perft_options p1 = FAN_PERFT_OPTIONS_INIT, p2;
        fan_search_result r1 = FAN_SEARCH_RESULT_INIT, r2;
        memset(&o2, 0xAB, sizeof o2);
        memset(&l2, 0xAB, sizeof l2);
        memset(&p2, 0xAB, sizeof p2);
        memset(&r2, 0xAB, sizeof r2);
        CHECK(fan_search_options_init(&o2) == FAN_OK &&
              !memcmp(&o1, &o2, sizeof o1));
        CHECK(fan_search_limits_init(&l2) == FAN_OK &&
              !memcmp(&l1, &l2, sizeof l1));
        CHECK(fan_perft_options_init(&p2) == FAN_OK &&
              !memcmp(&p1, &p2, sizeof p1));
        CHECK(fan_search_result_init(&r2) == FAN_OK &&
              !memcmp(&r1, &r2, sizeof r1));
    }

    /* The header and the library loaded agree on the version. */
    CHECK(fan_version_number() == FAN_VERSION_NUMBER);
    /* Fanorona Chess: the move value and the perft entry */
    fan_chess_move cm = FAN_CHESS_MOVE_MAKE(44, 39, FAN_CHESS_WITHDRAWAL, 43,
                                           FAN_CHESS_KNIGHT);
    CHECK(sizeof(fan_chess_move) == 4);
    CHECK(FAN_CHESS_MOVE_FROM(cm) == 44);
    CHECK(FAN_CHESS_MOVE_TO(cm) == 39);
    CHECK(FAN_CHESS_MOVE_KIND(cm) == FAN_CHESS_WITHDRAWAL);
    CHECK(FAN_CHESS_MOVE_CAPTURED(cm) == 43);
    CHECK(FAN_CHESS_MOVE_PROMOTION(cm) == FAN_CHESS_KNIGHT);
    CHECK(cm >> 24 == 0);
    CHECK(cm == (44u | 39u << 6 | 3u << 12 | 43u << 15 | 5u << 21));
    CHECK(FAN_CHESS_POINT(2, 8) == 42);
    CHECK(FAN_CHESS_PIECE_COLOR(FAN_BLACK << 3 | FAN_CHESS_PAWN) == FAN_BLACK);
    CHECK(FAN_CHESS_PIECE_TYPE(FAN_BLACK << 3 | FAN_CHESS_PAWN) == FAN_CHESS_PAWN);
    CHECK(sizeof(fan_chess_perft_entry) == 16);
    CHECK(offsetof(fan_chess_perft_entry, move) == 0);
    CHECK(offsetof(fan_chess_perft_entry, nodes) == 8);
    CHECK(sizeof(fan_chess_search_result) == 304);
    CHECK(offsetof(fan_chess_search_result, best) == 8);
    CHECK(offsetof(fan_chess_search_result, pv_length) == 24);
    CHECK(offsetof(fan_chess_search_result, reserved) == 28);
    CHECK(offsetof(fan_chess_search_result, nodes) == 32);
    CHECK(offsetof(fan_chess_search_result, time_ms) == 40);
    CHECK(offsetof(fan_chess_search_result, pv) == 48);
    CHECK(FAN_CHESS_MOVES_MAX == 24 + 28 + 2 * 16 + 2 * 12 + 2 * 16 + 5 * 24);
    return failures ? 1 : 0;
}

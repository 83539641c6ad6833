// SPDX-License-Identifier: MIT
// Build-only test: the public header alone compiles as C++ (with warnings
// as errors, set in meson.build), links with C linkage, and has the same
// layouts as in C.
#include <fanorona.h>
#include <fanorona-chess.h>

#include <cstddef>
#include <cstdio>
#include <cstring>

static_assert(sizeof(fan_turn) == 8, "fan_turn");
static_assert(sizeof(fan_step) == 16, "fan_step");
static_assert(offsetof(fan_step, captures) == 0, "fan_step.captures");
static_assert(offsetof(fan_step, from) == 8, "fan_step.from");
static_assert(offsetof(fan_step, to) == 9, "fan_step.to");
static_assert(offsetof(fan_step, kind) == 10, "fan_step.kind");
static_assert(offsetof(fan_step, direction) == 11, "fan_step.direction");
static_assert(offsetof(fan_step, reserved) == 12, "fan_step.reserved");
static_assert(sizeof(fan_path) == 64, "fan_path");
static_assert(offsetof(fan_path, captured) == 0, "fan_path.captured");
static_assert(offsetof(fan_path, from) == 8, "fan_path.from");
static_assert(offsetof(fan_path, length) == 9, "fan_path.length");
static_assert(offsetof(fan_path, reserved) == 10, "fan_path.reserved");
static_assert(offsetof(fan_path, to) == 16, "fan_path.to");
static_assert(offsetof(fan_path, kind) == 16 + FAN_PATH_MAX, "fan_path.kind");
static_assert(sizeof(fan_perft_entry) == 80, "fan_perft_entry");
static_assert(offsetof(fan_perft_entry, turn) == 64, "fan_perft_entry.turn");
static_assert(offsetof(fan_perft_entry, nodes) == 72, "fan_perft_entry.nodes");
static_assert(sizeof(fan_parse_error) == 128, "fan_parse_error");
static_assert(offsetof(fan_parse_error, offset) == 0, "fan_parse_error.offset");
static_assert(offsetof(fan_parse_error, reserved) == 4,
              "fan_parse_error.reserved");
static_assert(offsetof(fan_parse_error, message) == 8,
              "fan_parse_error.message");
static_assert(sizeof(fan_perft_options) == 12, "fan_perft_options");
static_assert(offsetof(fan_perft_options, hash_mib) == 8,
              "fan_perft_options.hash_mib");
static_assert(sizeof(fan_search_options) == 12, "fan_search_options");
static_assert(sizeof(fan_search_limits) == 64, "fan_search_limits");
static_assert(offsetof(fan_search_limits, clock_ms) == 40,
              "fan_search_limits.clock_ms");
static_assert(offsetof(fan_search_limits, seed) == 32,
              "fan_search_limits.seed");
static_assert(sizeof(fan_search_result) == 560, "fan_search_result");
static_assert(offsetof(fan_search_result, version) == 0,
              "fan_search_result.version");
static_assert(offsetof(fan_search_result, nodes) == 32,
              "fan_search_result.nodes");
static_assert(offsetof(fan_search_result, pv) == 48, "fan_search_result.pv");
static_assert(sizeof(fan_tb_info) == 72, "fan_tb_info");
static_assert(offsetof(fan_tb_info, example_black) == 64,
              "fan_tb_info.example_black");
static_assert(offsetof(fan_tb_generate_options, progress) == 8,
              "fan_tb_generate_options.progress");
static_assert(sizeof(fan_chess_move) == 4, "fan_chess_move");
static_assert(sizeof(fan_chess_perft_entry) == 16, "fan_chess_perft_entry");
static_assert(offsetof(fan_chess_perft_entry, nodes) == 8,
              "fan_chess_perft_entry.nodes");
static_assert(sizeof(fan_chess_search_result) == 304, "fan_chess_search_result");
static_assert(offsetof(fan_chess_search_result, pv) == 48,
              "fan_chess_search_result.pv");

int main()
{
    int failures = 0;
    // Calls through the C ABI: a fresh game has five first turns.
    fan_position *pos = nullptr;
    if (fan_position_new(&pos, FAN_RULES_STOP) != FAN_OK)
        return 1;
    std::size_t count = 0;
    fan_turn turns[8];
    if (fan_position_turns(turns, 8, &count, pos) != FAN_OK || count != 5) {
        std::fprintf(stderr, "turns: %zu\n", count);
        failures++;
    }
    fan_position_free(pos);
    // Fanorona Chess through the C ABI: eleven first moves.
    fan_chess *chess = nullptr;
    fan_chess_move moves[FAN_CHESS_MOVES_MAX];
    if (fan_chess_new(&chess) != FAN_OK)
        return 1;
    if (fan_chess_moves(moves, FAN_CHESS_MOVES_MAX, &count, chess) != FAN_OK ||
        count != 11)
        failures++;
    fan_chess_free(chess);
    if (std::strcmp(fan_version_string(), FAN_VERSION_STRING) != 0)
        failures++;
    return failures ? 1 : 0;
}

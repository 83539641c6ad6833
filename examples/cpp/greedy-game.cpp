// SPDX-License-Identifier: MIT
// A whole game from C++: both sides play the turn that captures the most
// (the first such turn in the library's list), and the position handle is
// owned by a std::unique_ptr that frees it with fan_position_free.
#include <fanorona.h>

#include <bitset>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

struct PositionFree {
    void operator()(fan_position *pos) const noexcept { fan_position_free(pos); }
};
using Position = std::unique_ptr<fan_position, PositionFree>;

// Library errors become exceptions carrying the library's message.
static void check(int code, const char *what)
{
    if (code < 0)
        throw std::runtime_error(std::string(what) + ": " + fan_strerror(code));
}

static Position new_game(int rules)
{
    fan_position *raw = nullptr;
    check(fan_position_new(&raw, rules), "fan_position_new");
    return Position(raw);
}

static Position copy_of(const Position &pos)
{
    fan_position *raw = nullptr;
    check(fan_position_clone(&raw, pos.get()), "fan_position_clone");
    return Position(raw);
}

static std::vector<fan_path> legal_paths(const Position &pos)
{
    std::size_t n = 0;
    int r = fan_position_paths(nullptr, 0, &n, pos.get());
    if (r != FAN_EBUFS)
        check(r, "fan_position_paths");
    std::vector<fan_path> paths(n);
    check(fan_position_paths(paths.data(), paths.size(), &n, pos.get()),
          "fan_position_paths");
    paths.resize(n);
    return paths;
}

// Move notation as the library writes it (f4-e4W-e3A).
static std::string notation(const fan_path &path)
{
    char text[FAN_PATH_STRING_MAX];
    check(fan_path_to_string(text, sizeof text, nullptr, &path),
          "fan_path_to_string");
    return text;
}

static std::size_t captures(const fan_path &path)
{
    return std::bitset<64>(path.captured).count();
}

int main()
{
    try {
        Position pos = new_game(FAN_RULES_STOP);
        Position start = copy_of(pos); // freed on its own at the end

        while (fan_position_result(pos.get()) == FAN_ONGOING) {
            std::vector<fan_path> paths = legal_paths(pos);
            const fan_path *best = &paths.front();
            for (const fan_path &p : paths)
                if (captures(p) > captures(*best))
                    best = &p;
            int turn = fan_position_turns_played(pos.get()) + 1;
            bool white = fan_position_side_to_move(pos.get()) == FAN_WHITE;
            std::printf("%3d. %s %s (takes %zu)\n", turn,
                        white ? "White" : "Black", notation(*best).c_str(),
                        captures(*best));
            check(fan_position_play_path(pos.get(), best),
                  "fan_position_play_path");
        }
        std::printf("Result: %s (%s)\n",
                    fan_result_name(fan_position_result(pos.get())),
                    fan_reason_name(fan_position_result_reason(pos.get())));

        // Undo the whole game: back where the copy was taken.
        while (fan_position_undo(pos.get()) == FAN_OK) {
        }
        std::printf("undone to the start: %s\n",
                    fan_position_equal(pos.get(), start.get()) == 1 ? "yes"
                                                                     : "no");
        // A refused call throws with the library's message.
        check(fan_position_redo(pos.get()), "fan_position_redo");
        check(fan_position_end_turn(pos.get()), "fan_position_end_turn");
    } catch (const std::exception &e) {
        std::printf("error: %s\n", e.what());
    }
    return 0;
}

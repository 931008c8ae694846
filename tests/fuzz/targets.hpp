#pragma once
// The fuzz targets as plain functions, so the same code runs under libFuzzer (fuzz_main.cpp,
// clang only) and replays the saved findings in tests/fuzz/regressions/ in a normal build
// (tests/fuzz_regression_tests.cpp). Each takes any bytes and must neither crash, hang nor
// break an invariant (check()).
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tabula::fuzz {

using Target = void (*)(const uint8_t* data, size_t size);

void rules(const uint8_t* data, size_t size);         // parse_rules + check_rules (+ design warnings, a short playout)
void board(const uint8_t* data, size_t size);         // load_board + precomputed data + drawing
void position(const uint8_t* data, size_t size);      // parse_position against LOA, round trip
void move(const uint8_t* data, size_t size);          // parse_move against LOA positions, apply/undo
void record(const uint8_t* data, size_t size);        // replay_record from LOA's start, round trip
void command_line(const uint8_t* data, size_t size);  // the `tabula` options (one word per line), checked
void player_spec(const uint8_t* data, size_t size);   // make_agent and the web board's check of a spec

struct NamedTarget {
  std::string_view name;
  Target run;
};
inline constexpr NamedTarget kTargets[] = {{"rules", rules},
                                           {"board", board},
                                           {"position", position},
                                           {"move", move},
                                           {"record", record},
                                           {"command_line", command_line},
                                           {"player_spec", player_spec}};

// Fails with `what` when an invariant does not hold: aborts under libFuzzer (which records
// the input), throws std::logic_error in the test suite.
void check(bool ok, const char* what);

}  // namespace tabula::fuzz

#pragma once
// Shared pieces of the `tabula` commands: loading a rules file with rendered diagnostics,
// --position handling, and the one-sentence error exit.
#include <memory>
#include <optional>
#include <string>

#include "ai/study.hpp"
#include "engine/state.hpp"
#include "engine/state_drawing.hpp"  // draw_state, result_sentence

namespace tabula::cli {

// Thrown by commands for bad user input; main prints "tabula: <message>" and exits 1.
struct UserError {
  std::string message;
};

// Loads and checks a rules file; on errors prints the diagnostics and throws UserError.
// `identity`, when given, receives the rules' name, path and hash (of every file read).
std::shared_ptr<const Program> load_rules_or_fail(const std::string& path, RulesIdentity* identity = nullptr);

// The start position, or the one given with --position (a position string or @FILE).
State initial_state(std::shared_ptr<const Program> program, const std::string& position);

// --shard "I/N" with 0 <= I < N: the games g with g % N == I of a study.
void parse_shard(const std::string& text, int& index, int& count);
// How many of `games` the shard index/count plays.
inline int planned_games(int games, int index, int count) {
  return games > index ? (games - index + count - 1) / count : 0;
}

std::string json_escape(const std::string& s);

// A board file (.yaml, .yml) rather than a rules file.
bool is_board_file(const std::string& path);

// Writes `text` to the file `path`, or to stdout when `path` is "-".
void write_output(const std::string& path, const std::string& text);

}  // namespace tabula::cli

#pragma once
// Shared pieces of the `tabula` commands: loading a rules file with rendered diagnostics,
// --position handling, and the one-sentence error exit.
#include <memory>
#include <optional>
#include <string>

#include "engine/state.hpp"
#include "engine/state_drawing.hpp"  // draw_state, result_sentence

namespace tabula::cli {

// Thrown by commands for bad user input; main prints "tabula: <message>" and exits 1.
struct UserError {
  std::string message;
};

// Loads and checks a rules file; on errors prints the diagnostics and throws UserError.
std::shared_ptr<const Program> load_rules_or_fail(const std::string& path);

// The start position, or the one given with --position (a position string or @FILE).
State initial_state(std::shared_ptr<const Program> program, const std::string& position);

std::string json_escape(const std::string& s);

// A board file (.yaml, .yml) rather than a rules file.
bool is_board_file(const std::string& path);

// Writes `text` to the file `path`, or to stdout when `path` is "-".
void write_output(const std::string& path, const std::string& text);

// "black to move", or the result when the game is over: the caption of a picture.
std::string picture_caption(const State& s);

}  // namespace tabula::cli

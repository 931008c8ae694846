#pragma once
// Helpers shared by the test files: load a rules file from the repository, set positions,
// find moves by their text.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "engine/notes.hpp"
#include "engine/state.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "engine/turn_machine.hpp"
#include "lang/game_loader.hpp"

namespace tabula::testing {

inline std::string repo_path(const std::string& relative) { return std::string(TABULA_SOURCE_DIR) + "/" + relative; }

// A file's whole text, byte for byte ("" when it cannot be read).
inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A path in a folder of the tests' own under the system's temporary folder, with nothing
// left there from an earlier run.
inline std::string temp_path(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / "tabula-tests";
  std::filesystem::create_directories(dir);
  auto path = dir / name;
  std::filesystem::remove(path);
  return path.string();
}

// Loads a rules file; fails the test with the rendered diagnostics when it has errors.
inline std::shared_ptr<const Program> load_rules(const std::string& path, const LoadOptions& options = {}) {
  Diagnostics diags;
  SourceRegistry sources;
  auto program = load_program(path, diags, sources, nullptr, options);
  INFO(render_all(diags, sources));
  REQUIRE(program);
  return program;
}

// Every file in rules/, sorted.
// Whether the program got the accelerator named `name` (Program::accelerations).
inline bool accelerated(const Program& p, const std::string& name) {
  return std::find(p.accelerations.begin(), p.accelerations.end(), name) != p.accelerations.end();
}

inline std::vector<std::string> all_rules_files() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(repo_path("rules")))
    if (e.path().extension() == ".rules") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

inline State state_at(std::shared_ptr<const Program> p, const std::string& position) {
  State s(p);
  std::string error;
  auto pos = parse_position(*p, position, error);
  INFO(error);
  REQUIRE(pos);
  s.set_position(*pos);
  return s;
}

inline Move move_of(const State& s, const std::string& text) {
  std::string error;
  auto m = parse_move(s, text, error);
  INFO(text << ": " << error);
  REQUIRE(m);
  return *m;
}

inline std::vector<std::string> move_strings(const State& s) {
  std::vector<std::string> out;
  for (const Move& m : s.legal_moves()) out.push_back(s.move_to_string(m));
  std::sort(out.begin(), out.end());
  return out;
}

// Plays uniformly random moves from the start to the end of the game; every position on
// the way must have a move. Returns the final state.
inline State random_game_to_end(std::shared_ptr<const Program> p, uint64_t seed) {
  uint64_t x = seed * 0x9E3779B97F4A7C15ULL + 1;
  State s(p);
  while (!s.is_terminal()) {
    auto moves = s.legal_moves();
    REQUIRE_FALSE(moves.empty());
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    s.apply_unchecked(moves[x % moves.size()]);
  }
  return s;
}

// A construct-owned value by its name (Program::vars): "budget", "reserve.black.stone", ...
inline int32_t var_named(const State& s, const std::string& name) {
  int i = s.program().vars.find(name);
  INFO("no value named " << name);
  REQUIRE(i >= 0);
  return s.var(i);
}
inline int reserve_of(const State& s, int side, int kind) {
  const Program& p = s.program();
  return var_named(s, "reserve." + p.players[side].name + "." + p.kinds[kind].name);
}
inline int captured_by(const State& s, int side) { return var_named(s, "captured." + s.program().players[side].name); }
// The phase due ("move", "place", "mark", "interchange", "pick", "convert", ...).
inline std::string phase_name(const State& s) { return std::string(current_phase(s).name()); }

// Writes a temporary rules file (e.g. a variant of a repository file) and returns its path.
inline std::string temp_rules(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / "tabula-tests";
  std::filesystem::create_directories(dir);
  auto path = dir / name;
  std::ofstream(path) << text;
  return path.string();
}

// A rules file for a test, written to a temporary folder, whose `board "FILE"` is read from
// the repository's boards/ (its path, or its program).
inline std::string repo_board_rules(const std::string& name, std::string text) {
  const std::string board = "board \"";
  if (auto at = text.find(board); at != std::string::npos) text.replace(at, board.size(), board + repo_path("boards/"));
  return temp_rules(name, text);
}
inline std::shared_ptr<const Program> rules_with_repo_board(const std::string& name, std::string text) {
  return load_rules(repo_board_rules(name, std::move(text)));
}

// Such a rules file loaded twice: accelerated, and in reference mode (every fast path off).
struct FastAndReference {
  std::shared_ptr<const Program> fast, reference;
};
inline FastAndReference fast_and_reference(const std::string& name, std::string text) {
  const std::string path = repo_board_rules(name, std::move(text));
  return {load_rules(path), load_rules(path, {.reference = true})};
}

// The symbol of the piece on the cell named `name`, or "." when it is empty.
inline std::string symbol_at(const State& s, const char* name) {
  const uint8_t code = s.at(s.program().board->find_cell(name));
  return code ? s.program().symbol(code) : ".";
}

}  // namespace tabula::testing

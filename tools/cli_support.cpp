#include "cli_support.hpp"

#include <fmt/format.h>
#include <fstream>
#include <iostream>

#include "diag/render.hpp"
#include "engine/move_text.hpp"
#include "engine/position_text.hpp"
#include "lang/game_loader.hpp"

namespace tabula::cli {

std::shared_ptr<const Program> load_rules_or_fail(const std::string& path) {
  Diagnostics diags;
  SourceRegistry sources;
  auto program = load_program(path, diags, sources);
  std::cerr << render_all(diags, sources);
  if (!program) throw UserError{fmt::format("{}: {} error{}; nothing was run", path, diags.error_count(), diags.error_count() == 1 ? "" : "s")};
  return program;
}

State initial_state(std::shared_ptr<const Program> program, const std::string& position) {
  State s(program);
  if (position.empty()) return s;
  std::string text = position;
  if (text[0] == '@') {
    auto file = read_source_file(text.substr(1));
    if (!file) throw UserError{fmt::format("cannot open position file '{}'", text.substr(1))};
    text = file->text;
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  }
  std::string error;
  auto pos = parse_position(*program, text, error);
  if (!pos) throw UserError{fmt::format("bad position: {}", error)};
  s.set_position(*pos);
  return s;
}

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (c == '\n') out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", c);
    else out += c;
  }
  return out;
}

bool is_board_file(const std::string& path) {
  auto ends_with = [&](std::string_view end) { return path.size() > end.size() && path.compare(path.size() - end.size(), end.size(), end) == 0; };
  return ends_with(".yaml") || ends_with(".yml");
}

void write_output(const std::string& path, const std::string& text) {
  if (path == "-") {
    std::cout << text << std::flush;
    return;
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw UserError{fmt::format("cannot write '{}'", path)};
}

std::string picture_caption(const State& s) {
  const Program& p = s.program();
  std::string after = s.ply() > 0 ? fmt::format(" (ply {})", s.ply()) : "";
  if (!s.result().over) return fmt::format("{}: {} to move{}", p.name, p.seats[s.current_seat()].name, after);
  return fmt::format("{}: {}", p.name, result_sentence(s));
}

}  // namespace tabula::cli

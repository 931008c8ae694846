#include "cli_support.hpp"

#include <fmt/format.h>
#include <fstream>
#include <iostream>

#include "board/board_loader.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "engine/move_text.hpp"
#include "engine/position_text.hpp"
#include "lang/game_loader.hpp"

namespace tabula::cli {

std::shared_ptr<const Program> load_rules_or_fail(const std::string& path, RulesIdentity* identity) {
  Diagnostics diags;
  SourceRegistry sources;
  auto program = load_program(path, diags, sources);
  std::cerr << render_all(diags, sources);
  if (!program) throw UserError{fmt::format("{}: {}; nothing was run", path, error_count_text(diags))};
  if (identity) {
    std::vector<std::string> texts;
    for (const auto& [file, source] : sources.files()) texts.push_back(source.text);
    *identity = RulesIdentity{program->name, path, rules_hash(texts)};
  }
  return program;
}

State initial_state(std::shared_ptr<const Program> program, const std::string& position) {
  State s(program);
  if (position.empty()) return s;
  std::string text = position;
  if (text[0] == '@') {
    std::string why;
    auto file = read_source_file(text.substr(1), "position", why);
    if (!file) throw UserError{why};
    text = file->text;
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  }
  std::string error;
  auto pos = parse_position(*program, text, error);
  if (!pos) throw UserError{fmt::format("bad position: {}", error)};
  s.set_position(*pos);
  return s;
}

void parse_shard(const std::string& text, int& index, int& count) {
  auto slash = text.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument("");
    size_t used_i = 0, used_n = 0;
    index = std::stoi(text.substr(0, slash), &used_i);
    count = std::stoi(text.substr(slash + 1), &used_n);
    if (used_i != slash || used_n != text.size() - slash - 1 || count < 1 || count > kMaxGames || index < 0 ||
        index >= count)
      throw std::invalid_argument("");
  } catch (const std::exception&) {
    throw UserError{fmt::format("--shard '{}': expected I/N with 0 <= I < N <= {}, e.g. 0/4", text, kMaxGames)};
  }
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

bool is_board_file(const std::string& path) { return is_board_path(path); }

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

}  // namespace tabula::cli

// load_game(path, parameters): a game with settings changed, made as a variant of its rules
// file in memory, so the parameters go through the language's own `extends` merge and
// checker (a name or value the rules do not take is the checker's located error).
#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <filesystem>

#include "api/facade.hpp"
#include "tabula/game.hpp"

namespace tabula {
namespace {

bool is_word(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isalnum(c) || c == '-'; });
}

// `s` for a message, its control characters escaped (a value may hold a line break).
std::string printable(const std::string& s) {
  std::string out;
  for (unsigned char c : s) out += c < 0x20 || c == 0x7f ? fmt::format("\\x{:02x}", c) : std::string(1, c);
  return out;
}

// A string literal of the rules language saying `s`.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else out += c;
  }
  return out + "\"";
}

LoadResult refused(const std::string& path, const std::string& message) {
  LoadResult out;
  out.diagnostics.push_back({"error", path, 0, 0, message});
  out.rendered = fmt::format("{}: error: {}\n", path, message);
  return out;
}

}  // namespace

LoadResult load_game(const std::string& path, const GameParameters& parameters) {
  return load_game(path, parameters, LoadSettings{});
}

LoadResult load_game(const std::string& path, const GameParameters& parameters, const LoadSettings& settings) {
  if (parameters.empty()) return detail::load_file(path, settings);
  std::string listed;
  for (size_t i = 0; i < parameters.size(); ++i) {
    const auto& [name, value] = parameters[i];
    // Checked before they are written into rules text: a value is one word, never more text.
    if (!is_word(name) || !is_word(value))
      return refused(path, fmt::format("parameter {}={}: a parameter's name and value are words of letters, digits "
                                       "and '-' (such as plies=300 or repetition-draw=on)",
                                       printable(name), printable(value)));
    for (size_t j = 0; j < i; ++j)
      if (parameters[j].first == name) return refused(path, fmt::format("parameter '{}' is given twice", name));
    listed += (i ? "," : "") + name + "=" + value;
  }
  LoadResult base = detail::load_file(path, settings);
  if (!base.game) return base;

  const std::filesystem::path file(path);
  std::string text = fmt::format("variant {} extends {}\n", quoted(base.game->name() + " (" + listed + ")"),
                                 quoted(file.filename().string()));
  for (const auto& [name, value] : parameters)
    text += name == "plies" ? fmt::format("limit plies={}\n", value) : fmt::format("option {}={}\n", name, value);
  std::string variant_path = (file.parent_path() / (file.stem().string() + "(" + listed + ").rules")).string();
  return load_game_from_text(text, variant_path, settings);
}

}  // namespace tabula

#include "lang/weights_file.hpp"

#include <fmt/format.h>
#include <charconv>
#include <cmath>
#include <filesystem>

#include "engine/position_features.hpp"

namespace tabula {

std::string weights_path(const std::string& rules_path) {
  if (rules_path.empty() || !has_extension(rules_path, {".rules"})) return "";
  return std::filesystem::path(rules_path).replace_extension(".weights").string();
}

void load_weights(Program& p, const std::string& rules_path, Diagnostics& diags, SourceRegistry& sources) {
  const std::string path = weights_path(rules_path);
  // Through the registry, as every file of a game: a game made again from the texts it was
  // made from (a pickle, another process) reads the weights text it carries, checked as any
  // weights file, never the file on disk now (nor none, when that text has none).
  if (path.empty() || !sources.exists(path)) return;
  std::string error;
  auto read = sources.read(path, "weights", error);
  if (!read) {
    diags.error({path, 1, 1}, error);
    return;
  }
  sources.add(*read);
  const SourceFile* file = sources.find(path);
  const PositionFeatures features(p);
  for (int n = 1; n <= file->line_count(); ++n) {
    std::string_view line = file->line(n);
    // A UTF-8 byte order mark (an editor's) is no part of the first term's name.
    const size_t bom = n == 1 && line.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    line.remove_prefix(bom);
    if (auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    const size_t start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos) continue;
    const size_t name_end = line.find_first_of(" \t", start);
    const std::string name(
        line.substr(start, name_end == std::string_view::npos ? line.size() - start : name_end - start));
    const size_t value_start =
        name_end == std::string_view::npos ? std::string_view::npos : line.find_first_not_of(" \t", name_end);
    std::string_view value_text;
    if (value_start != std::string_view::npos) {
      value_text = line.substr(value_start);
      while (!value_text.empty() &&
             (value_text.back() == ' ' || value_text.back() == '\t' || value_text.back() == '\r'))
        value_text.remove_suffix(1);
    }
    const int name_column = file->column_of(n, bom + start);
    if (name == "auto" || name == "mcts") {  // the players' choices: a spec's kind and options
      std::string& into = name == "auto" ? p.auto_player : p.mcts_options;
      const std::string value(value_text);
      const std::string kind = value.substr(0, value.find(':'));
      if (value.empty() || value.find_first_of(" \t") != std::string::npos ||
          (name == "auto" && kind != "mcts" && kind != "alphabeta" && kind != "mc")) {
        diags.error({path, n, name_column},
                    name == "auto"
                        ? "expected `auto KIND[:OPTIONS]`, KIND one of mcts, alphabeta, mc (auto:TIME plays as it)"
                        : "expected `mcts OPTIONS`: NAME:VALUE pairs of MCTS's options");
        continue;
      }
      if (!into.empty()) diags.error({path, n, name_column}, fmt::format("'{}' is given twice", name));
      into = value;
      continue;
    }
    if (features.index(name) < 0) {
      diags.error({path, n, name_column}, fmt::format("'{}' is not a term of this game's evaluation; its terms are {}",
                                                      name, features.names()));
      continue;
    }
    double value = 0;
    auto [end, ec2] = std::from_chars(value_text.data(), value_text.data() + value_text.size(), value);
    if (value_text.empty() || ec2 != std::errc() || end != value_text.data() + value_text.size() ||
        !std::isfinite(value) || std::abs(value) > 1e9) {
      const int column = value_start == std::string_view::npos ? file->column_of(n, bom + line.size())
                                                               : file->column_of(n, bom + value_start);
      diags.error({path, n, column}, fmt::format("expected the weight of '{}', a number from -1e9 to 1e9", name));
      continue;
    }
    for (const auto& [seen, w] : p.evaluation_weights)
      if (seen == name) diags.error({path, n, name_column}, fmt::format("'{}' is given twice", name));
    p.evaluation_weights.emplace_back(name, value);
  }
}

std::string weights_text(const std::vector<std::string>& header,
                         const std::vector<std::pair<std::string, double>>& weights, const std::string& auto_player,
                         const std::string& mcts_options) {
  std::string out;
  for (const auto& line : header) out += "# " + line + "\n";
  for (const auto& [name, w] : weights) out += fmt::format("{} {:.6g}\n", name, w);
  if (!auto_player.empty()) out += fmt::format("auto {}\n", auto_player);
  if (!mcts_options.empty()) out += fmt::format("mcts {}\n", mcts_options);
  return out;
}

}  // namespace tabula

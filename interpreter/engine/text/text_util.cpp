#include "engine/text/text_util.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <map>

namespace tabula {

std::string_view trim(std::string_view t) {
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  return t;
}

std::string lower(std::string_view t) {
  std::string s(t);
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::optional<std::vector<uint8_t>> parse_column(const Program& p, std::string_view text, std::string& error) {
  std::map<std::string, uint8_t> by_symbol;
  for (int pl = 0; pl < p.player_count(); ++pl)
    for (int k = 0; k < p.kind_count(); ++k)
      if (p.kind_allowed(pl, k)) by_symbol.emplace(p.symbol(p.piece_code(pl, k)), p.piece_code(pl, k));
  std::vector<uint8_t> top_first;
  size_t i = 0;
  while (i < text.size()) {
    size_t best = 0;
    uint8_t code = 0;
    for (const auto& [sym, c] : by_symbol)
      if (sym.size() > best && text.substr(i, sym.size()) == sym) best = sym.size(), code = c;
    if (!best) {
      error = fmt::format("'{}' is not a piece symbol of this game", text.substr(i, 1));
      return std::nullopt;
    }
    top_first.push_back(code);
    i += best;
  }
  if (top_first.size() > 1 && !p.stacking) {
    error = fmt::format("'{}' is a column, but this game does not stack pieces", text);
    return std::nullopt;
  }
  if (top_first.size() > static_cast<size_t>(Program::kMaxStack)) {
    error = fmt::format("the column '{}' is higher than {} counters", text, Program::kMaxStack);
    return std::nullopt;
  }
  return std::vector<uint8_t>(top_first.rbegin(), top_first.rend());
}

std::optional<SquareText> split_square(const BoardGraph& b, std::string_view token) {
  for (size_t n = token.size(); n > 0; --n) {
    int c = b.find_cell(token.substr(0, n));
    if (c != kNoCell) return SquareText{c, std::string(token.substr(n))};
  }
  return std::nullopt;
}

std::vector<std::vector<int>> board_rows(const BoardGraph& b) {
  std::map<double, std::vector<int>, std::greater<>> rows;
  for (int c = 0; c < b.cell_count(); ++c) rows[b.cell(c).y].push_back(c);
  std::vector<std::vector<int>> out;
  for (auto& [y, cells] : rows) {
    std::sort(cells.begin(), cells.end(), [&](int a, int c) { return b.cell(a).x < b.cell(c).x; });
    out.push_back(cells);
  }
  return out;
}

}  // namespace tabula

#include "board/board_drawing.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <vector>

#include "board/cell_name_parts.hpp"

namespace tabula {
namespace {

constexpr double kEps = 1e-6;
// Beyond this many character columns the coordinates are not a grid; cells are then packed.
constexpr long kMaxColumns = 2000;

int text_width(std::string_view s) {
  int n = 0;
  for (char ch : s) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
  return n;
}

// Distinct values, sorted, with values closer than kEps merged.
std::vector<double> distinct(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  std::vector<double> out;
  for (double x : v)
    if (out.empty() || x - out.back() > kEps) out.push_back(x);
  return out;
}

int index_of(const std::vector<double>& sorted, double x) {
  auto it = std::lower_bound(sorted.begin(), sorted.end(), x - kEps);
  return static_cast<int>(it - sorted.begin());
}

std::string pad_left(const std::string& s, int width) {
  return std::string(std::max(0, width - text_width(s)), ' ') + s;
}

// Places texts at character columns; a text that would overlap the previous one gets one space.
class LineBuilder {
 public:
  void put(long column, const std::string& text) {
    if (column > pos_) line_ += std::string(column - pos_, ' '), pos_ = column;
    else if (column < pos_) line_ += ' ', ++pos_;
    line_ += text;
    pos_ += text_width(text);
  }
  std::string take() {
    while (!line_.empty() && line_.back() == ' ') line_.pop_back();
    return std::move(line_);
  }

 private:
  std::string line_;
  long pos_ = 0;
};

}  // namespace

std::string draw_board(const BoardGraph& b, const std::function<std::string(int cell)>& label) {
  const int n = b.cell_count();
  if (n == 0) return {};
  std::vector<std::string> labels(n);
  int width = 1;
  for (int c = 0; c < n; ++c) {
    labels[c] = label(c);
    width = std::max(width, text_width(labels[c]));
  }
  for (auto& l : labels) l += std::string(width - text_width(l), ' ');

  std::vector<double> xs, ys;
  for (int c = 0; c < n; ++c) xs.push_back(b.cell(c).x), ys.push_back(b.cell(c).y);
  const std::vector<double> row_ys = distinct(ys), col_xs = distinct(xs);
  std::vector<std::vector<int>> rows(row_ys.size());
  for (int c = 0; c < n; ++c) rows[index_of(row_ys, b.cell(c).y)].push_back(c);
  for (auto& r : rows) std::sort(r.begin(), r.end(), [&](int a, int c) { return b.cell(a).x < b.cell(c).x; });

  // x step: the smallest gap between distinct x values (0.5 on hex boards). unit: the width
  // of one cell, taken from the board's horizontal direction (e, w), else the smallest gap
  // between neighbours in a row. A unit spans `per_unit` steps, so a hex row is shifted by
  // half a cell while the missing squares of a corners board stay full blanks.
  double step = 1;
  for (size_t i = 1; i < col_xs.size(); ++i)
    step = i == 1 ? col_xs[1] - col_xs[0] : std::min(step, col_xs[i] - col_xs[i - 1]);
  double unit = 0;
  for (int d = 0; d < b.direction_count(); ++d) {
    const auto& dir = b.direction(d);
    if (std::abs(dir.dy) < kEps && std::abs(dir.dx) > kEps && (unit == 0 || std::abs(dir.dx) < unit))
      unit = std::abs(dir.dx);
  }
  double row_gap = 0;
  for (const auto& r : rows)
    for (size_t i = 1; i < r.size(); ++i) {
      double gap = b.cell(r[i]).x - b.cell(r[i - 1]).x;
      if (gap > kEps && (row_gap == 0 || gap < row_gap)) row_gap = gap;
    }
  if (unit == 0) unit = row_gap;
  if (unit < step) unit = step;
  int per_unit = std::max(1, static_cast<int>(std::lround(unit / step)));
  int pitch = (width + 1 + per_unit - 1) / per_unit;  // characters per x step

  std::vector<long> column(n);
  long max_column = std::lround((col_xs.back() - col_xs.front()) / step);
  for (int c = 0; c < n; ++c)
    column[c] = max_column <= kMaxColumns ? std::lround((b.cell(c).x - col_xs.front()) / step)
                                          : index_of(col_xs, b.cell(c).x) * static_cast<long>(per_unit);

  // Row labels: the rank number every cell of a row shares, else the row letter, board-wide.
  std::vector<std::string> row_labels(rows.size());
  for (bool suffix : {true, false}) {
    bool all = true;
    for (size_t i = 0; i < rows.size() && all; ++i)
      all = !(row_labels[i] = shared_name_part(b, rows[i], suffix)).empty();
    if (all) break;
    std::fill(row_labels.begin(), row_labels.end(), std::string());
  }
  const bool by_rank = !rows.empty() && !row_labels[0].empty() && row_labels[0] == shared_name_part(b, rows[0], true);
  int label_width = 0;
  for (const auto& l : row_labels) label_width = std::max(label_width, text_width(l));
  const int margin = label_width > 0 ? label_width + 1 : 0;

  std::string out;
  for (size_t i = rows.size(); i-- > 0;) {  // north (largest y) first
    LineBuilder line;
    if (label_width > 0) line.put(0, pad_left(row_labels[i], label_width));
    for (int c : rows[i]) line.put(margin + column[c] * pitch, labels[c]);
    out += line.take() + "\n";
  }

  // Footer: file letters, when every column of a rank-labelled board shares one.
  if (by_rank) {
    std::map<long, std::vector<int>> by_column;
    for (int c = 0; c < n; ++c) by_column[column[c]].push_back(c);
    LineBuilder footer;
    bool ok = true;
    for (const auto& [col, cells] : by_column) {
      std::string letters = shared_name_part(b, cells, false);
      if (letters.empty()) {
        ok = false;
        break;
      }
      footer.put(margin + col * pitch, letters);
    }
    if (ok) out += footer.take() + "\n";
  }
  return out;
}

std::string describe_board(const BoardGraph& b) {
  // Long lists wrap, indented under their heading.
  auto list = [](const std::string& heading, const std::vector<std::string>& items) {
    std::string out = heading + ":";
    size_t line_length = out.size();
    for (size_t i = 0; i < items.size(); ++i) {
      std::string item = " " + items[i] + (i + 1 < items.size() ? "," : "");
      if (line_length + item.size() > 96) out += "\n ", line_length = 1;
      out += item;
      line_length += item.size();
    }
    return out + "\n";
  };

  std::string out = fmt::format("board {}: {} cells, {} directions, {} zones\n", b.name, b.cell_count(),
                                b.direction_count(), b.zones().size());
  std::vector<std::string> items;
  for (int d = 0; d < b.direction_count(); ++d) {
    const auto& dir = b.direction(d);
    items.push_back(dir.opposite == kNoDirection ? dir.name
                                                 : dir.name + " (back: " + b.direction(dir.opposite).name + ")");
  }
  out += list("directions", items);
  items.clear();
  for (const auto& [name, dirs] : b.direction_groups()) items.push_back(fmt::format("{} ({})", name, dirs.size()));
  out += list("direction groups", items);
  items.clear();
  for (const auto& [name, cells] : b.zones()) items.push_back(fmt::format("{} ({})", name, cells.size()));
  if (!items.empty()) out += list("zones", items);
  items.clear();
  for (const auto& [key, values] : b.attributes()) {
    std::map<std::string, int> counts;
    for (const auto& v : values)
      if (!v.empty()) ++counts[v];
    std::vector<std::string> parts;
    for (const auto& [v, k] : counts) parts.push_back(fmt::format("{} {}", v, k));
    items.push_back(fmt::format("{} ({})", key, fmt::join(parts, ", ")));
  }
  if (!items.empty()) out += list("attributes", items);
  items.clear();
  for (const auto& o : b.orientations()) items.push_back(o.name);
  if (!items.empty()) out += list("orientations", items);
  items.clear();
  for (const auto& bar : b.barriers()) items.push_back(b.cell(bar.cell).name + "|" + b.cell(bar.other).name);
  if (!items.empty()) out += list("barriers", items);
  return out;
}

}  // namespace tabula

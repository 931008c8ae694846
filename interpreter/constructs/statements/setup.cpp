// `setup { PLAYER KIND: cells...; diagram """...""" }`: where the pieces start.
#include <fmt/format.h>
#include <algorithm>
#include <map>

#include "check/context.hpp"

namespace tabula {
namespace {

void place(CheckContext& ctx, const SourcePos& at, int cell, uint8_t code) {
  if (ctx.program.setup[cell])
    return ctx.error(at, fmt::format("cell {} is given two pieces in the setup", ctx.board->cell(cell).name));
  ctx.program.setup[cell] = code;
}

// `diagram """..."""`: one text line per board row (top row first), one symbol per cell of
// that row in drawing order; `-` or `.` is an empty cell.
void setup_diagram(CheckContext& ctx, const Statement& line) {
  const Program& prog = ctx.program;
  const BoardGraph& board = *ctx.board;
  std::string text;
  if (!ctx.shape(line, 1, 1, {}) || !ctx.string_value(line.args[0].value, "the diagram", text)) return;
  std::map<double, std::vector<int>, std::greater<>> rows;
  for (int c = 0; c < board.cell_count(); ++c) rows[board.cell(c).y].push_back(c);
  for (auto& [y, cells] : rows)
    std::sort(cells.begin(), cells.end(), [&](int a, int b) { return board.cell(a).x < board.cell(b).x; });
  std::map<std::string, uint8_t> by_symbol;
  for (int p = 0; p < prog.player_count(); ++p)
    for (int k = 0; k < prog.kind_count(); ++k)
      if (prog.kind_allowed(p, k)) by_symbol.emplace(prog.symbol(prog.piece_code(p, k)), prog.piece_code(p, k));
  // The diagram's symbols, each with where it stands in the file: each line of the text is a
  // line of the file from text_line on, with text_indent blanks removed from its front.
  struct Symbol {
    std::string text;
    SourcePos pos;
  };
  const SourcePos& at = line.args[0].value.pos;
  std::vector<std::vector<Symbol>> text_rows;
  size_t start = 0;
  const Expr& diagram = line.args[0].value;
  for (int line_number = diagram.text_line > 0 ? diagram.text_line : at.line;; ++line_number) {
    size_t nl = text.find('\n', start);
    std::string row = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    const int first_column = (line_number == at.line ? at.column + 3 : 1) + diagram.text_indent;
    std::vector<Symbol> tokens;
    size_t i = 0;
    while (i < row.size()) {
      while (i < row.size() && (row[i] == ' ' || row[i] == '\t' || row[i] == '\r')) ++i;
      size_t j = i;
      while (j < row.size() && row[j] != ' ' && row[j] != '\t' && row[j] != '\r') ++j;
      if (j > i) tokens.push_back({row.substr(i, j - i), {at.file, line_number, first_column + static_cast<int>(i)}});
      i = j;
    }
    if (!tokens.empty()) text_rows.push_back(tokens);
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  if (text_rows.size() != rows.size())
    return ctx.error(at, fmt::format("the diagram has {} row{}, but the board has {}", text_rows.size(),
                                     text_rows.size() == 1 ? "" : "s", rows.size()));
  size_t r = 0;
  for (auto& [y, cells] : rows) {
    const auto& tokens = text_rows[r++];
    if (tokens.size() != cells.size()) {
      ctx.error(tokens.front().pos,
                fmt::format("diagram row {} has {} cells, but that board row has {}", r, tokens.size(), cells.size()));
      continue;
    }
    for (size_t i = 0; i < cells.size(); ++i) {
      if (tokens[i].text == "-" || tokens[i].text == ".") continue;
      auto it = by_symbol.find(tokens[i].text);
      if (it == by_symbol.end()) {
        ctx.error(tokens[i].pos, fmt::format("diagram row {}: unknown piece symbol '{}'", r, tokens[i].text));
        continue;
      }
      place(ctx, tokens[i].pos, cells[i], it->second);
    }
  }
}

void check_setup(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 0, 0, {}, false, false, true) || !ctx.board) return;
  const Program& prog = ctx.program;
  for (const auto& line : s.block) {
    if (line.keyword == "diagram") {
      setup_diagram(ctx, line);
      continue;
    }
    // PLAYER KIND: cells...
    int player = ctx.find_player(line.keyword);
    if (player < 0) {
      ctx.unknown_name(Expr{Expr::Kind::identifier, line.pos, line.keyword, 0, {}, 0, 0, {}}, "player",
                       ctx.player_names());
      continue;
    }
    auto pos = ctx.positional(line);
    if (pos.size() != 1 || !line.has_items || line.has_block || line.has_condition || pos.size() != line.args.size()) {
      ctx.error(line.pos, fmt::format("expected `{} KIND: cells...` in the setup block", line.keyword));
      continue;
    }
    if (!ctx.identifier(pos[0]->value, "a piece kind")) continue;
    int kind = ctx.find_kind(pos[0]->value.text);
    if (kind < 0) {
      ctx.unknown_name(pos[0]->value, "piece kind", ctx.kind_names());
      continue;
    }
    if (!prog.kind_allowed(player, kind)) {
      ctx.error(pos[0]->pos, fmt::format("pieces of kind '{}' belong to {} only", pos[0]->value.text,
                                         prog.players[prog.kinds[kind].owner].name));
      continue;
    }
    for (const auto& item : line.items) {
      if (!item.name.empty()) {
        ctx.error(item.pos, "expected a cell, a zone or a range such as b1..g1 in the setup list");
        continue;
      }
      std::vector<int> cells;
      ctx.cells_of(item.value, cells);
      for (int c : cells) place(ctx, item.pos, c, prog.piece_code(player, kind));
    }
  }
}

}  // namespace

extern constinit const StatementSpec setup_statement{
    "setup",
    Pass::define,
    Key::keyword,
    check_setup,
    "setup { PLAYER KIND: CELLS... | diagram \"\"\"...\"\"\" }",
    "where the pieces start: cells, ranges (b1..g1), zones, or a diagram of the board"};

}  // namespace tabula

// `rotate ZONE|ZONE ... [sense=both|clockwise|anticlockwise] [if C]` (a turn step): the seat
// turns one of the named blocks of cells a quarter turn, clockwise or anticlockwise (both by
// default), with every piece on it. A block is a zone of cells that a quarter turn about the
// centre of its cells' bounding box maps onto itself (a square block of a square grid): the
// checker works the turn out from the board's coordinates and refuses a zone it does not
// map. Each block and sense is a move, even where the turn changes nothing (an empty block):
// the seat must turn one. Written rotate:ZONE:cw or rotate:ZONE:ccw. A place-then-turn game: a
// marble, then `rotate q-sw|q-se|q-nw|q-ne` over four 3x3 blocks.
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <functional>

#include "check/context.hpp"
#include "engine/generate.hpp"
#include "engine/state.hpp"
#include "engine/state_editor.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

struct Block {
  std::string name;
  int anchor = 0;                                 // the block's first cell: the move's cell
  std::vector<std::pair<int16_t, int16_t>> turn;  // (cell, where a clockwise quarter turn takes it)
  // Per entry of `turn`, the entry of its image: an anticlockwise turn gives each cell the
  // piece of the cell a clockwise turn takes it to.
  std::vector<uint16_t> image_entry;
};

class Rotate final : public Phase {
 public:
  std::vector<Block> blocks;
  bool clockwise = true, anticlockwise = true;

  std::string_view name() const override { return "rotate"; }
  void generate(const State&, MoveList& out) const override {
    for (const Block& b : blocks) {
      if (clockwise) add_move(out, Move::decision, index, -1, b.anchor, 0);
      if (anticlockwise) add_move(out, Move::decision, index, -1, b.anchor, 1);
    }
  }
  Flow apply(StateEditor& edit, const Move& m) const override {
    const Block* b = block_at(m.to);
    if (!b) return Flow::next;
    const State& s = edit.state();
    thread_local std::vector<uint8_t> codes;
    codes.clear();
    for (auto [cell, image] : b->turn) codes.push_back(s.at(cell));
    for (size_t i = 0; i < b->turn.size(); ++i) {
      const auto [cell, image] = b->turn[i];
      edit.set_cell(m.arg == 0 ? image : cell, codes[m.arg == 0 ? i : b->image_entry[i]]);
    }
    return Flow::next;
  }
  std::string text(const State&, const Move& m) const override {
    const Block* b = block_at(m.to);
    return fmt::format("rotate:{}:{}", b ? b->name : "?", m.arg == 0 ? "cw" : "ccw");
  }

 private:
  const Block* block_at(int anchor) const {
    for (const Block& b : blocks)
      if (b.anchor == anchor) return &b;
    return nullptr;
  }
};

// The clockwise quarter turn of a zone's cells about the centre of their bounding box, from
// the board's coordinates (y grows northwards); false (after an error) where a cell's image
// is not a cell of the zone.
bool quarter_turn(CheckContext& ctx, const Expr& at, const std::vector<int>& cells, Block& b) {
  const BoardGraph& board = *ctx.board;
  double lo_x = INFINITY, hi_x = -INFINITY, lo_y = INFINITY, hi_y = -INFINITY;
  for (int c : cells) {
    lo_x = std::min(lo_x, board.cell(c).x), hi_x = std::max(hi_x, board.cell(c).x);
    lo_y = std::min(lo_y, board.cell(c).y), hi_y = std::max(hi_y, board.cell(c).y);
  }
  const double cx = (lo_x + hi_x) / 2, cy = (lo_y + hi_y) / 2;
  for (int c : cells) {
    const double x = cx + (board.cell(c).y - cy), y = cy - (board.cell(c).x - cx);
    int image = -1;
    for (int d : cells)
      if (std::abs(board.cell(d).x - x) < 1e-6 && std::abs(board.cell(d).y - y) < 1e-6) image = d;
    if (image < 0) {
      ctx.error(at.pos, fmt::format("zone '{}' does not turn onto itself: a quarter turn takes {} off it (rotate "
                                    "turns square blocks of cells)",
                                    b.name, board.cell(c).name));
      return false;
    }
    b.turn.emplace_back(static_cast<int16_t>(c), static_cast<int16_t>(image));
  }
  for (const auto& [cell, image] : b.turn)
    for (size_t j = 0; j < b.turn.size(); ++j)
      if (b.turn[j].first == image) b.image_entry.push_back(static_cast<uint16_t>(j));
  b.anchor = cells.front();
  return true;
}

const Phase* check_rotate(CheckContext& ctx, const Statement& line, const std::vector<std::string>& extra) {
  std::vector<std::string> named = {"sense"};
  named.insert(named.end(), extra.begin(), extra.end());
  if (!ctx.shape(line, 1, 1, named, true) || !ctx.board) return nullptr;
  if (ctx.program.stacking) {
    ctx.error(line.pos, "rotate turns single pieces: it does not combine with `stacking columns`");
    return nullptr;
  }
  auto rotate = std::make_unique<Rotate>();
  std::vector<const Expr*> zones;
  std::function<void(const Expr&)> collect = [&](const Expr& e) {
    if (e.kind == Expr::Kind::alternatives) {
      for (const Expr& a : e.args) collect(a);
    } else {
      zones.push_back(&e);
    }
  };
  collect(line.args[0].value);
  for (const Expr* z : zones) {
    const int zone = ctx.find_zone(*z);
    if (zone < 0) return nullptr;
    Block b;
    b.name = z->text;
    std::vector<int> cells;
    const auto& sides = ctx.program.zones[static_cast<size_t>(zone)].cells;
    if (std::any_of(sides.begin(), sides.end(), [&](const auto& per_side) { return per_side != sides[0]; })) {
      ctx.error(z->pos, fmt::format("zone '{}' has cells per side; rotate turns one block of cells, the same for "
                                    "every side",
                                    z->text));
      return nullptr;
    }
    const auto& mask = sides[0];
    for (int c = 0; c < static_cast<int>(mask.size()); ++c)
      if (mask[c]) cells.push_back(c);
    if (cells.empty() || !quarter_turn(ctx, *z, cells, b)) return nullptr;
    for (const Block& other : rotate->blocks)
      if (other.anchor == b.anchor) {
        ctx.error(z->pos, fmt::format("zones '{}' and '{}' start at the same cell: rotate needs blocks that "
                                      "begin at different cells",
                                      other.name, b.name));
        return nullptr;
      }
    rotate->blocks.push_back(std::move(b));
  }
  if (const Arg* sense = ctx.named(line, "sense")) {
    if (!ctx.identifier(sense->value, "a sense")) return nullptr;
    const std::string& t = sense->value.text;
    if (t != "both" && t != "clockwise" && t != "anticlockwise") {
      ctx.error(sense->value.pos, fmt::format("unknown value '{}' for sense; expected one of: both, clockwise, "
                                              "anticlockwise",
                                              t));
      return nullptr;
    }
    rotate->clockwise = t != "anticlockwise";
    rotate->anticlockwise = t != "clockwise";
  }
  return ctx.program.own(std::move(rotate));
}

}  // namespace

extern constinit const ActionSpec rotate_action{
    "rotate", check_rotate, "rotate ZONE|ZONE ... [sense=both|clockwise|anticlockwise] [if C]",
    "turn one of the blocks of cells a quarter turn with its pieces (rotate:ZONE:cw, rotate:ZONE:ccw)"};

}  // namespace tabula

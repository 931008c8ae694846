// `capture KIND ...`: one statement for the ways pieces are taken outside of hops; its first
// word names the kind, each a module of its own (capture_kinds.hpp). What the kinds share:
// take=remove|convert and taking a list of pieces (counted as captures).
#include <fmt/format.h>

#include "constructs/capture/capture_counts.hpp"
#include "constructs/capture/capture_kinds.hpp"
#include "engine/state_editor.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

constexpr CaptureKind kKinds[] = {
    {"flanked-chains", check_flanked_chains},
    {"custodian", check_custodian},
    {"adjacent", check_adjacent},
    {"groups", check_groups},
};

void check_capture(CheckContext& ctx, const Statement& s) {
  std::vector<const Arg*> pos = ctx.positional(s);
  std::vector<std::string> words;
  for (const CaptureKind& k : kKinds) words.emplace_back(k.word);
  if (pos.empty() || pos[0]->value.kind != Expr::Kind::identifier) {
    ctx.error(pos.empty() ? s.pos : pos[0]->value.pos,
              fmt::format("'capture' needs the kind of capture first: one of {}", join(words)));
    return;
  }
  for (const CaptureKind& k : kKinds)
    if (pos[0]->value.text == k.word) return k.check(ctx, s);
  ctx.unknown_name(pos[0]->value, "capture", words);
}

}  // namespace

bool take_of(CheckContext& ctx, const Statement& s, Take fallback, Take& out) {
  out = fallback;
  const Arg* a = ctx.named(s, "take");
  if (!a) return true;
  std::string w = ctx.word(a, "take", {"remove", "convert"});
  if (w.empty()) return false;
  out = w == "remove" ? Take::remove : Take::convert;
  return true;
}

void take_pieces(StateEditor& edit, const std::vector<int>& cells, int side, Take take) {
  const State& s = edit.state();
  const Program& p = s.program();
  int pieces = 0, value = 0;
  for (int c : cells) {
    const uint8_t top = s.at(c);
    if (!top || p.code_owner[top] == side) continue;  // listed twice (two runs met), already taken
    if (take == Take::remove) {
      for (int l = 0; l < s.height(c); ++l) value += p.kinds[p.kind(s.counter(c, l))].value;
      pieces += s.height(c);
      edit.set_cell(c, 0);
      continue;
    }
    const uint8_t turned = p.piece_code(side, p.kind(top));
    value += p.kinds[p.kind(top)].value;
    ++pieces;
    if (!p.stacking) {
      edit.set_cell(c, turned);
    } else {  // the top counter changes side; the column below it stays
      uint8_t column[Program::kMaxStack];
      const int h = s.height(c);
      for (int l = 0; l < h; ++l) column[l] = s.counter(c, l);
      column[h - 1] = turned;
      edit.set_column(c, column, h);
    }
  }
  if (pieces) count_captures(edit, side, pieces, value);
}

extern constinit const StatementSpec capture_statement{
    "capture",
    Pass::define,
    Key::first_argument,
    check_capture,
    "capture flanked-chains order=opponent-first|mover-first | capture custodian dirs=D [length=N|A..B|any] "
    "[take=remove|convert] | capture adjacent dirs=D [take=convert|remove]",
    "flanked-chains: after every turn, straight chains flanked at both ends by the enemy are removed; custodian: "
    "where a piece lands, the enemy runs it flanks with a piece of its side are taken; adjacent: the enemies next to "
    "where it lands are taken (all counted as captures)"};

}  // namespace tabula

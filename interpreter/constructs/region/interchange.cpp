// `interchange [REGION]`: after each mark, the other side (the claimer) plays `interchange`
// or `decline`. An interchange with as many pieces on both sides (or more for the setter)
// turns every piece to the other side; otherwise the setter names, in increasing cell order,
// as many of the claimer's pieces as he has (take:e8, one action each, offered only while
// enough remain to finish), and those and his own change sides together. Then the claimer
// plays the first turn.
#include <fmt/format.h>

#include "constructs/region/region.hpp"
#include "engine/generate.hpp"
#include "engine/state_editor.hpp"
#include "engine/turn_machine.hpp"

namespace tabula {
namespace {

Move& decision(MoveList& out, int maker, int to, int arg) { return add_move(out, Move::decision, maker, -1, to, arg); }

constexpr int kMaxPicks = 32;

// The setter names the claimer's pieces: take:e8.
class PickPhase final : public Phase {
 public:
  std::string_view name() const override { return "pick"; }
  explicit PickPhase(const Region& r) : region(r) {}
  const Region& region;
  int count_var = -1;
  std::vector<int> pick_vars;  // the cells picked so far

  void generate(const State& s, MoveList& out) const override {
    const Program& p = s.program();
    const int mover = s.current_player(), other = (mover + 1) % p.player_count();
    const int picked = s.var(count_var);
    const int need = s.piece_count(mover) - picked;
    const int last = picked ? s.var(pick_vars[picked - 1]) : -1;
    int higher = 0;
    for (int c = last + 1; c < p.cells; ++c) higher += s.at(c) && p.owner(s.at(c)) == other;
    for (int c = last + 1; c < p.cells; ++c) {
      if (!s.at(c) || p.owner(s.at(c)) != other) continue;
      --higher;  // pieces above c
      if (higher >= need - 1) decision(out, index, c, 0);
    }
    if (out.empty()) add_pass(out, index);
  }

  Flow apply(StateEditor& edit, const Move& m) const override {
    const State& s = edit.state();
    if (m.kind == Move::pass) return edit.set_result({true, -1}), Flow::handled;
    const int picked = s.var(count_var);
    edit.set_var(pick_vars[picked], m.to);
    edit.set_var(count_var, picked + 1);
    if (picked + 1 == s.piece_count(s.current_player())) finish(edit);
    return Flow::handled;
  }

  // The setter's pieces and the picked ones change sides together; the claimer then plays
  // the first turn.
  void finish(StateEditor& edit) const {
    const State& s = edit.state();
    const Program& p = s.program();
    const int setter = s.var(region.setter_var), other = (setter + 1) % p.player_count();
    std::vector<uint8_t> picked(p.cells, 0);
    for (int i = 0; i < s.var(count_var); ++i) picked[s.var(pick_vars[i])] = 1;
    for (int c = 0; c < p.cells; ++c) {
      if (!s.at(c)) continue;
      int owner = p.owner(s.at(c));
      if (owner == setter) edit.set_cell(c, p.piece_code(other, p.kind(s.at(c))));
      else if (picked[c]) edit.set_cell(c, p.piece_code(setter, p.kind(s.at(c))));
    }
    for (int i = 0; i < s.var(count_var); ++i) edit.set_var(pick_vars[i], -1);
    edit.set_var(count_var, 0);
    begin_turn(edit, p.first_seat_of(other), true);
  }

  std::string text(const State& s, const Move& m) const override {
    return "take:" + s.program().board->cell(m.to).name;
  }
};

class ClaimPhase final : public Phase {
 public:
  std::string_view name() const override { return "interchange"; }
  ClaimPhase(const Region& r, const PickPhase& picked) : region(r), pick(picked) {}
  const Region& region;
  const PickPhase& pick;

  void generate(const State&, MoveList& out) const override {
    decision(out, index, -1, 1);  // interchange
    decision(out, index, -1, 0);  // decline
  }

  Flow apply(StateEditor& edit, const Move& m) const override {
    const State& s = edit.state();
    const Program& p = s.program();
    const int mover = s.current_player(), setter = s.var(region.setter_var);
    if (m.arg == 0) {
      begin_turn(edit, s.current_seat(), true);
    } else if (s.piece_count(setter) < s.piece_count(mover) && s.piece_count(setter) <= kMaxPicks) {
      enter_interlude(edit, pick, p.first_seat_of(setter));
      if (s.piece_count(setter) == 0) pick.finish(edit);
    } else {
      // As many pieces on both sides (or the setter has more): every piece changes side.
      for (int c = 0; c < p.cells; ++c)
        if (s.at(c)) edit.set_cell(c, p.piece_code((p.owner(s.at(c)) + 1) % p.player_count(), p.kind(s.at(c))));
      begin_turn(edit, s.current_seat(), true);
    }
    return Flow::handled;
  }

  std::string text(const State&, const Move& m) const override { return m.arg ? "interchange" : "decline"; }
};

void check_interchange(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 0, 1, {})) return;
  auto& regions = ctx.shared<std::vector<Region*>>("regions");
  Region* r = nullptr;
  if (!s.args.empty()) r = find_region(ctx, s.args[0].value);
  else if (regions.size() == 1) r = regions[0];
  else
    return ctx.error(s.pos, regions.empty() ? "'interchange' follows a mark: declare a `region` first"
                                            : "'interchange' needs the region's name when there are several");
  if (!r) return;
  if (r->interchange_phase) return ctx.error(s.pos, fmt::format("region '{}' has an interchange already", r->name));
  Program& p = ctx.program;
  auto pick = std::make_unique<PickPhase>(*r);
  pick->count_var = p.vars.add({r->name + ".picks", VarSpec::Type::number, VarSpec::Role::position, 0, 0, kMaxPicks});
  for (int i = 0; i < kMaxPicks; ++i)
    pick->pick_vars.push_back(p.vars.add(
        {r->name + ".pick" + std::to_string(i + 1), VarSpec::Type::cell, VarSpec::Role::position, -1, -1, 32767}));
  const PickPhase* picks = p.own(std::move(pick));
  r->interchange_phase = p.own(std::make_unique<ClaimPhase>(*r, *picks));
}

}  // namespace

extern constinit const StatementSpec interchange_statement{
    "interchange",
    Pass::define,
    Key::keyword,
    check_interchange,
    "interchange [REGION]",
    "after each mark the other side may claim an exchange of pieces (interchange, decline, take:CELL)"};

}  // namespace tabula

// The checker's driver: runs every statement's module (constructs/, through the registry)
// in passes, declarations first, reports unknown and repeated statements, lets the modules
// finish what spans statements, and completes the program.
#include "lang/checker.hpp"

#include <fmt/format.h>
#include <cctype>
#include <map>
#include <set>

#include "accel/accelerate.hpp"
#include "check/context.hpp"
#include "constructs/registry.hpp"
#include "constructs/turn/move_action.hpp"
#include "syntax/name_suggest.hpp"

namespace tabula {
namespace {

constexpr int kMaxCells = 32767;  // cells are 16-bit indices in moves and rays

void report_unknown(CheckContext& ctx, const Statement& s) {
  std::vector<std::string> keywords;
  for (const StatementSpec* spec : ctx.registry.statements) keywords.emplace_back(spec->keyword);
  std::string msg = fmt::format("unknown statement '{}'", s.keyword);
  std::string guess = closest_name(s.keyword, keywords);
  msg +=
      guess.empty() ? fmt::format("; expected one of: {}", join(keywords)) : fmt::format("; did you mean '{}'?", guess);
  ctx.error(s.pos, msg);
}

// A statement that a file has once (Key::keyword) is reported when it comes again; the
// board is the loader's (board_path_of). So is a setting given again (`option
// repetition=...` twice): a later one never silently replaces an earlier one.
std::vector<bool> first_of_each(CheckContext& ctx, const RulesFile& rules) {
  std::vector<bool> keep(rules.statements.size(), true);
  std::map<std::string, const Statement*> seen;
  std::map<std::string, std::pair<const Statement*, const Arg*>> settings;
  for (size_t i = 0; i < rules.statements.size(); ++i) {
    const Statement& s = rules.statements[i];
    const StatementSpec* spec = ctx.registry.statement(s.keyword);
    if (spec && spec->key == Key::argument_names)
      for (const Arg& a : s.args) {
        const std::string_view sets = a.name.empty() ? std::string_view() : setting_of(*spec, a.name);
        if (sets.empty()) continue;  // positional, or a part of a rule checked with it
        const std::string setting = s.keyword + " " + std::string(sets);
        auto [it, fresh] = settings.emplace(setting, std::pair{&s, &a});
        const auto [first_statement, first] = it->second;
        if (fresh || (first_statement == &s && first->name == a.name)) continue;  // the shape check's error
        keep[i] = false;
        ctx.error(a.pos, fmt::format("'{}=' sets {} again (it is set by '{}=' at line {}); a rules file sets it once",
                                     a.name, setting, first->name, first->pos.line));
      }
    if (!spec || spec->key != Key::keyword || s.keyword == "board") continue;
    auto [it, fresh] = seen.emplace(s.keyword, &s);
    if (fresh) continue;
    keep[i] = false;
    ctx.error(s.pos, fmt::format("'{}' is given twice; a rules file has one (the first is at line {})", s.keyword,
                                 it->second->pos.line));
  }
  return keep;
}

// The statement that declares `name` with `keyword` (`piece man`), or null.
const Statement* declaration_of(const RulesFile& rules, std::string_view keyword, const std::string& name) {
  for (const auto& s : rules.statements)
    if (s.keyword == keyword && !s.args.empty() && s.args[0].name.empty() &&
        s.args[0].value.kind == Expr::Kind::identifier && s.args[0].value.text == name)
      return &s;
  return nullptr;
}

// The kinds that can be on the board: set up, promoted to or placed (any side's: a flank
// or a swap may give a piece to another side).
uint32_t kinds_on_board(const Program& p) {
  uint32_t kinds = 0;
  for (uint8_t code : p.setup)
    if (code) kinds |= 1u << p.kind(code);
  for (const auto& pr : p.promotions)
    if (pr.to_kind >= 0) kinds |= 1u << pr.to_kind;
  for (const auto* steps : {&p.turn.turn, &p.turn.opening})
    for (const TurnStep& step : *steps) kinds |= step.phase->places();
  if (p.turn.start) kinds |= p.turn.start->places();
  return kinds;
}

// Every piece that can be on the board is read back from position text, setup diagrams and
// placements by its symbol: one letter, its own. A symbol written in the rules is checked
// where it is written (CheckContext::symbol); here, the ones taken from a player's name,
// and two pieces sharing one.
void check_symbols(CheckContext& ctx, const RulesFile& rules) {
  const Program& p = ctx.program;
  const uint32_t on_board = kinds_on_board(p);
  std::map<std::string, std::pair<int, int>> owner_of;  // symbol -> (side, kind)
  auto has_own = [&](int side, int kind) {
    const auto& symbols = p.kinds[kind].symbols;
    return side < static_cast<int>(symbols.size()) && !symbols[side].empty();
  };
  auto where = [&](int side, int kind) {
    const Statement* s = has_own(side, kind) ? declaration_of(rules, "piece", p.kinds[kind].name)
                                             : declaration_of(rules, "player", p.players[side].name);
    return s ? s->pos : SourcePos{rules.path, 1, 1};
  };
  for (int side = 0; side < p.player_count(); ++side)
    for (int kind = 0; kind < p.kind_count(); ++kind) {
      if (!p.kind_allowed(side, kind) || !(on_board & (1u << kind))) continue;
      std::string symbol = p.symbol(p.piece_code(side, kind));
      if (!has_own(side, kind) && (symbol.size() != 1 || !std::isalpha(static_cast<unsigned char>(symbol[0])))) {
        ctx.error(where(side, kind), fmt::format("player '{}' has the symbol '{}' (the first character of its name); a "
                                                 "symbol is one letter: give it one with symbol=",
                                                 p.players[side].name, symbol));
        continue;
      }
      auto [it, fresh] = owner_of.emplace(symbol, std::pair{side, kind});
      if (fresh) continue;
      auto [other_side, other_kind] = it->second;
      ctx.error(where(side, kind),
                fmt::format("the pieces '{}' of {} and '{}' of {} both have the symbol '{}', so position text "
                            "could not tell them apart; give each a symbol of its own (`piece NAME symbol=A|B`, one "
                            "per side, or `player NAME symbol=S`)",
                            p.kinds[other_kind].name, p.players[other_side].name, p.kinds[kind].name,
                            p.players[side].name, symbol));
    }
}

// The seats of a `seats` block that are not also a side's name (a seat may be named after
// the side it plays).
void seat_names(const RulesFile& rules, std::set<std::string>& out) {
  std::set<std::string> sides;
  for (const auto& s : rules.statements)
    if (s.keyword == "seats")
      for (const auto& line : s.block) {
        out.insert(line.keyword);
        for (const auto& a : line.args)
          if (a.name == "side" && a.value.kind == Expr::Kind::identifier) sides.insert(a.value.text);
      }
  for (const auto& side : sides) out.erase(side);
}

void default_seats(Program& p) {
  if (!p.seats.empty()) return;
  for (int pl = 0; pl < p.player_count(); ++pl) p.seats.push_back({p.players[pl].name, pl, p.players[pl].orientation});
}

// Counters that some rule reads, kept as construct values.
void add_counters(CheckContext& ctx) {
  Program& p = ctx.program;
  auto per_side = [&](const std::string& what, VarSpec::Role role, std::vector<int>& out) {
    for (int pl = 0; pl < p.player_count(); ++pl)
      out.push_back(p.vars.add({what + "." + p.players[pl].name, VarSpec::Type::number, role, 0, 0, 1 << 30}));
  };
  if (ctx.has_shared("counts captures")) {
    per_side("captured", VarSpec::Role::counter, p.captured_var);
    per_side("captured-value", VarSpec::Role::counter, p.captured_value_var);
  }
  if (ctx.has_shared("counts turns")) per_side("turns", VarSpec::Role::counter, p.turns_var);
}

}  // namespace

std::shared_ptr<Program> check_rules(const RulesFile& rules, std::shared_ptr<const BoardGraph> board,
                                     Diagnostics& diags, const LoadOptions& options) {
  auto prog = std::make_shared<Program>();
  prog->reference = options.reference;
  prog->rules_path = rules.path;
  prog->board = board;
  if (board) {
    if (board->cell_count() > kMaxCells) {
      diags.error({rules.path, 1, 1}, fmt::format("the board has {} cells, more than the engine's limit of {}",
                                                  board->cell_count(), kMaxCells));
      return nullptr;
    }
    if (ray_cells_needed(*board, kMaxRayCells) > kMaxRayCells) {
      SourcePos at{rules.path, 1, 1};
      for (const auto& s : rules.statements)
        if (s.keyword == "board") at = s.pos;
      diags.error(at,
                  fmt::format("the board's rays (from every cell in every direction, to the board's edge) would hold "
                              "more than {} cells, the engine's limit (kMaxRayCells): its {} directions chain its {} "
                              "cells into paths too long; use fewer directions or shorter lines",
                              kMaxRayCells, board->direction_count(), board->cell_count()));
      return nullptr;
    }
    precompute_board_data(*board, *prog);
  }
  CheckContext ctx(*prog, board.get(), diags, language());
  if (!rules.statements.empty()) ctx.shared<SourcePos>("file start") = rules.statements.front().pos;
  const std::vector<bool> keep = first_of_each(ctx, rules);
  seat_names(rules, ctx.shared<std::set<std::string>>(CheckContext::kSeatNames));
  for (Pass pass : {Pass::declare, Pass::zones, Pass::seats, Pass::named, Pass::define}) {
    if (pass == Pass::zones) {
      if (prog->players.empty() && !rules.statements.empty())
        ctx.error(rules.statements.front().pos, "the rules declare no players; add `player NAME` lines in turn order");
      if (prog->kinds.empty() && !rules.statements.empty())
        ctx.error(rules.statements.front().pos, "the rules declare no piece kinds; add a `piece NAME` line");
      if (board) prog->setup.assign(board->cell_count(), 0);
      prog->movements.assign(prog->kind_count(), {});
    }
    if (pass == Pass::named) default_seats(*prog);
    for (size_t i = 0; i < rules.statements.size(); ++i) {
      const Statement& s = rules.statements[i];
      const StatementSpec* spec = ctx.registry.statement(s.keyword);
      if (!spec) {
        if (pass == Pass::define) report_unknown(ctx, s);
        continue;
      }
      if (spec->pass == pass && keep[i]) spec->check(ctx, s);
    }
  }
  ctx.finish();
  if (prog->turn.turn.empty()) prog->turn.turn.push_back({move_phase(ctx), -1, {}, {}});
  ctx.finish();
  if (!diags.has_errors()) check_symbols(ctx, rules);  // after errors, a clash may be their cascade
  add_counters(ctx);
  if (prog->name.empty()) prog->name = rules.path;
  if (board) finish_program(*prog);
  if (diags.has_errors()) return nullptr;
  accelerate(*prog);
  return prog;
}

std::string board_path_of(const RulesFile& rules, Diagnostics& diags) {
  const Statement* found = nullptr;
  for (const auto& s : rules.statements) {
    if (s.keyword != "board") continue;
    if (found) {
      diags.error(s.pos, "the board is named twice");
      continue;
    }
    found = &s;
  }
  if (!found) {
    diags.error({rules.path, 1, 1}, "the rules name no board; add `board \"FILE.yaml\"`");
    return "";
  }
  if (found->args.size() != 1 || found->args[0].value.kind != Expr::Kind::string) {
    diags.error(found->pos, "expected `board \"FILE.yaml\"` (a quoted file name)");
    return "";
  }
  if (found->args[0].value.text.empty()) {
    diags.error(found->args[0].value.pos, "the board file name is empty; expected `board \"FILE.yaml\"`");
    return "";
  }
  return found->args[0].value.text;
}

}  // namespace tabula

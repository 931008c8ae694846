// The checker's driver: runs every statement's module (constructs/, through the registry)
// in passes, declarations first, reports unknown and repeated statements, lets the modules
// finish what spans statements, and completes the program.
#include "lang/checker.hpp"

#include <fmt/format.h>
#include <map>

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
// board is the loader's (board_path_of).
std::vector<bool> first_of_each(CheckContext& ctx, const RulesFile& rules) {
  std::vector<bool> keep(rules.statements.size(), true);
  std::map<std::string, const Statement*> seen;
  for (size_t i = 0; i < rules.statements.size(); ++i) {
    const Statement& s = rules.statements[i];
    const StatementSpec* spec = ctx.registry.statement(s.keyword);
    if (!spec || spec->key != Key::keyword || s.keyword == "board") continue;
    auto [it, fresh] = seen.emplace(s.keyword, &s);
    if (fresh) continue;
    keep[i] = false;
    ctx.error(s.pos, fmt::format("'{}' is given twice; a rules file has one (the first is at line {})", s.keyword,
                                 it->second->pos.line));
  }
  return keep;
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
                                     Diagnostics& diags) {
  auto prog = std::make_shared<Program>();
  prog->rules_path = rules.path;
  prog->board = board;
  if (board) {
    if (board->cell_count() > kMaxCells) {
      diags.error({rules.path, 1, 1}, fmt::format("the board has {} cells, more than the engine's limit of {}",
                                                  board->cell_count(), kMaxCells));
      return nullptr;
    }
    precompute_board_data(*board, *prog);
  }
  CheckContext ctx(*prog, board.get(), diags, language());
  if (!rules.statements.empty()) ctx.shared<SourcePos>("file start") = rules.statements.front().pos;
  const std::vector<bool> keep = first_of_each(ctx, rules);
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
  add_counters(ctx);
  if (prog->name.empty()) prog->name = rules.path;
  if (board) finish_program(*prog);
  if (diags.has_errors()) return nullptr;
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

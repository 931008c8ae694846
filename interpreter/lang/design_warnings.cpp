#include "lang/design_warnings.hpp"

#include <fmt/format.h>
#include <cstdlib>
#include <memory>
#include <optional>

#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/legality.hpp"
#include "engine/state.hpp"
#include "engine/turn_machine.hpp"
#include "util/limits.hpp"

namespace tabula {
namespace {

// How hard the reachability heuristic tries: enough to meet a connection game's rarer end (a capture
// that leaves the opponent connected), cheap enough for `validate` (milliseconds).
constexpr int kGames = 32;
constexpr int kMaxPlies = 200;

const Statement* declaration(const RulesFile& rules, std::string_view keyword, std::string_view name) {
  for (const auto& s : rules.statements)
    if (s.keyword == keyword && !s.args.empty() && s.args[0].name.empty() &&
        s.args[0].value.kind == Expr::Kind::identifier && s.args[0].value.text == name)
      return &s;
  return nullptr;
}

// ---------------------------------------------------------------- kinds that never move
void unmoved_kinds(const RulesFile& rules, const Program& p, Diagnostics& diags) {
  uint32_t moving = p.captures ? p.captures->kinds : 0;  // kinds a rule moves, places or promotes to
  for (int k = 0; k < p.kind_count() && k < static_cast<int>(p.movements.size()); ++k)
    if (!p.movements[k].empty()) moving |= 1u << k;
  for (const auto* steps : {&p.turn.turn, &p.turn.opening})
    for (const TurnStep& step : *steps) moving |= step.phase->places();
  // A kind reached only by promotion may be immobile on purpose (a castle fixed on a goal).
  for (const auto& pr : p.promotions)
    if (pr.to_kind >= 0) moving |= 1u << pr.to_kind;  // -1: the piece is removed instead
  for (int k = 0; k < p.kind_count(); ++k) {
    if (moving & (1u << k)) continue;
    const Statement* s = declaration(rules, "piece", p.kinds[k].name);
    diags.warning(s ? s->pos : SourcePos{rules.path, 1, 1},
                  fmt::format("piece kind '{}' can never move: no `move` rule names it", p.kinds[k].name));
  }
}

// ---------------------------------------------------------------- zones nobody uses
bool mentions(const Expr& e, std::string_view name) {
  if (e.kind == Expr::Kind::identifier && e.text == name) return true;
  for (const auto& a : e.args)
    if (mentions(a, name)) return true;
  return false;
}
bool mentions(const Statement& s, std::string_view name) {
  for (const auto& a : s.args)
    if (mentions(a.value, name)) return true;
  for (const auto& a : s.items)
    if (mentions(a.value, name)) return true;
  if (s.has_condition && mentions(s.condition, name)) return true;
  for (const auto& b : s.block)
    if (mentions(b, name)) return true;
  return false;
}

void unused_zones(const RulesFile& rules, Diagnostics& diags) {
  for (const auto& z : rules.statements) {
    if (z.keyword != "zone" || z.args.empty() || z.args[0].value.kind != Expr::Kind::identifier) continue;
    const std::string& name = z.args[0].value.text;
    bool used = false;
    for (const auto& s : rules.statements) used = used || (&s != &z && mentions(s, name));
    if (!used) diags.warning(z.args[0].pos, fmt::format("zone '{}' is never used by any rule", name));
  }
}

// ---------------------------------------------------------------- unreachable end conditions
// Whether this heuristic judges a condition: it evaluates piece counts, connection,
// numbers, comparisons and logic, and stays silent about any other construct.
bool judged(const Program& p, const Formula& f) {
  for (const FormulaNode& n : f.nodes) {
    if (n.op == FormulaNode::Op::function && p.functions[n.function]->name() != "pieces" &&
        p.functions[n.function]->name() != "connected")
      return false;
    if (n.op == FormulaNode::Op::add || n.op == FormulaNode::Op::sub || n.op == FormulaNode::Op::mul ||
        n.op == FormulaNode::Op::div)
      return false;
  }
  return true;
}

// One uniformly random legal move of `s` into `out` (false when it has none), with `seed`
// stepped. With `legal if` rules the moves the phase lists are drawn one at a time, without
// drawing one twice, until one passes the filter: the same choice as listing every legal
// move and drawing one, but a board of thousands of points tries a few moves a ply, not
// every one (a placement game with a legality filter on the largest board, 4082 points,
// took 34 s to validate, listing every placement a ply).
bool random_legal_move(const State& s, uint64_t& seed, MoveList& moves, Move& out) {
  auto next = [&seed](size_t n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<size_t>((seed >> 33) % n);
  };
  const Program& p = s.program();
  if (!p.legal_if.empty()) {
    generate_listed_moves(s, moves);
    if (p.end.pass_always) add_pass(moves, current_phase(s).index);  // a pass is never judged
    for (size_t left = moves.size(); left > 0; --left) {
      const size_t k = next(left);
      if (moves[k].kind == Move::pass || forbidding_rule(s, moves[k]) < 0) {
        out = moves[k];
        return true;
      }
      std::swap(moves[k], moves[left - 1]);  // refused: never drawn again
    }
  }
  s.legal_moves(moves);  // no filter, or every listed move refused (a pass may be left)
  if (moves.empty()) return false;
  out = moves[next(moves.size())];
  return true;
}

// A condition counts as met when it holds after some move of some seeded random game, for
// any player taken as the mover (so rule order and whose turn it is never make it look
// unreachable: the heuristic may miss a dead rule, but should not blame a live one).
void unreached_end_conditions(const Program& p, std::shared_ptr<const Program> shared, Diagnostics& diags) {
  const size_t n = p.end.after_move.size();  // 0: the games are still played, for the errors below
  std::vector<bool> met(n, false), unknown(n, false);
  auto observe = [&](const State& s) {
    for (size_t r = 0; r < n; ++r) {
      if (!judged(p, p.end.after_move[r].condition)) unknown[r] = true;
      for (int mover = 0; mover < p.player_count() && !met[r] && !unknown[r]; ++mover)
        met[r] = holds(p.end.after_move[r].condition, {s, mover});
    }
  };
  // A condition that holds in the start position for the side that moves first, and after
  // the first move of every game, ends every game at once: most likely a number written
  // where a comparison was meant (`lose mover if pieces(mover) > 0`).
  std::vector<bool> from_start(n, false);
  {
    State start(shared);
    for (size_t r = 0; r < n; ++r)
      from_start[r] = judged(p, p.end.after_move[r].condition) &&
                      holds(p.end.after_move[r].condition, {start, start.current_player()});
  }
  uint64_t seed = 0x5EED7AB01AULL;
  MoveList moves;
  const int plies = std::min(p.end.ply_limit, kMaxPlies);
  // A rule that cannot be played (an engine limit, a division by zero in a condition) in a
  // position these games reach is an error: `validate` must not say ok about a game that
  // stops at its first capture.
  int game = 0, ply = 0;
  try {
    for (game = 0; game < kGames; ++game) {
      State s(shared);
      for (ply = 0; ply < plies && !s.is_terminal(); ++ply) {
        Move chosen;
        if (!random_legal_move(s, seed, moves, chosen)) break;
        int mover = s.current_player();
        s.apply_unchecked(chosen);
        if (ply == 0)
          for (size_t r = 0; r < n; ++r)
            from_start[r] = from_start[r] && holds(p.end.after_move[r].condition, {s, mover});
        observe(s);
      }
    }
  } catch (const RuleError& e) {
    diags.error(e.pos, fmt::format("{} (met after {} plies of a random game from the start)", e.what(), ply));
    return;
  } catch (const EngineLimit& e) {
    diags.error({p.rules_path, 0, 0}, fmt::format("a random game from the start reached an engine limit after {} "
                                                  "plies: {}",
                                                  ply, e.what()));
    return;
  }
  for (size_t r = 0; r < n; ++r) {
    if (!met[r] && !unknown[r])
      diags.warning(p.end.after_move[r].pos,
                    fmt::format("this condition was never met in {} random games of up to {} plies "
                                "from the start; can it ever happen?",
                                kGames, plies));
    if (from_start[r] && game == kGames)
      diags.warning(p.end.after_move[r].pos,
                    fmt::format("this condition holds from the start: in the start position, and after the first "
                                "move of each of {} random games, so every game ends after one move; is that meant?",
                                kGames));
  }
}

// ---------------------------------------------------------------- a start that is not legal
// The rules' own start must be a position they take when read (`legal-position`): its text,
// written by any command, is read back.
void illegal_start(const Program& p, std::shared_ptr<const Program> shared, Diagnostics& diags) {
  if (p.legal_position.empty()) return;
  State start(shared);
  for (size_t i = 0; i < p.legal_position.size(); ++i) {
    if (holds(p.legal_position[i], {start, start.current_player()})) continue;
    // Reported at the rule, whose text ends with where it is: "... (FILE:LINE)".
    const std::string& text = p.legal_position_text.at(i);
    const size_t open = text.rfind(" ("), colon = text.rfind(':');
    SourcePos at{p.rules_path, 0, 0};
    if (open != std::string::npos && colon != std::string::npos && colon > open)
      at = {text.substr(open + 2, colon - open - 2), std::atoi(text.c_str() + colon + 1), 1};
    diags.error(at,
                "the start position is not a legal one: this rule does not hold there, so the start's text would "
                "not be read back");
  }
}

}  // namespace

void design_warnings(const RulesFile& rules, const Program& program, Diagnostics& diags) {
  unmoved_kinds(rules, program, diags);
  unused_zones(rules, diags);
  if (program.board && program.player_count() > 0 && !program.turn.turn.empty()) {
    // State shares its program: wrap the caller's without taking ownership.
    std::shared_ptr<const Program> shared(&program, [](const Program*) {});
    illegal_start(program, shared, diags);
    unreached_end_conditions(program, shared, diags);
  }
}

}  // namespace tabula

// How a game ends besides its end rules: `no-move`, `limit`, `option` (repetition, quiet
// moves, passing), `score` and `komi`.
#include <fmt/format.h>
#include <functional>

#include "check/context.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

void check_no_move(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {}) || !ctx.identifier(s.args[0].value, "pass, lose or draw")) return;
  const std::string& v = s.args[0].value.text;
  EndRules& e = ctx.program.end;
  if (v == "pass") e.no_move = NoMovePolicy::pass;
  else if (v == "lose") e.no_move = NoMovePolicy::lose;
  else if (v == "draw") e.no_move = NoMovePolicy::draw;
  else ctx.error(s.args[0].value.pos, fmt::format("unknown no-move policy '{}'; expected pass, lose or draw", v));
}

void check_limit(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 0, 0, {"plies"})) return;
  const Arg* plies = ctx.named(s, "plies");
  if (!plies) return ctx.needs(s, "'limit' needs plies=N");
  long long v;
  if (ctx.number_value(plies->value, "the ply limit", 1, 1000000, v)) ctx.program.end.ply_limit = static_cast<int>(v);
}

void check_option(CheckContext& ctx, const Statement& s) {
  EndRules& e = ctx.program.end;
  if (!ctx.shape(s, 0, 0, {"repetition-draw", "quiet-moves-draw", "quiet-reset", "repetition", "pass"})) return;
  if (const Arg* a = ctx.named(s, "pass")) {
    const std::string w = ctx.word(a, "pass", {"always", "when-stuck"});
    if (!w.empty()) e.pass_always = w == "always";
  }
  if (const Arg* a = ctx.named(s, "repetition-draw")) {
    if (a->value.kind == Expr::Kind::identifier && (a->value.text == "on" || a->value.text == "off"))
      e.repetition = a->value.text == "on";
    else ctx.error(a->value.pos, fmt::format("expected on or off, found '{}'", to_string(a->value)));
  }
  if (const Arg* a = ctx.named(s, "repetition")) {
    const Expr& v = a->value;
    if (v.kind == Expr::Kind::identifier && (v.text == "off" || v.text == "draw" || v.text == "end")) {
      e.repetition = v.text != "off";
      e.repetition_ends = v.text == "end";
    } else {
      ctx.error(v.pos, fmt::format("expected off, draw or end (on the score), found '{}'", to_string(v)));
    }
  }
  long long quiet;
  if (const Arg* a = ctx.named(s, "quiet-moves-draw");
      a && ctx.number_value(a->value, "the number of plies without a capture", 0, 100000, quiet))
    e.quiet_limit = static_cast<int>(quiet);
  // The kinds whose moves also reset the count (the men, the pawns of a game): part of
  // the one quiet rule, so given with it (option_setting), and a variant that restates the
  // rule restates them.
  if (const Arg* a = ctx.named(s, "quiet-reset")) {
    if (!ctx.named(s, "quiet-moves-draw"))
      ctx.error(a->pos,
                "'quiet-reset=' names what else resets the count of 'quiet-moves-draw=': give both in one option");
    else e.quiet_reset_kinds = ctx.kinds_of(a->value);
  }
}

// What each argument of `option` sets: `repetition-draw=` is the older spelling of
// `repetition=`, and `quiet-reset=` is a part of the rule `quiet-moves-draw=` sets.
std::string_view option_setting(std::string_view argument) {
  if (argument == "repetition-draw") return "repetition";
  if (argument == "quiet-reset") return {};
  return argument;
}

// `score TERM + TERM ...`: captures, territory, values (pieces on the board by value), or any
// number expression evaluated for each side as `mover` (captured(mover) / 2).
void check_score(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {})) return;
  std::vector<const Expr*> terms;
  std::function<void(const Expr&)> flatten = [&](const Expr& e) {
    if (e.kind == Expr::Kind::binary && e.text == "+") {
      flatten(e.args[0]);
      flatten(e.args[1]);
    } else {
      terms.push_back(&e);
    }
  };
  flatten(s.args[0].value);
  for (const Expr* t : terms) {
    ScoreTerm term;
    term.pos = t->pos;
    if (t->kind == Expr::Kind::identifier && t->text == "captures") term.kind = ScoreTerm::Kind::captures;
    else if (t->kind == Expr::Kind::identifier && t->text == "territory") term.kind = ScoreTerm::Kind::territory;
    else if (t->kind == Expr::Kind::identifier && t->text == "values") term.kind = ScoreTerm::Kind::values;
    else if (t->kind == Expr::Kind::identifier) {
      ctx.error(t->pos, fmt::format("unknown score term '{}'; expected captures, territory, values or a number "
                                    "expression such as captured(mover) / 2, joined with +",
                                    to_string(*t)));
      continue;
    } else {
      // Any number expression, evaluated for each side as `mover`: captured-value(mover), ...
      term.kind = ScoreTerm::Kind::formula;
      if (!ctx.formula(*t, term.formula, {.between_turns = true})) continue;
      if (!term.formula.numeric()) {
        ctx.error(t->pos,
                  fmt::format("a score term is a number, but '{}' is a condition (true or false)", to_string(*t)));
        continue;
      }
    }
    if (term.kind == ScoreTerm::Kind::captures) ctx.shared<bool>("counts captures") = true;
    ctx.program.end.score.push_back(term);
  }
}

// `komi PLAYER=N ...`: points given to a side at the end, on top of its score; N is whole or
// ends in .5 (7.5: then a tie cannot happen), so scores are compared in half points.
void check_komi(CheckContext& ctx, const Statement& s) {
  std::vector<std::string> names;
  for (const auto& pl : ctx.program.players) names.push_back(pl.name);
  if (!ctx.shape(s, 0, 0, names)) return;
  if (s.args.empty()) return ctx.error(s.pos, "'komi' needs the points a side is given: `komi white=7.5`");
  EndRules& e = ctx.program.end;
  e.komi_halves.assign(ctx.program.player_count(), 0);
  for (const Arg& a : s.args) {
    const Expr& v = a.value;
    const bool half = v.fraction == "5";
    if (v.kind != Expr::Kind::number || !(v.fraction.empty() || half) || v.number > 100000)
      return ctx.error(v.pos, fmt::format("expected the points {} is given: a number from 0 to 100000, whole or "
                                          "ending in .5, found '{}'",
                                          a.name, to_string(v)));
    for (int side = 0; side < ctx.program.player_count(); ++side)
      if (names[side] == a.name) e.komi_halves[side] = static_cast<int>(v.number * 2 + half);
  }
  ctx.at_end([&ctx, at = s.pos] {
    if (ctx.program.end.score.empty())
      ctx.error(at, "'komi' adds to a score, but these rules have none: add a `score` line");
  });
}

}  // namespace

extern constinit const StatementSpec no_move_statement{"no-move",
                                                       Pass::define,
                                                       Key::keyword,
                                                       check_no_move,
                                                       "no-move pass|lose|draw",
                                                       "what happens to a seat with no legal move"};
extern constinit const StatementSpec limit_statement{
    "limit",     Pass::define,    Key::keyword,
    check_limit, "limit plies=N", "the game ends after N plies (on the score, or a draw); default 1000"};
extern constinit const StatementSpec option_statement{
    "option",
    Pass::define,
    Key::argument_names,
    check_option,
    "option repetition=off|draw|end | repetition-draw=on|off | quiet-moves-draw=N [quiet-reset=KIND|KIND] | "
    "pass=always|when-stuck",
    "threefold repetition draws (or ends on the score); N plies without a capture (or a move of a KIND) draw; "
    "a seat may pass at every turn (always) or only without a move (when-stuck: as `no-move pass` says)",
    option_setting};
extern constinit const StatementSpec komi_statement{
    "komi",     Pass::define,    Key::keyword,
    check_komi, "komi PLAYER=N", "points given to a side at the end, on top of its score (N whole or ending in .5)"};
extern constinit const StatementSpec score_statement{"score",
                                                     Pass::define,
                                                     Key::keyword,
                                                     check_score,
                                                     "score TERM + TERM (captures, territory, values, EXPR)",
                                                     "a side's score: the higher wins when the game ends on the score; "
                                                     "EXPR is any number, counted for each side as mover"};

}  // namespace tabula

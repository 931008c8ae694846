// `after-move [each-step] { win|lose PLAYER if C; draw if C; end if C }`: the end rules,
// checked in order after every turn; the first that holds ends the game (`end`: on the
// score). With each-step, also after every step of a turn of several (a row made by a
// turn's first stone wins before its second is played); without, a turn is judged whole (a
// move and its placement together).
#include <fmt/format.h>

#include "check/context.hpp"

namespace tabula {
namespace {

void check_after_move(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 0, 1, {}, false, false, true)) return;
  if (!s.args.empty()) {
    const Expr& when = s.args[0].value;
    if (!ctx.identifier(when, "each-step")) return;
    if (when.text != "each-step")
      return ctx.error(when.pos,
                       fmt::format("expected each-step (end rules after every step of a turn), found '{}'", when.text));
    ctx.program.end.each_step = true;
  }
  for (const auto& r : s.block) {
    EndRule rule;
    rule.pos = r.pos;
    if (r.keyword == "win") rule.outcome = Outcome::win;
    else if (r.keyword == "lose") rule.outcome = Outcome::lose;
    else if (r.keyword == "draw") rule.outcome = Outcome::draw;
    else if (r.keyword == "end") rule.outcome = Outcome::end;
    else {
      ctx.error(r.pos, fmt::format("unknown end rule '{}'; expected win, lose, draw or end", r.keyword));
      continue;
    }
    bool needs_player = rule.outcome == Outcome::win || rule.outcome == Outcome::lose;
    if (!ctx.shape(r, needs_player ? 1 : 0, needs_player ? 1 : 0, {}, true)) continue;
    if (!r.has_condition) {
      ctx.error(r.pos, fmt::format("'{}' needs a condition: `{} ... if CONDITION`", r.keyword, r.keyword));
      continue;
    }
    if (needs_player && !ctx.player_ref(r.args[0].value, rule.who, false)) continue;
    const int asked = ctx.shared<int>("repetitions asked");
    if (!ctx.condition(r.condition, rule.condition, {.between_turns = true})) continue;
    rule.at_turn_start = ctx.shared<int>("repetitions asked") != asked;
    ctx.program.end.after_move.push_back(std::move(rule));
  }
}

}  // namespace

extern constinit const StatementSpec after_move_statement{
    "after-move",
    Pass::define,
    Key::keyword,
    check_after_move,
    "after-move [each-step] { win|lose PLAYER if C; draw if C; end if C }",
    "end rules, checked in order after every turn (each-step: also between a turn's steps); `end` ends the game on the "
    "score"};

}  // namespace tabula

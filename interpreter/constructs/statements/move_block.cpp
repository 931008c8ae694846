// `move KINDS { MOVEMENT ... }`: how pieces of those kinds move; each line is a movement of
// the registry (step, slide, line, hop, jump, run, ...).
#include <fmt/format.h>

#include "check/context.hpp"
#include "syntax/name_suggest.hpp"

namespace tabula {
namespace {

void check_move(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {}, false, false, true)) return;
  uint32_t kinds = ctx.kinds_of(s.args[0].value);
  for (const auto& line : s.block) {
    if (const MovementSpec* spec = ctx.registry.movement(line.keyword)) {
      spec->check(ctx, line, kinds);
      continue;
    }
    std::vector<std::string> names;
    for (const MovementSpec* m : ctx.registry.movements) names.emplace_back(m->keyword);
    std::string msg = fmt::format("unknown movement '{}'", line.keyword);
    std::string guess = closest_name(line.keyword, names);
    msg +=
        guess.empty() ? fmt::format("; expected one of: {}", join(names)) : fmt::format("; did you mean '{}'?", guess);
    ctx.error(line.pos, msg);
  }
}

}  // namespace

extern constinit const StatementSpec move_statement{"move",
                                                    Pass::define,
                                                    Key::first_argument,
                                                    check_move,
                                                    "move KINDS { MOVEMENT ... }",
                                                    "how pieces of those kinds move: one movement per line"};

}  // namespace tabula

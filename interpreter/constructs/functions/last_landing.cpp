#include "constructs/functions/last_landing.hpp"

#include "engine/state_editor.hpp"

namespace tabula {
namespace {

class KeepLanding final : public LandingEffect {
 public:
  int var = -1;
  void apply(StateEditor& edit, const Move& m) const override { edit.set_var(var, m.to); }
};

class ForgetLanding final : public TurnEffect {
 public:
  int var = -1;
  void apply(StateEditor& edit, int) const override { edit.set_var(var, -1); }
};

}  // namespace

int last_landing_var(CheckContext& ctx) {
  Program& p = ctx.program;
  int& var = ctx.shared<int>("last landing var");  // 1 + the index once added
  if (!var) {
    var = 1 + p.vars.add({"last", VarSpec::Type::cell, VarSpec::Role::position, -1, -1, p.cells - 1});
    auto keep = std::make_unique<KeepLanding>();
    auto forget = std::make_unique<ForgetLanding>();
    keep->var = forget->var = var - 1;
    p.after_landing.push_back(p.own(std::move(keep)));
    p.after_turn.push_back(p.own(std::move(forget)));
  }
  return var - 1;
}

}  // namespace tabula

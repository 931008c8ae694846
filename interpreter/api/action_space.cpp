#include "api/action_space.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <numeric>
#include <string>

#include "engine/text/move_text.hpp"
#include "tabula/errors.hpp"

namespace tabula::detail {

ActionSpace::ActionSpace(const Program& p) {
  ActionLayout& l = layout_;
  l.cells = p.cells;
  l.piece_codes = p.player_count() * p.kind_count();
  // Decisions carry a small value: a yes/no, or 1 + a direction (a mark's orientation).
  l.decision_values = std::max(2, p.board->direction_count() + 1);
  const int64_t cells = p.cells;
  l.piece_moves = 0;
  l.placements = cells * cells;
  l.pass = l.placements + l.piece_codes * cells;
  l.decisions = l.pass + 1;
  l.per_variant = l.decisions + l.decision_values * (cells + 1);
  // A promotion chosen among kinds: one move per kind with the same squares.
  int choices = 1;
  for (const Promotion& pr : p.promotions) choices = std::max<int>(choices, pr.choices);
  l.variants = std::max(p.captures ? kCaptureVariants : 1, choices);
}

Action ActionSpace::base(const Program& p, const Move& m) const {
  const ActionLayout& l = layout_;
  auto outside = [&](const char* what) {
    return LimitError(fmt::format("{} in {} has no action (docs/API.md, \"Actions\")", what, p.name));
  };
  switch (m.kind) {
    case Move::piece:
      if (m.from < 0 || m.to < 0) throw outside("a piece move without both squares");
      return l.piece_moves + int64_t{m.from} * l.cells + m.to;
    case Move::place:
      if (m.arg < 1 || m.arg > l.piece_codes || m.to < 0) throw outside("a placement of no known piece");
      return l.placements + int64_t{m.arg - 1} * l.cells + m.to;
    case Move::pass: return l.pass;
    case Move::decision:
      if (m.arg >= l.decision_values)
        throw LimitError(
            fmt::format("a decision of {} with value {}: the action space holds values below {} "
                        "(docs/API.md, \"Actions\")",
                        p.name, m.arg, l.decision_values));
      return l.decisions + int64_t{m.arg} * (l.cells + 1) + (m.to + 1);
  }
  throw outside("a move of an unknown kind");
}

void ActionSpace::encode(const State& s, const MoveList& moves, std::vector<Action>& out) const {
  const Program& p = s.program();
  const size_t n = moves.size();
  out.resize(n);
  for (size_t i = 0; i < n; ++i) out[i] = base(p, moves[i]);
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return out[a] < out[b]; });
  // Moves sharing a base: variant k is the k-th of them in the order of their text.
  for (size_t i = 0; i < n;) {
    size_t j = i + 1;
    while (j < n && out[order[j]] == out[order[i]]) ++j;
    if (j - i > 1) {
      if (static_cast<int>(j - i) > layout_.variants)
        throw LimitError(
            fmt::format("{} legal moves of {} share the squares of {} in this position; the action space "
                        "holds {} (docs/API.md, \"Actions\")",
                        j - i, p.name, move_text(s, moves[order[i]]), layout_.variants));
      std::vector<std::pair<std::string, uint32_t>> named;
      for (size_t k = i; k < j; ++k) named.emplace_back(move_text(s, moves[order[k]]), order[k]);
      std::stable_sort(named.begin(), named.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      for (size_t k = 0; k < named.size(); ++k) out[named[k].second] += static_cast<Action>(k) * layout_.per_variant;
    }
    i = j;
  }
}

}  // namespace tabula::detail

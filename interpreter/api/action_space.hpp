#pragma once
// The fixed action space of a game (docs/API.md, "Actions"): every legal move of every
// position is one integer below size(), the same move in the same position always the same
// integer. A move's class and squares give its base number; moves of one position that share
// a base (capture sequences with the same ends) are told apart by a variant ordinal, in the
// order of their text.
#include <cstdint>
#include <vector>

#include "engine/state.hpp"
#include "tabula/game.hpp"

namespace tabula::detail {

class ActionSpace {
 public:
  // Room for this many legal moves sharing a base in one position, in games with capture
  // sequences (other games never have two).
  static constexpr int kCaptureVariants = 8;

  explicit ActionSpace(const Program& p);
  const ActionLayout& layout() const { return layout_; }
  Action size() const { return layout_.per_variant * layout_.variants; }
  // The actions of `moves`, the legal moves of `s`, in the same order. LimitError when a move
  // does not fit the space (names the limit).
  void encode(const State& s, const MoveList& moves, std::vector<Action>& out) const;

 private:
  Action base(const Program& p, const Move& m) const;
  ActionLayout layout_;
};

}  // namespace tabula::detail

#pragma once
// The one replay of a piece move: lift the moving column, take on the way (the whole piece,
// or the top counter to the bottom of the moving column; at once or when the move ends),
// land (promotions on arrival), and put the column down. Applying a move replays it on the
// State; writing it replays it on an overlay of the State, to show each column as it stands
// after the piece passed (engine/text/move_text). Both use this code, so they cannot disagree.
#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>

#include "engine/state.hpp"

namespace tabula {

struct Column {
  int height = 0;
  uint8_t counters[Program::kMaxStack];  // bottom first
  uint8_t top() const { return height ? counters[height - 1] : 0; }
};

inline Column column_of(const State& s, int cell) {
  Column c;
  c.height = s.height(cell);
  if (s.program().stacking) std::copy_n(s.columns() + cell * Program::kMaxStack, c.height, c.counters);
  else if (c.height) c.counters[0] = s.at(cell);
  return c;
}

// A replay whose squares nobody looks at (applying a move): the columns it would show are
// not even read.
struct Unseen {
  void operator()(int, const Column&) const {}
};

// Replays `m` (a piece move) on `store` (get(cell) -> Column, set(cell, const Column&),
// clear(cell), take_top(cell) -> the counter taken off the top, 0 when empty);
// `seen(cell, column)` is told each jumped cell and each landing as the move passes them.
template <class Store, class Seen>
void replay_piece_move(const Program& p, const Move& m, Store& store, Seen&& seen) {
  constexpr bool looks = !std::is_same_v<std::decay_t<Seen>, Unseen>;
  Column moving = store.get(m.from);
  store.clear(m.from);
  auto promote = [&](uint8_t promotion) {
    if (!promotion || !moving.height) return;
    const Promotion& pr = p.promotions[promotion - 1];
    uint8_t& top = moving.counters[moving.height - 1];
    if (pr.to_kind < 0) --moving.height;  // burned: the piece leaves the board
    else top = p.piece_code(p.owner(top), pr.to_kind);
  };
  std::array<int16_t, Move::kMaxSteps> later{};
  int later_count = 0;
  for (int i = 0; i < m.steps; ++i) {
    const Step& st = m.path[i];
    if (st.taken >= 0) {
      if (m.flags & Move::take_top) {
        // The taken counter goes under the moving column.
        const uint8_t counter = store.take_top(st.taken);
        if (counter && moving.height < Program::kMaxStack) {
          std::copy_backward(moving.counters, moving.counters + moving.height, moving.counters + moving.height + 1);
          moving.counters[0] = counter;
          ++moving.height;
        }
      } else if (m.flags & Move::take_later) {
        later[later_count++] = st.taken;
      } else {
        store.clear(st.taken);
      }
      if constexpr (looks) seen(st.taken, store.get(st.taken));
    }
    if (m.promoted_at == i + 1) promote(m.promotion);
    seen(st.to, moving);
  }
  for (int i = 0; i < later_count; ++i) store.clear(later[i]);
  if (m.steps == 0) {
    promote(m.promotion);
    seen(m.to, moving);
  }
  store.set(m.to, moving);
}

// The State seen through a few changed columns, for writing a move without playing it.
struct OverlayStore {
  const State& s;
  std::array<int16_t, 2 * Move::kMaxSteps + 2> cells{};
  std::array<Column, 2 * Move::kMaxSteps + 2> changed{};
  int count = 0;
  Column get(int cell) const {
    for (int i = 0; i < count; ++i)
      if (cells[i] == cell) return changed[i];
    return column_of(s, cell);
  }
  void set(int cell, const Column& c) {
    for (int i = 0; i < count; ++i)
      if (cells[i] == cell) {
        changed[i] = c;
        return;
      }
    cells[count] = static_cast<int16_t>(cell);
    changed[count++] = c;
  }
  void clear(int cell) { set(cell, Column{}); }
  uint8_t take_top(int cell) {
    Column c = get(cell);
    if (!c.height) return 0;
    const uint8_t top = c.counters[--c.height];
    set(cell, c);
    return top;
  }
};

}  // namespace tabula

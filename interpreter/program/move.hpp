#pragma once
// A move is a small value: no allocation per generated move. Every move names the construct
// that made it (`maker`, an index into Program::makers), which plays it and writes it. A
// capture sequence is made once, as a list of steps (a landing, the cell taken on the way, a
// promotion on arrival), and applying, undoing and writing the move all replay those steps.
#include <cstdint>
#include <vector>

namespace tabula {

struct Step {
  enum Flags : uint8_t {
    take_top = 1,    // only the top counter is taken, to the bottom of the moving column
    take_later = 2,  // the taken piece stays (blocking) until the move ends
  };
  int16_t to = -1;        // the landing cell
  int16_t taken = -1;     // the cell whose piece (or top counter) this step takes, or -1
  uint8_t promotion = 0;  // 1 + index into Program::promotions applied on this landing, or 0
  uint8_t flags = 0;
};

struct Move {
  // The engine's limit on one capture sequence; a longer one is an error that names it.
  static constexpr int kMaxSteps = 32;
  enum Kind : uint8_t {
    piece,     // a piece moves from `from` to `to` (along `path` when steps > 0)
    place,     // a piece (code `arg`) is placed on `to`
    pass,      // the seat does nothing
    decision,  // a choice of the maker's own (its meaning is in `arg` and `to`)
  };
  int16_t from = -1;
  int16_t to = -1;
  uint8_t kind = piece;
  uint16_t maker = 0;     // index into Program::makers
  uint8_t arg = 0;        // place: the piece code; decision: the maker's value
  uint8_t captures = 0;   // pieces (counters) taken by this move
  uint8_t steps = 0;      // landings of a capture sequence: path[0 .. steps - 1], path[steps - 1].to == to
  uint8_t cost = 0;       // turns of partial moves: the budget this move spends
  uint8_t promotion = 0;  // a plain move: 1 + index into Program::promotions applied on arrival
  int16_t value = 0;      // the value of the pieces taken (maximum capture by value)
  Step path[kMaxSteps];

  Move() {}  // leaves `path` uninitialised: generating a move writes only what it uses

  bool operator==(const Move& o) const {
    if (from != o.from || to != o.to || kind != o.kind || maker != o.maker || arg != o.arg || steps != o.steps)
      return false;
    for (int i = 0; i < steps; ++i)
      if (path[i].to != o.path[i].to || path[i].taken != o.path[i].taken) return false;
    return true;
  }
};

using MoveList = std::vector<Move>;

// Appends a move with every field but the path set, so no field is left from an earlier
// use of the list's storage.
inline Move& add_move(MoveList& out, uint8_t kind, int maker, int from, int to, int arg = 0) {
  Move& m = out.emplace_back();
  m.from = static_cast<int16_t>(from);
  m.to = static_cast<int16_t>(to);
  m.kind = kind;
  m.maker = static_cast<uint16_t>(maker);
  m.arg = static_cast<uint8_t>(arg);
  m.captures = m.steps = m.cost = m.promotion = 0;
  m.value = 0;
  return m;
}

}  // namespace tabula

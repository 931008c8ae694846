#pragma once
// A move is a small value: no allocation per generated move. Every move names the construct
// that made it (`maker`, an index into Program::makers), which plays it and writes it. A
// capture sequence is made once, as a list of steps (a landing and the cell taken on the
// way) with the promotion it earns and where, and applying, undoing and writing the move all
// replay it (engine/replay.hpp). A move promotes its piece at most once.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace tabula {

// No default values: a move's steps are written only as far as it uses them.
struct Step {
  int16_t to;     // the landing cell
  int16_t taken;  // the cell whose piece (or top counter) this step takes, or -1
};

// 16 bytes of header, then the steps: a move is written in two stores plus its steps, and
// move lists stay small enough for the cache.
struct Move {
  // The engine's limit on one capture sequence; a longer one is an error that names it.
  static constexpr int kMaxSteps = 32;
  enum Kind : uint8_t {
    piece,     // a piece moves from `from` to `to` (along `path` when steps > 0)
    place,     // a piece (code `arg`) is placed on `to`
    pass,      // the seat does nothing
    decision,  // a choice of the maker's own (its meaning is in `arg` and `to`)
  };
  enum Flags : uint8_t {
    take_top = 1,    // a take removes only the top counter, to the bottom of the moving column
    take_later = 2,  // taken pieces stay (blocking) until the move ends
  };
  int16_t from;
  int16_t to;
  uint16_t maker;  // index into Program::makers: the construct that made it
  uint8_t kind;
  uint8_t arg;          // place: the piece code; decision: the maker's value
  uint8_t captures;     // pieces (counters) taken by this move
  uint8_t steps;        // landings of a capture sequence: path[0 .. steps - 1], path[steps - 1].to == to
  uint8_t cost;         // turns of partial moves: the budget this move spends
  uint8_t promotion;    // 1 + index into Program::promotions the moving piece gets, or 0
  uint8_t promoted_at;  // the steps done when it gets it (0: on arrival of a plain move)
  uint8_t flags;
  int16_t value;  // the value of the pieces taken (maximum capture by value)
  Step path[kMaxSteps];

  // A pass of maker 0; `path` is left unwritten (a move writes only the steps it uses).
  Move()
      : from(-1),
        to(-1),
        maker(0),
        kind(pass),
        arg(0),
        captures(0),
        steps(0),
        cost(0),
        promotion(0),
        promoted_at(0),
        flags(0),
        value(0) {}
  // Nothing written at all: for generators, which write every field they need.
  struct Unwritten {};
  explicit Move(Unwritten) {}

  bool operator==(const Move& o) const {
    if (from != o.from || to != o.to || kind != o.kind || maker != o.maker || arg != o.arg || steps != o.steps ||
        promotion != o.promotion)  // a promotion chosen among several kinds
      return false;
    for (int i = 0; i < steps; ++i)
      if (path[i].to != o.path[i].to || path[i].taken != o.path[i].taken) return false;
    return true;
  }
};

using MoveList = std::vector<Move>;

// The header's two 8-byte words, so hot generators write a move in two stores.
static_assert(offsetof(Move, maker) == 4 && offsetof(Move, kind) == 6 && offsetof(Move, arg) == 7 &&
              offsetof(Move, captures) == 8 && offsetof(Move, promotion) == 11 && offsetof(Move, value) == 14 &&
              offsetof(Move, path) == 16);
inline uint64_t move_word0(int from, int to, int maker, uint8_t kind, uint8_t arg = 0) {
  return uint64_t(uint16_t(from)) | uint64_t(uint16_t(to)) << 16 | uint64_t(uint16_t(maker)) << 32 |
         uint64_t(kind) << 48 | uint64_t(arg) << 56;
}
inline uint64_t move_word1(uint8_t captures, uint8_t promotion) {
  return uint64_t(captures) | uint64_t(promotion) << 24;
}
inline Move& add_move_words(MoveList& out, uint64_t word0, uint64_t word1) {
  Move& m = out.emplace_back(Move::Unwritten{});
  std::memcpy(static_cast<void*>(&m), &word0, 8);  // the first word of a trivially copyable Move
  std::memcpy(reinterpret_cast<char*>(&m) + 8, &word1, 8);
  return m;
}

// Appends a move with every field but the path set, so no field is left from an earlier
// use of the list's storage.
inline Move& add_move(MoveList& out, uint8_t kind, int maker, int from, int to, int arg = 0) {
  // In two stores: the second word zero is no captures, steps, cost, promotion, flags or value.
  return add_move_words(out, move_word0(from, to, maker, kind, static_cast<uint8_t>(arg)), 0);
}

}  // namespace tabula

#pragma once
// The capture construct on a board of bitboards: only pieces with a first hop start a search
// (most positions have none, so the search is often never made), and where every hop is
// short and taken pieces leave at once, sequences are searched set-wise
// (kernels/capture_search: compile_set_wise).
#include <array>
#include <vector>

#include "constructs/capture/captures.hpp"

namespace tabula {

class MaskedCaptures final : public Captures {
 public:
  MaskedCaptures(const Captures& plain, const Program& p);
  void generate(const State& s, int seat, MoveList& out) const override;
  bool set_wise() const { return rules.set_wise; }

 private:
  // Per seat, the directions of the short hops with the kinds that hop along each (those
  // of the same kinds next to each other), and the kinds with a long-range hop (filled
  // from `rules` when checked).
  struct HopDirection {
    int dir;
    uint32_t kinds;
    bool every_kind;                        // `kinds` holds every kind: its pieces are all the mover's
    int code;                               // else the seat's piece code of `kinds` when it is one kind, else -1
    std::array<BoardData::Shift, 2> shift;  // `dir`'s shifts, when the board gives them as a pair
    BoardData::Shift landing;               // two cells along `dir`, when the board gives it (hop_shifts)
  };
  std::vector<std::vector<HopDirection>> short_hops;
  std::vector<uint32_t> long_hop_kinds;
  uint32_t fixed_kinds = 0;  // kinds no capture takes
  // How the board gives a direction's cells (BoardData): a pair of shifts per step and one
  // for a hop's landing, a pair per step, or a list (the capture test's shifts).
  enum class Shifts : uint8_t { pairs_and_hops, pairs, list } shifts = Shifts::list;

  void index_hops(const Program& p);
  // The cells whose top the mover may take: an enemy's, of a kind some capture takes.
  uint64_t foes(const State& s, int mover) const;
  // The mover's pieces that have a first hop (see masked_captures.cpp).
  uint64_t first_hops(const State& s, int mover, int seat, uint64_t foes) const;
  // The search from the pieces of `candidates` that the seat may move; out of line, so the
  // test in generate stays small.
  [[gnu::noinline]] void search_from(const State& s, int seat, uint64_t candidates, uint64_t foes, MoveList& out) const;
};

}  // namespace tabula

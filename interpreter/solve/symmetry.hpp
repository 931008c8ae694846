#pragma once
// Symmetries of a game that the solver may use: maps of the board onto itself (a turn, a
// mirror) under which the rules give every position the same value as its image. The
// solver files a position under the least key of its images, so a proof of one holds for
// all of them, and the root's moves whose positions are images of each other are solved
// once.
//
// Found without code per game, and kept only where three checks hold:
// - the map comes from the board's drawing (each of the twelve turns by 30 degrees and
//   their mirrors about the board's centre that lands every cell on a cell) and is a map of
//   the graph: each direction goes to one direction, link for link;
// - it maps each zone, for each side, onto a zone of the rules;
// - on the positions of seeded random games from the start, each position's image has the
//   images of its moves' positions as its own moves' positions (same keys, same results),
//   which catches a rule that reads a direction, a zone or a cell the map moves.
// Games that stack pieces, or whose values hold cells (a last landing square), fail the
// last check or are left out, and are solved without symmetries.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/state.hpp"

namespace tabula {

struct Symmetry {
  std::string name;          // "a half turn", "a mirror", ...
  std::vector<int> cell;     // each cell's image
  std::vector<int> inverse;  // the cell whose image each cell is
};

class Symmetries {
 public:
  Symmetries() = default;
  // The symmetries of `program` that pass the checks above, over `games` random games.
  static Symmetries of(std::shared_ptr<const Program> program, int games = 64);

  const std::vector<Symmetry>& list() const { return list_; }
  bool empty() const { return list_.empty(); }
  // "a half turn, a mirror" ("none" when empty): as solve prints it and its table file keeps.
  std::string names() const;
  // What the checks found (the maps of the board tried, why each one left was refused).
  const std::string& report() const { return report_; }
  int positions_checked() const { return checked_; }

  // The position `s` with its cells moved by `sym` (everything else as it is).
  static State image(const State& s, const Symmetry& sym);
  // The engine's hash of image(s, sym), from s's hash and its pieces (no state is built).
  static uint64_t image_hash(const State& s, const Symmetry& sym);
  // The index among list() of the image with the least hash (-1: the position itself).
  int least_image(const State& s, uint64_t& hash) const;

 private:
  std::vector<Symmetry> list_;
  std::string report_;
  int checked_ = 0;
};

}  // namespace tabula

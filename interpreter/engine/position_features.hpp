#pragma once
// The terms a generic evaluation weighs, found in the rules themselves: material (piece
// values), mobility, how far from the board's centre the pieces stand, and what the goals
// test. A goal term is a number an end rule compares (`longest-row(mover) >= 5`,
// `captured(mover) / 2 >= 5`, `pieces(opponent) == 0`), or the progress of a goal whose
// value only jumps when reached (a chain joining two edges: the cells still to fill; a zone
// to reach: the steps the nearest piece has to go); with `connected(P)`, the groups the
// pieces form and their scatter; with a `score`, the score (each of its terms apart when it
// has several: what lasts, like captures, and what may still change hands, like territory,
// need not weigh the same); for a number the rules want to reach a constant whose function
// can say how near a side stands to it (`longest-row(mover) >= 4`), that nearness: the rows
// still open to grow into four. Each term is a number per
// side; players/evaluator weighs each side's against the others'. The names are what weights
// files (`tabula tune`) say.
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.hpp"

namespace tabula {

class PositionFeatures {
 public:
  // The terms point into `p` (its goals' value functions): `p` must outlive them.
  explicit PositionFeatures(const Program& p);

  size_t size() const { return terms_.size(); }
  const std::string& name(size_t i) const { return terms_[i].name; }
  // The weight an untuned evaluation gives the term.
  double default_weight(size_t i) const { return terms_[i].weight; }
  // -1 when the rules have no such term.
  int index(std::string_view name) const;
  // Every name, comma-separated (for messages).
  std::string names() const;

  // Each term for every side: out[side * size() + i]. Mobility lists the moves of every side
  // (the others after null moves, undone before returning: `s` is restored exactly).
  void compute(const State& s, std::vector<double>& out) const;

 private:
  enum class Kind { material, mobility, centre, groups, scatter, score, score_part, goal, progress, chances };
  struct Term {
    Kind kind;
    std::string name;
    double weight = 0;
    Formula goal;                       // Kind::goal: the compared number, evaluated with each side as mover
    const ValueFunction* fn = nullptr;  // Kind::progress and Kind::chances
    int64_t reach = 0;                  // Kind::chances: the value the rules want reached
    size_t part = 0;                    // Kind::score_part: which term of the `score` statement
  };
  void add_goals(const Program& p);
  std::string unique_name(const std::string& name) const;
  void add_chances(const Program& p, const Formula& f, const FormulaNode& cmp, bool left, double direction);

  std::vector<Term> terms_;
  std::vector<double> centre_distance_;  // per cell, Chebyshev distance from the board's centre
  std::vector<double> x_, y_;            // per cell, its drawing coordinates
  std::vector<double> code_value_;       // per piece code, its kind's value
};

}  // namespace tabula

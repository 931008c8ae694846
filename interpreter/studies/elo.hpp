#pragma once
// Elo ratings of player specs from the games they played against each other (two seats),
// by maximum likelihood over all games at once (the Bradley-Terry model, a draw counting as
// half a win for each side), with 95% intervals from the curvature of the likelihood at its
// maximum (the inverse of its Hessian). Unlike a running Elo update, the result does not
// depend on the order of the games. Each player also gets one virtual draw against a player
// rated 0, so that a player who won or lost every game still gets a finite rating; the
// ratings are then shifted to average 0.
#include <string>
#include <vector>

#include "studies/statistics.hpp"

namespace tabula {

// The points `a` scored against `b` over `games` games (a win 1, a draw 1/2).
struct PairScore {
  int a = 0, b = 0;
  double points = 0;
  int games = 0;
};

struct Rating {
  std::string name;
  double elo = 0;
  Interval ci;  // 95%
  double points = 0;
  int games = 0;
};

// Ratings of `names` (indices of PairScore::a and b) in the order given.
std::vector<Rating> elo_ratings(const std::vector<std::string>& names, const std::vector<PairScore>& scores);

}  // namespace tabula

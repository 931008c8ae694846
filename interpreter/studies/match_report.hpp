#pragma once
// What a set of finished games says: wins, draws and losses per player spec and per seat
// with 95% Wilson intervals, the first player's advantage, game length, branching factor,
// games cut by the ply limit, and thinking time per move; in games of two seats between
// two or more specs, Elo ratings (studies/elo.hpp) and the points of each pair (a cross table).
// Rendered as text, JSON or CSV.
#include <string>
#include <vector>

#include "studies/elo.hpp"
#include "studies/match_record.hpp"
#include "studies/seating.hpp"
#include "studies/statistics.hpp"

namespace tabula {

struct Tally {
  std::string name;  // a player spec, or "seat N"
  int games = 0, wins = 0, draws = 0, losses = 0;
  double seconds = 0;  // thinking time
  long long moves = 0;

  double win_rate() const { return games ? double(wins) / games : 0; }
  Interval win_interval() const { return wilson_interval(wins, games); }
  double seconds_per_move() const { return moves ? seconds / double(moves) : 0; }
};

struct MatchReport {
  std::string rules;
  int games = 0;
  int seats = 0;
  int sides = 0;
  std::vector<std::string> seat_names;
  // Per player (an item of the seating: a spec, or `W+E=spec`), in the order first met, once
  // per game for each side it plays (a spec in both seats of a two-seat game counts twice).
  std::vector<Tally> players;
  std::vector<Tally> per_seat;
  std::vector<Tally> per_side;
  // Games that are really different: the distinct move sequences, and the effective sample
  // size (Kish's: (sum of c)^2 / sum of c^2 over the counts c of each distinct game), on
  // which every interval of the report is computed.
  int distinct_games = 0;
  double effective_games = 0;
  int draws = 0;
  int cut = 0;                // drawn by a ply limit
  int forfeits = 0;           // lost by a player that could not go on (GameRecord::forfeit)
  std::string first_forfeit;  // the reason of the first of them
  Summary length;             // plies per game
  double branching = 0;       // legal moves per position, over all plies of all games
  // Two seats and two specs or more: the rating of each spec (in the order of `players`),
  // and per ordered pair of specs that met, the row's points against the column (indices
  // into `players`).
  std::vector<Rating> ratings;
  std::vector<PairScore> pairs;

  int decisive() const { return games - draws; }
  // Repeated games are not independent trials: counts are scaled by effective / games
  // before an interval is taken.
  double independence() const { return games ? effective_games / games : 1; }
  Interval interval(double successes, double trials) const {
    return wilson_interval(successes * independence(), trials * independence());
  }
  Interval win_interval(const Tally& t) const { return interval(t.wins, t.games); }
  // The first seat's side's wins among decisive games, and the share it would have if seats were fair.
  int first_player_wins() const { return per_seat.empty() ? 0 : per_seat[0].wins; }
  Interval first_player_interval() const { return interval(first_player_wins(), decisive()); }
  double first_player_share() const { return decisive() ? double(first_player_wins()) / decisive() : 0; }
  double fair_share() const { return sides ? 1.0 / sides : 0; }
};

// Games from different rules are refused: `error` set, report empty. `seating` says the
// seats' names and sides.
MatchReport summarize(const std::vector<GameRecord>& games, const Seating& seating, std::string& error);

std::string report_text(const MatchReport& r);
Json report_json(const MatchReport& r);
std::string report_csv(const MatchReport& r);  // a header, then a row per player spec and per seat
// One CSV row per game: its index, seed, the spec of each seat, the winning seat (1-based,
// 0 for a draw) and spec, plies, whether a ply limit cut it.
std::string games_csv(const std::vector<GameRecord>& games);

}  // namespace tabula

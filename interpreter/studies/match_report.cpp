#include "studies/match_report.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <map>

namespace tabula {
namespace {

Tally& tally_for(std::vector<Tally>& tallies, const std::string& name) {
  for (auto& t : tallies)
    if (t.name == name) return t;
  tallies.push_back(Tally{name});
  return tallies.back();
}

// One game for a tally playing `side`, with the thinking of `seats`.
void count(Tally& t, const GameRecord& g, int side, const std::vector<int>& seats) {
  ++t.games;
  if (g.winner < 0) ++t.draws;
  else if (g.winner == side) ++t.wins;
  else ++t.losses;
  for (int seat : seats) t.seconds += g.seconds[seat], t.moves += g.moves_made[seat];
}

std::string percent(double x) { return fmt::format("{:.1f}%", 100 * x); }

Json tally_json(const MatchReport& r, const Tally& t) {
  Interval ci = r.win_interval(t);
  return {{"name", t.name},
          {"games", t.games},
          {"wins", t.wins},
          {"draws", t.draws},
          {"losses", t.losses},
          {"win_rate", json_round(t.win_rate())},
          {"win_ci", {json_round(ci.low), json_round(ci.high)}},
          {"seconds_per_move", json_round(t.seconds_per_move())}};
}

// The ratings and the pairs' points, from the games of two seats.
void rate(MatchReport& r, const std::vector<GameRecord>& games) {
  if (r.seats != 2) return;
  std::vector<std::string> names;
  for (const auto& t : r.players) names.push_back(t.name);
  if (names.size() < 2) return;
  auto index = [&](const std::string& name) {
    return static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
  };
  std::map<std::pair<int, int>, PairScore> by_pair;  // ordered: rows, then columns
  for (const auto& g : games) {
    int a = index(g.seats[0]), b = index(g.seats[1]);
    if (a == b) continue;  // a spec against itself says nothing about its rating
    double points_a = g.winner < 0 ? 0.5 : g.winner == 0 ? 1 : 0;
    PairScore& ab = by_pair[{a, b}];
    ab.a = a, ab.b = b, ab.points += points_a, ++ab.games;
    PairScore& ba = by_pair[{b, a}];
    ba.a = b, ba.b = a, ba.points += 1 - points_a, ++ba.games;
  }
  for (const auto& [key, p] : by_pair) r.pairs.push_back(p);
  std::vector<PairScore> once;  // each game once for the likelihood
  for (const auto& p : r.pairs)
    if (p.a < p.b) once.push_back(p);
  if (!once.empty()) r.ratings = elo_ratings(names, once);
}

std::string points(double x) { return x == std::floor(x) ? fmt::format("{:.0f}", x) : fmt::format("{:.1f}", x); }

std::string elo_text(double x) {
  double rounded = std::round(x);
  return fmt::format("{:+.0f}", rounded == 0 ? 0.0 : rounded);  // never "-0"
}

}  // namespace

MatchReport summarize(const std::vector<GameRecord>& games, const Seating& seating, std::string& error) {
  MatchReport r;
  r.seats = seating.seats();
  r.sides = seating.sides();
  r.seat_names = seating.seat_names;
  for (int st = 0; st < r.seats; ++st) r.per_seat.push_back(Tally{fmt::format("seat {}", st + 1)});
  for (int side = 0; side < r.sides; ++side) r.per_side.push_back(Tally{fmt::format("side {}", side + 1)});
  uint64_t legal = 0, plies = 0;
  std::map<std::string, int> distinct;  // by digest: files read back hold digests of their moves
  for (const auto& g : games) {
    if (r.games == 0) r.rules = g.rules;
    if (g.rules != r.rules || static_cast<int>(g.seats.size()) != r.seats) {
      error = fmt::format("game {} is from \"{}\" with {} seats, the others from \"{}\" with {}", g.game, g.rules,
                          g.seats.size(), r.rules, r.seats);
      return {};
    }
    ++r.games;
    ++distinct[moves_digest(g.moves)];
    // Each player once per side it plays, with the thinking of its seats there.
    std::vector<std::pair<std::string, int>> counted;
    for (int st = 0; st < r.seats; ++st) {
      const int side = seating.seat_sides[st];
      count(r.per_seat[st], g, side, {st});
      std::pair<std::string, int> who{g.seats[st], side};
      if (std::find(counted.begin(), counted.end(), who) != counted.end()) continue;
      counted.push_back(who);
      std::vector<int> its;
      for (int t = 0; t < r.seats; ++t)
        if (g.seats[t] == who.first && seating.seat_sides[t] == side) its.push_back(t);
      count(tally_for(r.players, who.first), g, side, its);
    }
    for (int side = 0; side < r.sides; ++side) {
      std::vector<int> its;
      for (int st = 0; st < r.seats; ++st)
        if (seating.seat_sides[st] == side) its.push_back(st);
      count(r.per_side[side], g, side, its);
    }
    if (g.winner < 0) ++r.draws;
    if (g.cut) ++r.cut;
    if (!g.forfeit.empty() && r.forfeits++ == 0) r.first_forfeit = fmt::format("game {}: {}", g.game, g.forfeit);
    r.length.add(g.plies);
    legal += g.legal_moves;
    plies += static_cast<uint64_t>(g.plies);
  }
  double sum_squares = 0;
  for (const auto& [moves, n] : distinct) sum_squares += double(n) * n;
  r.distinct_games = static_cast<int>(distinct.size());
  r.effective_games = sum_squares > 0 ? double(r.games) * r.games / sum_squares : 0;
  r.branching = plies ? double(legal) / double(plies) : 0;
  rate(r, games);
  return r;
}

std::string report_text(const MatchReport& r) {
  std::string out = fmt::format("{}: {} game{}, {} seats{}\n", r.rules, r.games, r.games == 1 ? "" : "s", r.seats,
                                r.sides < r.seats ? fmt::format(", {} sides", r.sides) : "");
  if (r.distinct_games < r.games)
    out += fmt::format(
        "warning: the {} games are {} distinct games (effective sample size {:.1f}); intervals are "
        "computed on that; randomise the openings (a player's temp option, docs/AI.md)\n",
        r.games, r.distinct_games, r.effective_games);
  auto table = [&](const std::vector<Tally>& tallies, const char* title, bool seat_names) {
    out += fmt::format("{:<24} {:>6} {:>6} {:>6} {:>6}  {:<24} {:>10}\n", title, "games", "wins", "draws", "losses",
                       "win rate [95% CI]", "s/move");
    for (size_t i = 0; i < tallies.size(); ++i) {
      const Tally& t = tallies[i];
      Interval ci = r.win_interval(t);
      const std::string name =
          seat_names && i < r.seat_names.size() ? fmt::format("{} ({})", t.name, r.seat_names[i]) : t.name;
      out += fmt::format("{:<24} {:>6} {:>6} {:>6} {:>6}  {:<24} {:>10.4f}\n", name, t.games, t.wins, t.draws, t.losses,
                         fmt::format("{} [{}, {}]", percent(t.win_rate()), percent(ci.low), percent(ci.high)),
                         t.seconds_per_move());
    }
  };
  table(r.players, "player", false);
  table(r.per_seat, "seat (1 moves first)", true);
  if (r.sides < r.seats) table(r.per_side, "side", false);
  Interval first = r.first_player_interval();
  out += fmt::format("first player: wins {} of {} decisive games, {} [{}, {}] (fair share {})\n", r.first_player_wins(),
                     r.decisive(), percent(r.first_player_share()), percent(first.low), percent(first.high),
                     percent(r.fair_share()));
  out += fmt::format("draws: {} ({}); cut by the ply limit: {} ({})\n", r.draws,
                     percent(r.games ? double(r.draws) / r.games : 0), r.cut,
                     percent(r.games ? double(r.cut) / r.games : 0));
  if (r.forfeits > 0)
    out += fmt::format("forfeited: {} ({}; the first, {})\n", r.forfeits, percent(double(r.forfeits) / r.games),
                       r.first_forfeit);
  out += fmt::format("game length: mean {:.1f} plies, stddev {:.1f}, min {}, max {}\n", r.length.mean(),
                     r.length.stddev(), r.length.min(), r.length.max());
  out += fmt::format("branching factor: {:.1f}\n", r.branching);
  if (r.ratings.empty()) return out;
  out += "Elo by maximum likelihood over all games (draws as half points), 95% CI, average 0:\n";
  for (const auto& x : r.ratings)
    out += fmt::format("  {:<24} {:>6} [{}, {}]  {} points of {} games\n", x.name, elo_text(x.elo), elo_text(x.ci.low),
                       elo_text(x.ci.high), points(x.points), x.games);
  if (r.ratings.size() < 3) return out;
  out += "cross table: the row's points against the column, of the games between them\n";
  out += fmt::format("  {:<24}", "");
  for (size_t j = 0; j < r.ratings.size(); ++j) out += fmt::format(" {:>9}", j + 1);
  out += '\n';
  for (size_t i = 0; i < r.ratings.size(); ++i) {
    out += fmt::format("  {:<24}", fmt::format("{} {}", i + 1, r.ratings[i].name));
    for (size_t j = 0; j < r.ratings.size(); ++j) {
      std::string cell = "-";
      for (const auto& p : r.pairs)
        if (p.a == static_cast<int>(i) && p.b == static_cast<int>(j))
          cell = points(p.points) + "/" + std::to_string(p.games);
      out += fmt::format(" {:>9}", cell);
    }
    out += '\n';
  }
  return out;
}

Json report_json(const MatchReport& r) {
  auto list = [&](const std::vector<Tally>& tallies) {
    Json out = Json::array();
    for (const auto& t : tallies) out.push_back(tally_json(r, t));
    return out;
  };
  Json seats = list(r.per_seat);
  for (size_t i = 0; i < seats.size() && i < r.seat_names.size(); ++i) seats[i]["seat"] = r.seat_names[i];
  Interval first = r.first_player_interval();
  Json ratings = Json::array(), pairs = Json::array();
  for (const auto& x : r.ratings)
    ratings.push_back({{"name", x.name},
                       {"elo", json_round(x.elo, 1)},
                       {"ci", {json_round(x.ci.low, 1), json_round(x.ci.high, 1)}},
                       {"points", x.points},
                       {"games", x.games}});
  for (const auto& p : r.pairs)
    pairs.push_back({{"player", r.players.at(static_cast<size_t>(p.a)).name},
                     {"opponent", r.players.at(static_cast<size_t>(p.b)).name},
                     {"points", p.points},
                     {"games", p.games}});
  return {{"rules", r.rules},
          {"games", r.games},
          {"seats", r.seats},
          {"sides", r.sides},
          {"distinct_games", r.distinct_games},
          {"effective_games", json_round(r.effective_games, 2)},
          {"players", list(r.players)},
          {"per_seat", seats},
          {"per_side", list(r.per_side)},
          {"first_player",
           {{"wins", r.first_player_wins()},
            {"decisive", r.decisive()},
            {"share", json_round(r.first_player_share())},
            {"ci", {json_round(first.low), json_round(first.high)}},
            {"fair_share", json_round(r.fair_share())}}},
          {"draws", r.draws},
          {"draw_rate", json_round(r.games ? double(r.draws) / r.games : 0)},
          {"cut", r.cut},
          {"cut_rate", json_round(r.games ? double(r.cut) / r.games : 0)},
          {"forfeits", r.forfeits},
          {"length",
           {{"mean", json_round(r.length.mean(), 3)},
            {"stddev", json_round(r.length.stddev(), 3)},
            {"min", static_cast<int64_t>(r.length.min())},
            {"max", static_cast<int64_t>(r.length.max())}}},
          {"branching", json_round(r.branching, 3)},
          {"ratings", ratings},
          {"cross_table", pairs}};
}

std::string report_csv(const MatchReport& r) {
  std::string out = "kind,name,games,wins,draws,losses,win_rate,ci_low,ci_high,seconds_per_move\n";
  auto rows = [&](const std::vector<Tally>& tallies, const char* kind) {
    for (const auto& t : tallies) {
      Interval ci = r.win_interval(t);
      out += fmt::format("{},{},{},{},{},{},{:.6f},{:.6f},{:.6f},{:.6f}\n", kind, t.name, t.games, t.wins, t.draws,
                         t.losses, t.win_rate(), ci.low, ci.high, t.seconds_per_move());
    }
  };
  rows(r.players, "player");
  rows(r.per_seat, "seat");
  if (r.sides < r.seats) rows(r.per_side, "side");
  return out;
}

std::string games_csv(const std::vector<GameRecord>& games) {
  size_t seats = games.empty() ? 2 : games[0].seats.size();
  std::string out = "game,seed";
  for (size_t s = 0; s < seats; ++s) out += fmt::format(",seat_{}", s + 1);
  out += ",winner_seat,winner,plies,cut\n";
  auto field = [](const std::string& text) {  // specs hold ':' and ',' never; quote anyway when needed
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
  };
  for (const auto& g : games) {
    out += fmt::format("{},{}", g.game, g.seed);
    for (const auto& spec : g.seats) out += "," + field(spec);
    out +=
        fmt::format(",{},{},{},{}\n", g.winner + 1, g.winner < 0 ? "" : field(g.seats[static_cast<size_t>(g.winner)]),
                    g.plies, g.cut ? "true" : "false");
  }
  return out;
}

}  // namespace tabula

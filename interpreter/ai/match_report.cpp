#include "ai/match_report.hpp"

#include <fmt/format.h>
#include <algorithm>

namespace tabula {
namespace {

Tally& tally_for(std::vector<Tally>& tallies, const std::string& name) {
  for (auto& t : tallies)
    if (t.name == name) return t;
  tallies.push_back(Tally{name});
  return tallies.back();
}

void count(Tally& t, const GameRecord& g, int seat) {
  ++t.games;
  if (g.winner < 0) ++t.draws;
  else if (g.winner == seat) ++t.wins;
  else ++t.losses;
  t.seconds += g.seconds[seat];
  t.moves += g.moves_made[seat];
}

std::string percent(double x) { return fmt::format("{:.1f}%", 100 * x); }

std::string tally_json(const Tally& t) {
  Interval ci = t.win_interval();
  return fmt::format(
      "{{\"name\":{},\"games\":{},\"wins\":{},\"draws\":{},\"losses\":{},\"win_rate\":{:.6f},\"win_ci\":[{:.6f},{:.6f}]"
      ","
      "\"seconds_per_move\":{:.6f}}}",
      json_quote(t.name), t.games, t.wins, t.draws, t.losses, t.win_rate(), ci.low, ci.high, t.seconds_per_move());
}

}  // namespace

MatchReport summarize(const std::vector<GameRecord>& games, std::string& error) {
  MatchReport r;
  uint64_t legal = 0, plies = 0;
  for (const auto& g : games) {
    if (r.games == 0) r.rules = g.rules, r.seats = static_cast<int>(g.seats.size());
    if (g.rules != r.rules || static_cast<int>(g.seats.size()) != r.seats) {
      error = fmt::format("game {} is from \"{}\" with {} seats, the others from \"{}\" with {}", g.game, g.rules,
                          g.seats.size(), r.rules, r.seats);
      return {};
    }
    ++r.games;
    for (int s = 0; s < r.seats; ++s) {
      count(tally_for(r.players, g.seats[s]), g, s);
      count(tally_for(r.per_seat, fmt::format("seat {}", s + 1)), g, s);
    }
    if (g.winner < 0) ++r.draws;
    if (g.cut) ++r.cut;
    r.length.add(g.plies);
    legal += g.legal_moves;
    plies += static_cast<uint64_t>(g.plies);
  }
  r.branching = plies ? double(legal) / double(plies) : 0;
  return r;
}

std::string report_text(const MatchReport& r) {
  std::string out = fmt::format("{}: {} game{}, {} seats\n", r.rules, r.games, r.games == 1 ? "" : "s", r.seats);
  auto table = [&](const std::vector<Tally>& tallies, const char* title) {
    out += fmt::format("{:<24} {:>6} {:>6} {:>6} {:>6}  {:<24} {:>10}\n", title, "games", "wins", "draws", "losses",
                       "win rate [95% CI]", "s/move");
    for (const auto& t : tallies) {
      Interval ci = t.win_interval();
      out += fmt::format("{:<24} {:>6} {:>6} {:>6} {:>6}  {:<24} {:>10.4f}\n", t.name, t.games, t.wins, t.draws,
                         t.losses, fmt::format("{} [{}, {}]", percent(t.win_rate()), percent(ci.low), percent(ci.high)),
                         t.seconds_per_move());
    }
  };
  table(r.players, "player");
  table(r.per_seat, "seat (1 moves first)");
  Interval first = r.first_player_interval();
  out += fmt::format("first player: wins {} of {} decisive games, {} [{}, {}] (fair share {})\n",
                     r.per_seat.empty() ? 0 : r.per_seat[0].wins, r.decisive(), percent(r.first_player_share()),
                     percent(first.low), percent(first.high), percent(r.fair_share()));
  out += fmt::format("draws: {} ({}); cut by the ply limit: {} ({})\n", r.draws,
                     percent(r.games ? double(r.draws) / r.games : 0), r.cut,
                     percent(r.games ? double(r.cut) / r.games : 0));
  out += fmt::format("game length: mean {:.1f} plies, stddev {:.1f}, min {}, max {}\n", r.length.mean(),
                     r.length.stddev(), r.length.min(), r.length.max());
  out += fmt::format("branching factor: {:.1f}\n", r.branching);
  return out;
}

std::string report_json(const MatchReport& r) {
  auto list = [](const std::vector<Tally>& tallies) {
    std::string out = "[";
    for (size_t i = 0; i < tallies.size(); ++i) {
      if (i) out += ',';
      out += tally_json(tallies[i]);
    }
    return out + "]";
  };
  Interval first = r.first_player_interval();
  return fmt::format(
      "{{\"rules\":{},\"games\":{},\"seats\":{},\"players\":{},\"per_seat\":{},"
      "\"first_player\":{{\"wins\":{},\"decisive\":{},\"share\":{:.6f},\"ci\":[{:.6f},{:.6f}],\"fair_share\":{:.6f}}},"
      "\"draws\":{},\"draw_rate\":{:.6f},\"cut\":{},\"cut_rate\":{:.6f},"
      "\"length\":{{\"mean\":{:.3f},\"stddev\":{:.3f},\"min\":{},\"max\":{}}},\"branching\":{:.3f}}}",
      json_quote(r.rules), r.games, r.seats, list(r.players), list(r.per_seat),
      r.per_seat.empty() ? 0 : r.per_seat[0].wins, r.decisive(), r.first_player_share(), first.low, first.high,
      r.fair_share(), r.draws, r.games ? double(r.draws) / r.games : 0, r.cut, r.games ? double(r.cut) / r.games : 0,
      r.length.mean(), r.length.stddev(), r.length.min(), r.length.max(), r.branching);
}

std::string report_csv(const MatchReport& r) {
  std::string out = "kind,name,games,wins,draws,losses,win_rate,ci_low,ci_high,seconds_per_move\n";
  auto rows = [&](const std::vector<Tally>& tallies, const char* kind) {
    for (const auto& t : tallies) {
      Interval ci = t.win_interval();
      out += fmt::format("{},{},{},{},{},{},{:.6f},{:.6f},{:.6f},{:.6f}\n", kind, t.name, t.games, t.wins, t.draws,
                         t.losses, t.win_rate(), ci.low, ci.high, t.seconds_per_move());
    }
  };
  rows(r.players, "player");
  rows(r.per_seat, "seat");
  return out;
}

}  // namespace tabula

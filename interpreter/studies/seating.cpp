#include "studies/seating.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "players/agent.hpp"

namespace tabula {
namespace {

constexpr size_t kMaxRoundRobin = 64;  // specs in one round robin

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> out;
  std::string rest = text + by;
  for (size_t start = 0, at; (at = rest.find(by, start)) != std::string::npos; start = at + 1)
    out.push_back(rest.substr(start, at - start));
  return out;
}

std::string seat_list(const Seating& s) {
  std::string out;
  for (const auto& n : s.seat_names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

std::vector<std::string> split_players(const std::string& list) { return split(list, ','); }

size_t seats_end(const std::string& item) {
  const auto eq = item.find('=');
  return eq != std::string::npos && item.find(':') < eq ? std::string::npos : eq;
}

std::string spec_of(const std::string& item) {
  const auto eq = seats_end(item);
  return eq == std::string::npos ? item : item.substr(eq + 1);
}

int Seating::sides() const {
  return seat_sides.empty() ? 0 : *std::max_element(seat_sides.begin(), seat_sides.end()) + 1;
}

bool Seating::named() const { return !players.empty() && seats_end(players.front()) != std::string::npos; }

Seating Seating::plain(std::vector<std::string> players, int seats) {
  Seating s;
  s.players = std::move(players);
  for (int i = 0; i < seats; ++i) s.seat_names.push_back(std::to_string(i + 1)), s.seat_sides.push_back(i);
  s.round_robin = static_cast<int>(s.players.size()) > seats;
  return s;
}

Seating seats_of(const Program& p) {
  Seating s;
  for (const auto& seat : p.seats) s.seat_names.push_back(seat.name), s.seat_sides.push_back(seat.side);
  return s;
}

std::vector<std::string> Seating::seats_of_game(int game) const {
  std::vector<std::string> out;
  for (int item : items_of_game(game)) out.push_back(players[static_cast<size_t>(item)]);
  return out;
}

std::vector<int> Seating::items_of_game(int game) const {
  const int n = static_cast<int>(players.size());
  std::vector<int> out(static_cast<size_t>(seats()), -1);
  if (round_robin) {  // pair g % P in order (0,1), (0,2), ..., (1,2), ...; the pair's first moves first in even rounds
    int pair = game % pairs(), first = 0;
    while (pair >= n - 1 - first) pair -= n - 1 - first, ++first;
    int second = first + 1 + pair;
    if ((game / pairs()) % 2) std::swap(first, second);
    return {first, second};
  }
  if (named()) {
    for (int i = 0; i < n; ++i) {
      const std::string& item = players[static_cast<size_t>(i)];
      const auto eq = seats_end(item);
      for (const auto& name : split(item.substr(0, eq), '+'))
        for (int st = 0; st < seats(); ++st)
          if (seat_names[st] == name) out[st] = i;
    }
    return out;
  }
  for (int st = 0; st < seats(); ++st) {
    const int slot = n == seats() ? st : seat_sides[st];  // one item per seat, or per side
    out[st] = (slot + game) % n;
  }
  return out;
}

std::optional<Seating> make_seating(const Program& p, const std::vector<std::string>& players, bool round_robin,
                                    std::string& error,
                                    const std::function<std::string(const std::string&)>& check_spec) {
  Seating s = seats_of(p);
  s.players = players;
  s.round_robin = round_robin;
  const int given = static_cast<int>(players.size()), seats = s.seats(), sides = s.sides();
  auto fail = [&](std::string why) {
    error = std::move(why);
    return std::nullopt;
  };
  for (const auto& item : players)
    if (item.empty()) return fail("an empty player in the list (two commas, or one at an end)");
  if (round_robin) {
    if (seats != 2) return fail(fmt::format("a round robin needs a game of two seats; {} has {}", p.name, seats));
    if (given < 2) return fail("a round robin needs two player specs or more");
    if (players.size() > kMaxRoundRobin)
      return fail(fmt::format("{} players given; a round robin takes at most {}", given, kMaxRoundRobin));
    for (int i = 0; i < given; ++i)
      for (int j = 0; j < i; ++j)
        if (players[i] == players[j])
          return fail(fmt::format("'{}' is given twice; in a round robin each player spec plays once", players[i]));
  } else if (s.named()) {
    std::vector<std::string> taken(static_cast<size_t>(seats));
    for (const auto& item : players) {
      const auto eq = seats_end(item);
      if (eq == std::string::npos)
        return fail(
            fmt::format("'{}' names no seats; name the seats of every player (S=mcts:1s,W+E=random) or of none", item));
      int side = -1;
      for (const auto& name : split(item.substr(0, eq), '+')) {
        const auto at = std::find(s.seat_names.begin(), s.seat_names.end(), name);
        if (at == s.seat_names.end())
          return fail(fmt::format("'{}' is not a seat of {}; its seats are {}", name, p.name, seat_list(s)));
        const size_t st = static_cast<size_t>(at - s.seat_names.begin());
        if (!taken[st].empty()) return fail(fmt::format("seat {} is given two players", name));
        if (side >= 0 && s.seat_sides[st] != side)
          return fail(fmt::format("'{}' joins seats of two sides; one player may only play partners' seats",
                                  item.substr(0, eq)));
        side = s.seat_sides[st];
        taken[st] = item;
      }
    }
    for (int st = 0; st < seats; ++st)
      if (taken[static_cast<size_t>(st)].empty()) return fail(fmt::format("seat {} has no player", s.seat_names[st]));
  } else if (given != seats && given != sides) {
    const std::string forms = seats == sides ? fmt::format("{} (one per seat)", seats)
                                             : fmt::format("{} (one per seat) or {} (one per side)", seats, sides);
    return fail(fmt::format("{} player{} given, but {} takes {}{}", given, given == 1 ? "" : "s", p.name, forms,
                            given > seats && seats == 2
                                ? "; add --round-robin for a round robin of every pair"
                                : fmt::format("; or name the seats ({}) each player plays: {}=mcts:1s,...",
                                              seat_list(s), s.seat_names[0])));
  }
  for (const auto& item : players)
    if (auto why = check_spec ? check_spec(spec_of(item)) : check_agent_spec(spec_of(item)); !why.empty())
      return fail(why);
  return s;
}

}  // namespace tabula

#include "web_seating.hpp"

#include <fmt/format.h>

namespace tabula::web {

std::optional<std::vector<std::string>> seat_players(const GameInfo& game, const std::vector<std::string>& items,
                                                     std::string& error) {
  const size_t seats = game.seats.size(), sides = game.sides.size();
  std::vector<std::string> out(seats);
  bool named = !items.empty() && items.front().find('=') != std::string::npos;
  if (named) {
    for (const std::string& item : items) {
      auto eq = item.find('=');
      if (eq == std::string::npos) {
        error = fmt::format("'{}' names no seats; write SEATS=PLAYER, e.g. W+E=random", item);
        return std::nullopt;
      }
      std::string names = item.substr(0, eq) + "+";
      for (size_t start = 0, plus; (plus = names.find('+', start)) != std::string::npos; start = plus + 1) {
        std::string name = names.substr(start, plus - start);
        size_t seat = 0;
        while (seat < seats && game.seats[seat].name != name) ++seat;
        if (seat == seats) {
          error = fmt::format("'{}' is not a seat of {}", name, game.name);
          return std::nullopt;
        }
        if (!out[seat].empty()) {
          error = fmt::format("seat {} is given two players", name);
          return std::nullopt;
        }
        out[seat] = item.substr(eq + 1);
      }
    }
    for (size_t seat = 0; seat < seats; ++seat)
      if (out[seat].empty()) {
        error = fmt::format("seat {} has no player", game.seats[seat].name);
        return std::nullopt;
      }
  } else if (items.size() == seats) {
    out = items;
  } else if (items.size() == sides) {
    for (size_t seat = 0; seat < seats; ++seat) out[seat] = items[game.seats[seat].side];
  } else {
    error =
        fmt::format("{} players were given, but {} has {} sides and {} seats", items.size(), game.name, sides, seats);
    return std::nullopt;
  }
  for (size_t seat = 0; seat < seats; ++seat)
    if (out[seat].empty()) {
      error = fmt::format("seat {} has an empty player", game.seats[seat].name);
      return std::nullopt;
    }
  return out;
}

}  // namespace tabula::web

#pragma once
// Who plays each seat of a web board game, from a list of player specs: one per seat, one per
// side (it plays all of the side's seats), or by seat name as `tabula play --players` takes
// them (`S=human,N=human,W+E=random`).
#include <optional>
#include <string>
#include <vector>

#include "studies/seating.hpp"
#include "web_game.hpp"

namespace tabula::web {

// The comma-separated form (`human,random`) is split by tabula::split_players (studies/seating),
// as `match` and `ladder` split theirs.
using tabula::split_players;

// One spec per seat of `game`, or nullopt and `error` set (a count that fits neither the
// seats nor the sides, an unknown or repeated seat name, a seat left without a player).
// The specs themselves are not checked here (check_player does that).
std::optional<std::vector<std::string>> seat_players(const GameInfo& game, const std::vector<std::string>& items,
                                                     std::string& error);

}  // namespace tabula::web

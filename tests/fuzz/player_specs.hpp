#pragma once
// Checks shared by the command-line and player-spec fuzz targets.
#include <string>

namespace tabula::fuzz {

// A player spec is refused with a reason, or makes a player whose name is a spec that makes
// the same player again; the web board's check agrees on what it accepts.
void check_player_spec(const std::string& spec);

// `--players` as the commands take it: specs separated by commas, each maybe after SEATS=.
void check_player_list(const std::string& list);

}  // namespace tabula::fuzz

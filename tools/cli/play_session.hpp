#pragma once
// The game loop of `tabula play`: computer players move by themselves; a human seat reads
// moves and commands (help, moves, undo, board, hint, resign, quit, save) at a prompt that
// names the seat. The board and every move are shown when a human plays (or with --verbose);
// the record so far is printed however the game ends (Ctrl-D and quit included).
#include <memory>
#include <string>
#include <vector>

#include "lang/load_options.hpp"
#include "players/agent.hpp"
#include "studies/study.hpp"

namespace tabula::cli {

struct PlayOptions {
  LoadOptions load;
  std::string rules, position, players = "human,search:2", out, hint = "search:2";
  uint64_t seed = 1;
  bool verbose = false, json = false, force = false;
};

// `by_seat[s]` plays seat s; an agent named "human" is a person at the terminal.
void play_game_at_terminal(std::shared_ptr<const Program> program, const RulesIdentity& rules,
                           const std::vector<Agent*>& by_seat, const std::string& description, const PlayOptions& o);

}  // namespace tabula::cli

// Plays one game between computer players: play RULES [SEED [PLAYER...]] (default: random;
// one per side, used in turn). The example of docs/API.md.
#include <iostream>
#include <tabula/tabula.hpp>

int main(int argc, char** argv) {
  if (argc < 2) return std::cerr << "usage: play RULES [SEED [PLAYER...]]\n", 2;
  tabula::LoadResult loaded = tabula::load_game(argv[1]);
  if (!loaded.game) return std::cerr << loaded.rendered, 1;  // file:line:col, the line, a caret
  const tabula::Game& game = *loaded.game;
  const uint64_t seed = argc > 2 ? std::stoull(argv[2]) : 1;
  std::vector<tabula::Bot> bots;  // one per side, seeded as `tabula play` seeds them
  for (int side = 0; side < game.num_players(); ++side) {
    std::string error, spec = argc > 3 ? argv[3 + side % (argc - 3)] : "random";
    auto bot = tabula::Bot::create(spec, seed + 7919 * side, error);
    if (!bot) return std::cerr << error << "\n", 1;
    bots.push_back(std::move(*bot));
  }
  tabula::GameState state = game.new_initial_state();
  while (!state.is_terminal()) state.apply_action(bots[state.current_player()].step(state));
  std::cout << state.to_string() << "moves: " << state.record() << "\nresult: " << state.result_text() << "\n";
}

// tabula play RULES [--players A,B] [--seed S]: a whole game between humans or computer players.
#include <fmt/format.h>
#include <iostream>

#include "ai/agent.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "engine/notation.hpp"

namespace tabula::cli {
namespace {

// A person at the terminal: reads a move per line and explains a bad one.
class HumanAgent : public Agent {
 public:
  Move choose(State& s) override {
    std::string line, error;
    while (true) {
      std::cout << fmt::format("{} to move> ", s.program().players[s.current_player()].name) << std::flush;
      if (!std::getline(std::cin, line)) throw UserError{"input ended before the game did"};
      if (line == "moves") {
        for (const Move& m : s.legal_moves()) std::cout << s.move_to_string(m) << " ";
        std::cout << "\n";
        continue;
      }
      if (auto m = parse_move(s, line, error)) return *m;
      std::cout << error << " (type 'moves' for the list)\n";
    }
  }
  std::string name() const override { return "human"; }
};

}  // namespace

void add_play(CLI::App& app) {
  struct Options {
    std::string rules, position, players = "search,random";
    uint64_t seed = 1;
    bool verbose = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("play", "Play a whole game (human or computer per seat)");
  cmd->add_option("rules", o->rules, "Rules file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--players", o->players, "Comma-separated, one per seat: human, random, mc:N, mcts:N, mcts:1s, alphabeta:D, alphabeta:D:1s, search:D (docs/AI.md)")
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "Random seed (games are reproducible)")->capture_default_str();
  cmd->add_option("--position", o->position, "Start from this position (text, or @FILE)");
  cmd->add_flag("--verbose", o->verbose, "Draw the board after every move");
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules);
    std::vector<std::unique_ptr<Agent>> agents;
    std::string spec = o->players + ",";
    for (size_t start = 0, comma; (comma = spec.find(',', start)) != std::string::npos; start = comma + 1) {
      std::string one = spec.substr(start, comma - start), error;
      if (one == "human") {
        agents.push_back(std::make_unique<HumanAgent>());
        continue;
      }
      auto a = make_agent(one, o->seed + agents.size() * 7919, error);
      if (!a) throw UserError{error};
      agents.push_back(std::move(a));
    }
    // One agent per side, or one per seat (partnership games: four people, two sides).
    bool per_seat = static_cast<int>(agents.size()) == program->seat_count();
    if (!per_seat && static_cast<int>(agents.size()) != program->player_count())
      throw UserError{fmt::format("--players names {} players, but {} has {} sides and {} seats", agents.size(),
                                  program->name, program->player_count(), program->seat_count())};
    State s = initial_state(program, o->position);
    std::cout << program->name << ": ";
    for (size_t a = 0; a < agents.size(); ++a)
      std::cout << (a ? ", " : "") << (per_seat ? program->seats[a].name : program->players[a].name) << " = "
                << agents[a]->name();
    std::cout << "\n" << draw_state(s);
    std::string line;
    while (!s.is_terminal()) {
      Move m = agents[per_seat ? s.current_seat() : s.current_player()]->choose(s);
      std::string text = s.move_to_string(m);
      if (s.current_seat() == 0 && s.turn_action() == 0) line += fmt::format("{}. ", s.ply() / program->seat_count() + 1);
      line += text + " ";
      s.apply(m);
      if (o->verbose) std::cout << text << "\n" << draw_state(s);
    }
    std::cout << "moves: " << line << "\n";
    if (!o->verbose) std::cout << draw_state(s);
    std::cout << "result: " << result_sentence(s) << "\n";
  });
}

}  // namespace tabula::cli

// tabula play RULES [--players A,B] [--seed S] [--out FILE] [--json]: a whole game between humans
// or computer players (the game loop and the human's commands: play_session).
#include <fmt/format.h>
#include <iostream>
#include <stdexcept>

#include "cli_support.hpp"
#include "commands.hpp"
#include "engine/text/game_record.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "number_checks.hpp"
#include "output_file.hpp"
#include "play_session.hpp"
#include "players/agent.hpp"
#include "studies/seating.hpp"

namespace tabula::cli {
namespace {

// A person at the terminal: play_human_turn reads their moves and commands.
class HumanAgent : public Agent {
 public:
  Move choose(State&) override { throw std::logic_error("a human's move is read by the game loop"); }
  std::string name() const override { return "human"; }
};

// The agents of a game, by seat. `--players` lists one per side, one per seat, or names the
// seats each plays: `S=random,W+E=alphabeta:2,N=random` (one person playing W and E).
struct SeatAgents {
  std::vector<std::unique_ptr<Agent>> owned;
  std::vector<Agent*> by_seat;
  std::string description;
};

std::unique_ptr<Agent> agent_of(const std::string& spec, uint64_t seed) {
  if (spec == "human") return std::make_unique<HumanAgent>();
  std::string error;
  auto a = make_agent(spec, seed, error);
  if (!a) throw UserError{error};
  return a;
}

SeatAgents seat_agents(const Program& p, const std::string& players, uint64_t seed) {
  std::string error;
  const auto seating = make_seating(p, split_players(players), false, error, [](const std::string& spec) {
    return spec == "human" ? std::string() : check_agent_spec(spec);
  });
  if (!seating) throw UserError{"--players: " + error};
  const std::vector<int> item_of_seat = seating->items_of_game(0);
  SeatAgents out;
  out.by_seat.assign(p.seat_count(), nullptr);
  for (size_t i = 0; i < seating->players.size(); ++i) {
    out.owned.push_back(agent_of(spec_of(seating->players[i]), seed + i * 7919));
    std::string who;
    for (int st = 0; st < p.seat_count(); ++st)
      if (item_of_seat[st] == static_cast<int>(i)) {
        out.by_seat[st] = out.owned.back().get();
        who += (who.empty() ? "" : "+") + p.seats[st].name;
      }
    if (!seating->named() && static_cast<int>(seating->players.size()) == p.player_count() &&
        p.seat_count() != p.player_count())
      who = p.players[i].name + " (" + who + ")";
    out.description += (out.description.empty() ? "" : ", ") + who + " = " + out.owned.back()->name();
  }
  return out;
}

}  // namespace

void add_play(CLI::App& app) {
  auto o = std::make_shared<PlayOptions>();
  auto* cmd = app.add_subcommand("play", "Play a whole game (human or computer per seat)");
  cmd->add_option("rules", o->rules, "Rules file")->required()->transform(existing_file_or_stdin());
  cmd->add_option("--players", o->players,
                  "One per side, one per seat, or by seat (S=random,W+E=search): human, random, mc:N, mcts:N, mcts:1s, "
                  "alphabeta:D, alphabeta:D:1s, search:D (docs/AI.md)")
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "Random seed (games are reproducible)")
      ->transform(unsigned_whole())
      ->capture_default_str();
  cmd->add_option("--position", o->position, "Start from this position (text, or @FILE)");
  cmd->add_flag("--verbose", o->verbose, "Draw the board after every move (always when a human plays)");
  auto* out = cmd->add_option("--out", o->out, "Write the game record (tags, then the moves) to FILE ('-': stdout)");
  cmd->add_flag("--force", o->force,
                "Replace the --out file when it exists (tabula never writes over a file otherwise)")
      ->needs(out);
  cmd->add_option("--hint", o->hint, "The player that answers a human's 'hint'")->capture_default_str();
  cmd->add_flag("--json", o->json, "Print the game as JSON: tags, moves, record, final position (docs/schemas)");
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    RulesIdentity rules;
    auto program = load_rules_or_fail(o->rules, &rules, o->load);
    // Before the game, not after it; after the rules, so that none of their files is replaced.
    if (!o->out.empty()) check_output_free(o->out, o->force, "--out");
    if (auto error = check_agent_spec(o->hint); !error.empty()) throw UserError{"--hint: " + error};
    SeatAgents seating = seat_agents(*program, o->players, o->seed);
    for (const Agent* agent : seating.by_seat)
      if (o->rules == "-" && agent->name() == "human")
        throw UserError{"a human's moves are read from standard input, which gave the rules; give the rules as a file"};
    play_game_at_terminal(program, rules, seating.by_seat, seating.description, *o);
  });
}

}  // namespace tabula::cli

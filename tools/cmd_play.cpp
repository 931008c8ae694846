// tabula play RULES [--players A,B] [--seed S]: a whole game between humans or computer players.
#include <fmt/format.h>
#include <iostream>

#include "ai/agent.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "engine/game_record.hpp"
#include "engine/move_text.hpp"
#include "engine/position_text.hpp"

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
  SeatAgents out;
  out.by_seat.assign(p.seat_count(), nullptr);
  std::vector<std::string> items;
  std::string list = players + ",";
  for (size_t start = 0, comma; (comma = list.find(',', start)) != std::string::npos; start = comma + 1)
    items.push_back(list.substr(start, comma - start));
  bool named = items.front().find('=') != std::string::npos;
  for (size_t i = 0; i < items.size(); ++i) {
    std::string seats, spec = items[i];
    if (named) {
      auto eq = items[i].find('=');
      if (eq == std::string::npos)
        throw UserError{fmt::format("'{}' names no seats; write SEATS=PLAYER, e.g. W+E=random", items[i])};
      seats = items[i].substr(0, eq), spec = items[i].substr(eq + 1);
    }
    out.owned.push_back(agent_of(spec, seed + i * 7919));
    Agent* agent = out.owned.back().get();
    std::vector<int> mine;
    if (named) {
      std::string rest = seats + "+";
      for (size_t start = 0, plus; (plus = rest.find('+', start)) != std::string::npos; start = plus + 1) {
        std::string name = rest.substr(start, plus - start);
        int found = -1;
        for (int st = 0; st < p.seat_count(); ++st)
          if (p.seats[st].name == name) found = st;
        if (found < 0) throw UserError{fmt::format("'{}' is not a seat of {}", name, p.name)};
        mine.push_back(found);
      }
    } else if (static_cast<int>(items.size()) == p.seat_count()) {
      mine.push_back(static_cast<int>(i));
    } else if (static_cast<int>(items.size()) == p.player_count()) {
      for (int st = 0; st < p.seat_count(); ++st)
        if (p.seats[st].side == static_cast<int>(i)) mine.push_back(st);
    } else {
      throw UserError{fmt::format("--players names {} players, but {} has {} sides and {} seats", items.size(), p.name,
                                  p.player_count(), p.seat_count())};
    }
    std::string who;
    for (int st : mine) {
      if (out.by_seat[st]) throw UserError{fmt::format("seat {} is given two players", p.seats[st].name)};
      out.by_seat[st] = agent;
      who += (who.empty() ? "" : "+") + p.seats[st].name;
    }
    if (!named && static_cast<int>(items.size()) == p.player_count() && p.seat_count() != p.player_count())
      who = p.players[i].name + " (" + who + ")";
    out.description += (out.description.empty() ? "" : ", ") + who + " = " + agent->name();
  }
  for (int st = 0; st < p.seat_count(); ++st)
    if (!out.by_seat[st]) throw UserError{fmt::format("seat {} has no player in --players", p.seats[st].name)};
  return out;
}

// A move as the game record writes it: a pass as the rules' pass marker.
std::string record_text(const State& s, const Move& m) {
  return m.kind == Move::pass ? s.program().notation.pass : s.move_to_string(m);
}

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
  cmd->add_option("--players", o->players,
                  "One per side, one per seat, or by seat (S=random,W+E=search): human, random, mc:N, mcts:N, mcts:1s, "
                  "alphabeta:D, alphabeta:D:1s, search:D (docs/AI.md)")
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "Random seed (games are reproducible)")->capture_default_str();
  cmd->add_option("--position", o->position, "Start from this position (text, or @FILE)");
  cmd->add_flag("--verbose", o->verbose, "Draw the board after every move");
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules);
    SeatAgents seating = seat_agents(*program, o->players, o->seed);
    State s = initial_state(program, o->position);
    std::cout << program->name << ": " << seating.description << "\n" << draw_state(s);
    while (!s.is_terminal()) {
      Move m = seating.by_seat[s.current_seat()]->choose(s);
      std::string text = record_text(s, m);
      s.apply(m);
      if (o->verbose) std::cout << text << "\n" << draw_state(s);
    }
    std::cout << "moves: " << write_record(s) << "\n";
    if (!o->verbose) std::cout << draw_state(s);
    std::cout << "result: " << result_sentence(s) << "\n";
  });
}

}  // namespace tabula::cli

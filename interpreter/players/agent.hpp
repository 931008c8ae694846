#pragma once
// A computer (or human) player: given a state, choose a legal move; and, for the searching
// players, the policy behind the choice (how much each move was worth to it), which the
// opening temperature samples from and learning code reads.
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/state.hpp"
#include "players/engine_spec.hpp"

namespace tabula {

// The weight of each legal move in a player's last choice.
struct Policy {
  enum class Kind {
    none,    // the player keeps none (random)
    visits,  // MCTS: visits per move (a temperature T samples visits^(1/T))
    values,  // alpha-beta, flat Monte Carlo: each move's value for the mover (softmax over (v - best) / (T * scale))
  };
  Kind kind = Kind::none;
  struct Entry {
    Move move;
    double weight = 0;
  };
  std::vector<Entry> moves;
  double scale = 1;  // values: the spread a temperature of 1 gives
  // Moves proven to win for the mover (solvers, forced wins): when there are any, only
  // they are sampled.
  std::vector<Move> proven_wins;

  // Each move's probability under temperature `t` (t = 0: the best moves, shared equally),
  // among the moves at least `margin` times as likely as the best at temperature 1 (0: all).
  std::vector<double> probabilities(double t, double margin = 0) const;
};

// Thrown by a player that cannot go on with the game (an outside engine that played an
// illegal move, resigned, died or did not answer in time): the game is lost for its side,
// with `what()` as the reason, in the engine's own words where it gave any.
struct PlayerForfeit : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Agent {
 public:
  virtual ~Agent() = default;
  // `s` is not terminal; it may be changed during the call but must be restored.
  virtual Move choose(State& s) = 0;
  // The spec that makes this player again, e.g. "mcts:1000".
  virtual std::string name() const = 0;
  // The policy of the last choose (Kind::none when the player keeps none).
  virtual const Policy& policy() const { return no_policy_; }
  // Asks for a policy whose values can be compared (alpha-beta then searches every root
  // move near the best one with an open window, not only the best), or no longer: the
  // opening temperature asks during its plies and learning code while it learns; plain
  // play does not pay for it.
  virtual void want_policy(bool /*wanted*/) {}
  // Frees what the player keeps between moves (search trees): a player left idle, or one
  // whose game is over, holds no memory.
  virtual void release() {}

 private:
  Policy no_policy_;
};

// Player specs (docs/AI.md; players/agent_spec.hpp):
//   random                  uniformly random moves
//   mc:N | mc:TIME          flat Monte Carlo, N random playouts after each legal move, or for TIME
//   mcts:N | mcts:TIME      MCTS with N iterations, or for TIME per move (1s, 100ms)
//   alphabeta:D             iterative deepening alpha-beta to depth D (1-64)
//   alphabeta:D:TIME | alphabeta:TIME   ... stopping after TIME per move
//                           (and the option nodes:N: after N positions)
//   auto:N | auto:TIME      the strongest player for the rules, searching about N positions a
//                           move (a count: the same moves on every machine) or for TIME
//   search | search:D       aliases of alphabeta:2 | alphabeta:D
//   gtp:COMMAND[:time=T]    an engine outside Tabula that speaks GTP (players/engine_spec.hpp)
//   uci:COMMAND[:N=V][:time=T]  one that speaks UCI (made by a maker a tool registers)
//   cecp:COMMAND[:time=T]   one that speaks xboard's CECP (made by a maker a tool registers)
// then options NAME:VALUE (temp:T, temp-plies:K for every searching player; mcts's own).
// nullptr and `error` set for a bad spec.
std::unique_ptr<Agent> make_agent(const std::string& spec, uint64_t seed, std::string& error);

// The maker of the players of one protocol whose moves and positions need what only a tool
// holds (UCI's positions as FEN: tools/cli): registered once, before any player is made.
using AgentMaker = std::function<std::unique_ptr<Agent>(const EngineSpec& spec)>;
void register_engine_maker(const std::string& protocol, AgentMaker make);

// Players a caller names for a while (a Python object seated in a match, through the facade's
// OutsidePlayerSeat): while registered, the name is a spec make_agent and check_agent_spec
// take, and it makes its player. Names are chosen so that they are no other spec.
using NamedPlayerMaker = std::function<std::unique_ptr<Agent>(uint64_t seed)>;
void register_named_player(const std::string& name, NamedPlayerMaker make);  // std::invalid_argument when taken
void unregister_named_player(const std::string& name);

// Just checks a spec (for option parsing); "" when it is valid, else the reason.
std::string check_agent_spec(const std::string& spec);

}  // namespace tabula

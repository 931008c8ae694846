#pragma once
// What the public handles (tabula/*.hpp) point to. This is the one place where the engine's
// types meet the public ones; only the files of interpreter/api include it, and it is never
// installed, so the engine can change behind the facade.
#include <memory>
#include <string>
#include <vector>

#include "api/action_space.hpp"
#include "api/observation.hpp"
#include "engine/state.hpp"
#include "players/agent.hpp"
#include "tabula/game.hpp"
#include "tabula/game_state.hpp"
#include "util/limits.hpp"
#include "util/rng.hpp"

namespace tabula::detail {

// The rules file at `path` as it is, loaded with `settings` (load_game with no parameter).
LoadResult load_file(const std::string& path, const LoadSettings& settings);

struct GameImpl {
  std::shared_ptr<const Program> program;
  ActionSpace actions;
  detail::ObservationPlan observation_plan;  // its observation's planes, worked out once
  ObservationLayout observation;             // their names and the grid
  std::vector<SourceText> sources;           // the files read, the rules first (Game::sources)

  GameImpl(std::shared_ptr<const Program> p, std::vector<SourceText> s)
      : program(std::move(p)),
        actions(*program),
        observation_plan(detail::observation_plan(*program)),
        observation(detail::observation_layout(*program, observation_plan)),
        sources(std::move(s)) {}
  static Game handle(std::shared_ptr<const GameImpl> impl) { return Game(std::move(impl)); }
  static const GameImpl& of(const Game& g) { return *g.impl_; }
  static const std::shared_ptr<const GameImpl>& shared(const Game& g) { return g.impl_; }
};

struct StateImpl {
  std::shared_ptr<const GameImpl> game;
  State state;
  std::vector<Action> history;  // the actions played since this state was made
  std::string start;            // the position text it was made from; empty: the game's start

  StateImpl(std::shared_ptr<const GameImpl> g, State s) : game(std::move(g)), state(std::move(s)) {}
  static GameState handle(std::unique_ptr<StateImpl> impl) { return GameState(std::move(impl)); }
  static StateImpl& of(GameState& s) { return *s.impl_; }
  static const StateImpl& of(const GameState& s) { return *s.impl_; }

  // The legal moves of the position (engine order) with their actions, made once per
  // position: a loop of legal_actions() and apply_action() generates the moves once a ply.
  struct Legal {
    MoveList moves;
    std::vector<Action> actions;                 // actions[i] is the action of moves[i]
    std::vector<std::pair<Action, int>> sorted;  // (action, index into moves), ascending
  };
  const Legal& legal() const;
  // The index into legal().moves of `action`, or -1.
  int find(Action action) const;
  // Plays legal().moves[index] and records its action.
  void play(int index);
  void undo();

 private:
  mutable Legal legal_;
  mutable bool legal_valid_ = false;
};

struct BotImpl {
  std::unique_ptr<Agent> agent;
  bool outside_evaluator = false;  // its positions are valued by an OutsideEvaluator
};

// A GameState of the engine's `s`, for code outside the engine (a Python player or
// evaluator): the facade's game for its rules is made once and kept in `game`.
inline GameState outside_view(std::shared_ptr<const GameImpl>& game, const State& s) {
  if (!game || game->program != s.program_ptr())
    game = std::make_shared<const GameImpl>(s.program_ptr(), std::vector<SourceText>{});
  return StateImpl::handle(std::make_unique<StateImpl>(game, s));
}

// The generator of random playout i of a call seeded with `seed`: its own, so the playouts are
// the same whichever thread plays them.
inline Rng playout_rng(uint64_t seed, uint64_t i) { return Rng(Rng(seed ^ (0x9E3779B97F4A7C15ULL * (i + 1))).next()); }

// Runs `f`, turning the engine's limit errors into the public LimitError.
template <class F>
auto engine_call(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const EngineLimit& e) {
    throw LimitError(e.what());
  }
}

}  // namespace tabula::detail

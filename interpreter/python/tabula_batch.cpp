// tabula.batch: the State's calls for many states at once, as numpy arrays, with one call
// from Python for the whole batch (a training loop steps hundreds of games without a Python
// loop over them). A batch is any sequence of States of one game.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <tabula/tabula.hpp>

#include "bindings.hpp"
#include "in_use.hpp"
#include "interruptible.hpp"

namespace py = pybind11;

namespace tabula::python {
namespace {

using Batch = std::vector<GameState*>;

// The game of the batch; ValueError when a state is of another one.
Game game_of(const Batch& states) {
  if (states.empty()) throw py::value_error("the batch is empty");
  Game g = states.front()->game();
  for (size_t i = 1; i < states.size(); ++i)
    if (states[i]->game() != g)
      throw py::value_error("state " + std::to_string(i) + " is a state of " + states[i]->game().name() +
                            ", state 0 of " + g.name() + ": a batch is of one game");
  return g;
}

py::array_t<float> observation_tensors(const Batch& states, std::optional<int> player, bool spatial) {
  const Game g = game_of(states);
  const std::vector<int> shape = observation_shape(g, spatial);
  std::vector<py::ssize_t> dims{static_cast<py::ssize_t>(states.size())};
  size_t size = 1;
  for (int n : shape) dims.push_back(n), size *= static_cast<size_t>(n);
  py::array_t<float> out(dims);
  float* data = out.mutable_data();
  for (size_t i = 0; i < states.size(); ++i) {
    int p = player ? *player : states[i]->current_player();
    if (p == kTerminalPlayer)
      throw py::value_error("state " + std::to_string(i) + " is over: name the player to observe for");
    if (spatial) states[i]->spatial_observation_tensor(p, data + i * size, size);
    else states[i]->observation_tensor(p, data + i * size, size);
  }
  return out;
}

py::array_t<uint8_t> legal_actions_masks(const Batch& states) {
  const Game g = game_of(states);
  const auto actions = static_cast<py::ssize_t>(g.num_distinct_actions());
  py::array_t<uint8_t> out({static_cast<py::ssize_t>(states.size()), actions});
  uint8_t* data = out.mutable_data();
  std::fill(data, data + out.size(), 0);
  for (size_t i = 0; i < states.size(); ++i)
    for (Action a : states[i]->legal_actions()) data[static_cast<py::ssize_t>(i) * actions + a] = 1;
  return out;
}

// Ragged, as numpy indexes it without a loop: the actions of state i are
// actions[offsets[i]:offsets[i + 1]], ascending.
py::tuple legal_actions(const Batch& states) {
  game_of(states);
  std::vector<int64_t> flat;
  py::array_t<int64_t> offsets(static_cast<py::ssize_t>(states.size() + 1));
  int64_t* o = offsets.mutable_data();
  o[0] = 0;
  for (size_t i = 0; i < states.size(); ++i) {
    std::vector<Action> legal = states[i]->legal_actions();
    flat.insert(flat.end(), legal.begin(), legal.end());
    o[i + 1] = static_cast<int64_t>(flat.size());
  }
  py::array_t<int64_t> actions(static_cast<py::ssize_t>(flat.size()));
  std::copy(flat.begin(), flat.end(), actions.mutable_data());
  return py::make_tuple(actions, offsets);
}

// Every action is checked before any is played, so an illegal one leaves the batch as it was.
void apply_actions(const Batch& states,
                   const py::array_t<int64_t, py::array::c_style | py::array::forcecast>& actions) {
  if (actions.ndim() != 1 || static_cast<size_t>(actions.shape(0)) != states.size())
    throw py::value_error("batch.apply_action takes one action per state: " + std::to_string(states.size()) +
                          " states, and actions of " + std::to_string(actions.ndim()) + " dimensions and " +
                          std::to_string(actions.size()) + " entries");
  game_of(states);
  const int64_t* a = actions.data();
  std::vector<const GameState*> moving;
  for (size_t i = 0; i < states.size(); ++i) {
    check_not_in_use(states[i], "State", "batch.apply_action");
    if (a[i] == -1) continue;
    moving.push_back(states[i]);
    if (!states[i]->is_legal(a[i]))
      throw IllegalMoveError("state " + std::to_string(i) + ": action " + std::to_string(a[i]) + " is not legal" +
                             (states[i]->is_terminal() ? " (the game is over)" : "") + "; no state moved");
  }
  std::sort(moving.begin(), moving.end());
  if (std::adjacent_find(moving.begin(), moving.end()) != moving.end())
    throw py::value_error("a state is in the batch twice with an action each: a state moves once per call");
  for (size_t i = 0; i < states.size(); ++i)
    if (a[i] != -1) states[i]->apply_action(a[i]);
}

py::array_t<int32_t> current_players(const Batch& states) {
  py::array_t<int32_t> out(static_cast<py::ssize_t>(states.size()));
  int32_t* data = out.mutable_data();
  for (size_t i = 0; i < states.size(); ++i) data[i] = states[i]->current_player();
  return out;
}

py::array_t<double> returns(const Batch& states) {
  const Game g = game_of(states);
  const auto sides = static_cast<size_t>(g.num_players());
  py::array_t<double> out({static_cast<py::ssize_t>(states.size()), static_cast<py::ssize_t>(sides)});
  double* data = out.mutable_data();
  for (size_t i = 0; i < states.size(); ++i) {
    std::vector<double> r = states[i]->returns();
    std::copy(r.begin(), r.end(), data + i * sides);
  }
  return out;
}

py::array_t<double> playout_returns(const Batch& states, uint64_t playouts, uint64_t seed, int threads) {
  const Game g = game_of(states);
  // Copies taken with the GIL held; the originals are marked in use until the playouts end.
  std::vector<GameState> copies;
  std::vector<std::unique_ptr<InUse>> in_use;
  copies.reserve(states.size());
  for (GameState* s : states) {
    copies.push_back(*s);
    in_use.push_back(std::make_unique<InUse>(s, "batch.playout_returns"));
  }
  std::vector<double> r = run_interruptibly(
      [&](const std::atomic<bool>* stop) { return tabula::playout_returns(copies, playouts, seed, threads, stop); });
  const auto sides = static_cast<py::ssize_t>(g.num_players());
  py::array_t<double> out({static_cast<py::ssize_t>(states.size()), sides});
  std::copy(r.begin(), r.end(), out.mutable_data());
  return out;
}

}  // namespace

void bind_batch(py::module_& batch) {
  batch.def("observation_tensor", &observation_tensors, py::arg("states"), py::arg("player") = py::none(),
            py::arg("spatial") = false,
            "A float32 array (states, planes, cells), or (states, planes, rows, columns) when spatial: "
            "State.observation_tensor of each state, seen by `player` "
            "(default: each state's player to move; ValueError for a finished state then).");
  batch.def("legal_actions_mask", &legal_actions_masks, py::arg("states"),
            "A uint8 array (states, num_distinct_actions): 1 at each state's legal actions (none when over).");
  batch.def("legal_actions", &legal_actions, py::arg("states"),
            "(actions, offsets), int64 arrays: the legal actions of states[i] are actions[offsets[i]:offsets[i + "
            "1]], ascending (none when over). A uniform random choice for all: actions[offsets[:-1] + "
            "(rng.random(n) * np.diff(offsets)).astype(int)] where every state has a move.");
  batch.def("apply_action", &apply_actions, py::arg("states"), py::arg("actions"),
            "Plays actions[i] in states[i] (-1: leaves that state as it is). All are checked first: an illegal one "
            "raises IllegalMoveError naming its state, and no state moves.");
  batch.def("current_player", &current_players, py::arg("states"),
            "An int32 array: each state's player to move, tabula.TERMINAL (-4) when over.");
  batch.def("returns", &returns, py::arg("states"), "A float64 array (states, players): State.returns of each.");
  batch.def("playout_returns", &playout_returns, py::arg("states"), py::arg("playouts") = 1, py::arg("seed") = 1,
            py::arg("threads") = 1,
            "A float64 array (states, players): each side's mean return over `playouts` uniformly random games from "
            "each state, played natively on `threads` threads (1 to 256) with the GIL released (Ctrl-C "
            "interrupts). The same for a seed whatever the threads.");
}

}  // namespace tabula::python

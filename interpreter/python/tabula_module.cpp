// tabula._tabula: the module, computer players and batch work (random playouts, matches);
// the Game, the State and tabula.batch are bound in their own files (bindings.hpp). Long
// native calls release the GIL, so Python threads run them in parallel, and Ctrl-C
// interrupts them (interruptible.hpp).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <tabula/tabula.hpp>

#include "bindings.hpp"
#include "in_use.hpp"
#include "interruptible.hpp"

namespace py = pybind11;

namespace tabula::python {

namespace {
// Python's main thread, the one signals reach (interruptible.hpp).
unsigned long main_thread_ident = 0;
}  // namespace

bool on_main_thread() { return PyThread_get_thread_ident() == main_thread_ident; }

namespace {

// A Python object with step(state) seated in a match (tabula/players.hpp, OutsidePlayer): the
// match's worker threads call it holding the GIL.
class PythonPlayer : public OutsidePlayer {
 public:
  PythonPlayer(py::object bot, std::string name) : bot_(std::move(bot)), name_(std::move(name)) {}
  ~PythonPlayer() override {
    py::gil_scoped_acquire gil;
    bot_ = py::object();
  }

  Action step(const GameState& state) override {
    py::gil_scoped_acquire gil;
    try {
      py::object chosen = bot_.attr("step")(GameState(state));
      // An int or what stands for one (numpy's integers), never a float rounded quietly.
      auto action = py::reinterpret_steal<py::object>(PyNumber_Index(chosen.ptr()));
      if (!action) throw py::error_already_set();
      return action.cast<Action>();
    } catch (py::error_already_set& e) {
      throw std::runtime_error(name_ + " raised at ply " + std::to_string(state.ply()) + " of " + state.game().name() +
                               " (position " + state.position_text() + "): " + e.what());
    }
  }

 private:
  py::object bot_;
  std::string name_;
};

// A Python object with value(states) (and optionally policy(states)) valuing a PUCT Bot's
// positions (tabula/players.hpp, OutsideEvaluator): called with the GIL held, a batch at a
// time; what it returns is checked for its shape.
class PythonEvaluator : public OutsideEvaluator {
 public:
  explicit PythonEvaluator(py::object evaluator)
      : evaluator_(std::move(evaluator)), policy_(py::hasattr(evaluator_, "policy")) {}
  ~PythonEvaluator() override {
    py::gil_scoped_acquire gil;
    evaluator_ = py::object();
  }
  bool gives_policy() const override { return policy_; }

  void evaluate(const std::vector<GameState>& states, float* values, float* priors) override {
    py::gil_scoped_acquire gil;
    const auto n = static_cast<py::ssize_t>(states.size());
    try {
      py::list batch;
      for (const GameState& s : states) batch.append(py::cast(GameState(s)));
      read(evaluator_.attr("value")(batch), "value", {n}, values);
      const auto actions = static_cast<py::ssize_t>(states.front().game().num_distinct_actions());
      if (priors) read(evaluator_.attr("policy")(batch), "policy", {n, actions}, priors);
    } catch (py::error_already_set& e) {
      if (e.matches(PyExc_KeyboardInterrupt)) throw;
      throw std::runtime_error("the evaluator " + py::repr(evaluator_).cast<std::string>() + " raised on a batch of " +
                               std::to_string(n) + " positions, the first " + states.front().position_text() + ": " +
                               e.what());
    }
  }

 private:
  // Copies what `call` returned, as float32, after checking its shape.
  void read(const py::object& returned, const char* call, std::vector<py::ssize_t> shape, float* out) const {
    auto array = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(returned);
    if (!array) {
      PyErr_Clear();
      throw std::runtime_error(std::string("the evaluator's ") + call + "(states) returned " +
                               py::repr(returned).cast<std::string>() + ", not an array of numbers");
    }
    std::vector<py::ssize_t> got(array.shape(), array.shape() + array.ndim());
    if (got != shape) {
      auto text = [](const std::vector<py::ssize_t>& s) {
        std::string t = "(";
        for (size_t i = 0; i < s.size(); ++i) t += (i ? ", " : "") + std::to_string(s[i]);
        return t + (s.size() == 1 ? ",)" : ")");
      };
      throw std::runtime_error(std::string("the evaluator's ") + call + "(states) returned shape " + text(got) +
                               " for a batch of " + std::to_string(shape[0]) + " positions: expected " + text(shape));
    }
    std::copy(array.data(), array.data() + array.size(), out);
  }

  py::object evaluator_;
  bool policy_;
};

// The specs of a match's players: a str is a spec, a tabula.Bot its own spec, and any other
// object with step(state) is seated under a name of its own ("python:MyBot#1") for the call.
std::vector<std::string> player_specs(const py::list& players, std::vector<std::unique_ptr<OutsidePlayerSeat>>& seats) {
  static std::atomic<uint64_t> seated{0};
  std::vector<std::string> specs;
  for (const py::handle& player : players) {
    if (py::isinstance<py::str>(player)) {
      specs.push_back(player.cast<std::string>());
    } else if (py::isinstance<Bot>(player) && !player.cast<const Bot&>().has_outside_evaluator()) {
      specs.push_back(player.cast<const Bot&>().name());
    } else if (py::hasattr(player, "step") && PyCallable_Check(player.attr("step").ptr())) {
      // A Bot with an evaluator is named by its spec, any other player by its class.
      const std::string what = py::isinstance<Bot>(player)
                                   ? player.cast<const Bot&>().name()
                                   : py::str(py::type::of(player).attr("__name__")).cast<std::string>();
      std::string name = "python:" + what + "#" + std::to_string(++seated);
      seats.push_back(std::make_unique<OutsidePlayerSeat>(
          name, std::make_shared<PythonPlayer>(py::reinterpret_borrow<py::object>(player), name)));
      specs.push_back(name);
    } else {
      throw py::type_error("a player is a spec (str), a tabula.Bot or an object with step(state), not " +
                           py::repr(player).cast<std::string>());
    }
  }
  return specs;
}

void bind_players(py::module_& m) {
  py::class_<Bot>(m, "Bot", R"(A computer player: Bot("mcts:1000", seed=7).

Specs (docs/AI.md): random, mc:N, mcts:N, mcts:1s, alphabeta:D, alphabeta:D:1s,
search:D. Reproducible from the seed unless its budget is a time.)")
      .def(py::init([](const std::string& spec, uint64_t seed, const py::object& evaluator) {
             std::string error;
             std::optional<Bot> bot;
             if (evaluator.is_none()) {
               bot = Bot::create(spec, seed, error);
             } else {
               if (!py::hasattr(evaluator, "value"))
                 throw py::type_error("an evaluator has value(states) (and optionally policy(states)); " +
                                      py::repr(evaluator).cast<std::string>() + " has no value");
               bot = Bot::create(spec, seed, std::make_shared<PythonEvaluator>(evaluator), error);
             }
             if (!bot) throw py::value_error(error);
             return std::move(*bot);
           }),
           py::arg("spec"), py::arg("seed") = 1, py::arg("evaluator") = py::none(),
           R"(A computer player from a spec. With `evaluator`, a PUCT player (puct:N,
options batch:B, explore:C) that values positions by evaluator.value(states) -> array of
len(states) values in [-1, 1] for each state's side to move, and takes priors from
evaluator.policy(states) -> array (len(states), num_distinct_actions) when it has one;
called a batch at a time, with the GIL held (released between batches).)")
      .def(
          "step",
          [](Bot& bot, const GameState& state) {
            // The search runs on a copy: another thread may read the state meanwhile, and
            // changing it raises until the step returns (in_use.hpp).
            check_not_in_use(&bot, "Bot", "Bot.step");
            InUse bot_in_use(&bot, "Bot.step"), state_in_use(&state, "Bot.step");
            GameState copy = state;
            py::gil_scoped_release release;
            return bot.step(copy);
          },
          py::arg("state"), "The action this player chooses in `state` (left as it was). Runs with the GIL released.")
      .def(
          "step_with_policy",
          [](Bot& bot, const GameState& state, double temperature) {
            check_not_in_use(&bot, "Bot", "Bot.step_with_policy");
            InUse bot_in_use(&bot, "Bot.step_with_policy"), state_in_use(&state, "Bot.step_with_policy");
            GameState copy = state;
            std::pair<Action, Bot::Policy> chosen;
            {
              py::gil_scoped_release release;
              chosen = bot.step_with_policy(copy, temperature);
            }
            return py::make_tuple(std::move(chosen.second), chosen.first);  // pyspiel's order
          },
          py::arg("state"), py::arg("temperature") = 1.0,
          R"((policy, action), in pyspiel's order: the action step chooses, and the weight the player
gave each legal move (MCTS's visits, alpha-beta's or flat Monte Carlo's move values; every
move alike for random) with their probabilities under `temperature` (0: the best moves,
shared equally), as learning targets; the policy iterates as (action, probability) pairs.
ValueError for a negative or infinite temperature.)")
      .def_property_readonly("name", &Bot::name, "The spec that makes this player again.")
      .def("__repr__", [](const Bot& b) { return "<tabula.Bot " + b.name() + ">"; });

  py::class_<Bot::Policy>(m, "Policy", "The weights behind a Bot's choice (Bot.step_with_policy).")
      .def_readonly("kind", &Bot::Policy::kind, "'visits', 'values' or 'uniform'.")
      .def_readonly("actions", &Bot::Policy::actions, "The legal actions, in State.legal_actions() order.")
      .def_readonly("weights", &Bot::Policy::weights, "Visits or values, one per action.")
      .def_readonly("probabilities", &Bot::Policy::probabilities, "Under the temperature; they sum to 1.")
      .def("__len__", [](const Bot::Policy& p) { return p.actions.size(); })
      .def(
          "__iter__",
          [](const Bot::Policy& p) {
            py::list pairs;
            for (size_t i = 0; i < p.actions.size(); ++i)
              pairs.append(py::make_tuple(p.actions[i], p.probabilities[i]));
            return py::iter(pairs);
          },
          "(action, probability) pairs, as pyspiel's policies.")
      .def("__repr__", [](const Bot::Policy& p) {
        return "<tabula.Policy " + p.kind + " over " + std::to_string(p.actions.size()) + " actions>";
      });
  py::class_<PlayoutStatistics>(m, "PlayoutStatistics", "What random_playouts counted.")
      .def_readonly("playouts", &PlayoutStatistics::playouts)
      .def_readonly("plies", &PlayoutStatistics::plies, "Summed over the playouts.")
      .def_readonly("seconds", &PlayoutStatistics::seconds)
      .def_readonly("wins", &PlayoutStatistics::wins, "Per side.")
      .def_readonly("draws", &PlayoutStatistics::draws)
      .def("__repr__", [](const PlayoutStatistics& s) {
        std::string wins;
        for (auto w : s.wins) wins += (wins.empty() ? "" : ", ") + std::to_string(w);
        return "<tabula.PlayoutStatistics " + std::to_string(s.playouts) + " playouts, " + std::to_string(s.plies) +
               " plies, wins [" + wins + "], draws " + std::to_string(s.draws) + ">";
      });
  const char* playouts_doc = R"(`playouts` games of uniformly random moves, on `threads` threads (1 to
256) with the GIL released; Ctrl-C interrupts it. Playout i has its own generator seeded
from `seed` and i, so the result depends on the seed, not on the number of threads.)";
  m.def(
      "random_playouts",
      [](const Game& g, uint64_t playouts, uint64_t seed, int threads) {
        return run_interruptibly(
            [&](const std::atomic<bool>* stop) { return random_playouts(g, playouts, seed, threads, stop); });
      },
      py::arg("game"), py::arg("playouts"), py::arg("seed") = 1, py::arg("threads") = 1, playouts_doc);
  m.def(
      "random_playouts",
      [](const GameState& state, uint64_t playouts, uint64_t seed, int threads) {
        InUse in_use(&state, "random_playouts");
        GameState copy = state;
        return run_interruptibly(
            [&](const std::atomic<bool>* stop) { return random_playouts(copy, playouts, seed, threads, stop); });
      },
      py::arg("state"), py::arg("playouts"), py::arg("seed") = 1, py::arg("threads") = 1, "The same from a position.");

  py::class_<MatchTally>(m, "MatchTally", "A player spec's (or seat's) results in a match.")
      .def_readonly("name", &MatchTally::name)
      .def_readonly("games", &MatchTally::games)
      .def_readonly("wins", &MatchTally::wins)
      .def_readonly("draws", &MatchTally::draws)
      .def_readonly("losses", &MatchTally::losses)
      .def_readonly("win_rate", &MatchTally::win_rate)
      .def_readonly("win_low", &MatchTally::win_low, "The 95% Wilson interval of the win rate.")
      .def_readonly("win_high", &MatchTally::win_high)
      .def_readonly("seconds_per_move", &MatchTally::seconds_per_move);
  py::class_<MatchGame>(m, "MatchGame", "One game of a match.")
      .def_readonly("game", &MatchGame::game)
      .def_readonly("seed", &MatchGame::seed)
      .def_readonly("seats", &MatchGame::seats, "The spec playing each side; the first moves first.")
      .def_readonly("winner", &MatchGame::winner, "The winning side, -1 for a draw.")
      .def_readonly("plies", &MatchGame::plies)
      .def_readonly("cut", &MatchGame::cut, "Drawn by a ply limit.")
      .def_readonly("moves", &MatchGame::moves)
      .def_readonly(
          "forfeit", &MatchGame::forfeit,
          "Why the loser lost without the rules' end (an illegal action, an engine's fault); \"\" otherwise.");
  py::class_<MatchResult::Rating>(m, "Rating", "A player's Elo in a match: maximum likelihood, average 0.")
      .def_readonly("name", &MatchResult::Rating::name)
      .def_readonly("elo", &MatchResult::Rating::elo)
      .def_readonly("low", &MatchResult::Rating::low, "The 95% interval.")
      .def_readonly("high", &MatchResult::Rating::high);
  py::class_<MatchResult>(m, "MatchResult", "What `tabula match` reports, and the games.")
      .def_readonly("rules", &MatchResult::rules)
      .def_readonly("games", &MatchResult::games)
      .def_readonly("draws", &MatchResult::draws)
      .def_readonly("cut", &MatchResult::cut)
      .def_readonly("players", &MatchResult::players)
      .def_readonly("per_seat", &MatchResult::per_seat, "'seat 1', 'seat 2', ... (seat_names says which).")
      .def_readonly("seat_names", &MatchResult::seat_names)
      .def_readonly("per_side", &MatchResult::per_side, "'side 1', 'side 2', ...")
      .def_readonly("distinct_games", &MatchResult::distinct_games, "Distinct move sequences.")
      .def_readonly("effective_games", &MatchResult::effective_games,
                    "Kish's effective sample size: the games counted as independent trials.")
      .def_readonly("ratings", &MatchResult::ratings, "Elo ratings (games of two seats, two specs or more).")
      .def_readonly("first_player_share", &MatchResult::first_player_share,
                    "The first seat's wins among decisive games.")
      .def_readonly("first_player_low", &MatchResult::first_player_low, "Its 95% Wilson interval.")
      .def_readonly("first_player_high", &MatchResult::first_player_high)
      .def_readonly("fair_share", &MatchResult::fair_share)
      .def_readonly("mean_plies", &MatchResult::mean_plies)
      .def_readonly("stddev_plies", &MatchResult::stddev_plies)
      .def_readonly("min_plies", &MatchResult::min_plies)
      .def_readonly("max_plies", &MatchResult::max_plies)
      .def_readonly("branching", &MatchResult::branching)
      .def_readonly("records", &MatchResult::records)
      .def_readonly("text", &MatchResult::text, "The report as `tabula match` prints it.")
      .def_readonly("json", &MatchResult::json, "... with --json.")
      .def_readonly("csv", &MatchResult::csv, "... with --csv.")
      .def("__str__", [](const MatchResult& r) { return r.text; });
  m.def(
      "match",
      [](const Game& g, const py::list& players, int games, uint64_t seed, int threads, int max_plies,
         bool round_robin) {
        std::vector<std::unique_ptr<OutsidePlayerSeat>> seats;  // the Python players, for this call
        MatchOptions o{player_specs(players, seats), games, seed, threads, max_plies};
        o.round_robin = round_robin;
        std::string error;
        std::optional<MatchResult> result = run_interruptibly([&](const std::atomic<bool>* stop) {
          o.stop = stop;
          return match(g, o, error);
        });
        if (!result) throw py::value_error(error);
        return std::move(*result);
      },
      py::arg("game"), py::arg("players"), py::arg("games") = 100, py::arg("seed") = 1, py::arg("threads") = 1,
      py::arg("max_plies") = 0, py::arg("round_robin") = false,
      R"(Seeded games between player specs, on `threads` threads (1 to 256) with the GIL
released: the statistics of `tabula match`. `players` as `match --players`: one spec per seat
or per side (seats rotating every game), or by seat name ("S=mcts:1s", "W+E=random": the same
seats every game; a game's seatings for fewer people). With round_robin, every pair of the
specs plays `games` games (games of two seats), with Elo ratings. Ctrl-C stops it once the
games in play end. A player may also be a tabula.Bot (its spec; a Bot with a Python
evaluator plays as itself, one game at a time: threads=1) or any object with step(state) ->
action (a Python player, named "python:CLASS#N" in the results, called with the GIL held): an action not legal in its position loses that game (the game's `forfeit`
says why), an exception from step stops the match with a RuntimeError naming the player and
the position.)");
}

}  // namespace
}  // namespace tabula::python

PYBIND11_MODULE(_tabula, m) {
  using namespace tabula;
  m.doc() = "The native part of tabula (see tabula's own help).";
  m.attr("__version__") = version();
  m.attr("TERMINAL") = kTerminalPlayer;
  py::register_exception<IllegalMoveError>(m, "IllegalMoveError", PyExc_ValueError);
  py::register_exception<LimitError>(m, "LimitError", PyExc_RuntimeError);
  python::main_thread_ident =
      py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  python::bind_game(m);
  python::bind_state(m);
  python::bind_players(m);
  auto batch = m.def_submodule("_batch", "Calls on many states at once (tabula.batch).");
  python::bind_batch(batch);
}

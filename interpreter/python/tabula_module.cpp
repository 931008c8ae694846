// tabula._tabula: games, computer players and batch work (random playouts, matches). Long
// native calls release the GIL, so Python threads run them in parallel.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <tabula/tabula.hpp>

#include "bindings.hpp"

namespace py = pybind11;

namespace tabula::python {
namespace {

GameState new_state(const Game& g, const std::string& text) {
  std::string error;
  auto s = g.new_state(text, error);
  if (!s) throw py::value_error("bad position: " + error);
  return std::move(*s);
}

py::dict action_layout(const Game& g) {
  ActionLayout l = g.action_layout();
  py::dict d;
  d["cells"] = l.cells;
  d["piece_codes"] = l.piece_codes;
  d["decision_values"] = l.decision_values;
  d["piece_moves"] = l.piece_moves;
  d["placements"] = l.placements;
  d["pass"] = l.pass;
  d["decisions"] = l.decisions;
  d["per_variant"] = l.per_variant;
  d["variants"] = l.variants;
  return d;
}

void bind_game(py::module_& m) {
  py::class_<RulesDiagnostic>(m, "Diagnostic", "One message from loading a rules file: where, and what.")
      .def_readonly("severity", &RulesDiagnostic::severity, "\"error\", \"warning\" or \"note\"")
      .def_readonly("file", &RulesDiagnostic::file)
      .def_readonly("line", &RulesDiagnostic::line, "1-based; 0 when the message has no place")
      .def_readonly("column", &RulesDiagnostic::column, "1-based, in characters")
      .def_readonly("message", &RulesDiagnostic::message)
      .def("__repr__", [](const RulesDiagnostic& d) {
        return d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.severity + ": " +
               d.message;
      });

  py::class_<LoadResult>(m, "_LoadResult")
      .def_readonly("game", &LoadResult::game)
      .def_readonly("diagnostics", &LoadResult::diagnostics)
      .def_readonly("rendered", &LoadResult::rendered);
  m.def("_load_game", &load_game, py::arg("path"));
  m.def("_load_game_from_text", &load_game_from_text, py::arg("text"), py::arg("name"));

  py::class_<BoardDescription>(m, "Board", "The board graph of a game: cells with coordinates, links, zones.")
      .def_readonly("name", &BoardDescription::name)
      .def_property_readonly(
          "cell_names",
          [](const BoardDescription& b) {
            std::vector<std::string> names;
            for (const auto& c : b.cells) names.push_back(c.name);
            return names;
          },
          "Cell i's name; i is the cell's index in actions and observations.")
      .def_property_readonly(
          "coordinates",
          [](const BoardDescription& b) {
            py::array_t<double> xy({static_cast<py::ssize_t>(b.cells.size()), py::ssize_t{2}});
            auto a = xy.mutable_unchecked<2>();
            for (size_t i = 0; i < b.cells.size(); ++i) a(i, 0) = b.cells[i].x, a(i, 1) = b.cells[i].y;
            return xy;
          },
          "A (cells, 2) float array of drawing coordinates (x east, y north).")
      .def_readonly("directions", &BoardDescription::directions)
      .def_property_readonly(
          "links",
          [](const BoardDescription& b) {
            std::vector<std::tuple<int, int, int>> out;
            for (const auto& l : b.links) out.emplace_back(l.from, l.to, l.direction);
            return out;
          },
          "(from, to, direction) for every link; a link may be one way.")
      .def_property_readonly(
          "zones",
          [](const BoardDescription& b) {
            py::dict d;
            for (const auto& z : b.board_zones) d[py::str(z.name)] = z.cells.empty() ? std::vector<int>{} : z.cells[0];
            return d;
          },
          "The board file's zones: name -> cells.")
      .def_property_readonly(
          "rule_zones",
          [](const BoardDescription& b) {
            py::dict d;
            for (const auto& z : b.rule_zones) d[py::str(z.name)] = z.cells;
            return d;
          },
          "The rules' zones: name -> cells per side.")
      .def(
          "cell_index",
          [](const BoardDescription& b, const std::string& name) {
            for (size_t i = 0; i < b.cells.size(); ++i)
              if (b.cells[i].name == name) return static_cast<int>(i);
            throw py::key_error("no cell '" + name + "' on board " + b.name);
          },
          py::arg("name"), "The index of a cell by name.")
      .def("__len__", [](const BoardDescription& b) { return b.cells.size(); });

  py::class_<Game>(m, "Game", R"(A game loaded from a rules file: tabula.load_game(path).

Cheap to copy and safe to share between threads. new_initial_state() starts a game.)")
      .def_property_readonly("name", &Game::name, "The game's name, from its rules file.")
      .def_property_readonly("rules_path", &Game::rules_path)
      .def("num_players", &Game::num_players, "The sides (they own pieces, win or lose).")
      .def("num_seats", &Game::num_seats, "The seats in the turn order (a side may play several).")
      .def_property_readonly("player_names", &Game::player_names)
      .def_property_readonly("seat_names", &Game::seat_names)
      .def_property_readonly("seat_players", &Game::seat_players, "The side of each seat.")
      .def_property_readonly("kind_names", &Game::kind_names, "The kinds of pieces.")
      .def_property_readonly("stacking", &Game::stacking, "Whether cells hold columns of counters.")
      .def("num_cells", &Game::num_cells)
      .def("max_game_length", &Game::max_game_length, "The rules' ply limit.")
      .def("num_distinct_actions", &Game::num_distinct_actions, "The size of the fixed action space.")
      .def("action_layout", &action_layout, "How actions are numbered (docs/PYTHON.md, \"Actions\").")
      .def("observation_tensor_shape", &Game::observation_tensor_shape, "[planes, cells]")
      .def(
          "observation_plane_names", [](const Game& g) { return g.observation_layout().plane_names; },
          "The name of each plane: \"top +0 stone\" (the observer's stones), \"count +1 officer\", \"height\".")
      .def("board", &Game::board, "The board graph, for plotting.")
      .def("new_initial_state", &Game::new_initial_state, "The start of a game.")
      .def("new_state", &new_state, py::arg("position"),
           "The position written as text (as State.position_text() or `tabula show` prints it); ValueError when "
           "it is not a position of this game.")
      .def("perft", &Game::perft, py::arg("depth"), py::call_guard<py::gil_scoped_release>(),
           "The move sequences of `depth` plies from the start, as `tabula perft` (the GIL is released).")
      .def("__repr__", [](const Game& g) { return "<tabula.Game " + g.name() + ">"; });
}

void bind_players(py::module_& m) {
  py::class_<Bot>(m, "Bot", R"(A computer player: Bot("mcts:1000", seed=7).

Specs (docs/AI.md): random, mc:N, mcts:N, mcts:1s, alphabeta:D, alphabeta:D:1s,
search:D. Reproducible from the seed unless its budget is a time.)")
      .def(py::init([](const std::string& spec, uint64_t seed) {
             std::string error;
             auto bot = Bot::create(spec, seed, error);
             if (!bot) throw py::value_error(error);
             return std::move(*bot);
           }),
           py::arg("spec"), py::arg("seed") = 1)
      .def("step", &Bot::step, py::arg("state"), py::call_guard<py::gil_scoped_release>(),
           "The action this player chooses in `state` (left as it was). Runs with the GIL released.")
      .def_property_readonly("name", &Bot::name, "The spec that makes this player again.")
      .def("__repr__", [](const Bot& b) { return "<tabula.Bot " + b.name() + ">"; });

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
  const char* playouts_doc = R"(`playouts` games of uniformly random moves, on `threads` threads with
the GIL released. Playout i has its own generator seeded from `seed` and i, so the
result depends on the seed, not on the number of threads.)";
  m.def("random_playouts", py::overload_cast<const Game&, uint64_t, uint64_t, int>(&random_playouts), py::arg("game"),
        py::arg("playouts"), py::arg("seed") = 1, py::arg("threads") = 1, py::call_guard<py::gil_scoped_release>(),
        playouts_doc);
  m.def("random_playouts", py::overload_cast<const GameState&, uint64_t, uint64_t, int>(&random_playouts),
        py::arg("state"), py::arg("playouts"), py::arg("seed") = 1, py::arg("threads") = 1,
        py::call_guard<py::gil_scoped_release>(), "The same from a position.");

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
      .def_readonly("moves", &MatchGame::moves);
  py::class_<MatchResult>(m, "MatchResult", "What `tabula match` reports, and the games.")
      .def_readonly("rules", &MatchResult::rules)
      .def_readonly("games", &MatchResult::games)
      .def_readonly("draws", &MatchResult::draws)
      .def_readonly("cut", &MatchResult::cut)
      .def_readonly("players", &MatchResult::players)
      .def_readonly("per_seat", &MatchResult::per_seat)
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
      [](const Game& g, std::vector<std::string> players, int games, uint64_t seed, int threads, int max_plies) {
        MatchOptions o{std::move(players), games, seed, threads, max_plies};
        std::string error;
        std::optional<MatchResult> result;
        {
          py::gil_scoped_release release;
          result = match(g, o, error);
        }
        if (!result) throw py::value_error(error);
        return std::move(*result);
      },
      py::arg("game"), py::arg("players"), py::arg("games") = 100, py::arg("seed") = 1, py::arg("threads") = 1,
      py::arg("max_plies") = 0,
      R"(Seeded games between player specs (one per side, seats rotating every game), on
`threads` threads with the GIL released: the statistics of `tabula match`.)");
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
  python::bind_game(m);
  python::bind_state(m);
  python::bind_players(m);
}

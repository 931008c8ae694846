// tabula.Game (and its Board and load results): what a loaded game tells about itself, its
// parameters, and how it travels to another process (pickle: the texts it was read from).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <functional>
#include <tabula/tabula.hpp>

#include "bindings.hpp"
#include "interruptible.hpp"

namespace py = pybind11;

namespace tabula::python {
namespace {}  // namespace

std::vector<int> observation_shape(const Game& g, bool spatial) {
  if (!spatial) return g.observation_tensor_shape();
  std::vector<int> shape = g.spatial_observation_shape();
  if (shape.empty())
    throw py::value_error(g.name() +
                          ": the board is no grid (its cells are not all named by a column letter and a row "
                          "number), so the observation has no spatial form");
  return shape;
}

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

// The game GameState::serialize's text describes; ValueError saying why when it is not one.
GameState deserialize_state(const Game& g, const std::string& text) {
  std::string error;
  auto s = g.deserialize_state(text, error);
  if (!s) throw py::value_error("not a serialized state of " + g.name() + ": " + error);
  return std::move(*s);
}

std::vector<std::pair<std::string, std::string>> sources_of(const Game& g) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const SourceText& s : g.sources()) out.emplace_back(s.path, s.text);
  return out;
}

LoadResult load_from_sources(const std::vector<std::pair<std::string, std::string>>& files, bool reference) {
  std::vector<SourceText> sources;
  for (const auto& [path, text] : files) sources.push_back({path, text});
  return load_game_from_sources(sources, LoadSettings{reference});
}

// A number stays a number (plies=1000), a word a string (repetition="off").
py::dict parameters_of(const Game& g) {
  py::dict d;
  for (const auto& [name, value] : g.parameters()) {
    bool number = !value.empty() && value.find_first_not_of("0123456789") == std::string::npos;
    d[py::str(name)] = number ? py::object(py::int_(std::stoll(value))) : py::object(py::str(value));
  }
  return d;
}

}  // namespace

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
  m.def(
      "_load_game",
      [](const std::string& path, const GameParameters& parameters, bool reference) {
        return load_game(path, parameters, LoadSettings{reference});
      },
      py::arg("path"), py::arg("parameters"), py::arg("reference"));
  m.def("_find_rules", &find_rules, py::arg("name"));
  m.def("_rules_suggestion", &rules_suggestion, py::arg("name"));
  m.def("_load_game_from_sources", &load_from_sources, py::arg("sources"), py::arg("reference"));
  m.def(
      "_load_game_from_text",
      [](const std::string& text, const std::string& name, bool reference) {
        return load_game_from_text(text, name, LoadSettings{reference});
      },
      py::arg("text"), py::arg("name"), py::arg("reference"));

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
      .def("observation_tensor_shape", &observation_shape, py::arg("spatial") = false,
           "[planes, cells]; spatial: [planes, rows, columns] (ValueError when the board is no grid).")
      .def(
          "observation_plane_names",
          [](const Game& g, bool spatial) {
            ObservationLayout l = g.observation_layout();
            if (spatial && l.on_board_plane) l.plane_names.push_back("on board");
            return l.plane_names;
          },
          py::arg("spatial") = false,
          "The name of each plane: \"top +0 stone\" (the observer's stones), \"count +1 officer\", \"height\", "
          "\"to move: black\", \"observer: white\", \"value: last\", \"plies\", ...; spatial: and \"on board\" when "
          "the grid has points that are no cell.")
      .def(
          "has_spatial_observation", [](const Game& g) { return !g.spatial_observation_shape().empty(); },
          "Whether the board is a grid (its cells named a1 ..), so that the observation has a spatial form.")
      .def("board", &Game::board, "The board graph, for plotting.")
      .def("new_initial_state", &Game::new_initial_state, "The start of a game.")
      .def("new_state", &new_state, py::arg("position"),
           "The position written as text (as State.position_text() or `tabula show` prints it); ValueError when "
           "it is not a position of this game.")
      .def(
          "perft",
          [](const Game& g, int depth) {
            return run_interruptibly([&](const std::atomic<bool>* stop) { return g.perft(depth, stop); });
          },
          py::arg("depth"),
          "The move sequences of `depth` (1 to 64) plies from the start, as `tabula perft` (the GIL is released; "
          "Ctrl-C interrupts it).")
      .def("deserialize_state", &deserialize_state, py::arg("text"),
           "The state State.serialize() wrote; ValueError when the text is not a state of this game.")
      .def("get_parameters", &parameters_of,
           "Every parameter load_game takes, with its value in this game: plies, repetition, quiet-moves-draw.")
      .def(
          "min_utility", [](const Game&) { return -1.0; }, "A loss: -1.")
      .def(
          "max_utility", [](const Game&) { return 1.0; }, "A win: +1.")
      .def(
          "utility_sum",
          [](const Game& g) -> std::optional<double> {
            if (g.num_players() == 2) return 0.0;
            return std::nullopt;
          },
          "0.0 with two sides (a win and a loss, or two draws); None with more (one wins, all others lose).")
      .def(
          "max_chance_outcomes", [](const Game&) { return 0; }, "0: these games have no chance.")
      .def(
          "observation_tensor_size",
          [](const Game& g, bool spatial) {
            int size = 1;
            for (int n : observation_shape(g, spatial)) size *= n;
            return size;
          },
          py::arg("spatial") = false, "planes * cells; spatial: planes * rows * columns")
      .def("_sources", &sources_of, "The files the game was read from, (path, text), the rules first.")
      .def_property_readonly("reference", &Game::reference,
                             "Loaded in reference mode (load_game(..., reference=True)): every accelerated path off.")
      .def(py::pickle([](const Game& g) { return py::make_tuple(sources_of(g), g.reference()); },
                      [](const py::tuple& t) {
                        const char* holds =
                            "a pickled tabula.Game holds its sources (a list of (path, text) pairs of str) and its "
                            "reference mode (a bool)";
                        if ((t.size() != 1 && t.size() != 2) || (t.size() == 2 && !py::isinstance<py::bool_>(t[1])))
                          throw py::value_error(holds);
                        std::vector<std::pair<std::string, std::string>> sources;
                        try {
                          sources = t[0].cast<std::vector<std::pair<std::string, std::string>>>();
                        } catch (const py::cast_error&) {  // the binding's own words name C++ types
                          throw py::value_error(holds);
                        }
                        LoadResult r = load_from_sources(sources, t.size() == 2 && t[1].cast<bool>());
                        if (!r.game) throw py::value_error("the pickled game does not load:\n" + r.rendered);
                        return std::move(*r.game);
                      }))
      .def(
          "__eq__", [](const Game& a, const Game& b) { return a == b; }, py::is_operator(),
          "Read from the same texts (rules, base rules, board), however their paths were written.")
      .def("__hash__",
           [](const Game& g) {
             size_t h = 0;
             for (const SourceText& s : g.sources()) h = h * 1000003u ^ std::hash<std::string>()(s.text);
             return h;
           })
      .def("__repr__", [](const Game& g) { return "<tabula.Game " + g.name() + ">"; });
}

}  // namespace tabula::python

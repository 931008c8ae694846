// tabula.State: a position and its history, shaped like OpenSpiel's pyspiel.State.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <tabula/tabula.hpp>

#include "bindings.hpp"

namespace py = pybind11;

namespace tabula::python {
namespace {

// The player to observe for: the one named, else the one to move.
int observer(const GameState& s, std::optional<int> player) {
  if (player) return *player;
  int p = s.current_player();
  if (p == kTerminalPlayer) throw py::value_error("the game is over: name the player to observe for");
  return p;
}

Action parse_action(const GameState& s, const std::string& text) {
  std::string error;
  auto action = s.string_to_action(text, error);
  if (!action) throw IllegalMoveError(error);
  return *action;
}

}  // namespace

void bind_state(py::module_& m) {
  py::class_<GameState>(m, "State", R"(A position of a game and the moves that led to it.

Made by Game.new_initial_state() or Game.new_state(position_text). Moves are played
as actions (integers in the game's fixed action space, see Game.action_layout()) or
as text ("b1-b3", as the CLI prints them). A State is a value: clone() (or copy.copy)
copies it. Use one State from one thread at a time.)")
      .def_property_readonly("game", &GameState::game, "The game this state belongs to.")
      .def("current_player", &GameState::current_player,
           "The side to move (0-based), or tabula.TERMINAL (-4) once the game is over.")
      .def("current_seat", &GameState::current_seat,
           "The seat to move: differs from the side in games where a side plays several seats.")
      .def("ply", &GameState::ply, "Plies played (counting those before a position set from text).")
      .def(
          "is_chance_node", [](const GameState&) { return false; }, "Always False: these games have no chance.")
      .def(
          "is_simultaneous_node", [](const GameState&) { return false; }, "Always False: players move in turn.")
      .def("legal_moves", &GameState::legal_moves, "The legal moves as text, as `tabula moves` prints them.")
      .def("legal_actions", py::overload_cast<>(&GameState::legal_actions, py::const_),
           "The legal moves as actions, ascending.")
      .def(
          "legal_actions",
          [](const GameState& s, int player) {
            return player == s.current_player() ? s.legal_actions() : std::vector<Action>{};
          },
          py::arg("player"), "The legal actions of `player`: empty unless it is to move.")
      .def(
          "legal_actions_mask",
          [](const GameState& s) {
            py::array_t<uint8_t> mask(static_cast<py::ssize_t>(s.game().num_distinct_actions()));
            uint8_t* data = mask.mutable_data();
            std::fill(data, data + mask.size(), 0);
            for (Action a : s.legal_actions()) data[a] = 1;
            return mask;
          },
          "A numpy uint8 array of num_distinct_actions() entries, 1 at the legal actions.")
      .def("action_to_string", &GameState::action_to_string, py::arg("action"),
           "The text of a legal action; IllegalMoveError when it is not legal here.")
      .def(
          "action_to_string", [](const GameState& s, int, Action a) { return s.action_to_string(a); },
          py::arg("player"), py::arg("action"), "OpenSpiel's form: the player is the one to move.")
      .def("string_to_action", &parse_action, py::arg("text"),
           "The action of a move written as text; IllegalMoveError (saying why) when it is not legal.")
      .def(
          "string_to_action", [](const GameState& s, int, const std::string& t) { return parse_action(s, t); },
          py::arg("player"), py::arg("text"), "OpenSpiel's form: the player is the one to move.")
      .def("apply_action", &GameState::apply_action, py::arg("action"),
           "Plays a legal action; IllegalMoveError otherwise.")
      .def(
          "apply_move",
          [](GameState& s, const std::string& text) {
            std::string error;
            if (!s.apply_move(text, error)) throw IllegalMoveError(error);
          },
          py::arg("text"), "Plays a move written as text (\"b1-b3\"); IllegalMoveError saying why it is not legal.")
      .def("undo", &GameState::undo, "Takes back the last move played on this state.")
      .def("clone", &GameState::clone, "A copy: position and history.")
      .def("__copy__", &GameState::clone)
      .def(
          "__deepcopy__", [](const GameState& s, py::dict) { return s.clone(); }, py::arg("memo"))
      .def("is_terminal", &GameState::is_terminal, "Whether the game is over.")
      .def("returns", &GameState::returns, "Per side: +1 win, -1 loss, 0 for a draw or a game not over.")
      .def("winner", &GameState::winner, "The winning side, or -1 (a draw, or not over).")
      .def("result_text", &GameState::result_text, "The result as the CLI says it: \"White wins after 41 plies\".")
      .def("history", &GameState::history, "The actions played since this state was made.")
      .def("history_strings", &GameState::history_strings, "The moves played since this state was made, as text.")
      .def("record", &GameState::record,
           "The game record as `tabula play` prints it after `moves:` (move numbers, pass and end marks).")
      .def("position_text", &GameState::position_text,
           "The board and the seat to move as text, as `tabula show` prints it; Game.new_state reads it back. "
           "Counters off the board, marks and the step within a turn are not written.")
      .def("hash", &GameState::hash, "A 64-bit hash of everything the position is (pieces, turn, counters).")
      .def(
          "observation_tensor",
          [](const GameState& s, std::optional<int> player) {
            std::vector<int> shape = s.game().observation_tensor_shape();
            py::array_t<float> out({shape[0], shape[1]});
            s.observation_tensor(observer(s, player), out.mutable_data(), static_cast<size_t>(out.size()));
            return out;
          },
          py::arg("player") = py::none(),
          R"(The board as a float32 numpy array of shape Game.observation_tensor_shape():
(planes, cells), seen by `player` (default: the one to move). Planes: for each side,
starting with `player`'s and going round, and each kind, 1.0 where the top piece is of
that side and kind; in stacking games then the same planes counting the counters of each
column, and a last plane with the column heights. Game.observation_plane_names() names
them; cells are numbered as in Game.board().)")
      .def("perft", &GameState::perft, py::arg("depth"), py::call_guard<py::gil_scoped_release>(),
           "The move sequences of `depth` plies from this position (the GIL is released).")
      .def("svg", &GameState::svg, py::arg("targets_of") = "",
           R"(The position as an SVG picture, as `tabula show --svg` draws it (the last move as an
arrow); with targets_of a cell's name, the cells its piece may move to are marked.)")
      .def(
          "_repr_svg_", [](const GameState& s) { return s.svg(); },
          "The picture Jupyter shows for a state (State.svg()).")
      .def("__str__", &GameState::to_string)
      .def("__repr__", [](const GameState& s) {
        return "<tabula.State " + s.game().name() + ", ply " + std::to_string(s.ply()) + ": " + s.result_text() + ">";
      });
}

}  // namespace tabula::python

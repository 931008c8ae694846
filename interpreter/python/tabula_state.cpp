// tabula.State: a position and its history, shaped like OpenSpiel's pyspiel.State.
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

// The player to observe for: the one named, else the one to move.
int observer(const GameState& s, std::optional<int> player) {
  if (player) return *player;
  int p = s.current_player();
  if (p == kTerminalPlayer) throw py::value_error("the game is over: name the player to observe for");
  return p;
}

// The state's player `player`, checked: pyspiel's per-player calls name one.
int side(const GameState& s, int player) {
  int sides = s.game().num_players();
  if (player < 0 || player >= sides)
    throw py::value_error("player " + std::to_string(player) + ": " + s.game().name() + " has players 0 to " +
                          std::to_string(sides - 1));
  return player;
}

// 1 at the legal actions (none unless `to_move`).
py::array_t<uint8_t> legal_mask(const GameState& s, bool to_move) {
  py::array_t<uint8_t> mask(static_cast<py::ssize_t>(s.game().num_distinct_actions()));
  uint8_t* data = mask.mutable_data();
  std::fill(data, data + mask.size(), 0);
  if (to_move)
    for (Action a : s.legal_actions()) data[a] = 1;
  return mask;
}

std::string history_str(const GameState& s) {
  std::string out;
  for (Action a : s.history()) out += (out.empty() ? "" : ", ") + std::to_string(a);
  return out;
}

GameState child(const GameState& s, Action action) {
  GameState c = s;
  c.apply_action(action);
  return c;
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
copies it; it pickles (its game's texts, and serialize()). While a call on another thread
reads it with the GIL released (Bot.step, perft, random_playouts), changing it raises
RuntimeError.)")
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
          "legal_actions_mask", [](const GameState& s) { return legal_mask(s, true); },
          "A numpy uint8 array of num_distinct_actions() entries, 1 at the legal actions.")
      .def(
          "legal_actions_mask",
          [](const GameState& s, int player) { return legal_mask(s, player == s.current_player()); }, py::arg("player"),
          "The mask of `player`'s legal actions: all 0 unless it is to move.")
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
      .def(
          "apply_action",
          [](GameState& s, Action action) {
            check_not_in_use(&s, "State", "apply_action");
            s.apply_action(action);
          },
          py::arg("action"), "Plays a legal action; IllegalMoveError otherwise.")
      .def(
          "apply_move",
          [](GameState& s, const std::string& text) {
            check_not_in_use(&s, "State", "apply_move");
            std::string error;
            if (!s.apply_move(text, error)) throw IllegalMoveError(error);
          },
          py::arg("text"), "Plays a move written as text (\"b1-b3\"); IllegalMoveError saying why it is not legal.")
      .def(
          "undo",
          [](GameState& s) {
            check_not_in_use(&s, "State", "undo");
            s.undo();
          },
          "Takes back the last move played on this state.")
      .def(
          "undo_action",
          [](GameState& s, int player, Action action) {
            check_not_in_use(&s, "State", "undo_action");
            auto history = s.history();
            if (history.empty() || history.back() != action)
              throw py::value_error("undo_action: " + std::to_string(action) + " is not the last action played");
            s.undo();
            if (s.current_player() != player) {
              int mover = s.current_player();
              s.apply_action(action);
              throw py::value_error("undo_action: the last action was played by player " + std::to_string(mover) +
                                    ", not " + std::to_string(player));
            }
          },
          py::arg("player"), py::arg("action"),
          "OpenSpiel's undo: takes back `action`, the last one, played by `player`.")
      .def("child", &child, py::arg("action"), "A copy with `action` played (this state is left as it is).")
      .def("clone", &GameState::clone, "A copy: position and history.")
      .def("__copy__", &GameState::clone)
      .def(
          "__deepcopy__", [](const GameState& s, py::dict) { return s.clone(); }, py::arg("memo"))
      .def("is_terminal", &GameState::is_terminal, "Whether the game is over.")
      .def("returns", &GameState::returns, "Per side: +1 win, -1 loss, 0 for a draw or a game not over.")
      .def("rewards", &GameState::returns,
           "The reward of the last action per side: the returns, since a game pays only at its end.")
      .def(
          "player_return", [](const GameState& s, int p) { return s.returns()[side(s, p)]; }, py::arg("player"))
      .def(
          "player_reward", [](const GameState& s, int p) { return s.returns()[side(s, p)]; }, py::arg("player"))
      .def(
          "is_player_node", [](const GameState& s) { return !s.is_terminal(); }, "A player is to move: not over.")
      .def("winner", &GameState::winner, "The winning side, or -1 (a draw, or not over).")
      .def("result_text", &GameState::result_text, "The result as the CLI says it: \"White wins after 41 plies\".")
      .def("history", &GameState::history, "The actions played since this state was made.")
      .def("history_str", &history_str, "history() as text: \"81, 973\".")
      .def("move_number", &GameState::ply, "Plies played (as ply()).")
      .def("num_players", [](const GameState& s) { return s.game().num_players(); })
      .def("num_distinct_actions", [](const GameState& s) { return s.game().num_distinct_actions(); })
      .def("get_game", &GameState::game, "The game this state belongs to (as .game).")
      .def("serialize", &GameState::serialize,
           "The state as text (the actions played, and the position it was made from, if any); "
           "Game.deserialize_state reads it back.")
      .def(
          "observation_string",
          [](const GameState& s, std::optional<int> player) {
            if (player) side(s, *player);
            return s.position_text();
          },
          py::arg("player") = py::none(),
          "The position as text (position_text()): every player sees the whole position, so `player` changes "
          "nothing.")
      .def(
          "information_state_string",
          [](const GameState& s, std::optional<int> player) {
            if (player) side(s, *player);
            return s.serialize();
          },
          py::arg("player") = py::none(),
          "All a player knows: the whole history, as serialize() writes it (the same for every player).")
      .def("history_strings", &GameState::history_strings, "The moves played since this state was made, as text.")
      .def("record", &GameState::record,
           "The game record as `tabula play` prints it after `moves:` (move numbers, pass and end marks).")
      .def("position_text", &GameState::position_text,
           "The board and the seat to move as text, as `tabula show` prints it; Game.new_state reads it back. "
           "Counters off the board, marks and the step within a turn are not written.")
      .def("hash", &GameState::hash, "A 64-bit hash of everything the position is (pieces, turn, counters).")
      .def(
          "observation_tensor",
          [](const GameState& s, std::optional<int> player, bool spatial) {
            const int p = observer(s, player);
            std::vector<int> shape = observation_shape(s.game(), spatial);
            py::array_t<float> out(std::vector<py::ssize_t>(shape.begin(), shape.end()));
            if (spatial) s.spatial_observation_tensor(p, out.mutable_data(), static_cast<size_t>(out.size()));
            else s.observation_tensor(p, out.mutable_data(), static_cast<size_t>(out.size()));
            return out;
          },
          py::arg("player") = py::none(), py::arg("spatial") = false,
          R"(The state as a float32 numpy array of shape Game.observation_tensor_shape(spatial),
seen by `player` (default: the one to move). Flat: (planes, cells), cells numbered as in
Game.board(). Spatial (grid boards only, else ValueError): (planes, rows, columns), row 0
the top, with a last "on board" plane when some grid point holds no cell. Planes: for each
side, starting with `player`'s and going round, and each kind, 1.0 where the top piece is
of that side and kind; in stacking games the counters of each column and its height; the
seat to move; the observer's side; where the turn stands; the rules' own values
(reserves, captures, marks, the last landing); passes, plies, quiet plies and repetitions.
Game.observation_plane_names() names them (docs/PYTHON.md, "Observations").)")
      .def(
          "perft",
          [](const GameState& s, int depth) {
            InUse in_use(&s, "State.perft");
            GameState copy = s;
            return run_interruptibly([&](const std::atomic<bool>* stop) { return copy.perft(depth, stop); });
          },
          py::arg("depth"),
          "The move sequences of `depth` (1 to 64) plies from this position (the GIL is released; Ctrl-C "
          "interrupts it).")
      .def("svg", &GameState::svg, py::arg("targets_of") = "",
           R"(The position as an SVG picture, as `tabula show --svg` draws it (the last move as an
arrow); with targets_of a cell's name, the cells its piece may move to are marked.)")
      .def(
          "_repr_svg_", [](const GameState& s) { return s.svg(); },
          "The picture Jupyter shows for a state (State.svg()).")
      .def("to_string", &GameState::to_string, "str(state): the board drawn as text.")
      .def("__str__", &GameState::to_string)
      .def(
          "__eq__", [](const GameState& a, const GameState& b) { return a == b; }, py::is_operator(),
          "The same game in the same position (pieces, turn, counters, ply); not how it was reached.")
      .def("__hash__", &GameState::hash, "hash(): equal states hash equal; do not change a state used as a key.")
      .def(py::pickle([](const GameState& s) { return py::make_tuple(s.game(), s.serialize()); },
                      [](const py::tuple& t) {
                        if (t.size() != 2 || !py::isinstance<Game>(t[0]) || !py::isinstance<py::str>(t[1]))
                          throw py::value_error("a pickled tabula.State holds its tabula.Game and its text (a str)");
                        const Game g = t[0].cast<Game>();
                        std::string error;
                        auto s = g.deserialize_state(t[1].cast<std::string>(), error);
                        if (!s) throw py::value_error("the pickled state does not load: " + error);
                        return std::move(*s);
                      }))
      .def("__repr__", [](const GameState& s) {
        return "<tabula.State " + s.game().name() + ", ply " + std::to_string(s.ply()) + ": " + s.result_text() + ">";
      });
}

}  // namespace tabula::python

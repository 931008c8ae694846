#pragma once
// A position of a game and the moves that led to it, shaped like OpenSpiel's State: whose
// turn, legal moves (as text and as actions), apply, undo, clone, terminal, returns. A
// GameState is a value (copying it copies the position and history); one state must not be
// used from two threads at once, but states of one game may be used on many threads.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tabula/errors.hpp"
#include "tabula/export.hpp"
#include "tabula/game.hpp"

namespace tabula {

namespace detail {
struct StateImpl;
}

// current_player() once the game is over (OpenSpiel's kTerminalPlayerId).
inline constexpr int kTerminalPlayer = -4;

class TABULA_API GameState {
 public:
  GameState(const GameState& other);
  GameState(GameState&& other) noexcept;
  GameState& operator=(const GameState& other);
  GameState& operator=(GameState&& other) noexcept;
  ~GameState();

  Game game() const;

  // ---- whose turn ----
  int current_player() const;  // the side to move, or kTerminalPlayer
  int current_seat() const;    // the seat to move (the last one to move once the game is over)
  int ply() const;             // plies played, counting those before a position set from text

  // ---- moves ----
  std::vector<std::string> legal_moves() const;  // as `tabula moves` prints them, in the engine's order
  std::vector<Action> legal_actions() const;     // ascending
  // The text of a legal action; IllegalMoveError when it is not legal here.
  std::string action_to_string(Action action) const;
  // The action of a move written as text (any form `apply_move` accepts); nullopt and `error`
  // set when the text is not a legal move here.
  std::optional<Action> string_to_action(std::string_view text, std::string& error) const;
  bool is_legal(Action action) const;  // whether `action` is one of legal_actions()
  void apply_action(Action action);    // IllegalMoveError when not legal here
  // Plays a move written as text; false with `error` set (why it is not legal) otherwise.
  bool apply_move(std::string_view text, std::string& error);
  void undo();  // std::logic_error when no move has been played
  GameState clone() const { return *this; }

  // ---- the end ----
  bool is_terminal() const;
  std::vector<double> returns() const;  // per side: +1 win, -1 loss, 0 draw or not over
  int winner() const;                   // the winning side, or -1 (a draw, or not over)
  std::string result_text() const;      // "White wins after 41 plies", as the CLI says it

  // ---- as text ----
  std::vector<Action> history() const;               // the actions played since the state was made
  std::vector<std::string> history_strings() const;  // the same as move text
  std::string record() const;                        // the game record, as `tabula play` prints after `moves:`
  std::string to_string() const;                     // the board drawn as text, with the constructs' notes
  // The position as `tabula show` prints it (the board, the seat to move, and after a ';'
  // what is not on the board); Game::new_state reads it back to the same state.
  std::string position_text() const;
  // The picture of the position as SVG, as `tabula show --svg` draws it (the last move as an
  // arrow); with `targets_of` a cell's name, the cells its piece may move to are marked.
  std::string svg(const std::string& targets_of = "") const;
  uint64_t hash() const;  // of everything the position is (pieces, turn, counters)

  // ---- for learning ----
  // Fills `out` (observation_layout().planes * cells floats) as seen by `player`: plane
  // groups go round the sides starting with `player`'s (docs/API.md, "Observations").
  void observation_tensor(int player, float* out, size_t size) const;
  std::vector<float> observation_tensor(int player) const;
  // The same planes on the board's grid: Game::spatial_observation_shape() floats
  // (std::invalid_argument when the board is no grid).
  void spatial_observation_tensor(int player, float* out, size_t size) const;

  // The move sequences of `depth` plies from this position (as `tabula perft --position`);
  // depth 1 to kMaxPerftDepth (std::invalid_argument otherwise). Interrupted when `stop` is
  // set before the count is done.
  uint64_t perft(int depth, const std::atomic<bool>* stop = nullptr) const;

  // ---- as data ----
  // The state as text: the actions played since it was made (`actions: 81 973`), then, for a
  // state made from a position, `start: ` and that position's text, to the end.
  // Game::deserialize_state reads it back to an equal state with the same history.
  std::string serialize() const;
  // The same game (Game::operator==) in the same position: pieces, seat and step of the turn,
  // counters, construct values, ply and result. How the position was reached is not compared.
  bool operator==(const GameState& other) const;
  bool operator!=(const GameState& other) const { return !(*this == other); }

 private:
  friend class Game;
  friend class Bot;
  friend struct detail::StateImpl;
  explicit GameState(std::unique_ptr<detail::StateImpl> impl);
  std::unique_ptr<detail::StateImpl> impl_;
};

}  // namespace tabula

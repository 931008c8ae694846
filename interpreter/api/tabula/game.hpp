#pragma once
// A game loaded from a rules file: its players, board, action space and observation layout,
// and the states it starts. A Game is a cheap handle (copies share one compiled program) and
// is safe to use from several threads at once.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tabula/export.hpp"

namespace tabula {

namespace detail {
struct GameImpl;
}

// A move as an integer in the game's fixed action space (docs/API.md, "Actions").
using Action = int64_t;

class GameState;

// One message from loading a rules file (and its base rules and board file).
struct RulesDiagnostic {
  std::string severity;  // "error", "warning" or "note"
  std::string file;
  int line = 0;    // 1-based; 0 when the message has no place (a file that cannot be opened)
  int column = 0;  // 1-based, in characters
  std::string message;
};

struct BoardCell {
  std::string name;
  double x = 0, y = 0;  // drawing coordinates; y grows upwards (north)
};

// A link from one cell to its neighbour in a direction (links may be one way).
struct BoardLink {
  int from = 0, to = 0;
  int direction = 0;  // index into BoardDescription::directions
};

// A named set of cells: the board file's zones are the same for every player, the rules'
// zones may differ per player (a promotion rank).
struct BoardZone {
  std::string name;
  std::vector<std::vector<int>> cells;  // per player for a rules zone; one list for a board zone
};

struct BoardDescription {
  std::string name;
  std::vector<BoardCell> cells;  // cell i is the i-th cell of actions and observations
  std::vector<std::string> directions;
  std::vector<BoardLink> links;
  std::vector<BoardZone> board_zones;
  std::vector<BoardZone> rule_zones;
};

// A file a game was read from (its rules or rules text, the base rules it extends, its
// board), with its text.
struct SourceText {
  std::string path;
  std::string text;
};
inline bool operator==(const SourceText& a, const SourceText& b) { return a.path == b.path && a.text == b.text; }
inline bool operator!=(const SourceText& a, const SourceText& b) { return !(a == b); }

// Settings a game is loaded with, NAME and VALUE as the rules write them (load_game):
// `plies` (the ply limit, `limit plies=N`) and what `option` takes (`repetition`,
// `repetition-draw`, `quiet-moves-draw`; docs/LANGUAGE.md).
using GameParameters = std::vector<std::pair<std::string, std::string>>;

// How actions are numbered (docs/API.md): action = variant * per_variant + offset of the
// move's class + index in the class.
struct ActionLayout {
  int cells = 0;
  int piece_codes = 0;      // players * kinds: placements name the piece placed
  int decision_values = 0;  // a decision's value is below this
  int64_t piece_moves = 0;  // offset of FROM * cells + TO
  int64_t placements = 0;   // offset of (code - 1) * cells + TO
  int64_t pass = 0;         // offset of the one pass action
  int64_t decisions = 0;    // offset of VALUE * (cells + 1) + (TO + 1), TO = -1 when the decision names no cell
  int64_t per_variant = 0;  // actions per variant
  int variants = 0;         // moves of one position sharing class, from and to: at most this many
};

// What observation_tensor fills: `planes` rows of `cells` floats (docs/API.md, "Observations").
struct ObservationLayout {
  int planes = 0;
  int cells = 0;
  std::vector<std::string> plane_names;  // "top +0 stone", ..., "to move: black", ..., "plies"
  // The spatial form, on a board whose cells are all named by a column letter and a row
  // number: the planes on a grid of rows x columns (row 0 the top: the last row), and one
  // more plane, "on board", when some point of the grid holds no cell. rows = 0: no grid.
  int rows = 0, columns = 0;
  bool on_board_plane = false;
  std::vector<int> grid_index;  // per cell: row * columns + column
};

class TABULA_API Game {
 public:
  const std::string& name() const;
  const std::string& rules_path() const;
  int num_players() const;  // sides: they own pieces, win or lose
  int num_seats() const;    // turns in the rotation (more than the sides when a side plays two seats)
  std::vector<std::string> player_names() const;
  std::vector<std::string> seat_names() const;
  std::vector<int> seat_players() const;  // the side of each seat
  std::vector<std::string> kind_names() const;
  bool stacking() const;  // cells hold columns of counters
  int num_cells() const;
  int max_game_length() const;  // the rules' ply limit

  Action num_distinct_actions() const;
  ActionLayout action_layout() const;
  ObservationLayout observation_layout() const;
  std::vector<int> observation_tensor_shape() const;  // {planes, cells}, without the plane names
  // {planes (+1 with "on board"), rows, columns}; empty when the board is no grid.
  std::vector<int> spatial_observation_shape() const;
  BoardDescription board() const;

  GameState new_initial_state() const;
  // A position as text (as `tabula show` prints it after `position:`); nullopt and `error`
  // set when the text is not a position of this game.
  std::optional<GameState> new_state(std::string_view position, std::string& error) const;
  // The move sequences of `depth` plies from the start (as `tabula perft`); depth 1 to
  // kMaxPerftDepth (std::invalid_argument otherwise). Interrupted when `stop` is set before
  // the count is done.
  uint64_t perft(int depth, const std::atomic<bool>* stop = nullptr) const;

  // The state GameState::serialize wrote; nullopt and `error` set when `text` is not a state
  // of this game (a start position it does not read, an action not legal where it comes).
  std::optional<GameState> deserialize_state(std::string_view text, std::string& error) const;

  // Every file the game was read from, the rules file (or text) first: load_game_from_sources
  // makes the same game from them again, in another process, without reading a file.
  const std::vector<SourceText>& sources() const;
  // Every parameter (load_game) with its value in this game: plies, repetition (off, draw or
  // end), quiet-moves-draw.
  GameParameters parameters() const;
  // Loaded in reference mode (LoadSettings::reference).
  bool reference() const;
  // Games read from the same texts (sources(), paths aside) are equal.
  bool operator==(const Game& other) const;
  bool operator!=(const Game& other) const { return !(*this == other); }

 private:
  friend class GameState;
  friend struct detail::GameImpl;
  explicit Game(std::shared_ptr<const detail::GameImpl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const detail::GameImpl> impl_;
};

// A rules file loaded: the game, or every diagnostic that prevented it.
struct LoadResult {
  std::optional<Game> game;
  std::vector<RulesDiagnostic> diagnostics;  // errors first found first; warnings too when the game loaded
  std::string rendered;                      // the diagnostics as the CLI prints them: file:line:col, the line, a caret
};

// Board files and base rules are looked up next to the rules file, then in the boards/ (or
// rules/) folder beside its folder, in the current folder, in TABULA_PATH (and TABULA_BOARDS)
// and among the shipped files, as the CLI does (docs/LANGUAGE.md, "Where files are found").
TABULA_API LoadResult load_game(const std::string& path);
// The rules file a user's name stands for, as the CLI finds it: `name` when it is a file, else
// NAME or NAME.rules in the current folder, in TABULA_PATH or among the shipped rules (a
// shipped game by its name alone); "" when there is none.
TABULA_API std::string find_rules(const std::string& name);
// "did you mean 'X'?" for the rules file nearest to a name find_rules did not find, or "".
TABULA_API std::string rules_suggestion(const std::string& name);
// A rules text not in a file: `name` is its path for diagnostics and for looking up its
// board and base rules (`rules/my-variant.rules` finds its base `rules/base.rules`).
TABULA_API LoadResult load_game_from_text(const std::string& text, const std::string& name);
// The game of `path` with `parameters` set: a variant of it, as if a file beside it said
// `variant "NAME (k=v, ...)" extends "FILE"` and `limit plies=V` or `option NAME=V` for each
// (its path, in diagnostics and Game::rules_path, is `DIR/STEM(k=v,...).rules`). A parameter
// is NAME=VALUE with a name of letters, digits and '-', and a value of letters, digits and
// '-' (a word or a number); the rules' checker reports a name or value it does not take.
TABULA_API LoadResult load_game(const std::string& path, const GameParameters& parameters);
// The game Game::sources() describes, read from those texts only (no file is read).
TABULA_API LoadResult load_game_from_sources(const std::vector<SourceText>& sources);

// How a game is loaded beyond what its rules say. `reference`: every accelerated path off
// (bitboards, fused and counted moves, set-wise captures, line sweeps, running counts,
// shortcuts, caches; docs/ARCHITECTURE.md, "Reference mode"): the same game, move for move,
// slower, to check the fast paths against.
struct LoadSettings {
  bool reference = false;
};
TABULA_API LoadResult load_game(const std::string& path, const GameParameters& parameters,
                                const LoadSettings& settings);
TABULA_API LoadResult load_game_from_text(const std::string& text, const std::string& name,
                                          const LoadSettings& settings);
TABULA_API LoadResult load_game_from_sources(const std::vector<SourceText>& sources, const LoadSettings& settings);

// The deepest perft a call counts, as `tabula perft` (1 to 64).
inline constexpr int kMaxPerftDepth = 64;

// The library's version, "MAJOR.MINOR.PATCH".
TABULA_API std::string version();

}  // namespace tabula

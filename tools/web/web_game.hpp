#pragma once
// A game of the web board (`tabula serve`, docs/WEB.md) as plain values: the one place where
// the web board meets the engine (State, Program, Move) and the computer players, so a change
// of the engine is adapted here (and in cli_support and engine/state_picture, which it uses). Nothing
// in this header names an engine type; web_board.cpp speaks JSON over these values.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tabula::web {

struct SeatInfo {
  std::string name;  // "S", or the side's name in games with one seat per side
  int side = 0;
};

// Cells the page may shade: a zone the rules name (in a goal, a seat's region, a declared
// zone), or a side's territory now.
struct ZoneView {
  std::string name;
  std::string side;  // the side it belongs to; "" when it is the same for every side
  std::vector<std::string> cells;
  bool in_goal = false;  // named by a goal (an end rule, the score): the page shows it at first
};

// A rules file as the game list shows it.
struct GameInfo {
  std::string id;    // the file name without .rules: what /api/new names
  std::string file;  // the path it was loaded from
  std::string name;  // the game's own name ("Lines of Action")
  std::vector<std::string> sides;
  std::vector<SeatInfo> seats;
  bool has_score = false;
  std::string text;             // the rules file as loaded
  std::vector<ZoneView> zones;  // the zones the rules name, by side where they differ
  bool has_territory = false;   // the score counts territory (GameView::territory)
  int version = 1;              // which load of the file (rules_watch.hpp)
};

// One legal move as the page needs it: its text (what /api/move takes), its kind, and the
// cells it visits, so the page can select a piece, then its landings one by one.
struct MoveView {
  std::string text;
  std::string kind;                // piece, place, pass or decision
  std::string from, to;            // cell names; "" where the move has none
  std::vector<std::string> cells;  // from, every landing, to; only `to` for a placement
};

struct ScoreView {
  std::string side;
  double score = 0;  // komi given (a half point shows)
};

// A count the rules keep (pieces taken, turns played, pieces in reserve), by its name in
// position text ("captured.black", "reserve.white.pawn").
struct CounterView {
  std::string name;
  int64_t value = 0;
};

// Everything the page shows of a game.
struct GameView {
  std::string svg;
  std::vector<MoveView> moves;  // empty when the game is over
  int seat_to_move = -1;        // -1 when the game is over
  int ply = 0;
  bool over = false;
  int winner = -1;     // a side; -1: a draw or not over
  std::string status;  // "black to move", "black wins after 62 plies", ...
  std::vector<std::string> history;
  std::vector<int> movers;        // the seat that made each move of `history`
  std::vector<ScoreView> scores;  // empty when the rules have no score
  std::vector<CounterView> counters;
  std::vector<std::string> notes;   // the constructs' status lines
  std::string position;             // the position as text (what --position reads)
  std::string record;               // the tagged record `play --out` writes, which `tabula replay` reads
  std::vector<ZoneView> territory;  // each side's territory now, when the score counts it
};

class LoadedRules;  // a checked rules file (the engine's Program)

// A rules file loaded and checked, or why not.
struct RulesLoad {
  std::shared_ptr<LoadedRules> rules;          // nullptr when the files have errors
  std::string diagnostics;                     // rendered as `validate` prints them; "" when none
  std::map<std::string, std::string> sources;  // every file read (the rules, what they extend, the board), by path
};
RulesLoad load_rules(const std::string& path, const std::string& id);
const GameInfo& info(const LoadedRules& rules);
GameInfo& info(LoadedRules& rules);

// "" when `spec` names a player the web board can seat: human, or a computer player spec
// (docs/AI.md) whose moves are bounded in time (see WebGame::create); else the reason.
std::string check_player(const std::string& spec, double move_seconds);

class WebGame {
 public:
  // `players`: one spec per seat. Computer players get `move_seconds` as their time limit
  // where their spec gives none (alphabeta:D), and may not ask for more; player specs
  // without a time bound (mcts:N, mc:N) are refused. `position`: "" for the start.
  // nullptr and `error` set for a bad player or position.
  static std::unique_ptr<WebGame> create(std::shared_ptr<const LoadedRules> rules,
                                         const std::vector<std::string>& players, const std::string& position,
                                         uint64_t seed, double move_seconds, std::string& error);
  ~WebGame();

  const GameInfo& info() const;
  // The player each seat has (its spec, e.g. "human", "alphabeta:2:5s").
  const std::vector<std::string>& players() const { return player_names_; }
  bool over() const;
  int seat_to_move() const;    // -1 when the game is over
  bool human_to_move() const;  // false when the game is over
  bool can_undo() const;

  // Plays a move given as text (as the CLI reads it); "" or the reason it was not played.
  std::string play(const std::string& text);
  // Plays one move for the computer seat to move; "" or the reason there is none. The
  // player is made for this move and its search (a tree, a table) freed with it, so a game
  // holds no search between moves.
  std::string play_computer();
  // Takes back the last move, then every computer move before it, so a person is to move
  // again (in a game of computers only, one move). false when there is nothing to undo.
  bool undo();

  GameView view() const;

 private:
  struct Impl;
  explicit WebGame(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  std::vector<std::string> player_names_;
};

}  // namespace tabula::web

#pragma once
// A game position and its history. The contract follows OpenSpiel's State: current player,
// legal moves, apply, undo, terminal, returns, clone (copy), serialize as move history.
// Every change to the board goes through set_cell or set_column, which journal it, so undo
// is generic.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/move.hpp"
#include "engine/program.hpp"

namespace tabula {

struct GameResult {
  bool over = false;
  int winner = -1;  // -1 with over = draw
};

// The contents of every cell: a column of piece codes, bottom first (one code, or none, in
// games without stacking), and the player to move.
struct Position {
  std::vector<std::vector<uint8_t>> columns;
  int to_move = 0;  // the seat to move
};

class State {
 public:
  explicit State(std::shared_ptr<const Program> program);

  const Program& program() const { return *program_; }
  std::shared_ptr<const Program> program_ptr() const { return program_; }

  // The side whose pieces move now, and the seat (turn) that moves them.
  int current_player() const { return program_->seats[to_move_].side; }
  int current_seat() const { return to_move_; }
  int ply() const { return ply_; }
  uint64_t hash() const { return hash_; }
  uint8_t at(int cell) const { return board_[cell]; }  // the top piece, 0 when empty
  int height(int cell) const;
  uint8_t counter(int cell, int level) const;         // level 0 = bottom
  int piece_count(int player) const { return piece_count_[player]; }
  int line_count(int line) const { return line_counts_[line]; }
  // Boards of at most 64 cells (Program::bitboards): bit c is set when `player` owns the
  // top piece on cell c. Kept in step by set_cell, set_column and undo.
  uint64_t pieces_mask(int player) const { return occupancy_[player]; }
  const std::vector<Move>& history() const { return history_; }
  int reserve(int player, int kind) const { return reserves_[player * program_->kind_count() + kind]; }
  int turn_action() const { return slot_; }  // index into Program::turn
  bool in_opening() const { return opening_ < static_cast<int>(program_->opening.size()); }
  // The action the seat to move plays now: an opening action, a turn action, or null for
  // a plain one-move turn.
  const TurnAction* current_action() const;
  int captured(int side) const { return captured_[side]; }
  int consecutive_passes() const { return passes_; }
  // The final score of a side under the rules' `score` terms.
  int score(int side) const;
  // Per cell, the side whose territory it is (-1 for none).
  std::vector<int> territory() const;

  // Legal moves for the player to move (a single pass move when the rules say so).
  void legal_moves(MoveList& out) const;
  MoveList legal_moves() const {
    MoveList m;
    legal_moves(m);
    return m;
  }
  bool is_legal(const Move& m) const;

  void apply(const Move& m);  // m must be legal
  void undo();

  bool is_terminal() const;
  GameResult result() const;
  // +1 win, -1 loss, 0 draw or not over, per player.
  std::vector<double> returns() const;

  bool connected(int player) const;

  // Replaces the position (for --position); clears history.
  void set_position(const Position& p);
  Position position() const;

  std::string move_to_string(const Move& m) const;
  // The column on a cell as text, top counter first ("" when empty).
  std::string column_text(int cell) const;
  bool operator==(const State& o) const;

  // ---- target regions (engine/regions.cpp) ----
  enum class Phase : uint8_t { none, mark, claim, pick, play, convert };
  Phase phase() const { return static_cast<Phase>(region_.phase); }
  int region_mark() const { return region_.mark; }          // the mark's cell, or -1
  bool in_region(int cell) const { return !region_mask_.empty() && region_mask_[cell]; }
  int region_size() const;                                  // cells of the current region
  bool region_is_open() const;
  int turn_budget() const { return region_.budget; }
  int budget_spent() const { return region_.spent; }
  bool first_turn() const { return region_.first_turn; }
  // Test and analysis hook: play for the region of this mark (choice: a direction, or -1)
  // from the current position, the side to move starting a turn (a first turn or not).
  // False when no shape of the current size fits there.
  bool set_region(int mark, int choice = -1, bool first_turn = false);

 private:
  void set_cell(int cell, uint8_t code);
  void set_column(int cell, const uint8_t* bottom_first, int height);
  void move_piece(int from, int to);
  void apply_hops(const Move& m);
  void promote_if_due(int cell, bool after_capture);
  void decide_after_move(int mover);
  // Conditions of end rules (from = to = -1) and of movements (the move's from and to).
  bool condition_holds(const Condition& c, int mover, int from = -1, int to = -1) const;
  long long condition_value(const Condition& c, int mover, int from = -1, int to = -1) const;
  int occupied_neighbours(int cell, int ignore) const;
  int resolve(PlayerRef who, int fixed, int mover) const;
  void rebuild_derived();
  void top_changed(int cell, uint8_t old_top, uint8_t new_top);
  bool action_applies(const TurnAction& a) const;
  void apply_flank_captures(int mover);
  void end_by_score();
  bool seat_can_capture(int seat, uint32_t kinds) const;
  void mix_counters_into_hash();
  void finish_action(int mover);
  void generate_placements(const TurnAction& a, MoveList& out) const;
  // Target regions and partial-move turns (engine/regions.cpp).
  void region_legal_moves(MoveList& out) const;
  void partial_moves(MoveList& out) const;
  void region_apply(const Move& m);
  void begin_turn(bool first);
  bool run_when(int mover);
  void end_partial_turn();
  void start_mark_phase(int setter_side);
  void finish_interchange();
  void refresh_region_mask();
  void mix_region_into_hash();
  int region_shape_for_size(int size) const;
  bool phased() const { return program_->region.enabled || program_->partial_turns(); }

  struct CellChange {
    int16_t cell;
    uint8_t old_code;
  };
  struct ColumnChange {
    int16_t cell;
    uint8_t height;
    uint8_t counters[Program::kMaxStack];
  };
  struct UndoRecord {
    uint32_t journal_size;
    uint32_t column_journal_size;
    uint64_t hash;
    int to_move;
    int quiet_plies;
    int slot;
    int side_turns;  // turns_done_ of the moving side before the action
    int passes;
    int opening;
    bool pie_swapped;
    std::array<int, 4> captured;
    uint32_t hash_history_size;
    uint64_t counters_mix;
    GameResult result;
  };

  std::shared_ptr<const Program> program_;
  std::vector<uint8_t> board_;    // top piece code per cell
  std::vector<uint8_t> columns_;  // stacking: cell * kMaxStack + level
  std::vector<uint8_t> heights_;  // stacking: column height per cell
  std::vector<int> piece_count_;  // pieces (columns, when stacking) owned per player
  std::vector<uint8_t> line_counts_;
  std::vector<uint64_t> occupancy_;  // bitboards only: the cells each side owns
  // Bitboards only: the last answer of connected(player), with the pieces it was for.
  struct ConnectedMemo {
    uint64_t pieces = 0;
    bool valid = false, connected = false;
  };
  mutable std::vector<ConnectedMemo> connected_memo_;
  int to_move_ = 0;
  int ply_ = 0;
  int quiet_plies_ = 0;
  int slot_ = 0;                    // action of a multi-action turn
  int opening_ = 0;                 // next opening action (== opening.size() when done)
  bool pie_swapped_ = false;        // the pie rule swapped: the other side starts
  int passes_ = 0;                  // consecutive passes
  std::vector<int> captured_;       // pieces captured, per side
  uint64_t counters_mix_ = 0;       // the part of the hash that stands for the counters
  std::vector<uint8_t> reserves_;   // [player * kinds + kind]
  std::vector<int> turns_done_;     // completed turns per side
  uint64_t hash_ = 0;
  GameResult result_;
  std::vector<Move> history_;
  std::vector<CellChange> journal_;
  std::vector<ColumnChange> column_journal_;
  std::vector<UndoRecord> undo_;
  std::vector<std::pair<int16_t, uint8_t>> reserve_journal_;  // (index, old count)
  std::vector<uint32_t> reserve_marks_;                       // journal size per undo record
  std::vector<uint64_t> hash_history_;  // for the repetition option

  // Target-region state: a plain value, saved whole on every action (region_undo_).
  struct RegionState {
    uint8_t phase = 0;         // Phase
    int8_t setter = -1;        // the side that set the mark
    int16_t mark = -1;         // the mark's cell
    int8_t shape = -1;         // index into Program::region.shapes
    int8_t choice = -1;        // the setter's chosen direction, or -1
    uint8_t first_turn = 0;    // the first turn after the mark
    uint8_t budget = 0, spent = 0;
    uint8_t round = 0;         // marks set so far (the first mark may have its own cells)
    uint8_t moved_count = 0;   // pieces moved this turn (their cells now)
    uint8_t pick_count = 0;    // interchange picks so far
    std::array<int16_t, 16> moved{};
    std::array<int16_t, 32> picks{};
    bool operator==(const RegionState&) const = default;
  };
  RegionState region_;
  uint64_t region_mix_ = 0;              // the part of the hash that stands for region_
  std::vector<uint8_t> region_mask_;     // per cell: in the current region
  std::vector<std::pair<RegionState, uint64_t>> region_undo_;
};

}  // namespace tabula

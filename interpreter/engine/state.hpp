#pragma once
// A game position and its history: the store. It keeps the board (a top piece per cell, and
// columns when pieces stack), the construct-owned values (Program::vars), the counters, the
// incremental data (pieces per side, per line, bitboards, hash) and the journal that undo
// replays. The contract follows OpenSpiel's State: current player, legal moves, apply,
// undo, terminal, returns, clone (copy), serialise as move history. Generating moves,
// evaluating conditions and writing text are free functions over a const State
// (engine/generate, engine/evaluate, engine/text/move_text, engine/text/position_text); changing one
// is done through a StateEditor (engine/state_editor.hpp), which the state hands only to
// the constructs' effects and the turn machine while it applies a move.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "program/program.hpp"

namespace tabula {

struct GameResult {
  bool over = false;
  int winner = -1;  // -1 with over = draw
};

// Where the turn machine stands (engine/turn_machine).
struct TurnPoint {
  enum Segment : uint8_t { opening, turn, interlude };
  uint8_t segment = turn;
  uint8_t step = 0;   // opening / turn: the index of the step; interlude: the phase's maker index
  uint8_t fresh = 0;  // the turn began right after an interlude (the first turn after a mark)
  bool operator==(const TurnPoint&) const = default;
};

// Everything a position is, as text can say it (engine/text/position_text): the columns, the seat
// to move, where the turn stands, the counters and the construct-owned values.
struct Position {
  std::vector<std::vector<uint8_t>> columns;  // per cell, bottom first
  int to_move = 0;                            // the seat
  bool has_turn_point = false;                // else: the start of a turn (or the game's start phase)
  TurnPoint turn;
  int passes = 0;
  int quiet_plies = 0;
  int ply = 0;                // plies played before this position
  std::vector<int32_t> vars;  // empty: every construct's initial value
  GameResult result;          // a game that ended here (by a rule, not by a lack of moves)
};

// Thrown by State::apply for a move that is not legal in the position.
struct IllegalMove : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class StateEditor;  // engine/state_editor.hpp

class State {
 public:
  explicit State(std::shared_ptr<const Program> program);

  const Program& program() const { return *program_; }
  std::shared_ptr<const Program> program_ptr() const { return program_; }

  // ---- whose turn ----
  int current_seat() const { return seat_; }
  int current_player() const { return program_->seats[seat_].side; }
  const TurnPoint& turn_point() const { return turn_; }
  int ply() const { return ply_offset_ + static_cast<int>(history_.size()); }
  const std::vector<Move>& history() const { return history_; }

  // ---- the board ----
  uint8_t at(int cell) const { return board_[cell]; }  // the top piece, 0 when empty
  int height(int cell) const { return program_->stacking ? heights_[cell] : (board_[cell] ? 1 : 0); }
  uint8_t counter(int cell, int level) const;  // level 0 = bottom
  const uint8_t* tops() const { return board_.data(); }
  const uint8_t* heights() const { return heights_.data(); }
  const uint8_t* columns() const { return columns_.data(); }  // cell * kMaxStack + level
  int piece_count(int side) const { return piece_count_[side]; }
  // The cells whose top piece has this code (a kind of one side).
  int code_count(uint8_t code) const { return code_count_[code]; }
  int line_count(int line) const { return line_counts_[line]; }
  const uint16_t* line_counts() const { return line_counts_.data(); }
  // A word per straight line and side (kernels/line_sweeps.hpp), when the program keeps them
  // (Program::keeps_line_words); null otherwise.
  const uint64_t* line_words() const { return line_words_.empty() ? nullptr : line_words_.data(); }
  // Boards of at most 64 cells: bit c is set when `side` owns the top piece on cell c.
  uint64_t pieces_mask(int side) const { return occupancy_[side]; }
  // Bitboards only: the cells whose top piece has this code (a kind of one side) ...
  uint64_t code_mask(uint8_t code) const { return code_mask_[code]; }
  // ... or is `side`'s and of one of `kinds` (a bit per kind).
  uint64_t kinds_mask(int side, uint32_t kinds) const {
    const uint64_t* of_side = &code_mask_[program_->piece_code(side, 0)];  // a side's codes follow each other
    uint64_t cells = 0;
    for (kinds &= program_->all_kinds(); kinds; kinds &= kinds - 1) cells |= of_side[__builtin_ctz(kinds)];
    return cells;
  }
  uint64_t occupied_mask() const { return occupied_; }
  std::string column_text(int cell) const;  // the column, top counter first ("" when empty)

  // ---- counters and construct-owned values ----
  int32_t var(int i) const { return vars_[i]; }
  int consecutive_passes() const { return passes_; }
  int quiet_plies() const { return quiet_; }
  // The position's hash (pieces, seat, turn point, every value and counter), and the key
  // repetition compares (the same without the counters).
  uint64_t hash() const { return position_key() ^ counter_hash_; }
  uint64_t position_key() const { return hashing_ ? hash_ : position_hash(); }
  // The key of the pieces alone (whoever moves, whatever the counters and values): what a
  // positional repetition compares.
  uint64_t board_key() const;
  // How many times this board stood at the start of a turn before the last move was played
  // (the move taken back by undo; with none journaled, at every turn start remembered). The
  // rules keep boards when some rule asks (EndRules::remembers_positions).
  int board_seen_before_move() const;
  // How many times the position at the start of this turn (the last one remembered) has
  // stood at a turn start, this time included; 0 when none is remembered.
  int repetitions() const { return keys_seen_.empty() ? 0 : times_seen(); }

  // ---- the end ----
  bool is_terminal() const;
  GameResult result() const;
  std::vector<double> returns() const;  // +1 win, -1 loss, 0 draw or not over, per side

  // Whether what the state keeps in step with its cells (piece counts, bitboards, words per
  // line, running line counts, the hash) is what recounting the cells
  // gives (Stockfish's pos_is_ok); when not, `why` names the first difference. For tests and
  // the conformance playouts, which ask at every ply.
  bool is_consistent(std::string* why = nullptr) const;

  // ---- the contract ----
  void legal_moves(MoveList& out) const;
  MoveList legal_moves() const {
    MoveList m;
    legal_moves(m);
    return m;
  }
  bool is_legal(const Move& m) const;
  void apply(const Move& m);            // throws IllegalMove when m is not legal here
  void apply_unchecked(const Move& m);  // m must be legal: the fast path for search
  void undo();
  // From here on nothing is journaled: no undo, no history (the ply count goes on). For a
  // random playout whose state is thrown away; a copy keeps this.
  void stop_journal();
  // Journals again from here on (undo reaches back to this point, no further): for a copy
  // of a position that tries moves and takes them back (engine/legality).
  void restart_journal() { journaled_ = true; }
  // A copy that tries moves for the legality filter: the end rules are not asked after them
  // (the filter judges the position a move makes, and an end rule that lists moves, such as
  // can-move, would filter again without end).
  void mark_trial() { trial_ = true; }
  bool is_trial() const { return trial_; }
  // From here on the position's hash is not kept as the pieces move (hash() and
  // position_key() compute it when asked), unless the rules compare positions (repetition).
  // For a random playout, whose hash nobody reads; a copy keeps this.
  void stop_hashing();
  std::string move_to_string(const Move& m) const;

  void set_position(const Position& p);  // clears the history
  // The position as at the start of `seat`'s turn (its phase entered), for a copy that
  // looks ahead at what the seat could play (can_move); journaled like a move's changes.
  void begin_turn_of(int seat);
  // A change that neither a move nor a position's text can make (a test that starts a
  // region's round on a chosen mark): made through an editor, as a construct's effect is.
  void edit(const std::function<void(StateEditor&)>& change);
  Position position() const;
  bool operator==(const State& o) const;

  // Whether the game ended by a rule (not by a lack of moves).
  GameResult stored_result() const { return result_; }

 private:
  // Constructs and the turn machine change a state through a StateEditor
  // (engine/state_editor.hpp), which only the state hands out.
  friend class StateEditor;
  void set_cell(int cell, uint8_t code);
  void set_column(int cell, const uint8_t* bottom_first, int height);
  void move_piece(int from, int to);
  uint8_t take_top(int cell);
  void set_var(int i, int32_t v);
  void set_seat(int seat) {
    if (seat == seat_) return;
    hash_ ^= program_->keys.seat[seat_] ^ program_->keys.seat[seat];
    seat_ = seat;
  }
  void set_turn_point(TurnPoint t) {
    if (t == turn_) return;
    hash_ ^= turn_key(turn_) ^ turn_key(t);
    turn_ = t;
  }
  void set_passes(int n) {
    if (n != passes_) change_passes(n);
  }
  void remember_position();
  int times_seen() const;
  void top_changed(int cell, uint8_t old_top, uint8_t new_top);
  // The hash keys of `cell`'s column: level l, counter c at [l * 64 + c].
  const uint64_t* column_keys(int cell) const {
    return &program_->keys.column[static_cast<size_t>(cell) * Program::kMaxStack * 64];
  }
  void change_passes(int n);
  // What undo needs to put a cell (a column) back, when the state keeps a journal.
  void journal_cell(int cell, uint8_t old_code) {
    if (journaled_) journal_.push_back({static_cast<int16_t>(cell), old_code});
  }
  void journal_column(int cell);
  uint64_t turn_key(TurnPoint t) const {
    const HashKeys& k = program_->keys;
    return k.step[t.segment * 256 + t.step] ^ (t.fresh ? k.step[767] : 0);
  }
  // What rebuild_derived sets, counted from the cells and variables (is_consistent compares).
  struct Derived {
    std::vector<int> piece_count, code_count;
    std::vector<uint16_t> line_counts;
    std::vector<uint64_t> line_words, occupancy, code_mask;
    uint64_t occupied = 0, hash = 0, counter_hash = 0;
  };
  Derived recount() const;
  void rebuild_derived();
  uint64_t position_hash() const;  // the position's part of the hash, from the position

  struct CellChange {
    int16_t cell;
    uint8_t old_code;
  };
  struct ColumnChange {
    int16_t cell;
    uint8_t height;
    uint8_t counters[Program::kMaxStack];
  };
  struct VarChange {
    int32_t index;
    int32_t old_value;
  };
  struct UndoRecord {
    uint32_t cells, columns, vars, keys_seen;
    uint64_t hash, counter_hash;
    int seat;
    TurnPoint turn;
    int quiet, passes;
    GameResult result;
  };

  std::shared_ptr<const Program> program_;
  std::vector<uint8_t> board_;    // top piece code per cell
  std::vector<uint8_t> columns_;  // stacking: cell * kMaxStack + level
  std::vector<uint8_t> heights_;  // stacking: column height per cell
  std::vector<int> piece_count_;  // pieces (columns, when stacking) owned per side
  std::vector<int> code_count_;   // per piece code: the cells it is the top of
  std::vector<uint16_t> line_counts_;
  std::vector<uint64_t> line_words_;
  std::vector<uint64_t> occupancy_;  // bitboards only: the cells each side owns
  uint64_t occupied_ = 0;            // bitboards only: their union
  std::vector<uint64_t> code_mask_;  // bitboards only: the cells each piece code tops
  std::vector<int32_t> vars_;
  int seat_ = 0;
  TurnPoint turn_;
  int quiet_ = 0;
  int passes_ = 0;
  int ply_offset_ = 0;
  uint64_t hash_ = 0, counter_hash_ = 0;
  GameResult result_;
  bool journaled_ = true;
  bool hashing_ = true;  // hash_ kept as the position changes (stop_hashing)
  bool trial_ = false;   // mark_trial
  std::vector<Move> history_;
  std::vector<CellChange> journal_;
  std::vector<ColumnChange> column_journal_;
  std::vector<VarChange> var_journal_;
  std::vector<UndoRecord> undo_;
  std::vector<uint64_t> keys_seen_;    // position keys at turn starts, for the repetition rule
  std::vector<uint64_t> boards_seen_;  // their board keys (board_key), in step
};

}  // namespace tabula

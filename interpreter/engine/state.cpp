#include "engine/state.hpp"

#include <algorithm>

#include "kernels/connectivity.hpp"

namespace tabula {

State::State(std::shared_ptr<const Program> program) : program_(std::move(program)) {
  set_position(program_->setup, 0);
}

void State::set_position(const std::vector<uint8_t>& cells, int to_move) {
  const Program& p = *program_;
  board_ = cells;
  to_move_ = to_move;
  ply_ = 0;
  result_ = {};
  history_.clear();
  journal_.clear();
  undo_.clear();
  rebuild_derived();
  hash_history_.assign(1, hash_);
  (void)p;
}

// Piece counts, line counts and the hash, recomputed from the board.
void State::rebuild_derived() {
  const Program& p = *program_;
  piece_count_.assign(p.player_count(), 0);
  line_counts_.assign(p.line_count, 0);
  hash_ = p.zobrist_turn[to_move_];
  for (int c = 0; c < p.cells; ++c) {
    uint8_t code = board_[c];
    if (!code) continue;
    ++piece_count_[p.owner(code)];
    hash_ ^= p.zobrist[c * 256 + code];
    for (int i = p.lines_through_begin[c]; i < p.lines_through_begin[c + 1]; ++i) ++line_counts_[p.lines_through[i]];
  }
}

// The one place the board changes: journals the old value and keeps counts and hash in step.
void State::set_cell(int cell, uint8_t code) {
  const Program& p = *program_;
  uint8_t old = board_[cell];
  if (old == code) return;
  journal_.push_back({static_cast<int16_t>(cell), old});
  board_[cell] = code;
  if (old) {
    --piece_count_[p.owner(old)];
    hash_ ^= p.zobrist[cell * 256 + old];
  }
  if (code) {
    ++piece_count_[p.owner(code)];
    hash_ ^= p.zobrist[cell * 256 + code];
  }
  if ((old != 0) != (code != 0) && p.uses_line_counts) {
    int delta = code ? 1 : -1;
    for (int i = p.lines_through_begin[cell]; i < p.lines_through_begin[cell + 1]; ++i)
      line_counts_[p.lines_through[i]] = static_cast<uint8_t>(line_counts_[p.lines_through[i]] + delta);
  }
}

void State::apply(const Move& m) {
  const Program& p = *program_;
  undo_.push_back({static_cast<uint32_t>(journal_.size()), hash_, to_move_, result_});
  int mover = to_move_;
  if (m.type == Move::normal) {
    uint8_t piece = board_[m.from];
    set_cell(m.from, 0);
    set_cell(m.to, piece);
  }
  history_.push_back(m);
  ++ply_;
  hash_ ^= p.zobrist_turn[to_move_];
  to_move_ = (to_move_ + 1) % p.player_count();
  hash_ ^= p.zobrist_turn[to_move_];
  decide_after_move(mover);
  if (p.repetition_draw) {
    hash_history_.push_back(hash_);
    if (!result_.over && std::count(hash_history_.begin(), hash_history_.end(), hash_) >= 3) result_ = {true, -1};
  }
}

void State::undo() {
  const Program& p = *program_;
  UndoRecord r = undo_.back();
  undo_.pop_back();
  while (journal_.size() > r.journal_size) {
    CellChange ch = journal_.back();
    journal_.pop_back();
    uint8_t now = board_[ch.cell];
    board_[ch.cell] = ch.old_code;
    if (now) --piece_count_[p.owner(now)];
    if (ch.old_code) ++piece_count_[p.owner(ch.old_code)];
    if ((now != 0) != (ch.old_code != 0) && p.uses_line_counts) {
      int delta = ch.old_code ? 1 : -1;
      for (int i = p.lines_through_begin[ch.cell]; i < p.lines_through_begin[ch.cell + 1]; ++i)
        line_counts_[p.lines_through[i]] = static_cast<uint8_t>(line_counts_[p.lines_through[i]] + delta);
    }
  }
  hash_ = r.hash;
  to_move_ = r.to_move;
  result_ = r.result;
  history_.pop_back();
  --ply_;
  if (p.repetition_draw) hash_history_.pop_back();
}

int State::resolve(PlayerRef who, int fixed, int mover) const {
  switch (who) {
    case PlayerRef::mover: return mover;
    case PlayerRef::opponent: return (mover + 1) % program_->player_count();
    case PlayerRef::fixed: return fixed;
  }
  return mover;
}

long long State::condition_value(const Condition& c, int mover) const {
  switch (c.op) {
    case Condition::Op::constant: return c.value;
    case Condition::Op::piece_count: return piece_count_[resolve(c.who, c.fixed_player, mover)];
    default: return condition_holds(c, mover) ? 1 : 0;
  }
}

bool State::condition_holds(const Condition& c, int mover) const {
  switch (c.op) {
    case Condition::Op::connected: return connected(resolve(c.who, c.fixed_player, mover));
    case Condition::Op::not_: return !condition_holds(c.args[0], mover);
    case Condition::Op::and_: return condition_holds(c.args[0], mover) && condition_holds(c.args[1], mover);
    case Condition::Op::or_: return condition_holds(c.args[0], mover) || condition_holds(c.args[1], mover);
    case Condition::Op::compare: {
      long long a = condition_value(c.args[0], mover), b = condition_value(c.args[1], mover);
      if (c.compare == "==") return a == b;
      if (c.compare == "!=") return a != b;
      if (c.compare == "<") return a < b;
      if (c.compare == "<=") return a <= b;
      if (c.compare == ">") return a > b;
      return a >= b;
    }
    default: return condition_value(c, mover) != 0;
  }
}

// End rules are tried in order; the first whose condition holds decides the game.
void State::decide_after_move(int mover) {
  const Program& p = *program_;
  for (const EndRule& r : p.after_move) {
    if (!condition_holds(r.condition, mover)) continue;
    int who = resolve(r.who, r.fixed_player, mover);
    if (r.outcome == Outcome::draw) result_ = {true, -1};
    else if (r.outcome == Outcome::win) result_ = {true, who};
    else result_ = {true, p.player_count() == 2 ? 1 - who : -1};
    return;
  }
  if (ply_ >= p.ply_limit) result_ = {true, -1};
}

bool State::is_terminal() const {
  if (result_.over) return true;
  if (program_->no_move == NoMovePolicy::pass) return false;
  MoveList m;
  legal_moves(m);
  return m.empty();
}

GameResult State::result() const {
  if (result_.over) return result_;
  if (program_->no_move != NoMovePolicy::pass) {
    MoveList m;
    legal_moves(m);
    if (m.empty()) {
      if (program_->no_move == NoMovePolicy::draw) return {true, -1};
      return {true, program_->player_count() == 2 ? 1 - to_move_ : -1};
    }
  }
  return result_;
}

std::vector<double> State::returns() const {
  std::vector<double> r(program_->player_count(), 0.0);
  GameResult g = result();
  if (g.over && g.winner >= 0)
    for (int i = 0; i < program_->player_count(); ++i) r[i] = i == g.winner ? 1.0 : -1.0;
  return r;
}

bool State::connected(int player) const { return pieces_connected(*program_, board_, player, piece_count_[player]); }

bool State::operator==(const State& o) const {
  return board_ == o.board_ && to_move_ == o.to_move_ && hash_ == o.hash_ && ply_ == o.ply_ &&
         result_.over == o.result_.over && result_.winner == o.result_.winner;
}

std::string State::move_to_string(const Move& m) const {
  const Program& p = *program_;
  if (m.type == Move::pass) return "pass";
  const std::string& sep = m.captures ? p.notation.capture_separator : p.notation.step_separator;
  return p.board->cell(m.from).name + sep + p.board->cell(m.to).name;
}

}  // namespace tabula

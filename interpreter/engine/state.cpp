#include "engine/state.hpp"

#include <algorithm>

#include "kernels/connectivity.hpp"

namespace tabula {
namespace {
constexpr int kStack = Program::kMaxStack;
}

State::State(std::shared_ptr<const Program> program) : program_(std::move(program)) {
  Position start;
  start.columns.resize(program_->cells);
  for (int c = 0; c < program_->cells; ++c)
    if (program_->setup[c]) start.columns[c].push_back(program_->setup[c]);
  set_position(start);
}

void State::set_position(const Position& pos) {
  const Program& p = *program_;
  board_.assign(p.cells, 0);
  if (p.stacking) {
    columns_.assign(static_cast<size_t>(p.cells) * kStack, 0);
    heights_.assign(p.cells, 0);
  }
  for (int c = 0; c < p.cells && c < static_cast<int>(pos.columns.size()); ++c) {
    const auto& col = pos.columns[c];
    if (col.empty()) continue;
    board_[c] = col.back();
    if (p.stacking) {
      heights_[c] = static_cast<uint8_t>(std::min<size_t>(col.size(), kStack));
      std::copy(col.begin(), col.begin() + heights_[c], columns_.begin() + c * kStack);
    }
  }
  to_move_ = pos.to_move;
  ply_ = 0;
  quiet_plies_ = 0;
  slot_ = 0;
  reserves_.assign(static_cast<size_t>(p.player_count()) * p.kind_count(), 0);
  for (int pl = 0; pl < static_cast<int>(p.reserves.size()); ++pl)
    for (int k = 0; k < static_cast<int>(p.reserves[pl].size()); ++k)
      reserves_[pl * p.kind_count() + k] = static_cast<uint8_t>(p.reserves[pl][k]);
  turns_done_.assign(p.player_count(), 0);
  reserve_journal_.clear();
  reserve_marks_.clear();
  result_ = {};
  history_.clear();
  journal_.clear();
  column_journal_.clear();
  undo_.clear();
  rebuild_derived();
  hash_history_.assign(1, hash_);
}

Position State::position() const {
  Position pos;
  pos.to_move = to_move_;
  pos.columns.resize(program_->cells);
  for (int c = 0; c < program_->cells; ++c) {
    if (program_->stacking) pos.columns[c].assign(columns_.begin() + c * kStack, columns_.begin() + c * kStack + heights_[c]);
    else if (board_[c]) pos.columns[c].push_back(board_[c]);
  }
  return pos;
}

int State::height(int cell) const {
  if (program_->stacking) return heights_[cell];
  return board_[cell] ? 1 : 0;
}

uint8_t State::counter(int cell, int level) const {
  if (program_->stacking) return columns_[cell * kStack + level];
  return board_[cell];
}

// Piece counts, line counts and the hash, recomputed from the board.
void State::rebuild_derived() {
  const Program& p = *program_;
  piece_count_.assign(p.player_count(), 0);
  line_counts_.assign(p.line_count, 0);
  hash_ = p.zobrist_turn[to_move_] ^ (p.turn.empty() ? 0 : p.zobrist_slot[slot_]);
  for (size_t i = 0; i < reserves_.size(); ++i) hash_ ^= p.zobrist_reserve[i * 64 + (reserves_[i] & 63)];
  for (int c = 0; c < p.cells; ++c) {
    uint8_t code = board_[c];
    if (!code) continue;
    ++piece_count_[p.owner(code)];
    if (p.stacking)
      for (int l = 0; l < heights_[c]; ++l) hash_ ^= p.column_zobrist[(c * kStack + l) * 64 + columns_[c * kStack + l]];
    else
      hash_ ^= p.zobrist[c * 256 + code];
    for (int i = p.lines_through_begin[c]; i < p.lines_through_begin[c + 1]; ++i) ++line_counts_[p.lines_through[i]];
  }
}

// The one place a plain board changes: journals the old value and keeps counts and hash in step.
void State::set_cell(int cell, uint8_t code) {
  const Program& p = *program_;
  if (p.stacking) {
    set_column(cell, &code, code ? 1 : 0);
    return;
  }
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

// The one place a column changes (stacking games).
void State::set_column(int cell, const uint8_t* bottom_first, int height) {
  const Program& p = *program_;
  ColumnChange ch;
  ch.cell = static_cast<int16_t>(cell);
  ch.height = heights_[cell];
  uint8_t* col = &columns_[cell * kStack];
  std::copy(col, col + ch.height, ch.counters);
  column_journal_.push_back(ch);
  uint8_t old_top = board_[cell];
  for (int l = 0; l < ch.height; ++l) hash_ ^= p.column_zobrist[(cell * kStack + l) * 64 + col[l]];
  std::copy(bottom_first, bottom_first + height, col);
  // Levels above the top stay zero, so equal positions compare equal byte for byte.
  if (ch.height > height) std::fill(col + height, col + ch.height, 0);
  heights_[cell] = static_cast<uint8_t>(height);
  for (int l = 0; l < height; ++l) hash_ ^= p.column_zobrist[(cell * kStack + l) * 64 + col[l]];
  uint8_t top = height ? col[height - 1] : 0;
  board_[cell] = top;
  if (old_top) --piece_count_[p.owner(old_top)];
  if (top) ++piece_count_[p.owner(top)];
  if ((old_top != 0) != (top != 0) && p.uses_line_counts) {
    int delta = top ? 1 : -1;
    for (int i = p.lines_through_begin[cell]; i < p.lines_through_begin[cell + 1]; ++i)
      line_counts_[p.lines_through[i]] = static_cast<uint8_t>(line_counts_[p.lines_through[i]] + delta);
  }
}

void State::move_piece(int from, int to) {
  if (program_->stacking) {
    uint8_t col[kStack];
    int h = heights_[from];
    std::copy(&columns_[from * kStack], &columns_[from * kStack] + h, col);
    set_column(from, col, 0);
    set_column(to, col, h);
  } else {
    uint8_t piece = board_[from];
    set_cell(from, 0);
    set_cell(to, piece);
  }
}

// A hop capture: the piece leaves its cell, jumps each landing in turn and takes (removes,
// or takes the top counter of) each jumped piece at once.
void State::apply_hops(const Move& m) {
  const Program& p = *program_;
  const MoveRule& rule = p.moves[m.rule];
  uint8_t col[kStack];
  int h = 0;
  if (p.stacking) {
    h = heights_[m.from];
    std::copy(&columns_[m.from * kStack], &columns_[m.from * kStack] + h, col);
    set_column(m.from, col, 0);
  } else {
    col[0] = board_[m.from];
    h = 1;
    set_cell(m.from, 0);
  }
  int at = m.from;
  for (int i = 0; i < m.hops; ++i) {
    int jumped = p.jumped_cell(at, m.path[i]);
    if (rule.take == Take::top_to_bottom && p.stacking) {
      int jh = heights_[jumped];
      uint8_t jcol[kStack];
      std::copy(&columns_[jumped * kStack], &columns_[jumped * kStack] + jh, jcol);
      uint8_t taken = jcol[jh - 1];
      set_column(jumped, jcol, jh - 1);
      // The taken counter goes under the taking column.
      std::copy_backward(col, col + h, col + h + 1);
      col[0] = taken;
      ++h;
    } else {
      set_cell(jumped, 0);
    }
    at = m.path[i];
  }
  if (p.stacking) set_column(m.to, col, h);
  else set_cell(m.to, col[0]);
}

// Promotion: the top piece (counter) on `cell` changes kind when it stands in its zone.
void State::promote_if_due(int cell, bool) {
  const Program& p = *program_;
  uint8_t code = board_[cell];
  if (!code) return;
  int owner = p.owner(code);
  for (const Promotion& pr : p.promotions) {
    if (!(pr.from_kinds & (1u << p.kind(code))) || !p.in_zone(pr.zone, owner, cell)) continue;
    uint8_t promoted = p.piece_code(owner, pr.to_kind);
    if (p.stacking) {
      uint8_t col[kStack];
      int h = heights_[cell];
      std::copy(&columns_[cell * kStack], &columns_[cell * kStack] + h, col);
      col[h - 1] = promoted;
      set_column(cell, col, h);
    } else {
      set_cell(cell, promoted);
    }
    return;
  }
}

void State::apply(const Move& m) {
  const Program& p = *program_;
  int mover = current_player();
  undo_.push_back({static_cast<uint32_t>(journal_.size()), static_cast<uint32_t>(column_journal_.size()), hash_,
                   to_move_, quiet_plies_, slot_, turns_done_[mover],
                   static_cast<uint32_t>(hash_history_.size()), result_});
  reserve_marks_.push_back(static_cast<uint32_t>(reserve_journal_.size()));
  if (m.type == Move::normal) {
    move_piece(m.from, m.to);
    if (!p.promotions.empty()) promote_if_due(m.to, false);
  } else if (m.type == Move::hop) {
    apply_hops(m);
    if (!p.promotions.empty()) promote_if_due(m.to, true);
  } else if (m.type == Move::place) {
    int index = p.owner(m.rule) * p.kind_count() + p.kind(m.rule);
    reserve_journal_.push_back({static_cast<int16_t>(index), reserves_[index]});
    hash_ ^= p.zobrist_reserve[index * 64 + (reserves_[index] & 63)];
    --reserves_[index];
    hash_ ^= p.zobrist_reserve[index * 64 + (reserves_[index] & 63)];
    set_cell(m.to, m.rule);
  }
  quiet_plies_ = m.captures ? 0 : quiet_plies_ + 1;
  history_.push_back(m);
  ++ply_;
  finish_action(mover);
}

// After an action: the next action of a multi-action turn, or the end of the turn, when
// the end rules are checked and the next seat moves.
void State::finish_action(int mover) {
  const Program& p = *program_;
  if (!p.turn.empty()) {
    hash_ ^= p.zobrist_slot[slot_];
    ++slot_;
    while (slot_ < static_cast<int>(p.turn.size()) && !action_applies(slot_)) ++slot_;
    if (slot_ < static_cast<int>(p.turn.size())) {
      hash_ ^= p.zobrist_slot[slot_];
      if (ply_ >= p.ply_limit) result_ = {true, -1};
      return;
    }
    slot_ = 0;
    ++turns_done_[mover];
  }
  hash_ ^= p.zobrist_turn[to_move_];
  to_move_ = (to_move_ + 1) % p.seat_count();
  hash_ ^= p.zobrist_turn[to_move_];
  if (!p.turn.empty()) {
    while (slot_ + 1 < static_cast<int>(p.turn.size()) && !action_applies(slot_)) ++slot_;
    hash_ ^= p.zobrist_slot[slot_];
  }
  decide_after_move(mover);
  if (p.repetition_draw) {
    hash_history_.push_back(hash_);
    if (!result_.over && std::count(hash_history_.begin(), hash_history_.end(), hash_) >= 3) result_ = {true, -1};
  }
  if (!result_.over && p.quiet_move_limit > 0 && quiet_plies_ >= p.quiet_move_limit) result_ = {true, -1};
}

bool State::action_applies(int slot) const {
  const Program& p = *program_;
  const TurnAction& a = p.turn[slot];
  int mover = current_player();
  if (a.kind == TurnAction::Kind::place && !reserve(resolve(a.reserve_of, a.reserve_player, mover), a.place_kind)) return false;
  return !a.has_condition || condition_holds(a.condition, mover);
}

void State::undo() {
  const Program& p = *program_;
  UndoRecord r = undo_.back();
  undo_.pop_back();
  while (column_journal_.size() > r.column_journal_size) {
    const ColumnChange& ch = column_journal_.back();
    int cell = ch.cell;
    uint8_t now = board_[cell];
    std::fill(&columns_[cell * kStack], &columns_[cell * kStack] + heights_[cell], 0);
    std::copy(ch.counters, ch.counters + ch.height, &columns_[cell * kStack]);
    heights_[cell] = ch.height;
    uint8_t top = ch.height ? ch.counters[ch.height - 1] : 0;
    board_[cell] = top;
    if (now) --piece_count_[p.owner(now)];
    if (top) ++piece_count_[p.owner(top)];
    if ((now != 0) != (top != 0) && p.uses_line_counts) {
      int delta = top ? 1 : -1;
      for (int i = p.lines_through_begin[cell]; i < p.lines_through_begin[cell + 1]; ++i)
        line_counts_[p.lines_through[i]] = static_cast<uint8_t>(line_counts_[p.lines_through[i]] + delta);
    }
    column_journal_.pop_back();
  }
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
  while (reserve_journal_.size() > reserve_marks_.back()) {
    reserves_[reserve_journal_.back().first] = reserve_journal_.back().second;
    reserve_journal_.pop_back();
  }
  reserve_marks_.pop_back();
  hash_history_.resize(r.hash_history_size);
  hash_ = r.hash;
  to_move_ = r.to_move;
  quiet_plies_ = r.quiet_plies;
  slot_ = r.slot;
  turns_done_[current_player()] = r.side_turns;
  result_ = r.result;
  history_.pop_back();
  --ply_;
}

int State::resolve(PlayerRef who, int fixed, int mover) const {
  switch (who) {
    case PlayerRef::mover: return mover;
    case PlayerRef::opponent: return (mover + 1) % program_->player_count();
    case PlayerRef::fixed: return fixed;
  }
  return mover;
}

int State::occupied_neighbours(int cell, int ignore) const {
  int n = 0;
  for (int16_t x : program_->adjacent[cell]) n += x != ignore && board_[x] != 0;
  return n;
}

long long State::condition_value(const Condition& c, int mover, int from, int to) const {
  switch (c.op) {
    case Condition::Op::constant: return c.value;
    case Condition::Op::piece_count: return piece_count_[resolve(c.who, c.fixed_player, mover)];
    case Condition::Op::turn_number: return turns_done_[mover] + 1;
    case Condition::Op::neighbours:
      // neighbours(to) does not count the moving piece's own square, which it leaves.
      return c.at_destination ? occupied_neighbours(to, from) : occupied_neighbours(from, -1);
    default: return condition_holds(c, mover, from, to) ? 1 : 0;
  }
}

bool State::condition_holds(const Condition& c, int mover, int from, int to) const {
  switch (c.op) {
    case Condition::Op::connected: return connected(resolve(c.who, c.fixed_player, mover));
    case Condition::Op::not_: return !condition_holds(c.args[0], mover, from, to);
    case Condition::Op::and_: return condition_holds(c.args[0], mover, from, to) && condition_holds(c.args[1], mover, from, to);
    case Condition::Op::or_: return condition_holds(c.args[0], mover, from, to) || condition_holds(c.args[1], mover, from, to);
    case Condition::Op::compare: {
      long long a = condition_value(c.args[0], mover, from, to), b = condition_value(c.args[1], mover, from, to);
      if (c.compare == "==") return a == b;
      if (c.compare == "!=") return a != b;
      if (c.compare == "<") return a < b;
      if (c.compare == "<=") return a <= b;
      if (c.compare == ">") return a > b;
      return a >= b;
    }
    default: return condition_value(c, mover, from, to) != 0;
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
      return {true, program_->player_count() == 2 ? 1 - current_player() : -1};
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
  if (program_->stacking && (heights_ != o.heights_ || columns_ != o.columns_)) return false;
  return board_ == o.board_ && to_move_ == o.to_move_ && hash_ == o.hash_ && ply_ == o.ply_ && slot_ == o.slot_ &&
         reserves_ == o.reserves_ && turns_done_ == o.turns_done_ &&
         quiet_plies_ == o.quiet_plies_ && result_.over == o.result_.over && result_.winner == o.result_.winner;
}

std::string State::column_text(int cell) const {
  std::string out;
  for (int l = height(cell) - 1; l >= 0; --l) out += program_->symbol(counter(cell, l));
  return out;
}

}  // namespace tabula

#include "engine/state.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "engine/state_editor.hpp"
#include "engine/turn_machine.hpp"
#include "kernels/line_sweeps.hpp"

namespace tabula {
namespace {
constexpr int kStack = Program::kMaxStack;
}

State::State(std::shared_ptr<const Program> program) : program_(std::move(program)) {
  Position start;
  start.columns.resize(program_->cells);
  for (int c = 0; c < program_->cells; ++c)
    if (program_->setup[c]) start.columns[c].push_back(program_->setup[c]);
  start.has_turn_point = true;  // the game's own start follows, not a resumed turn
  set_position(start);
  StateEditor edit(*this);
  start_game(edit);  // the opening, or a start phase, or the first turn
  keys_seen_.assign(1, hash_);
  boards_seen_.assign(1, board_key());
}

uint8_t State::counter(int cell, int level) const {
  if (program_->stacking) return columns_[cell * kStack + level];
  return board_[cell];
}

std::string State::column_text(int cell) const {
  std::string out;
  for (int l = height(cell) - 1; l >= 0; --l) out += program_->symbol(counter(cell, l));
  return out;
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
  vars_.assign(p.vars.size(), 0);
  for (int i = 0; i < p.vars.size(); ++i)
    vars_[i] = i < static_cast<int>(pos.vars.size()) ? pos.vars[i] : p.vars.specs[i].initial;
  seat_ = pos.to_move;
  quiet_ = pos.quiet_plies;
  passes_ = pos.passes;
  ply_offset_ = pos.ply;
  result_ = pos.result;
  history_.clear();
  journal_.clear();
  column_journal_.clear();
  var_journal_.clear();
  undo_.clear();
  turn_ = pos.turn;
  rebuild_derived();
  keys_seen_.clear();
  boards_seen_.clear();
  // Without a turn point, a position stands at the start of a turn (or, in a game that
  // starts with a phase of its own, at that phase): the turn machine sets it up.
  if (!pos.has_turn_point) {
    StateEditor edit(*this);
    resume_at_turn_start(edit);
  }
  keys_seen_.assign(1, hash_);
  boards_seen_.assign(1, board_key());
}

void State::begin_turn_of(int seat) {
  StateEditor edit(*this);
  begin_turn(edit, seat, false);
}

void State::edit(const std::function<void(StateEditor&)>& change) {
  StateEditor editor(*this);
  change(editor);
}

Position State::position() const {
  Position pos;
  pos.to_move = seat_;
  pos.columns.resize(program_->cells);
  for (int c = 0; c < program_->cells; ++c) {
    if (program_->stacking)
      pos.columns[c].assign(columns_.begin() + c * kStack, columns_.begin() + c * kStack + heights_[c]);
    else if (board_[c]) pos.columns[c].push_back(board_[c]);
  }
  pos.has_turn_point = true;
  pos.turn = turn_;
  pos.passes = passes_;
  pos.quiet_plies = quiet_;
  pos.ply = ply();
  pos.vars = vars_;
  pos.result = result_;
  return pos;
}

// Piece counts, line counts, bitboards and the hashes, counted again from the cells and
// variables alone: what the incremental updates must always equal.
State::Derived State::recount() const {
  const Program& p = *program_;
  Derived d;
  d.piece_count.assign(p.player_count(), 0);
  d.code_count.assign(1 + p.player_count() * p.kind_count(), 0);
  d.line_counts.assign(p.line_count, 0);
  d.occupancy.assign(p.player_count(), 0);
  d.code_mask.assign(1 + p.player_count() * p.kind_count(), 0);
  d.hash = position_hash();
  d.counter_hash = hash_var(-1, passes_);
  for (int i = 0; i < p.vars.size(); ++i)
    if (p.vars.specs[i].role != VarSpec::Role::position) d.counter_hash ^= hash_var(i, vars_[i]);
  for (int c = 0; c < p.cells; ++c) {
    uint8_t code = board_[c];
    if (!code) continue;
    ++d.piece_count[p.owner(code)];
    ++d.code_count[code];
    if (p.bitboards) {
      d.occupancy[p.owner(code)] |= uint64_t{1} << c;
      d.occupied |= uint64_t{1} << c;
      d.code_mask[code] |= uint64_t{1} << c;
    }
    for (int i = p.lines_through_begin[c]; i < p.lines_through_begin[c + 1]; ++i) ++d.line_counts[p.lines_through[i]];
  }
  if (p.keeps_line_words()) {
    d.line_words.resize(static_cast<size_t>(p.straight_lines.count()) * line_word_stride(p));
    gather_line_words(p, board_.data(), d.line_words.data());
  }
  return d;
}

void State::rebuild_derived() {
  Derived d = recount();
  piece_count_ = std::move(d.piece_count);
  code_count_ = std::move(d.code_count);
  line_counts_ = std::move(d.line_counts);
  line_words_ = std::move(d.line_words);
  occupancy_ = std::move(d.occupancy);
  occupied_ = d.occupied;
  code_mask_ = std::move(d.code_mask);
  hash_ = d.hash;
  counter_hash_ = d.counter_hash;
}

uint64_t State::position_hash() const {
  const Program& p = *program_;
  uint64_t hash = p.keys.seat[seat_] ^ turn_key(turn_);
  for (int i = 0; i < p.vars.size(); ++i)
    if (p.vars.specs[i].role == VarSpec::Role::position) hash ^= hash_var(i, vars_[i]);
  for (int c = 0; c < p.cells; ++c) {
    if (!board_[c]) continue;
    if (p.stacking)
      for (int l = 0; l < heights_[c]; ++l) hash ^= column_keys(c)[l * 64 + columns_[c * kStack + l]];
    else hash ^= p.keys.cell[c * 256 + board_[c]];
  }
  return hash;
}

void State::stop_hashing() {
  if (!program_->end.remembers_positions() && !program_->reference) hashing_ = false;
}

// What follows the top piece of a cell: pieces per side and per code, pieces per line and, on small
// boards, the bitboards of each side and each piece code. (The hash is the caller's: it differs for columns.)
inline void State::top_changed(int cell, uint8_t old_top, uint8_t new_top) {
  const Program& p = *program_;
  if (old_top) {
    int owner = p.code_owner[old_top];
    --piece_count_[owner];
    --code_count_[old_top];
    if (p.bitboards) {
      occupancy_[owner] &= ~(uint64_t{1} << cell);
      occupied_ &= ~(uint64_t{1} << cell);
      code_mask_[old_top] &= ~(uint64_t{1} << cell);
    }
  }
  if (new_top) {
    int owner = p.code_owner[new_top];
    ++piece_count_[owner];
    ++code_count_[new_top];
    if (p.bitboards) {
      occupancy_[owner] |= uint64_t{1} << cell;
      occupied_ |= uint64_t{1} << cell;
      code_mask_[new_top] |= uint64_t{1} << cell;
    }
  }
  if (!line_words_.empty() && p.code_owner[old_top] != p.code_owner[new_top])
    line_words_changed(p, line_words_.data(), cell, p.code_owner[old_top], p.code_owner[new_top]);
  if ((old_top != 0) != (new_top != 0) && p.uses_line_counts) {
    int delta = new_top ? 1 : -1;
    for (int i = p.lines_through_begin[cell]; i < p.lines_through_begin[cell + 1]; ++i)
      line_counts_[p.lines_through[i]] = static_cast<uint16_t>(line_counts_[p.lines_through[i]] + delta);
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
  journal_cell(cell, old);
  board_[cell] = code;
  if (old) hash_ ^= p.keys.cell[cell * 256 + old];
  if (code) hash_ ^= p.keys.cell[cell * 256 + code];
  top_changed(cell, old, code);
}

// The column of `cell` as it stands, for undo (when the state keeps a journal). Written in
// place, the whole column at a fixed size: a copy of the column's height to a local then
// pushed was read back as wide words before the bytes had landed (a store-forwarding stall
// that was most of set_column's time).
void State::journal_column(int cell) {
  if (!journaled_) return;
  ColumnChange& ch = column_journal_.emplace_back();
  ch.cell = static_cast<int16_t>(cell);
  ch.height = heights_[cell];
  std::memcpy(ch.counters, &columns_[cell * kStack], kStack);
}

// The one place a column changes (stacking games).
void State::set_column(int cell, const uint8_t* bottom_first, int height) {
  uint8_t* col = &columns_[cell * kStack];
  const int old_height = heights_[cell];
  journal_column(cell);
  uint8_t old_top = board_[cell];
  // Levels above the top stay zero, so equal positions compare equal byte for byte; only
  // the levels that change touch the hash (a zero level has no key).
  if (hashing_) {
    const uint64_t* keys = column_keys(cell);
    uint64_t hash = hash_;  // in a register: the stores to col[] could alias hash_
    for (int l = 0, top_level = std::max(old_height, height); l < top_level; ++l) {
      uint8_t now = l < height ? bottom_first[l] : 0;
      if (col[l] == now) continue;
      if (col[l]) hash ^= keys[l * 64 + col[l]];
      if (now) hash ^= keys[l * 64 + now];
      col[l] = now;
    }
    hash_ = hash;
  } else {  // the whole column cleared as one fixed-size block, then the counters copied
    std::memset(col, 0, kStack);
    if (height) std::memcpy(col, bottom_first, height);
  }
  heights_[cell] = static_cast<uint8_t>(height);
  uint8_t top = height ? col[height - 1] : 0;
  board_[cell] = top;
  top_changed(cell, old_top, top);
}

// A column's top counter taken off: one level changes (set_column with the column copied
// would compare every level).
uint8_t State::take_top(int cell) {
  const Program& p = *program_;
  const uint8_t top = board_[cell];
  if (!top) return 0;
  if (!p.stacking) {
    set_cell(cell, 0);
    return top;
  }
  journal_column(cell);
  uint8_t* col = &columns_[cell * kStack];
  const int level = heights_[cell] - 1;
  if (hashing_) hash_ ^= column_keys(cell)[level * 64 + top];
  col[level] = 0;
  heights_[cell] = static_cast<uint8_t>(level);
  const uint8_t now = level ? col[level - 1] : 0;
  board_[cell] = now;
  top_changed(cell, top, now);
  return top;
}

void State::move_piece(int from, int to) {
  const Program& p = *program_;
  if (!board_[from] || board_[to] || from == to || !p.bitboards || p.uses_line_counts || !line_words_.empty()) {
    if (p.stacking) {
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
    return;
  }
  // To an empty cell, on a bitboard program that keeps nothing per line: both cells' changes
  // at once, as set_cell (set_column) twice makes them; the counts stay as they are.
  const uint8_t top = board_[from];
  if (p.stacking) {
    uint8_t* source = &columns_[from * kStack];
    uint8_t* target = &columns_[to * kStack];  // empty: every level zero
    const int height = heights_[from];
    journal_column(from);
    journal_column(to);
    if (hashing_) {
      const uint64_t* from_keys = column_keys(from);
      const uint64_t* to_keys = column_keys(to);
      uint64_t hash = hash_;
      for (int l = 0; l < height; ++l) {
        const uint8_t counter = source[l];
        hash ^= from_keys[l * 64 + counter] ^ to_keys[l * 64 + counter];
        target[l] = counter;
        source[l] = 0;
      }
      hash_ = hash;
    } else {  // the levels above a top are zero: the whole column moves as one fixed-size block
      std::memcpy(target, source, kStack);
      std::memset(source, 0, kStack);
    }
    heights_[to] = static_cast<uint8_t>(height);
    heights_[from] = 0;
  } else {
    journal_cell(from, top);
    journal_cell(to, 0);
    hash_ ^= p.keys.cell[from * 256 + top] ^ p.keys.cell[to * 256 + top];
  }
  board_[from] = 0;
  board_[to] = top;
  const uint64_t both = uint64_t{1} << from | uint64_t{1} << to;
  occupancy_[p.code_owner[top]] ^= both;
  occupied_ ^= both;
  code_mask_[top] ^= both;
}

void State::set_var(int i, int32_t v) {
  int32_t old = vars_[i];
  if (old == v) return;
  if (journaled_) var_journal_.push_back({i, old});
  vars_[i] = v;
  uint64_t& h = program_->vars.specs[i].role == VarSpec::Role::position ? hash_ : counter_hash_;
  h ^= hash_var(i, old) ^ hash_var(i, v);
}

void State::change_passes(int n) {
  counter_hash_ ^= hash_var(-1, passes_) ^ hash_var(-1, n);
  passes_ = n;
}

void State::apply_unchecked(const Move& m) {
  if (journaled_)
    undo_.push_back({static_cast<uint32_t>(journal_.size()), static_cast<uint32_t>(column_journal_.size()),
                     static_cast<uint32_t>(var_journal_.size()), static_cast<uint32_t>(keys_seen_.size()), hash_,
                     counter_hash_, seat_, turn_, quiet_, passes_, result_});
  const int mover = current_player();
  // A capture resets the quiet count, and so does a move of a piece of a kind the rules name.
  const uint32_t resets = program_->end.quiet_reset_kinds;
  const bool loud =
      m.captures || (resets && m.kind == Move::piece && m.from >= 0 && (program_->code_kind_bit[at(m.from)] & resets));
  StateEditor edit(*this);
  Flow flow = program_->makers[m.maker]->apply(edit, m);
  quiet_ = loud ? 0 : quiet_ + 1;
  if (journaled_) {
    // Only the header and the landings it uses: a plain move is 16 bytes of a 144-byte Move.
    static_assert(offsetof(Move, path) == 16);
    Move& kept = history_.emplace_back(Move::Unwritten{});
    std::memcpy(static_cast<void*>(&kept), &m, 16);
    if (m.steps) std::memcpy(kept.path, m.path, m.steps * sizeof(Step));
  } else {
    ++ply_offset_;  // a playout thrown away: the ply is only counted
  }
  after_action(edit, m, flow, mover);
}

void State::stop_journal() {
  if (program_->reference) return;  // reference mode keeps every record a plain State keeps
  journaled_ = false;
  ply_offset_ = ply();
  history_.clear();
  journal_.clear();
  column_journal_.clear();
  var_journal_.clear();
  undo_.clear();
}

void State::undo() {
  if (undo_.empty())
    throw std::logic_error(journaled_ ? "undo: no move to take back" : "undo: this state keeps no journal");
  const UndoRecord r = undo_.back();
  undo_.pop_back();
  while (column_journal_.size() > r.columns) {
    const ColumnChange& ch = column_journal_.back();
    int cell = ch.cell;
    uint8_t now = board_[cell];
    std::fill(&columns_[cell * kStack], &columns_[cell * kStack] + heights_[cell], 0);
    std::copy(ch.counters, ch.counters + ch.height, &columns_[cell * kStack]);
    heights_[cell] = ch.height;
    uint8_t top = ch.height ? ch.counters[ch.height - 1] : 0;
    board_[cell] = top;
    top_changed(cell, now, top);
    column_journal_.pop_back();
  }
  while (journal_.size() > r.cells) {
    CellChange ch = journal_.back();
    journal_.pop_back();
    uint8_t now = board_[ch.cell];
    board_[ch.cell] = ch.old_code;
    top_changed(ch.cell, now, ch.old_code);
  }
  while (var_journal_.size() > r.vars) {
    vars_[var_journal_.back().index] = var_journal_.back().old_value;
    var_journal_.pop_back();
  }
  keys_seen_.resize(r.keys_seen);
  boards_seen_.resize(r.keys_seen);
  hash_ = r.hash;
  counter_hash_ = r.counter_hash;
  seat_ = r.seat;
  turn_ = r.turn;
  quiet_ = r.quiet;
  passes_ = r.passes;
  result_ = r.result;
  history_.pop_back();
}

uint64_t State::board_key() const {
  const Program& p = *program_;
  uint64_t key = position_key() ^ p.keys.seat[seat_] ^ turn_key(turn_);
  for (int i = 0; i < p.vars.size(); ++i)
    if (p.vars.specs[i].role == VarSpec::Role::position) key ^= hash_var(i, vars_[i]);
  return key;
}

int State::board_seen_before_move() const {
  const uint64_t key = board_key();
  const size_t before =
      undo_.empty() ? boards_seen_.size() : std::min<size_t>(undo_.back().keys_seen, boards_seen_.size());
  return static_cast<int>(
      std::count(boards_seen_.begin(), boards_seen_.begin() + static_cast<std::ptrdiff_t>(before), key));
}

void State::remember_position() {
  boards_seen_.push_back(board_key());
  keys_seen_.push_back(position_key());
}

int State::times_seen() const {
  return static_cast<int>(std::count(keys_seen_.begin(), keys_seen_.end(), keys_seen_.back()));
}

bool State::is_consistent(std::string* why) const {
  const Program& p = *program_;
  const Derived recounted = recount();
  std::string found;
  if (piece_count_ != recounted.piece_count) found = "the pieces per side";
  else if (code_count_ != recounted.code_count) found = "the pieces per code";
  else if (occupancy_ != recounted.occupancy || occupied_ != recounted.occupied) found = "the bitboards per side";
  else if (code_mask_ != recounted.code_mask) found = "the bitboards per code";
  else if (line_words_ != recounted.line_words) found = "the words per line";
  else if (p.uses_line_counts && line_counts_ != recounted.line_counts) found = "the pieces per line";
  else if (position_key() != recounted.hash) found = "the position's hash";
  else if (counter_hash_ != recounted.counter_hash) found = "the counters' hash";
  if (why) *why = found.empty() ? "" : found + " differ from a recount of the cells";
  return found.empty();
}

bool State::operator==(const State& o) const {
  if (program_->stacking && (heights_ != o.heights_ || columns_ != o.columns_)) return false;
  return board_ == o.board_ && seat_ == o.seat_ && turn_ == o.turn_ && hash() == o.hash() && ply() == o.ply() &&
         vars_ == o.vars_ && passes_ == o.passes_ && quiet_ == o.quiet_ && result_.over == o.result_.over &&
         result_.winner == o.result_.winner;
}

}  // namespace tabula

#include "engine/state.hpp"

#include <algorithm>

#include "kernels/connectivity.hpp"
#include "kernels/capture_search.hpp"
#include "kernels/flanking.hpp"

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
  opening_ = 0;  // a game from the start plays its opening; a set position is past it
  if (program_->region.enabled) {
    // From the start, the first setter marks the first region (with its own cells).
    region_.round = 0;
    region_.setter = static_cast<int8_t>(program_->region.first_setter);
    for (int st = 0; st < program_->seat_count(); ++st)
      if (program_->seats[st].side == program_->region.first_setter) {
        to_move_ = st;
        break;
      }
  }
  rebuild_derived();
  hash_history_.assign(1, hash_);
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
  captured_.assign(p.player_count(), 0);
  passes_ = 0;
  opening_ = static_cast<int>(p.opening.size());
  pie_swapped_ = false;
  counters_mix_ = 0;
  reserve_journal_.clear();
  reserve_marks_.clear();
  result_ = {};
  history_.clear();
  journal_.clear();
  column_journal_.clear();
  undo_.clear();
  // Target regions: a set position is past the first mark; the side to move sets the next
  // one (State::set_region plays for a given region instead).
  region_ = {};
  region_mix_ = 0;
  region_mask_.clear();
  region_undo_.clear();
  if (p.region.enabled) {
    region_.phase = static_cast<uint8_t>(Phase::mark);
    region_.setter = static_cast<int8_t>(p.seats[to_move_].side);
    region_.round = 1;
  }
  rebuild_derived();
  hash_history_.assign(1, hash_);
  if (phased() && !p.region.enabled) {
    begin_turn(false);
    hash_history_.assign(1, hash_);
  }
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
  occupancy_.assign(p.player_count(), 0);
  connected_memo_.assign(p.player_count(), {});
  hash_ = p.zobrist_turn[to_move_] ^ (p.turn.empty() ? 0 : p.zobrist_slot[slot_]);
  for (size_t i = 0; i < reserves_.size(); ++i) hash_ ^= p.zobrist_reserve[i * 64 + (reserves_[i] & 63)];
  for (int c = 0; c < p.cells; ++c) {
    uint8_t code = board_[c];
    if (!code) continue;
    ++piece_count_[p.owner(code)];
    if (p.bitboards) occupancy_[p.owner(code)] |= uint64_t{1} << c;
    if (p.stacking)
      for (int l = 0; l < heights_[c]; ++l) hash_ ^= p.column_zobrist[(c * kStack + l) * 64 + columns_[c * kStack + l]];
    else
      hash_ ^= p.zobrist[c * 256 + code];
    for (int i = p.lines_through_begin[c]; i < p.lines_through_begin[c + 1]; ++i) ++line_counts_[p.lines_through[i]];
  }
  if (phased()) {
    region_mix_ = 0;
    mix_region_into_hash();
  }
}

// What follows the top piece of a cell: pieces per side, pieces per line and, on small
// boards, the bitboard of each side. (The hash is the caller's: it differs for columns.)
inline void State::top_changed(int cell, uint8_t old_top, uint8_t new_top) {
  const Program& p = *program_;
  if (old_top) {
    int owner = p.code_owner[old_top];
    --piece_count_[owner];
    if (p.bitboards) occupancy_[owner] &= ~(uint64_t{1} << cell);
  }
  if (new_top) {
    int owner = p.code_owner[new_top];
    ++piece_count_[owner];
    if (p.bitboards) occupancy_[owner] |= uint64_t{1} << cell;
  }
  if ((old_top != 0) != (new_top != 0) && p.uses_line_counts) {
    int delta = new_top ? 1 : -1;
    for (int i = p.lines_through_begin[cell]; i < p.lines_through_begin[cell + 1]; ++i)
      line_counts_[p.lines_through[i]] = static_cast<uint8_t>(line_counts_[p.lines_through[i]] + delta);
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
  if (old) hash_ ^= p.zobrist[cell * 256 + old];
  if (code) hash_ ^= p.zobrist[cell * 256 + code];
  top_changed(cell, old, code);
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
  // Levels above the top stay zero, so equal positions compare equal byte for byte; only
  // the levels that change touch the hash (a zero level has no key).
  const uint64_t* keys = &p.column_zobrist[static_cast<size_t>(cell) * kStack * 64];
  for (int l = 0, top_level = std::max<int>(ch.height, height); l < top_level; ++l) {
    uint8_t now = l < height ? bottom_first[l] : 0;
    if (col[l] == now) continue;
    if (col[l]) hash_ ^= keys[l * 64 + col[l]];
    if (now) hash_ ^= keys[l * 64 + now];
    col[l] = now;
  }
  heights_[cell] = static_cast<uint8_t>(height);
  uint8_t top = height ? col[height - 1] : 0;
  board_[cell] = top;
  top_changed(cell, old_top, top);
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
      if (h >= kStack) continue;  // unreachable: the capture search never overfills a column
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
    if (pr.to_kind < 0) {  // burned: the piece leaves the board
      if (p.stacking) {
        uint8_t col[kStack];
        int h = heights_[cell];
        std::copy(&columns_[cell * kStack], &columns_[cell * kStack] + h, col);
        set_column(cell, col, h - 1);
      } else {
        set_cell(cell, 0);
      }
      return;
    }
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
  UndoRecord record{static_cast<uint32_t>(journal_.size()), static_cast<uint32_t>(column_journal_.size()), hash_,
                    to_move_, quiet_plies_, slot_, turns_done_[mover], passes_, opening_, pie_swapped_, {},
                    static_cast<uint32_t>(hash_history_.size()), counters_mix_, result_};
  std::copy_n(captured_.begin(), std::min<size_t>(captured_.size(), 4), record.captured.begin());
  undo_.push_back(record);
  reserve_marks_.push_back(static_cast<uint32_t>(reserve_journal_.size()));
  if (phased()) {  // target regions, turns of partial moves: engine/regions.cpp
    region_undo_.emplace_back(region_, region_mix_);
    region_apply(m);
    return;
  }
  if (m.type == Move::normal) {
    move_piece(m.from, m.to);
    if (!p.promotions.empty()) promote_if_due(m.to, false);
  } else if (m.type == Move::hop) {
    apply_hops(m);
    if (!p.promotions.empty()) promote_if_due(m.to, true);
  } else if (m.type == Move::place) {
    const TurnAction* action = current_action();
    int index = p.owner(m.rule) * p.kind_count() + p.kind(m.rule);
    if (action && !action->from_supply && !p.reserves.empty()) {
      reserve_journal_.push_back({static_cast<int16_t>(index), reserves_[index]});
      hash_ ^= p.zobrist_reserve[index * 64 + (reserves_[index] & 63)];
      --reserves_[index];
      hash_ ^= p.zobrist_reserve[index * 64 + (reserves_[index] & 63)];
    }
    set_cell(m.to, m.rule);
  } else if (m.type == Move::stop) {
    quiet_plies_ = quiet_plies_ + 1;
    history_.push_back(m);
    ++ply_;
    end_by_score();  // the seat declares the end (an `offer stop` rule)
    return;
  } else if (m.type == Move::choice && m.rule == 1) {
    // The pie rule's swap: every piece changes side, and the other side starts.
    for (int c = 0; c < p.cells; ++c)
      if (board_[c]) set_cell(c, p.piece_code(1 - p.owner(board_[c]), p.kind(board_[c])));
    pie_swapped_ = true;
  }
  quiet_plies_ = m.captures ? 0 : quiet_plies_ + 1;
  history_.push_back(m);
  ++ply_;
  if (in_opening()) {
    ++opening_;
    int next = in_opening() ? p.opening[opening_].seat : (pie_swapped_ ? 1 % p.seat_count() : 0);
    hash_ ^= p.zobrist_turn[to_move_] ^ p.zobrist_turn[next];
    to_move_ = next;
    mix_counters_into_hash();
    return;
  }
  if (p.turn.empty() || slot_ + 1 >= static_cast<int>(p.turn.size()))
    passes_ = m.type == Move::pass ? passes_ + 1 : 0;  // counted per turn
  finish_action(mover);
}

// After an action: the next action of a multi-action turn, or the end of the turn, when
// flanking captures happen, the end rules are checked and the next seat moves.
void State::finish_action(int mover) {
  const Program& p = *program_;
  if (!p.turn.empty()) {
    hash_ ^= p.zobrist_slot[slot_];
    ++slot_;
    while (slot_ < static_cast<int>(p.turn.size()) && !action_applies(p.turn[slot_])) ++slot_;
    if (slot_ < static_cast<int>(p.turn.size())) {
      hash_ ^= p.zobrist_slot[slot_];
      if (ply_ >= p.ply_limit) result_ = {true, -1};
      return;
    }
    slot_ = 0;
    ++turns_done_[mover];
  }
  if (p.flank_capture.enabled) apply_flank_captures(mover);
  hash_ ^= p.zobrist_turn[to_move_];
  to_move_ = (to_move_ + 1) % p.seat_count();
  hash_ ^= p.zobrist_turn[to_move_];
  if (!p.turn.empty()) {
    while (slot_ + 1 < static_cast<int>(p.turn.size()) && !action_applies(p.turn[slot_])) ++slot_;
    hash_ ^= p.zobrist_slot[slot_];
  }
  mix_counters_into_hash();
  decide_after_move(mover);
  if (p.repetition_draw) {
    // A repeated position is the same pieces and seat to move, whatever the counters say.
    uint64_t position_hash = hash_ ^ counters_mix_;
    hash_history_.push_back(position_hash);
    if (!result_.over && std::count(hash_history_.begin(), hash_history_.end(), position_hash) >= 3) {
      if (p.repetition_ends && !p.score.empty()) end_by_score();
      else result_ = {true, -1};
    }
  }
  if (!result_.over && p.quiet_move_limit > 0 && quiet_plies_ >= p.quiet_move_limit) result_ = {true, -1};
}

// Captures and passes change the score and the end, so equal hashes must mean equal counts.
void State::mix_counters_into_hash() {
  if (!program_->flank_capture.enabled && !program_->has_end_condition) return;
  auto mix = [](uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    return x ^ (x >> 27);
  };
  uint64_t counters = static_cast<uint64_t>(passes_);
  for (size_t i = 0; i < captured_.size(); ++i) counters = counters * 1000003 + captured_[i];
  // Replace the previous mix: keep it in the low bits of a separate field.
  hash_ ^= counters_mix_;
  counters_mix_ = mix(counters);
  hash_ ^= counters_mix_;
}

// Chains flanked at both ends by the enemy are removed: the opponents' first (the mover's
// captures), then the mover's own (the opponents' captures), or the other way round.
void State::apply_flank_captures(int mover) {
  const Program& p = *program_;
  auto remove_dead_of = [&](int side, bool credit_mover) {
    auto dead = dead_chain_cells(p, board_, side);
    for (int c : dead) set_cell(c, 0);
    if (dead.empty()) return;
    if (credit_mover) captured_[mover] += static_cast<int>(dead.size());
    else
      for (int other = 0; other < p.player_count(); ++other)
        if (other != mover) captured_[other] += static_cast<int>(dead.size()) / std::max(1, p.player_count() - 1);
  };
  auto opponents = [&] {
    for (int side = 0; side < p.player_count(); ++side)
      if (side != mover) remove_dead_of(side, true);
  };
  if (p.flank_capture.opponent_first) {
    opponents();
    remove_dead_of(mover, false);
  } else {
    remove_dead_of(mover, false);
    opponents();
  }
}

bool State::action_applies(const TurnAction& a) const {
  const Program& p = *program_;
  int mover = current_player();
  if (a.kind == TurnAction::Kind::place && !a.from_supply && !p.reserves.empty() &&
      !reserve(resolve(a.reserve_of, a.reserve_player, mover), a.place_kind))
    return false;
  return !a.has_condition || condition_holds(a.condition, mover);
}

const TurnAction* State::current_action() const {
  const Program& p = *program_;
  if (in_opening()) return &p.opening[opening_].action;
  if (!p.turn.empty()) return &p.turn[slot_];
  return nullptr;
}

// Whether the seat `seat` (to move or not) has a capture taking a piece of `kinds`.
bool State::seat_can_capture(int seat, uint32_t kinds) const {
  const Program& p = *program_;
  if (!p.has_hops) return false;
  MoveList captures;
  generate_captures(*this, seat, captures);
  for (const Move& m : captures) {
    if (kinds == 0xFFFFFFFFu) return true;
    int at = m.from;
    for (int i = 0; i < m.hops; ++i) {
      int over = p.jumped_cell(at, m.path[i]);
      if (board_[over] && (kinds & (1u << p.kind(board_[over])))) return true;
      at = m.path[i];
    }
  }
  return false;
}

int State::score(int side) const {
  const Program& p = *program_;
  int total = 0;
  std::vector<int> owners;
  for (const ScoreTerm& t : p.score) {
    switch (t.kind) {
      case ScoreTerm::Kind::captures: total += captured_[side]; break;
      case ScoreTerm::Kind::territory:
        if (owners.empty()) owners = territory();
        total += static_cast<int>(std::count(owners.begin(), owners.end(), side));
        break;
      case ScoreTerm::Kind::values:
        for (int c = 0; c < p.cells; ++c)
          for (int l = 0; l < height(c); ++l)
            if (p.owner(counter(c, l)) == side) total += p.kinds[p.kind(counter(c, l))].value;
        break;
    }
  }
  return total;
}

std::vector<int> State::territory() const { return territory_owners(*program_, board_); }

// The game ends on the score: the highest wins; a tie is a draw.
void State::end_by_score() {
  const Program& p = *program_;
  int best = -1, best_score = 0;
  bool tie = false;
  for (int side = 0; side < p.player_count(); ++side) {
    int sc = score(side);
    if (best < 0 || sc > best_score) best = side, best_score = sc, tie = false;
    else if (sc == best_score) tie = true;
  }
  result_ = {true, tie ? -1 : best};
}

void State::undo() {
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
    top_changed(cell, now, top);
    column_journal_.pop_back();
  }
  while (journal_.size() > r.journal_size) {
    CellChange ch = journal_.back();
    journal_.pop_back();
    uint8_t now = board_[ch.cell];
    board_[ch.cell] = ch.old_code;
    top_changed(ch.cell, now, ch.old_code);
  }
  while (reserve_journal_.size() > reserve_marks_.back()) {
    reserves_[reserve_journal_.back().first] = reserve_journal_.back().second;
    reserve_journal_.pop_back();
  }
  reserve_marks_.pop_back();
  if (phased()) {
    const auto& [saved, mix] = region_undo_.back();
    bool same_region = saved.mark == region_.mark && saved.shape == region_.shape && saved.choice == region_.choice;
    region_ = saved;
    region_mix_ = mix;
    region_undo_.pop_back();
    if (!same_region) refresh_region_mask();
  }
  hash_history_.resize(r.hash_history_size);
  hash_ = r.hash;
  to_move_ = r.to_move;
  quiet_plies_ = r.quiet_plies;
  slot_ = r.slot;
  passes_ = r.passes;
  counters_mix_ = r.counters_mix;
  opening_ = r.opening;
  pie_swapped_ = r.pie_swapped;
  std::copy_n(r.captured.begin(), std::min<size_t>(captured_.size(), 4), captured_.begin());
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
    case Condition::Op::piece_count: {
      if (c.kinds == 0xFFFFFFFFu && c.who != PlayerRef::all) return piece_count_[resolve(c.who, c.fixed_player, mover)];
      int side = resolve(c.who, c.fixed_player, mover), n = 0;
      for (int cell = 0; cell < program_->cells; ++cell) {
        uint8_t code = board_[cell];
        n += code && (c.who == PlayerRef::all || program_->owner(code) == side) && (c.kinds & (1u << program_->kind(code)));
      }
      return n;
    }
    case Condition::Op::turn_number: return turns_done_[mover] + 1;
    case Condition::Op::passes: return passes_;
    case Condition::Op::in_zone: {
      int cell = c.at_destination ? to : from;
      return cell >= 0 && program_->in_zone(c.zone, mover, cell);
    }
    case Condition::Op::occupied: {
      int n = 0;
      for (int cell = 0; cell < program_->cells; ++cell) n += board_[cell] && program_->in_zone(c.zone, mover, cell);
      return n;
    }
    case Condition::Op::zone_size: {
      int n = 0;
      for (int cell = 0; cell < program_->cells; ++cell) n += program_->in_zone(c.zone, mover, cell);
      return n;
    }
    case Condition::Op::can_capture: return seat_can_capture(to_move_, 0xFFFFFFFFu);
    case Condition::Op::threatens: {
      // Would a seat of that side, were it to move now, have a capture taking such a piece?
      int side = resolve(c.who, c.fixed_player, mover);
      for (int st = 0; st < program_->seat_count(); ++st)
        if ((c.who == PlayerRef::all || program_->seats[st].side == side) && seat_can_capture(st, c.kinds)) return 1;
      return 0;
    }
    case Condition::Op::sees: return sees_piece_of(*program_, board_, to, resolve(c.who, c.fixed_player, mover));
    case Condition::Op::incursion: return in_run_flanked_by(*program_, board_, to, resolve(c.who, c.fixed_player, mover));
    case Condition::Op::neighbours:
      // neighbours(to) does not count the moving piece's own square, which it leaves.
      return c.at_destination ? occupied_neighbours(to, from) : occupied_neighbours(from, -1);
    case Condition::Op::arith: {
      long long a = condition_value(c.args[0], mover, from, to), b = condition_value(c.args[1], mover, from, to);
      if (c.compare == "+") return a + b;
      if (c.compare == "-") return a - b;
      if (c.compare == "*") return a * b;
      return b ? a / b : 0;
    }
    // Target regions (engine/regions.cpp).
    case Condition::Op::in_region: return to >= 0 && region_.mark >= 0 && region_mask_[to];
    case Condition::Op::out_region: return to >= 0 && region_.mark >= 0 && !region_mask_[to];
    case Condition::Op::all_in_region: {
      if (region_.mark < 0) return 0;
      int side = resolve(c.who, c.fixed_player, mover);
      for (int cell = 0; cell < program_->cells; ++cell)
        if (board_[cell] && program_->owner(board_[cell]) == side && !region_mask_[cell]) return 0;
      return 1;
    }
    case Condition::Op::region_full: {
      if (region_.mark < 0) return 0;
      for (int cell = 0; cell < program_->cells; ++cell)
        if (region_mask_[cell] && !board_[cell]) return 0;
      return 1;
    }
    case Condition::Op::region_open: return region_is_open();
    case Condition::Op::only_outside: {
      // The piece on `from` is outside the region, and no other piece of its side is.
      if (from < 0 || region_.mark < 0 || !board_[from] || region_mask_[from]) return 0;
      int side = program_->owner(board_[from]);
      for (int cell = 0; cell < program_->cells; ++cell)
        if (cell != from && board_[cell] && program_->owner(board_[cell]) == side && !region_mask_[cell]) return 0;
      return 1;
    }
    case Condition::Op::first_turn: return region_.first_turn;
    case Condition::Op::spent: return region_.spent;
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
      return compare_with(c.compare, condition_value(c.args[0], mover, from, to), condition_value(c.args[1], mover, from, to));
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
    if (r.outcome == Outcome::end) {
      if (p.score.empty()) result_ = {true, -1};
      else end_by_score();
      return;
    }
    if (r.outcome == Outcome::draw) result_ = {true, -1};
    else if (r.outcome == Outcome::win) result_ = {true, who};
    else result_ = {true, p.player_count() == 2 ? 1 - who : -1};
    return;
  }
  if (ply_ >= p.ply_limit) {
    if (p.score.empty()) result_ = {true, -1};
    else end_by_score();
  }
}

// Games where a side without a move loses (or draws) must look for a move; the list is
// per thread so asking allocates nothing once warm.
bool State::is_terminal() const {
  if (result_.over) return true;
  if (program_->no_move == NoMovePolicy::pass) return false;
  thread_local MoveList m;
  legal_moves(m);
  return m.empty();
}

GameResult State::result() const {
  if (result_.over) return result_;
  if (program_->no_move != NoMovePolicy::pass) {
    thread_local MoveList m;
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

bool State::connected(int player) const {
  if (!program_->bitboards) return pieces_connected(*program_, board_, player, piece_count_[player]);
  // Small boards: a bitboard flood fill, remembered for the pieces it was asked about (the
  // side that did not move usually has the same pieces as at its last test).
  ConnectedMemo& memo = connected_memo_[player];
  uint64_t pieces = occupancy_[player];
  if (!memo.valid || memo.pieces != pieces) memo = {pieces, true, mask_connected(*program_, pieces)};
  return memo.connected;
}

bool State::operator==(const State& o) const {
  if (program_->stacking && (heights_ != o.heights_ || columns_ != o.columns_)) return false;
  return board_ == o.board_ && to_move_ == o.to_move_ && hash_ == o.hash_ && ply_ == o.ply_ && slot_ == o.slot_ &&
         reserves_ == o.reserves_ && turns_done_ == o.turns_done_ && captured_ == o.captured_ &&
         passes_ == o.passes_ && opening_ == o.opening_ && pie_swapped_ == o.pie_swapped_ &&
         quiet_plies_ == o.quiet_plies_ && result_.over == o.result_.over && result_.winner == o.result_.winner &&
         region_ == o.region_ && region_mask_ == o.region_mask_;
}

std::string State::column_text(int cell) const {
  std::string out;
  for (int l = height(cell) - 1; l >= 0; --l) out += program_->symbol(counter(cell, l));
  return out;
}

}  // namespace tabula

// Target regions and turns of partial moves (docs/LANGUAGE.md, "Target regions"):
//  - a `region` is a set of cells whose shape depends on a size (an expression evaluated
//    when it is marked), set by a `mark` action and fixed until it is won;
//  - `interchange`: after each mark, the other side may claim an exchange of pieces;
//  - a turn is a sequence of partial moves, each spending part of a `budget`, ended by
//    `end` (when `offer end` allows) or by itself when no partial move is left;
//  - `when CONDITION { convert ...; remove ...; mark ... }`: effects checked after every
//    partial move and at the start of every turn.
// Phases: mark -> [claim -> [pick]] -> play <-> convert; `mark` in a `when` starts again.
#include <algorithm>

#include "engine/state.hpp"
#include "kernels/ring_paths.hpp"

namespace tabula {
namespace {

constexpr int kNoCost = 1 << 30;

uint64_t mix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace

bool Program::region_cells(int shape, int mark, int choice, std::vector<int>& out) const {
  out.clear();
  if (shape < 0 || mark < 0) return false;
  const RegionShape& sh = region.shapes[shape];
  if (!sh.choices.empty() && choice < 0) return false;
  for (const RegionItem& item : sh.items) {
    if (item.kind == RegionItem::Kind::mark) {
      out.push_back(mark);
      continue;
    }
    std::vector<int> dirs = item.dirs;
    if (item.chosen) dirs.push_back(choice);
    if (item.chosen_back) {
      int back = board->direction(choice).opposite;
      if (back == kNoDirection) return false;
      dirs.push_back(back);
    }
    for (int d : dirs) {
      int len = ray_len(mark, d);
      if (len < 1) return false;  // the shape does not fit here
      out.push_back(ray(mark, d)[item.kind == RegionItem::Kind::step ? 0 : len - 1]);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return static_cast<int>(out.size()) == sh.size;  // exactly `size` distinct cells
}

int State::region_shape_for_size(int size) const {
  const auto& shapes = program_->region.shapes;
  for (size_t i = 0; i < shapes.size(); ++i)
    if (shapes[i].size == size) return static_cast<int>(i);
  return -1;
}

int State::region_size() const {
  if (region_mask_.empty()) return 0;
  return static_cast<int>(std::count(region_mask_.begin(), region_mask_.end(), 1));
}

bool State::region_is_open() const { return region_.shape >= 0 && program_->region.shapes[region_.shape].open; }

void State::refresh_region_mask() {
  if (region_.mark < 0) {
    region_mask_.clear();
    return;
  }
  std::vector<int> cells;
  program_->region_cells(region_.shape, region_.mark, region_.choice, cells);
  region_mask_.assign(program_->cells, 0);
  for (int c : cells) region_mask_[c] = 1;
}

// The part of the hash that stands for the region state. The cells moved this turn are a
// set: hashed in any order.
void State::mix_region_into_hash() {
  const RegionState& r = region_;
  uint64_t h = mix64((uint64_t{r.phase} << 56) ^ (uint64_t(uint8_t(r.setter)) << 48) ^
                     (uint64_t(uint16_t(r.mark)) << 32) ^ (uint64_t(uint8_t(r.shape)) << 24) ^
                     (uint64_t(uint8_t(r.choice)) << 16) ^ (uint64_t{r.first_turn} << 8) ^ r.budget);
  h = mix64(h ^ (uint64_t{r.spent} << 8 | r.round) ^ (uint64_t{r.pick_count} << 16));
  for (int i = 0; i < r.moved_count; ++i) h += mix64(0xA5A5ULL + r.moved[i]);
  for (int i = 0; i < r.pick_count; ++i) h = mix64(h ^ (0x5A5A0000ULL + r.picks[i]));
  hash_ ^= region_mix_;
  region_mix_ = h;
  hash_ ^= region_mix_;
}

bool State::set_region(int mark, int choice, bool first) {
  const Program& p = *program_;
  if (!p.region.enabled || mark < 0 || mark >= p.cells) return false;
  int shape = region_shape_for_size(static_cast<int>(condition_value(p.region.size, current_player())));
  std::vector<int> cells;
  if (!p.region_cells(shape, mark, choice, cells)) return false;
  region_.mark = static_cast<int16_t>(mark);
  region_.shape = static_cast<int8_t>(shape);
  region_.choice = static_cast<int8_t>(choice);
  region_.setter = static_cast<int8_t>((current_player() + 1) % p.player_count());
  region_.round = std::max<uint8_t>(region_.round, 1);
  refresh_region_mask();
  hash_history_.clear();
  begin_turn(first);
  mix_region_into_hash();
  return true;
}

// ---------------------------------------------------------------- legal moves

void State::region_legal_moves(MoveList& out) const {
  const Program& p = *program_;
  const int mover = current_player();
  auto push = [&](uint8_t type, int to, int rule) {
    Move& m = out.emplace_back();
    m.type = type;
    m.to = static_cast<int16_t>(to);
    m.rule = static_cast<uint8_t>(rule);
  };
  switch (phase()) {
    case Phase::mark: {
      int shape = region_shape_for_size(static_cast<int>(condition_value(p.region.size, mover)));
      std::vector<int> cells;
      if (shape >= 0)
        for (int c = 0; c < p.cells; ++c) {
          if (region_.round == 0 && !p.region.first_cells.empty() && !p.region.first_cells[c]) continue;
          const auto& choices = p.region.shapes[shape].choices;
          if (choices.empty()) {
            if (p.region_cells(shape, c, -1, cells)) push(Move::mark, c, 0);
          } else {
            for (int d : choices)
              if (p.region_cells(shape, c, d, cells)) push(Move::mark, c, d + 1);
          }
        }
      break;
    }
    case Phase::claim:
      push(Move::claim, -1, 1);  // interchange
      push(Move::claim, -1, 0);  // decline
      break;
    case Phase::pick: {
      // The setter names the other side's pieces in increasing cell order, as many as he
      // has pieces; a pick is offered only when enough higher cells remain to finish.
      const int other = (mover + 1) % p.player_count();
      const int need = piece_count_[mover] - region_.pick_count;
      const int last = region_.pick_count ? region_.picks[region_.pick_count - 1] : -1;
      int higher = 0;
      for (int c = last + 1; c < p.cells; ++c) higher += board_[c] && p.owner(board_[c]) == other;
      for (int c = last + 1; c < p.cells; ++c) {
        if (!board_[c] || p.owner(board_[c]) != other) continue;
        --higher;  // pieces above c
        if (higher >= need - 1) push(Move::take, c, 0);
      }
      break;
    }
    case Phase::play:
    case Phase::none:
      partial_moves(out);
      if (region_.spent > 0 && (out.empty() || (p.has_end_offer && condition_holds(p.end_condition, mover))))
        push(Move::end, -1, 0);
      break;
    case Phase::convert:
      for (const WhenAction& a : p.region.when_actions) {
        if (a.kind != WhenAction::Kind::convert) continue;
        int victim = resolve(a.who, a.fixed_player, mover);
        for (int c = 0; c < p.cells; ++c)
          if (board_[c] && p.owner(board_[c]) == victim && (!a.has_where || condition_holds(a.where, mover, -1, c)))
            push(Move::convert, c, 0);
        break;
      }
      break;
  }
  if (out.empty()) push(Move::pass, -1, 0);
}

// Partial moves: per piece not yet moved this turn, every cell it can reach, at the cost of
// its cheapest allowed path (cost within the remaining budget and the rule's max=, unless
// the rule's unless= holds).
void State::partial_moves(MoveList& out) const {
  const Program& p = *program_;
  const int mover = current_player();
  const int remaining = region_.budget - region_.spent;
  if (remaining <= 0) return;
  thread_local std::vector<int> best;
  thread_local std::vector<uint8_t> best_rule;
  best.assign(p.cells, kNoCost);
  best_rule.assign(p.cells, 0);
  std::vector<int> touched;
  const uint8_t* marked = region_mask_.empty() ? nullptr : region_mask_.data();
  for (int c = 0; c < p.cells; ++c) {
    if (!board_[c] || p.owner(board_[c]) != mover) continue;
    if (p.once_per_turn &&
        std::find(region_.moved.begin(), region_.moved.begin() + region_.moved_count, c) != region_.moved.begin() + region_.moved_count)
      continue;
    const uint32_t kind_bit = p.code_kind_bit[board_[c]];
    touched.clear();
    for (size_t r = 0; r < p.moves.size(); ++r) {
      const MoveRule& rule = p.moves[r];
      if (!(rule.kinds & kind_bit)) continue;
      auto consider = [&](int to, int steps, bool discounted) {
        int cost = discounted ? 1 : (rule.cost_fixed ? rule.cost_per_step : steps * rule.cost_per_step);
        if (cost > remaining || cost >= best[to]) return;
        if (rule.has_condition && !condition_holds(rule.condition, mover, c, to)) return;
        if (cost > rule.max_cost && !(rule.has_unless && condition_holds(rule.unless, mover, c, to))) return;
        if (best[to] == kNoCost) touched.push_back(to);
        best[to] = cost;
        best_rule[to] = static_cast<uint8_t>(r);
      };
      if (rule.type == MoveRule::Type::run) {
        ring_runs(p.rings[rule.ring], board_.data(), c, rule.discount ? marked : nullptr,
                  [&](int to, int steps, bool discounted) { consider(to, steps, discounted); });
        continue;
      }
      for (int d : rule.dirs[to_move_]) {
        const int16_t* ray = p.ray(c, d);
        const int len = p.ray_len(c, d);
        const int reach = rule.type == MoveRule::Type::step ? std::min(len, 1) : len;
        for (int k = 0; k < reach && !board_[ray[k]]; ++k) consider(ray[k], k + 1, false);
      }
    }
    std::sort(touched.begin(), touched.end());
    for (int to : touched) {
      Move& m = out.emplace_back();
      m.from = static_cast<int16_t>(c);
      m.to = static_cast<int16_t>(to);
      m.rule = best_rule[to];
      m.captures = 0;
      m.cost = static_cast<uint8_t>(best[to]);
      best[to] = kNoCost;
    }
  }
}

// ---------------------------------------------------------------- applying actions

void State::region_apply(const Move& m) {
  const Program& p = *program_;
  const int mover = current_player();
  const int other = (mover + 1) % p.player_count();
  auto seat_of = [&](int side) {
    for (int st = 0; st < p.seat_count(); ++st)
      if (p.seats[st].side == side) return st;
    return 0;
  };
  auto set_seat = [&](int seat) {
    hash_ ^= p.zobrist_turn[to_move_] ^ p.zobrist_turn[seat];
    to_move_ = seat;
  };
  quiet_plies_ = quiet_plies_ + 1;
  history_.push_back(m);
  ++ply_;
  switch (m.type) {
    case Move::mark: {
      region_.mark = m.to;
      region_.shape = static_cast<int8_t>(region_shape_for_size(static_cast<int>(condition_value(p.region.size, mover))));
      region_.choice = static_cast<int8_t>(m.rule - 1);
      region_.setter = static_cast<int8_t>(mover);
      region_.round = static_cast<uint8_t>(std::min(255, region_.round + 1));
      refresh_region_mask();
      set_seat(seat_of(other));
      if (p.region.interchange) region_.phase = static_cast<uint8_t>(Phase::claim);
      else begin_turn(true);
      break;
    }
    case Move::claim: {
      const int setter = region_.setter;
      if (m.rule == 0) {
        begin_turn(true);
      } else if (piece_count_[setter] < piece_count_[mover] && piece_count_[setter] <= 32) {
        region_.phase = static_cast<uint8_t>(Phase::pick);
        region_.pick_count = 0;
        set_seat(seat_of(setter));
        if (piece_count_[setter] == 0) finish_interchange();
      } else {
        // As many pieces on both sides (or the setter has more): every piece changes side.
        for (int c = 0; c < p.cells; ++c)
          if (board_[c]) set_cell(c, p.piece_code((p.owner(board_[c]) + 1) % p.player_count(), p.kind(board_[c])));
        begin_turn(true);
      }
      break;
    }
    case Move::take:
      region_.picks[region_.pick_count++] = m.to;
      if (region_.pick_count == piece_count_[mover]) finish_interchange();
      break;
    case Move::normal:
      move_piece(m.from, m.to);
      region_.spent = static_cast<uint8_t>(region_.spent + m.cost);
      if (p.once_per_turn && region_.moved_count < region_.moved.size()) region_.moved[region_.moved_count++] = m.to;
      if (p.region.has_when && condition_holds(p.region.when, mover) && run_when(mover)) break;
      {
        MoveList rest;
        partial_moves(rest);
        if (rest.empty()) end_partial_turn();
      }
      break;
    case Move::convert: {
      set_cell(m.to, p.piece_code(mover, p.kind(board_[m.to])));
      decide_after_move(mover);
      if (!result_.over) end_partial_turn();
      break;
    }
    case Move::pass:
      if (phase() == Phase::mark || phase() == Phase::claim || phase() == Phase::pick) {
        result_ = {true, -1};  // no mark fits: nothing more can happen
        break;
      }
      end_partial_turn();
      break;
    default:  // end
      end_partial_turn();
      break;
  }
  mix_region_into_hash();
  if (!result_.over && ply_ >= p.ply_limit) result_ = {true, -1};
}

// The interchange after the last pick: the setter's pieces and the picked ones change sides
// together; the other side then plays the first turn.
void State::finish_interchange() {
  const Program& p = *program_;
  const int setter = region_.setter, other = (setter + 1) % p.player_count();
  std::vector<uint8_t> picked(p.cells, 0);
  for (int i = 0; i < region_.pick_count; ++i) picked[region_.picks[i]] = 1;
  for (int c = 0; c < p.cells; ++c) {
    if (!board_[c]) continue;
    int owner = p.owner(board_[c]);
    if (owner == setter) set_cell(c, p.piece_code(other, p.kind(board_[c])));
    else if (picked[c]) set_cell(c, p.piece_code(setter, p.kind(board_[c])));
  }
  region_.pick_count = 0;
  region_.picks.fill(0);
  for (int st = 0; st < p.seat_count(); ++st)
    if (p.seats[st].side == other) {
      hash_ ^= p.zobrist_turn[to_move_] ^ p.zobrist_turn[st];
      to_move_ = st;
      break;
    }
  begin_turn(true);
}

// The start of a turn of partial moves: the budget, then the `when` effects, then (for the
// repetition rule) the position is recorded.
void State::begin_turn(bool first) {
  const Program& p = *program_;
  region_.phase = static_cast<uint8_t>(Phase::play);
  region_.first_turn = first ? 1 : 0;
  region_.spent = 0;
  region_.moved_count = 0;
  region_.moved.fill(0);
  const int mover = current_player();
  region_.budget = 0;
  for (const BudgetRule& b : p.budgets)
    if (!b.has_condition || condition_holds(b.condition, mover)) {
      region_.budget = static_cast<uint8_t>(b.amount);
      break;
    }
  if (p.region.has_when && condition_holds(p.region.when, mover) && run_when(mover)) return;
  mix_region_into_hash();
  if (p.repetition_draw && !result_.over) {
    hash_history_.push_back(hash_);
    if (std::count(hash_history_.begin(), hash_history_.end(), hash_) >= 3) result_ = {true, -1};
  }
}

// The `when` effects, in order: `convert` hands the choice to the mover (the turn then
// ends), `remove` takes pieces off at once, `mark` starts a new region. True when the turn
// does not go on.
bool State::run_when(int mover) {
  const Program& p = *program_;
  int loser = -1;
  for (const WhenAction& a : p.region.when_actions) {
    if (a.has_condition && !condition_holds(a.condition, mover)) continue;
    switch (a.kind) {
      case WhenAction::Kind::convert:
        region_.phase = static_cast<uint8_t>(Phase::convert);
        return true;
      case WhenAction::Kind::remove: {
        int whose = a.who == PlayerRef::all ? -1 : resolve(a.who, a.fixed_player, mover);
        for (int c = 0; c < p.cells; ++c) {
          if (!board_[c] || (whose >= 0 && p.owner(board_[c]) != whose)) continue;
          if (a.has_where && !condition_holds(a.where, mover, -1, c)) continue;
          loser = p.owner(board_[c]);
          set_cell(c, 0);
        }
        decide_after_move(mover);
        if (result_.over) return true;
        break;
      }
      case WhenAction::Kind::mark: {
        // The next setter: the side with fewest pieces; on equality the side that just lost
        // a piece (or, when none did, the mover's opponent).
        int setter = loser >= 0 ? loser : (mover + 1) % p.player_count();
        for (int side = 0; side < p.player_count(); ++side)
          if (piece_count_[side] < piece_count_[setter]) setter = side;
        start_mark_phase(setter);
        return true;
      }
    }
  }
  return false;
}

void State::start_mark_phase(int setter_side) {
  const Program& p = *program_;
  RegionState next;
  next.phase = static_cast<uint8_t>(Phase::mark);
  next.setter = static_cast<int8_t>(setter_side);
  next.round = region_.round;
  region_ = next;
  refresh_region_mask();
  for (int st = 0; st < p.seat_count(); ++st)
    if (p.seats[st].side == setter_side) {
      hash_ ^= p.zobrist_turn[to_move_] ^ p.zobrist_turn[st];
      to_move_ = st;
      break;
    }
}

void State::end_partial_turn() {
  const Program& p = *program_;
  ++turns_done_[current_player()];
  decide_after_move(current_player());
  if (result_.over) return;
  int next = (to_move_ + 1) % p.seat_count();
  hash_ ^= p.zobrist_turn[to_move_] ^ p.zobrist_turn[next];
  to_move_ = next;
  begin_turn(false);
}

}  // namespace tabula

#include "kernels/capture_search.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <cstring>

#include "util/limits.hpp"

namespace tabula {
namespace {

// Per thread, reused by every search. A search undoes its marks as it backs out, but one
// stopped by an engine limit (an exception) leaves them: `dirty` says so, and the next search
// clears them rather than see cells taken that are not.
struct Scratch {
  std::vector<uint8_t> top, taken, jumped;
  bool dirty = false;
};

// The set-wise search's view of the board as the sequence goes on: the empty cells (the
// start cell and the cells emptied by takes included) and the cells whose top may be taken.
struct Masks {
  uint64_t empty, foes;
};

class Search {
 public:
  Search(const Program& p, const CaptureRules& rules, const BoardArrays& board, int seat, int maker, MoveList& out)
      : p_(p),
        rules_(rules),
        board_(board),
        seat_(seat),
        mover_(p.seats[seat].side),
        kinds_(p.kind_count()),
        first_code_(p.piece_code(mover_, 0)),
        out_(out) {
    thread_local Scratch scratch;
    if (scratch.top.size() < static_cast<size_t>(p_.cells)) {
      scratch.top.resize(p_.cells);
      scratch.taken.assign(p_.cells, 0);
      scratch.jumped.assign(p_.cells, 0);
    } else if (scratch.dirty) {
      std::fill(scratch.taken.begin(), scratch.taken.end(), 0);
      std::fill(scratch.jumped.begin(), scratch.jumped.end(), 0);
    }
    scratch.dirty = false;
    dirty_ = &scratch.dirty;
    top_ = scratch.top.data();
    taken_ = scratch.taken.data();
    jumped_ = scratch.jumped.data();
    std::copy(board.tops, board.tops + p_.cells, top_);
    current_.kind = Move::piece;
    current_.maker = static_cast<uint16_t>(maker);
    current_.arg = current_.cost = 0;
    current_.flags = 0;
  }

  void from(int cell) {
    uint8_t piece = top_[cell];
    current_.from = static_cast<int16_t>(cell);
    start_height_ = p_.stacking ? board_.heights[cell] : 1;
    *dirty_ = true;  // until the search backs out of every take
    top_[cell] = 0;  // the start square counts as empty during the move
    const int kind = __builtin_ctz(p_.code_kind_bit[piece]);
    if (rules_.set_wise) extend<true>(cell, kind, 0, -1, 0, {board_.empty | uint64_t{1} << cell, board_.foes});
    else extend<false>(cell, kind, 0, -1, 0, {});
    top_[cell] = piece;
    *dirty_ = false;
  }

 private:
  // The piece left on `cell` once `taken` counters of its column are gone.
  uint8_t below_taken(int cell) const {
    int left = board_.heights[cell] - taken_[cell] - 1;
    return left > 0 ? board_.columns[cell * Program::kMaxStack + left - 1] : 0;
  }

  // A piece code's kind, from the code table (Program::kind divides).
  int kind_of(uint8_t code) const { return __builtin_ctz(p_.code_kind_bit[code]); }

  // Whether the mover may take a piece whose top is `code`.
  bool is_foe(uint8_t code) const {
    return code && p_.code_owner[code] != mover_ && p_.kinds[kind_of(code)].capturable;
  }

  void record(int depth, int kind, int value) {
    if (out_.size() >= kMaxCaptureSequences)
      throw EngineLimit(
          fmt::format("more than {} capture sequences in one position (the engine's limit on listing "
                      "them); the rules make captures combinatorial here",
                      kMaxCaptureSequences));
    Move& m = out_.emplace_back(Move::Unwritten{});  // copies only the steps this sequence uses
    m.from = current_.from;
    m.to = current_.path[depth - 1].to;
    m.kind = Move::piece;
    m.maker = current_.maker;
    m.arg = m.cost = 0;
    m.flags = current_.flags;
    m.steps = static_cast<uint8_t>(depth);
    m.captures = static_cast<uint8_t>(depth);
    m.value = static_cast<int16_t>(value);
    m.promotion = promotion_;
    m.promoted_at = promoted_at_;
    // Most sequences are short: four steps copied as one fixed block (no call to a copy
    // routine; the steps past `depth` are never read).
    static_assert(Move::kMaxSteps >= 4);
    if (depth <= 4) std::memcpy(static_cast<void*>(m.path), current_.path, 4 * sizeof(Step));
    else std::copy_n(current_.path, depth, m.path);
    // A promotion due where the move ends (and only there).
    if (!m.promotion)
      if (uint8_t pr = p_.promotion_at(static_cast<uint8_t>(first_code_ + kind), m.to);
          pr && p_.promotions[pr - 1].when == Promotion::When::move_end)
        m.promotion = pr, m.promoted_at = static_cast<uint8_t>(depth);
  }

  // The ray index of the piece a hop along `d` from `at` would take (the adjacent cell, or
  // with a long-range hop the first piece past empty cells), when it may be taken and a
  // landing just beyond it is empty; -1 otherwise.
  int victim_index(const HopRule& rule, int at, int d, int depth) const {
    const int len = p_.ray_len(at, d);
    const int16_t* ray = p_.ray(at, d);
    int k = 0;
    if (rule.long_range)
      while (k < len && !top_[ray[k]]) ++k;
    if (k + 1 >= len || top_[ray[k + 1]]) return -1;
    const int over = ray[k];
    const uint8_t victim = top_[over];
    if (!is_foe(victim)) return -1;  // empty, the mover's own, or a fixed piece (never taken)
    if (jumped_[over] && (!rules_.rejump || rules_.remove_later)) return -1;
    check_column(rule, depth);
    return k;
  }

  // A take the search is about to make: past the engine's limits, an error (leaving the
  // take out would be a different game). A take adds a counter under the taking column.
  void check_column(const HopRule& rule, int depth) const {
    if (rule.take_top && p_.stacking && start_height_ + depth + 1 > Program::kMaxStack)
      throw EngineLimit(
          fmt::format("a take would make a column of {} counters (the engine's limit is {}, "
                      "Program::kMaxStack)",
                      start_height_ + depth + 1, Program::kMaxStack));
  }
  void check_limits(const HopRule& rule, int depth) const {
    check_column(rule, depth);
    if (depth >= Move::kMaxSteps)
      throw EngineLimit(fmt::format("a capture sequence longer than {} takes (the engine's limit, Move::kMaxSteps)",
                                    Move::kMaxSteps));
  }

  bool may_reverse(int d, int came_along) const {
    return !(rules_.no_reverse && came_along >= 0 && d == p_.opposite[came_along]);
  }

  // Whether a piece of `kind` on `at` could take again (one hop, no deeper).
  bool can_hop(int at, int kind, int depth, int came_along) const {
    const uint32_t kind_bit = 1u << kind;
    for (const HopRule& rule : rules_.hops) {
      if (!(rule.kinds & kind_bit)) continue;
      for (int d : rule.dirs[seat_])
        if (may_reverse(d, came_along) && victim_index(rule, at, d, depth) >= 0) return true;
    }
    return false;
  }

  // The promotion a piece of `kind` earns on arriving at `land` mid-capture (0: none), the
  // kind it goes on with, and whether the promotion ends the capture there.
  uint8_t arrival_promotion(int kind, int land, int& next_kind, bool& ends) const {
    next_kind = kind;
    ends = false;
    uint8_t pr = promotion_ ? 0 : p_.promotion_at(static_cast<uint8_t>(first_code_ + kind), land);
    if (!pr) return 0;
    const Promotion& promotion = p_.promotions[pr - 1];
    if (promotion.when == Promotion::When::move_end) return 0;
    next_kind = promotion.to_kind;
    ends = promotion.when == Promotion::When::ends_capture || promotion.to_kind < 0;  // a burned piece stops
    return pr;
  }

  // Whether a piece landing on `land` after taking `over` (along `d`) could go on taking.
  bool landing_goes_on(const HopRule& rule, int over, int land, int kind, int depth, int d) {
    int next_kind;
    bool ends;
    arrival_promotion(kind, land, next_kind, ends);
    if (ends) return false;
    const uint8_t saved = mark_taken(rule, over);
    const bool goes_on = can_hop(land, next_kind, depth + 1, d);
    unmark_taken(over, saved);
    return goes_on;
  }

  // The takes from `at`: every hop of every rule of the kind (the array search), or only
  // the entries whose jumped cell is a foe and landing empty, found from the masks without a
  // branch per direction (the set-wise search; the same takes in the same order).
  template <bool SetWise>
  void extend(int at, int kind, int depth, int came_along, int value, Masks masks) {
    using Continue = CaptureRules::Continue;
    bool extended = false;
    if (SetWise && !(depth >= 1 && rules_.continuation == Continue::stop)) {
      const int begin = rules_.entries_begin[seat_ * kinds_ + kind];
      const int end = rules_.entries_begin[seat_ * kinds_ + kind + 1];
      const int back = rules_.no_reverse && came_along >= 0 ? p_.opposite[came_along] : -1;
      uint32_t open = 0;  // the kind's entries with a take, as bits
      for (int i = begin; i < end; ++i) {
        const CaptureRules::HopEntry e = rules_.entries[i];
        const int cell = e.dir * 64 + at;
        open |= static_cast<uint32_t>((masks.foes >> rules_.over[cell]) & (masks.empty >> rules_.land[cell]) & 1 &
                                      (e.dir != back))
                << (i - begin);
      }
      for (; open; open &= open - 1) {
        const CaptureRules::HopEntry e = rules_.entries[begin + __builtin_ctz(open)];
        const HopRule& rule = rules_.hops[e.rule];
        const int over = rules_.over[e.dir * 64 + at];
        check_limits(rule, depth);
        extended = true;
        take<true>(rule, over, top_[over], depth, rules_.land[e.dir * 64 + at], kind, value, e.dir, masks);
      }
    } else if (!SetWise && !(depth >= 1 && rules_.continuation == Continue::stop)) {
      const uint32_t kind_bit = 1u << kind;
      for (const HopRule& rule : rules_.hops) {
        if (!(rule.kinds & kind_bit)) continue;
        for (int d : rule.dirs[seat_]) {
          if (!may_reverse(d, came_along)) continue;
          const int k = victim_index(rule, at, d, depth);
          if (k < 0) continue;
          const int len = p_.ray_len(at, d);
          const int16_t* ray = p_.ray(at, d);
          const int over = ray[k];
          const uint8_t victim = top_[over];
          check_limits(rule, depth);
          // A sequence that must go on to its end, choosing where to land beyond the taken
          // piece, must land where it can take again when some landing allows it (under
          // choice=maximum the longer sequences win anyway, so the check is skipped).
          bool only_going_on = false;
          if (rule.land_far && rules_.continuation == Continue::must && rules_.maximum != CaptureRules::Maximum::count)
            for (int j = k + 1; j < len && !top_[ray[j]] && !only_going_on; ++j)
              only_going_on = landing_goes_on(rule, over, ray[j], kind, depth, d);
          for (int j = k + 1; j < len && !top_[ray[j]]; ++j) {
            if (only_going_on && !landing_goes_on(rule, over, ray[j], kind, depth, d)) continue;
            extended = true;
            take<false>(rule, over, victim, depth, ray[j], kind, value, d, masks);
            if (!rule.land_far) break;
          }
        }
      }
    }
    // A sequence that cannot go on is complete (when it must continue to its end).
    if (!extended && depth > 0 && rules_.continuation != Continue::may) record(depth, kind, value);
  }

  // Takes the piece (or top counter) on `over` for the rest of the sequence; returns what
  // stood there, for unmark_taken.
  uint8_t mark_taken(const HopRule& rule, int over) {
    const uint8_t saved = top_[over];
    if (rule.take_top && p_.stacking) top_[over] = below_taken(over);
    else if (!rules_.remove_later) top_[over] = 0;
    ++taken_[over];
    jumped_[over] = 1;
    return saved;
  }
  void unmark_taken(int over, uint8_t saved) {
    jumped_[over] = 0;
    --taken_[over];
    top_[over] = saved;
  }

  template <bool SetWise>
  void take(const HopRule& rule, int over, uint8_t victim, int depth, int land, int kind, int value, int d,
            Masks masks) {
    using Continue = CaptureRules::Continue;
    const uint8_t saved = mark_taken(rule, over);
    if constexpr (SetWise) {  // a jumped cell is never a foe again unless re-jumps are allowed
      const uint64_t bit = uint64_t{1} << over;
      const uint8_t left = top_[over];
      masks.foes &= ~bit;
      if (!left) masks.empty |= bit;
      else if (rules_.rejump && is_foe(left)) masks.foes |= bit;
    }
    Step& step = current_.path[depth];
    step.to = static_cast<int16_t>(land);
    step.taken = static_cast<int16_t>(over);
    current_.flags = (rule.take_top && p_.stacking ? Move::take_top : 0) | (rules_.remove_later ? Move::take_later : 0);
    const int taken_value = value + p_.kinds[kind_of(victim)].value;
    // A promotion on arrival (the first of the move) may end the sequence or change how the
    // piece goes on.
    int next_kind;
    bool ends;
    const uint8_t saved_promotion = promotion_, saved_at = promoted_at_;
    if (uint8_t pr = arrival_promotion(kind, land, next_kind, ends)) {
      promotion_ = pr;
      promoted_at_ = static_cast<uint8_t>(depth + 1);
    }
    if (ends) {
      record(depth + 1, kind, taken_value);
    } else {
      if (rules_.continuation == Continue::may) record(depth + 1, next_kind, taken_value);
      extend<SetWise>(land, next_kind, depth + 1, d, taken_value, masks);
    }
    promotion_ = saved_promotion;
    promoted_at_ = saved_at;
    unmark_taken(over, saved);
  }

  const Program& p_;
  const CaptureRules& rules_;
  const BoardArrays& board_;
  int seat_, mover_;
  int kinds_;           // the program's kind count
  uint8_t first_code_;  // the mover's piece code of kind 0 (its kinds' codes follow)
  MoveList& out_;
  uint8_t* top_;     // scratch: top piece per cell as the sequence goes on
  uint8_t* taken_;   // counters taken from each cell so far (all zero between searches)
  uint8_t* jumped_;  // cells jumped in this sequence (all zero between searches)
  bool* dirty_;      // the scratch's mark: set while a search may leave marks behind
  int start_height_ = 1;
  uint8_t promotion_ = 0, promoted_at_ = 0;  // the sequence's promotion so far
  Move current_;
};

}  // namespace

bool compile_set_wise(const Program& p, CaptureRules& rules) {
  rules.set_wise = false;
  if (!p.bitboards || rules.remove_later || rules.hops.size() > 255 || p.dirs > 255) return false;
  for (const HopRule& hop : rules.hops)
    if (hop.long_range || hop.land_far) return false;
  rules.over.assign(static_cast<size_t>(p.dirs) * 64, 0);
  rules.land.assign(rules.over.size(), 0);
  for (int d = 0; d < p.dirs; ++d)
    for (int c = 0; c < p.cells; ++c) {
      const bool hop = p.ray_len(c, d) >= 2;
      rules.over[d * 64 + c] = static_cast<uint8_t>(hop ? p.ray(c, d)[0] : c);
      rules.land[d * 64 + c] = static_cast<uint8_t>(hop ? p.ray(c, d)[1] : c);
    }
  // Per seat and kind, the order of the array search: rule by rule, direction by direction.
  rules.entries.clear();
  rules.entries_begin.clear();
  for (int seat = 0; seat < p.seat_count(); ++seat)
    for (int kind = 0; kind < p.kind_count(); ++kind) {
      rules.entries_begin.push_back(static_cast<uint16_t>(rules.entries.size()));
      size_t first = rules.entries.size();
      for (size_t r = 0; r < rules.hops.size(); ++r)
        if (rules.hops[r].kinds >> kind & 1)
          for (int d : rules.hops[r].dirs[seat])
            rules.entries.push_back({static_cast<uint8_t>(d), static_cast<uint8_t>(r)});
      if (rules.entries.size() - first > 32) return false;  // one bit per entry in a word
    }
  rules.entries_begin.push_back(static_cast<uint16_t>(rules.entries.size()));
  return rules.set_wise = true;
}

namespace {

// Keeps the first of the moves from `first` on that share their origin, landing, promotion and
// the cells they take: the key of each is those, the taken cells sorted; equal keys are
// found by sorting the keys (a position may have thousands of sequences).
void keep_one_per_takes(MoveList& out, size_t first) {
  const size_t n = out.size() - first;
  if (n < 2) return;
  thread_local std::vector<std::array<int16_t, Move::kMaxSteps + 3>> keys;
  thread_local std::vector<uint32_t> order;
  keys.resize(n);
  order.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const Move& m = out[first + i];
    auto& k = keys[i];
    k.fill(-1);
    k[0] = m.from, k[1] = m.to, k[2] = m.promotion;
    for (int s = 0; s < m.steps; ++s) k[3 + s] = m.path[s].taken;
    std::sort(k.begin() + 3, k.begin() + 3 + m.steps);
    order[i] = static_cast<uint32_t>(i);
  }
  std::stable_sort(order.begin(), order.end(), [](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
  thread_local std::vector<uint8_t> drop;
  drop.assign(n, 0);
  bool any = false;
  for (size_t i = 1; i < n; ++i)
    if (keys[order[i]] == keys[order[i - 1]]) drop[order[i]] = 1, any = true;  // stable: the earlier is kept
  if (!any) return;
  size_t kept = first;
  for (size_t i = 0; i < n; ++i)
    if (!drop[i]) out[kept++] = out[first + i];
  out.erase(out.begin() + static_cast<std::ptrdiff_t>(kept), out.end());
}

}  // namespace

void search_captures(const Program& p, const CaptureRules& rules, const BoardArrays& board, int seat,
                     const std::vector<int>& starts, int maker, MoveList& out) {
  const size_t first = out.size();
  if (!starts.empty()) {
    Search search(p, rules, board, seat, maker, out);
    for (int c : starts) search.from(c);
  }
  if (rules.same_takes_one_move) keep_one_per_takes(out, first);
  if (rules.maximum == CaptureRules::Maximum::none || out.size() == first) return;
  auto key = [&](const Move& m) {
    return rules.maximum == CaptureRules::Maximum::count ? int(m.captures) : int(m.value);
  };
  int most = 0;
  for (size_t i = first; i < out.size(); ++i) most = std::max(most, key(out[i]));
  out.erase(std::remove_if(out.begin() + first, out.end(), [&](const Move& m) { return key(m) < most; }), out.end());
}

}  // namespace tabula

#include "accel/step_playouts.hpp"

#include "engine/state.hpp"
#include "program/bit_count.hpp"

namespace tabula {
namespace {

// Every turn is the move phase's one step of a piece, made by the fused steps for every
// seat (no kind or region left out), and nothing else acts on a move: no captures by jumps,
// no effects after landing, no legality filter, offers or promotions, no score to decide,
// no piece that cannot be taken.
const FusedSteps* plain_steps(const Program& p) {
  if (!p.plain_turns || !p.bitboards || p.stacking || p.turn.turn.size() != 1) return nullptr;
  if (p.turn.turn[0].phase->name() != "move" || p.captures || !p.after_landing.empty() || !p.legal_if.empty() ||
      !p.offers.empty() || !p.promotions.empty() || !p.promotion_table.empty() || p.promotion_choices)
    return nullptr;
  if (p.end.pass_always || !p.end.score.empty()) return nullptr;
  for (const SeatDef& seat : p.seats)
    if (seat.kinds != 0xFFFFFFFFu || seat.region >= 0) return nullptr;
  for (const KindDef& kind : p.kinds)
    if (!kind.capturable) return nullptr;
  const auto* steps = dynamic_cast<const FusedSteps*>(p.whole_side);
  if (!steps) return nullptr;
  for (const auto& entries : steps->per_seat)
    for (const FusedSteps::Entry& e : entries)
      if (e.land & ~(land_empty | land_enemy)) return nullptr;  // onto its own pieces, or passing
  return steps;
}

int side_named(const PlayerSpec& who, int mover, int sides) {
  return who.who == PlayerRef::mover ? mover : who.who == PlayerRef::opponent ? (mover + 1) % sides : who.fixed;
}

// Whether side `side` may have pieces of kind `k` (a kind may be one side's alone).
bool may_have(const Program& p, int side, int k) { return p.kinds[k].owner < 0 || p.kinds[k].owner == side; }

}  // namespace

std::unique_ptr<StepPlayouts> StepPlayouts::for_program(const Program& p) {
  const FusedSteps* fused = plain_steps(p);
  if (!fused || p.player_count() > kMaxSides || 1 + p.player_count() * p.kind_count() > kMaxCodes) return nullptr;
  auto kernel = std::make_unique<StepPlayouts>();
  kernel->program_ = &p;
  kernel->paired_ = fused->paired;
  kernel->sides_ = p.player_count();
  kernel->codes_ = 1 + p.player_count() * p.kind_count();
  for (int seat = 0; seat < p.seat_count(); ++seat) {
    const int side = p.seats[seat].side;
    kernel->side_of_.push_back(side);
    auto& steps = kernel->steps_.emplace_back();
    for (const FusedSteps::Entry& e : fused->per_seat[seat])
      if (may_have(p, side, e.kind))  // the others never move: leaving them out keeps the order
        steps.push_back(Step{e.shift, e.dir, e.land, p.piece_code(side, e.kind), e.to});
    if (steps.size() > FusedSteps::kMaxEntries) return nullptr;
  }
  kernel->checks_.resize(p.player_count());
  for (int mover = 0; mover < p.player_count(); ++mover)
    for (const EndRule& r : p.end.after_move)
      if (!kernel->compile(p, r, mover, kernel->checks_[mover].emplace_back())) return nullptr;
  return kernel;
}

// The rule as the side `mover` just moved: false where the kernel cannot evaluate it (a
// function that is not a piece count, a sum left to the engine, which reports its overflow).
bool StepPlayouts::compile(const Program& p, const EndRule& r, int mover, Check& out) const {
  using Op = FormulaNode::Op;
  if (r.at_turn_start || r.condition.nodes.size() > kMaxNodes ||  // operands come first: the root last
      r.condition.root + 1 != static_cast<int>(r.condition.nodes.size()))
    return false;
  for (size_t i = 0; i < r.condition.nodes.size(); ++i) {
    const FormulaNode& n = r.condition.nodes[i];
    if (n.op == Op::add || n.op == Op::sub || n.op == Op::mul || n.op == Op::div) return false;
    if (n.a >= static_cast<int>(i) || n.b >= static_cast<int>(i)) return false;  // evaluated in order
    Node& node = out.nodes.emplace_back(
        Node{n.op, static_cast<int8_t>(n.a), static_cast<int8_t>(n.b), 0, 0, Node::compare, n.value});
    if (n.op != Op::function) continue;
    ValueFunction::PieceCount form;
    if (!p.functions[n.function]->counts_pieces(form)) return false;
    const bool all = form.who.who == PlayerRef::all;
    const int named = all ? 0 : side_named(form.who, mover, sides_);
    node.terms = static_cast<uint8_t>(out.terms.size());
    for (int side = all ? 0 : named; side <= (all ? sides_ - 1 : named); ++side)
      for (int k = 0; k < p.kind_count(); ++k)
        if ((form.kinds >> k & 1) && may_have(p, side, k))
          out.terms.push_back(Term{p.piece_code(side, k), form.cells ? (*form.cells)[side] : ~0ull});
    if (out.terms.size() > 255) return false;
    node.terms_end = static_cast<uint8_t>(out.terms.size());
  }
  for (Node& n : out.nodes) {  // COUNT > 0, >= 1, != 0: any; == 0, <= 0, < 1: none
    if (n.a < 0 || n.b < 0 || out.nodes[n.a].op != Op::function || out.nodes[n.b].op != Op::constant) continue;
    const int64_t k = out.nodes[n.b].value;
    const bool any = (n.op == Op::gt && k == 0) || (n.op == Op::ge && k == 1) || (n.op == Op::ne && k == 0);
    const bool none = (n.op == Op::eq && k == 0) || (n.op == Op::le && k == 0) || (n.op == Op::lt && k == 1);
    if (!any && !none) continue;
    n.test = any ? Node::any : Node::none;
    n.terms = out.nodes[n.a].terms, n.terms_end = out.nodes[n.a].terms_end;
  }
  // What check_end_rules (engine/turn_machine.cpp) sets when the rule holds; without a score
  // `end` is a draw.
  if (r.outcome == Outcome::draw || r.outcome == Outcome::end) {
    out.result = {true, -1};
  } else {
    if (r.who.who == PlayerRef::all) return false;
    const int side = side_named(r.who, mover, sides_);
    out.result = {true, r.outcome == Outcome::win ? side : sides_ == 2 ? 1 - side : -1};
  }
  return true;
}

// The condition's node on the masks, as the engine evaluates it (engine/evaluate.cpp).
int64_t StepPlayouts::value(const Check& c, int node, const CodeMasks& code) const {
  using Op = FormulaNode::Op;
  const Node& n = c.nodes[node];
  if (n.test != Node::compare) return found(c, n, code);
  switch (n.op) {
    case Op::constant: return n.value;
    case Op::function: {
      int64_t count = 0;
      for (int t = n.terms; t < n.terms_end; ++t) count += bit_count(code[c.terms[t].code] & c.terms[t].cells);
      return count;
    }
    case Op::not_: return !value(c, n.a, code);
    case Op::and_: return value(c, n.a, code) && value(c, n.b, code);
    case Op::or_: return value(c, n.a, code) || value(c, n.b, code);
    default: break;
  }
  // Sums and products are declined when compiled: what is left is a comparison.
  return compare(n.op, value(c, n.a, code), value(c, n.b, code));
}

bool StepPlayouts::play(const State& s, Rng& rng, PlayoutEnd& end) const {
  if (s.stored_result().over || s.turn_point().segment != TurnPoint::turn || s.ply() >= program_->end.ply_limit)
    return false;
#if defined(__x86_64__)
  static const bool popcnt = __builtin_cpu_supports("popcnt");
  if (popcnt) return paired_ ? play_with<true, true>(s, rng, end) : play_with<false, true>(s, rng, end);
#endif
  return paired_ ? play_with<true, false>(s, rng, end) : play_with<false, false>(s, rng, end);
}

namespace {

// A word's set bits: by the popcnt instruction where play() found the processor has it,
// else by plain instructions (the release build targets the base x86-64 set, where the
// compiler's builtin is a library call).
template <bool Popcnt>
inline int set_bits(uint64_t x) {
#if defined(__x86_64__)
  if constexpr (Popcnt) {
    uint64_t n;
    asm("popcntq %1, %0" : "=r"(n) : "r"(x));
    return static_cast<int>(n);
  }
#endif
  return bit_count(x);
}

}  // namespace

template <bool Paired, bool Popcnt>
bool StepPlayouts::play_with(const State& s, Rng& rng, PlayoutEnd& end) const {
  constexpr uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  const Program& p = *program_;
  CodeMasks code{};
  for (int c = 1; c < codes_; ++c) code[c] = s.code_mask(static_cast<uint8_t>(c));
  std::array<uint64_t, kMaxSides> side_cells{};
  for (int side = 0; side < sides_; ++side) side_cells[side] = s.pieces_mask(side);
  uint64_t occupied = s.occupied_mask();
  const int room = p.end.ply_limit - s.ply();  // the plies before the limit ends the game
  const int seats = static_cast<int>(side_of_.size());
  int seat = s.current_seat();
  for (int plies = 1;; ++plies) {
    const int side = side_of_[seat];
    const Step* steps = steps_[seat].data();
    const size_t n = steps_[seat].size();
    const uint64_t mine = side_cells[side];
    const uint64_t empty = ~occupied, enemy = occupied & ~mine;
    const uint64_t lands[4] = {0, empty, enemy, empty | enemy};  // by land_empty | land_enemy
    uint64_t can[FusedSteps::kMaxEntries];
    uint64_t any = 0, per_byte = 0;  // per_byte: the steps from each byte's cells
    for (size_t i = 0; i < n; ++i) {
      const uint64_t land = lands[steps[i].land];
      can[i] =
          code[steps[i].code] & (Paired ? cells_before(steps[i].shift, land) : cells_before(p, steps[i].dir, land));
      any |= can[i];
      if constexpr (!Popcnt) per_byte += byte_bit_counts(can[i]);
    }
    // With at most 15 entries a byte counts at most 120 steps, so the bytes add up without a
    // carry; their sum is taken in 16-bit lanes.
    uint32_t total = 0;
    if (Popcnt || n > 15) {
      for (size_t i = 0; i < n; ++i) total += static_cast<uint32_t>(set_bits<Popcnt>(can[i]));
    } else {
      const uint64_t lanes = (per_byte & 0x00FF00FF00FF00FFull) + (per_byte >> 8 & 0x00FF00FF00FF00FFull);
      total = static_cast<uint32_t>((lanes * 0x0001000100010001ull) >> 48);
    }
    if (total == 0) {
      if (p.end.no_move != NoMovePolicy::pass) {
        end = {{true, p.end.no_move == NoMovePolicy::draw || sides_ != 2 ? -1 : 1 - side}, plies - 1};
        return true;
      }
      rng.below(1);  // the pass, a move drawn from one
    } else {
      // The k-th step in the fused steps' order: the pieces by cell, each piece's entries in
      // order. Where the counts per byte allow, the byte of cells that holds it is found at
      // once (as nth_bit finds a bit's byte), and only its pieces are walked; with a popcnt
      // instruction, only where there are many pieces to walk.
      uint32_t k = rng.below(total);
      if (total < 128 && n <= 15 && (!Popcnt || set_bits<Popcnt>(any) > 8)) {
        if constexpr (Popcnt)
          for (size_t i = 0; i < n; ++i) per_byte += byte_bit_counts(can[i]);
        const uint64_t through = per_byte * ones;  // byte i: the steps from bytes 0..i
        const int byte = static_cast<int>(((((k * ones | highs) - through) & highs) >> 7) * ones >> 56);
        if (byte) k -= static_cast<uint32_t>(through >> (8 * byte - 8)) & 0xFF;
        any &= uint64_t{0xFF} << (8 * byte);
      }
      for (;; any &= any - 1) {
        const int from = __builtin_ctzll(any);
        uint32_t which = 0;
        for (size_t i = 0; i < n; ++i) which |= static_cast<uint32_t>(can[i] >> from & 1) << i;
        const uint32_t here = static_cast<uint32_t>(set_bits<Popcnt>(which));
        if (k >= here) {
          k -= here;
          continue;
        }
        const Step& step = steps[nth_bit(which, k)];
        const uint64_t from_bit = uint64_t{1} << from;
        // Paired shifts move the piece's bit as they moved the landing cells back: no table.
        const uint64_t to_bit = Paired ? cells_after(step.shift, from_bit) : uint64_t{1} << step.to[from];
        if (occupied & to_bit) {  // a piece taken there
          for (int c = 1; c < codes_; ++c) code[c] &= ~to_bit;
          for (int other = 0; other < sides_; ++other) side_cells[other] &= ~to_bit;
        }
        code[step.code] ^= from_bit | to_bit;
        side_cells[side] ^= from_bit | to_bit;
        occupied = (occupied & ~from_bit) | to_bit;
        break;
      }
    }
    for (const Check& c : checks_[side])
      if (c.nodes.back().test == Node::compare ? value(c, static_cast<int>(c.nodes.size()) - 1, code)
                                               : found(c, c.nodes.back(), code)) {
        end = {c.result, plies};
        return true;
      }
    if (plies >= room) {  // the ply limit, without a score: a draw
      end = {{true, -1}, plies};
      return true;
    }
    seat = seat + 1 == seats ? 0 : seat + 1;
  }
}

}  // namespace tabula

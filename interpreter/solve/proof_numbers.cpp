// The solver's proof-number search: depth-first proof-number search (df-pn, Nagai 2002)
// over AND/OR trees of one side's question "do I reach at least TARGET?", with the
// 1+epsilon threshold of Pawlewicz and Lew (2007) so that a search does not switch back and
// forth between two children of nearly equal numbers. Numbers live in a table of their own;
// every position proven or disproven also goes, as a bound on its value, into the table of
// values the alpha-beta search and the principal variation read.
#include <fmt/format.h>
#include <algorithm>

#include "solve/solver.hpp"
#include "solve/solver_worker.hpp"

namespace tabula {
namespace {

constexpr uint32_t kInfinity = 0x3FFFFFFF;

uint32_t add(uint32_t a, uint32_t b) {
  if (a >= kInfinity || b >= kInfinity) return kInfinity;
  return std::min<uint32_t>(a + b, kInfinity - 1);
}

// The limit a child is searched to before its sibling may be better: the second best
// number plus a quarter (1+epsilon) and one.
uint32_t beyond(uint32_t second, uint32_t limit) {
  if (second >= kInfinity) return limit;
  return std::min<uint32_t>(limit, std::min<uint64_t>(kInfinity - 1, uint64_t{second} + second / 4 + 1));
}

// limit - total + part, where part is in total and total < limit.
uint32_t share(uint32_t limit, uint32_t total, uint32_t part) {
  if (limit >= kInfinity) return kInfinity;
  return limit - total + part;
}

uint64_t question_salt(int side, int32_t target) {
  return 0x7F4A7C159E3779B9ULL * static_cast<uint64_t>(side + 1) ^
         0xD1B54A32D192ED03ULL * static_cast<uint32_t>(target);
}

// The largest value below `target` (values of a game without a score: loss, draw, win).
int32_t below(int32_t target) { return target > 0 ? 0 : -kSolvedWin; }

// Whether bounds on a value (for the side that asks) answer the question: proof 0 when it
// reaches `target`, disproof 0 when it cannot. Fills `out` when they do.
bool settle(ValueBounds b, int32_t target, ProofNumbers& out) {
  if (b.lower >= target) {
    out = {0, kInfinity, b.lower >= kSolvedWin};
    return true;
  }
  if (b.upper < target) {
    out = {kInfinity, 0, false};
    return true;
  }
  return false;
}

}  // namespace

// Whether the question is answered at `s` without a search: the game is over, or the table
// of values already bounds it. Fills `out` (proof 0, or disproof 0) when it is.
bool Solver::decided(State& s, const Keys& k, int side, int32_t target, ProofNumbers& out) {
  ValueBounds b;
  const GameResult r = s.stored_result();
  if (r.over) {
    const int32_t v = terminal_value(s, r);
    b = {v, v};
  } else {
    b = table_->find(k.key, k.check);
  }
  if (s.current_player() != side) b = b.negated();
  return settle(b, target, out);
}

// Keeps a search's numbers, and the bound they prove on the value.
void Solver::record(const Keys& k, int mover, int side, int32_t target, const ProofNumbers& n, uint64_t nodes) {
  const uint64_t key = k.key, check = k.check;
  SolverTable::Entry e;
  e.key = key ^ question_salt(side, target), e.check = check;
  e.lower = static_cast<int32_t>(n.proof), e.upper = static_cast<int32_t>(n.disproof);
  e.spare = n.pure ? 1 : 0;
  numbers_->assign(e, nodes);
  if (n.proof != 0 && n.disproof != 0) return;
  ValueBounds b = unknown(*program_);  // for `side`
  if (n.proof == 0) b.lower = n.pure ? kSolvedWin : target;
  else b.upper = below(target);
  if (mover != side) b = b.negated();
  table_->store(key, check, b, SolverTable::kNoMove, nodes);
}

// One node of df-pn: search below `s` until its numbers reach a limit. `s` is not decided.
void Solver::mid(Worker& w, State& s, int side, int32_t target, uint32_t proof_limit, uint32_t disproof_limit,
                 int depth, ProofNumbers& out) {
  if (should_stop(w)) return;
  ++w.nodes;
  if (depth >= kMaxSolvePlies) {
    if (!aborted_.exchange(true))
      stopped_ = fmt::format("a line reached {} plies from the root, the solver's depth limit", kMaxSolvePlies);
    return;
  }
  MoveList& moves = w.moves[depth];
  s.legal_moves(moves);
  const uint64_t nodes0 = w.nodes;
  const Keys self = keys(s);
  const int mover = s.current_player();
  if (moves.empty()) {  // the rules' no-move outcome
    const int32_t v = terminal_value(s, s.result());
    const int32_t mine = s.current_player() == side ? v : -v;
    out = mine >= target ? ProofNumbers{0, kInfinity, mine >= kSolvedWin} : ProofNumbers{kInfinity, 0, false};
    record(self, mover, side, target, out, 1);
    return;
  }
  auto& children = w.children[depth];
  children.resize(moves.size());
  const bool mine = s.current_player() == side;  // an OR node: one child proven is enough
  // The move that last won at once at this depth first (as alpha-beta does): a win found
  // there ends the node's expansion after one child.
  if (const size_t first = first_winner(w, depth, moves); first != 0) std::swap(moves[0], moves[first]);
  // Two passes over the children: the first plays each, settles those the game ends and
  // asks for the others' table entries to be brought into the cache; the second reads
  // them, so the search waits for memory once for all of them rather than once each.
  // A child that answers the question ends the node's expansion at once.
  auto answers = [&](const ProofNumbers& n) { return mine ? n.proof == 0 : n.disproof == 0; };
  size_t played = moves.size();
  for (size_t i = 0; i < moves.size(); ++i) {
    s.apply_unchecked(moves[i]);
    ++w.nodes;  // a position visited: the budget counts each
    Worker::Child& c = children[i];
    const GameResult r = s.stored_result();
    c.over = r.over;
    c.side_moves = s.current_player() == side;
    if (r.over) {
      if (r.winner == mover) w.winner[static_cast<size_t>(depth)] = moves[i];
      const int32_t v = terminal_value(s, r);
      settle(c.side_moves ? ValueBounds{v, v} : ValueBounds{-v, -v}, target, c.numbers);
    } else {
      const Keys k = keys(s);
      c.key = k.key, c.check = k.check;
      table_->prefetch(c.key);
      numbers_->prefetch(c.key ^ question_salt(side, target));
    }
    s.undo();
    if (r.over && answers(c.numbers)) {
      played = i + 1;
      break;
    }
  }
  children.resize(played);
  for (size_t i = 0; i < played; ++i) {
    Worker::Child& c = children[i];
    if (c.over) continue;
    ValueBounds b = table_->find(c.key, c.check);
    if (!c.side_moves) b = b.negated();
    if (!settle(b, target, c.numbers)) {
      SolverTable::Entry e;
      c.numbers = numbers_->find_entry(c.key ^ question_salt(side, target), c.check, e)
                      ? ProofNumbers{static_cast<uint32_t>(e.lower), static_cast<uint32_t>(e.upper), e.spare != 0}
                      : ProofNumbers{};
    }
    if (answers(c.numbers)) {
      children.resize(i + 1);
      break;
    }
  }
  for (;;) {
    uint32_t proof = mine ? kInfinity : 0, disproof = mine ? 0 : kInfinity;
    bool pure = !mine;  // OR: some child proven by wins alone; AND: every child
    size_t best = 0;
    uint32_t best_number = kInfinity + 1, second = kInfinity;
    for (size_t i = 0; i < children.size(); ++i) {
      const ProofNumbers& n = children[i].numbers;
      if (mine) {
        proof = std::min(proof, n.proof);
        disproof = add(disproof, n.disproof);
        if (n.proof == 0 && n.pure) pure = true;
      } else {
        proof = add(proof, n.proof);
        disproof = std::min(disproof, n.disproof);
        if (!n.pure) pure = false;
      }
      const uint32_t number = mine ? n.proof : n.disproof;  // the child that decides most cheaply
      if (number < best_number) second = best_number, best_number = number, best = i;
      else if (number < second) second = number;
    }
    if (proof != 0) pure = false;
    out = {proof, disproof, pure};
    if (proof >= proof_limit || disproof >= disproof_limit || proof == 0 || disproof == 0) break;
    ProofNumbers& n = children[best].numbers;
    const uint32_t child_proof = mine ? beyond(second, proof_limit) : share(proof_limit, proof, n.proof);
    const uint32_t child_disproof = mine ? share(disproof_limit, disproof, n.disproof) : beyond(second, disproof_limit);
    s.apply_unchecked(moves[best]);
    mid(w, s, side, target, child_proof, child_disproof, depth + 1, n);
    s.undo();
    if (aborted_.load(std::memory_order_relaxed)) return;
  }
  record(self, mover, side, target, out, w.nodes - nodes0 + 1);
}

ProofNumbers Solver::prove(Worker& w, State& s, int side, int32_t target) {
  ProofNumbers n;
  const Keys k = keys(s);
  if (decided(s, k, side, target, n)) return n;
  SolverTable::Entry e;
  if (numbers_->find_entry(k.key ^ question_salt(side, target), k.check, e))
    n = {static_cast<uint32_t>(e.lower), static_cast<uint32_t>(e.upper), e.spare != 0};
  if (n.proof == 0 || n.disproof == 0) return n;
  mid(w, s, side, target, kInfinity, kInfinity, 0, n);
  return n;
}

ValueBounds Solver::solve_by_proofs(Worker& w, State& s) {
  const int side = s.current_player();
  const ProofNumbers draw = prove(w, s, side, 0);
  if (draw.disproof == 0) return {-kSolvedWin, -kSolvedWin};
  if (draw.proof == 0 && draw.pure) return {kSolvedWin, kSolvedWin};
  if (draw.proof != 0) return known(s);  // out of budget
  const ProofNumbers win = prove(w, s, side, kSolvedWin);
  if (win.proof == 0) return {kSolvedWin, kSolvedWin};
  if (win.disproof == 0) return {0, 0};
  return {0, kSolvedWin};
}

}  // namespace tabula

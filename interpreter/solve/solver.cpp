#include "solve/solver.hpp"

#include <fmt/format.h>
#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "engine/turn_machine.hpp"
#include "players/evaluator.hpp"
#include "solve/solver_worker.hpp"
#include "util/parallel.hpp"

namespace tabula {
namespace {

constexpr int32_t kNoValue = std::numeric_limits<int32_t>::min();  // a move not ended at once
constexpr double kTableMoveScore = 1e300, kUnscored = -1e300;

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

uint64_t mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace

uint32_t history_key(const Move& m) {
  uint32_t h = uint32_t(uint16_t(m.from)) * 0x9E3779B1u ^ uint32_t(uint16_t(m.to)) * 0x85EBCA77u ^
               uint32_t(m.kind) * 0xC2B2AE3Du ^ uint32_t(m.arg) * 0x27D4EB2Fu ^ uint32_t(m.maker) * 0x165667B1u;
  return (h ^ (h >> 16)) & (kHistoryKeys - 1);
}

namespace {

std::string half_points(int32_t halves) {
  const std::string sign = halves > 0 ? "+" : halves < 0 ? "-" : "";
  const int32_t a = halves < 0 ? -halves : halves;
  return a % 2 ? fmt::format("{}{}.5", sign, a / 2) : fmt::format("{}{}", sign, a / 2);
}

}  // namespace

std::string unsolvable_reason(const Program& p) {
  if (p.player_count() != 2)
    return fmt::format(
        "the solver plays one side against the other, and these rules have {} sides (a game of teams is solved "
        "when its seats make two sides)",
        p.player_count());
  if (p.end.remembers_positions())
    return "these rules compare positions with the game's earlier ones (repetition, superko), so a position's "
           "value depends on the whole history, which the solver does not search; a variant without that rule can "
           "be solved";
  return "";
}

std::string value_word(ValueBounds v, bool scored) {
  if (!v.exact()) return "unknown";
  if (v.lower >= kSolvedWin) return "win";
  if (v.lower <= -kSolvedWin) return "loss";
  if (!scored) return "draw";
  return half_points(v.lower);
}

std::string bound_word(int32_t v, bool scored) {
  if (v >= kSolvedWin) return "win";
  if (v <= -kSolvedWin) return "loss";
  if (!scored) return "draw";
  return half_points(v);
}

size_t default_solver_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return size_t{1} << 30;
  return static_cast<size_t>(pages) * static_cast<size_t>(page) / 4;
}

bool uses_proof_numbers(const Program& p, SolveOptions::Method method) {
  return (method == SolveOptions::Method::automatic || method == SolveOptions::Method::proof_numbers) &&
         p.end.score.empty();
}

std::shared_ptr<SolverTable> table_within(const Program& p, size_t memory, SolveOptions& options) {
  const bool proofs = uses_proof_numbers(p, options.method);
  options.proof_memory = proofs ? memory - memory / 4 : 0;
  return std::make_shared<SolverTable>(proofs ? memory / 4 : memory, Solver::unknown(p));
}

ValueBounds best_of(const std::vector<SolvedMove>& moves) {
  ValueBounds best{std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::min()};
  for (const SolvedMove& m : moves)
    best.lower = std::max(best.lower, m.value.lower), best.upper = std::max(best.upper, m.value.upper);
  return best;
}

Solver::Solver(std::shared_ptr<SolverTable> table, SolveOptions options)
    : table_(std::move(table)), options_(options) {}

Solver::~Solver() = default;

ValueBounds Solver::unknown(const Program&) { return {-kSolvedWin, kSolvedWin}; }

uint64_t Solver::key_of(const State& s, const Symmetry* sym) {
  uint64_t key = (sym ? Symmetries::image_hash(s, *sym) : s.hash()) ^ mix(0x51u + static_cast<uint64_t>(s.ply()));
  if (s.program().end.quiet_limit > 0) key ^= mix(0xA7000000u + static_cast<uint64_t>(s.quiet_plies()));
  return key;
}

// A second hash of everything key_of covers, made another way (a running mix over the
// cells and counters, not Zobrist keys), so two positions that share a key are told apart.
// With `sym`, of the image: the cells read through the map.
uint64_t Solver::check_of(const State& s, const Symmetry* sym) {
  const Program& p = s.program();
  uint64_t h = mix(static_cast<uint64_t>(s.current_seat()) << 32 | static_cast<uint64_t>(s.ply()));
  const TurnPoint& t = s.turn_point();
  const uint64_t quiet = p.end.quiet_limit > 0 ? static_cast<uint64_t>(s.quiet_plies()) : 0;  // as key_of
  h = mix(h ^ (uint64_t{t.segment} | uint64_t{t.step} << 8 | uint64_t{t.fresh} << 16 |
               static_cast<uint64_t>(s.consecutive_passes()) << 24 | quiet << 40));
  for (int i = 0; i < p.vars.size(); ++i) h = mix(h ^ static_cast<uint32_t>(s.var(i)) ^ uint64_t(i) << 32);
  if (p.bitboards && !p.stacking) {  // the cells of each piece code, a word each
    const int codes = p.player_count() * p.kind_count();
    for (int code = 1; code <= codes; ++code) {
      uint64_t mask = s.code_mask(static_cast<uint8_t>(code));
      if (sym) {
        uint64_t moved = 0;
        for (; mask; mask &= mask - 1) moved |= uint64_t{1} << sym->cell[static_cast<size_t>(__builtin_ctzll(mask))];
        mask = moved;
      }
      h = mix(h ^ mask ^ uint64_t(code));
    }
    return h;
  }
  uint64_t word = 0;
  int filled = 0;
  for (int c = 0; c < p.cells; ++c) {
    const int from = sym ? sym->inverse[static_cast<size_t>(c)] : c;  // what stands on c in the image
    const int height = p.stacking ? s.height(from) : 1;
    for (int l = 0; l < height; ++l) {
      word = word << 8 | (p.stacking ? s.counter(from, l) : s.at(from));
      if (++filled == 8) h = mix(h ^ word), word = 0, filled = 0;
    }
    if (p.stacking) {
      word = word << 8 | 0xFF;  // a column's end
      if (++filled == 8) h = mix(h ^ word), word = 0, filled = 0;
    }
  }
  return mix(h ^ word ^ static_cast<uint64_t>(filled));
}

// The symmetry whose image of `s` has the least hash, or null: the position itself.
const Symmetry* Solver::least_symmetry(const State& s) const {
  if (!symmetries_ || symmetries_->empty()) return nullptr;
  uint64_t least = 0;
  const int i = symmetries_->least_image(s, least);
  return i < 0 ? nullptr : &symmetries_->list()[static_cast<size_t>(i)];
}

uint64_t Solver::canonical_key(const State& s) const { return key_of(s, least_symmetry(s)); }

Solver::Keys Solver::keys(const State& s) const {
  const Symmetry* sym = least_symmetry(s);
  return {key_of(s, sym), check_of(s, sym)};
}

bool Solver::should_stop(Worker& w) {
  if (w.give_up_at && w.nodes >= w.give_up_at) w.gave_up = true;
  if (w.gave_up) return true;
  if (w.nodes - w.flushed < 4096) return aborted_.load(std::memory_order_relaxed);
  const uint64_t total = nodes_.fetch_add(w.nodes - w.flushed, std::memory_order_relaxed) + (w.nodes - w.flushed);
  w.flushed = w.nodes;
  if (aborted_.load(std::memory_order_relaxed)) return true;
  std::string why;
  if (options_.stop && options_.stop->load()) why = "interrupted";
  else if (options_.nodes && total >= options_.nodes) why = fmt::format("the node budget ({}) ran out", options_.nodes);
  else if (options_.seconds > 0 && now_seconds() > deadline_)
    why = fmt::format("the time budget ({} s) ran out", options_.seconds);
  if (why.empty()) return false;
  if (!aborted_.exchange(true)) stopped_ = why;
  return true;
}

int32_t Solver::terminal_value(const State& s, const GameResult& r) {
  if (s.ply() >= program_->end.ply_limit) ply_limit_reached_.store(true, std::memory_order_relaxed);
  const int me = s.current_player();
  if (!scored_) return r.winner < 0 ? 0 : r.winner == me ? kSolvedWin : -kSolvedWin;
  const int64_t diff = score_halves(s, me) - score_halves(s, 1 - me);
  const int64_t bounded = std::clamp<int64_t>(diff, -(kSolvedWin - 1), kSolvedWin - 1);
  if (r.winner < 0) return 0;  // a tie, or drawn by a rule whatever the score
  if (r.winner == me) return diff > 0 ? static_cast<int32_t>(bounded) : kSolvedWin;
  return diff < 0 ? static_cast<int32_t>(bounded) : -kSolvedWin;
}

// The index in `moves` of the move that last ended the game with a win at this depth, or 0.
size_t Solver::first_winner(const Worker& w, int depth, const MoveList& moves) {
  const Move& m = w.winner[static_cast<size_t>(depth)];
  if (m.to < 0 && m.from < 0) return 0;
  for (size_t i = 0; i < moves.size(); ++i)
    if (moves[i] == m) return i;
  return 0;
}

// Negamax: the value for the player to move, fail-soft within (alpha, beta).
int32_t Solver::search(Worker& w, State& s, int32_t alpha, int32_t beta, int depth) {
  if (should_stop(w)) return 0;
  ++w.nodes;
  const GameResult stored = s.stored_result();
  if (stored.over) return terminal_value(s, stored);
  if (depth >= kMaxSolvePlies) {
    if (!aborted_.exchange(true))
      stopped_ = fmt::format("a line reached {} plies from the root, the solver's depth limit", kMaxSolvePlies);
    return 0;
  }
  MoveList& moves = w.moves[depth];
  s.legal_moves(moves);
  if (moves.empty()) return terminal_value(s, s.result());
  const auto [key, check] = keys(s);
  uint16_t table_move = SolverTable::kNoMove;
  const ValueBounds known = table_->find(key, check, &table_move);
  if (known.lower >= beta) return known.lower;
  if (known.upper <= alpha) return known.upper;
  if (known.exact()) return known.lower;
  alpha = std::max(alpha, known.lower);
  beta = std::min(beta, known.upper);
  const int32_t alpha0 = alpha;
  const uint64_t nodes0 = w.nodes;
  const int me = s.current_player();

  // Each move tried once: one that ends the game is valued at once (a win found before any
  // search), the others scored for the order.
  const size_t n = moves.size();
  auto& score = w.scores[depth];
  auto& ended = w.ended[depth];
  score.assign(n, kUnscored);
  ended.assign(n, kNoValue);
  int32_t best = std::numeric_limits<int32_t>::min();
  uint16_t best_move = SolverTable::kNoMove;
  const bool evaluate = depth < options_.evaluated_plies;
  // The move that last won at once at this depth first: the same win (a threat the move
  // before did not stop) usually ends this position too, and then no other move is tried.
  const size_t first = first_winner(w, depth, moves);
  for (size_t k = 0; k < n; ++k) {
    const size_t i = k == 0 ? first : k <= first ? k - 1 : k;
    s.apply_unchecked(moves[i]);
    ++w.nodes;  // a position visited: the budget counts each
    const GameResult r = s.stored_result();
    if (r.over) {
      int32_t v = terminal_value(s, r);
      if (s.current_player() != me) v = -v;
      ended[i] = v;
      if (v > best) best = v, best_move = static_cast<uint16_t>(i);
      if (v >= kSolvedWin) w.winner[depth] = moves[i];
    } else {
      table_->prefetch(canonical_key(s));  // searched soon, if no move wins at once
      score[i] = i == table_move ? kTableMoveScore
                 : evaluate      ? w.evaluator->evaluate(s, me)
                                 : static_cast<double>(w.history[history_key(moves[i])]);
    }
    s.undo();
    if (best >= beta || best >= kSolvedWin) break;  // nothing is better than a win
  }
  if (best < beta && best < kSolvedWin) {
    alpha = std::max(alpha, best);
    auto& order = w.order[depth];
    order.clear();
    for (size_t i = 0; i < n; ++i)
      if (ended[i] == kNoValue) order.push_back(static_cast<uint16_t>(i));
    std::stable_sort(order.begin(), order.end(), [&](uint16_t a, uint16_t b) { return score[a] > score[b]; });
    for (uint16_t i : order) {
      const uint64_t before = w.nodes;
      s.apply_unchecked(moves[i]);
      const bool same = s.current_player() == me;
      const int32_t v = same ? search(w, s, alpha, beta, depth + 1) : -search(w, s, -beta, -alpha, depth + 1);
      s.undo();
      if (aborted_.load(std::memory_order_relaxed) || w.gave_up) return 0;
      if (v > best) best = v, best_move = i;
      if (best > alpha) alpha = best;
      if (alpha >= beta || best >= kSolvedWin) {
        uint32_t& h = w.history[history_key(moves[i])];
        h = static_cast<uint32_t>(std::min<uint64_t>(h + 1 + (w.nodes - before), 1u << 30));
        break;
      }
    }
  }
  ValueBounds proven = unknown(*program_);
  if (best <= alpha0) proven.upper = best;
  else if (best >= beta) proven.lower = best;
  else proven = {best, best};
  table_->store(key, check, proven, best_move, w.nodes - nodes0);
  return best;
}

// The exact value of every position below `s`, each valued once and kept in the table: the
// whole state space searched without pruning (retrograde analysis over a game whose key
// holds the ply, so that its positions form no cycle). Cheaper than alpha-beta where every
// move's exact value is wanted and the positions are few; a table too small for them evicts
// and values some twice.
int32_t Solver::enumerate(Worker& w, State& s, int depth) {
  if (should_stop(w)) return 0;
  ++w.nodes;
  const GameResult stored = s.stored_result();
  if (stored.over) return terminal_value(s, stored);
  if (depth >= kMaxSolvePlies) {
    if (!aborted_.exchange(true))
      stopped_ = fmt::format("a line reached {} plies from the root, the solver's depth limit", kMaxSolvePlies);
    return 0;
  }
  MoveList& moves = w.moves[depth];
  s.legal_moves(moves);
  if (moves.empty()) return terminal_value(s, s.result());
  const auto [key, check] = keys(s);
  if (const ValueBounds known = table_->find(key, check); known.exact()) return known.lower;
  const uint64_t nodes0 = w.nodes;
  const int me = s.current_player();
  int32_t best = std::numeric_limits<int32_t>::min();
  for (size_t i = 0; i < moves.size(); ++i) {
    s.apply_unchecked(moves[i]);
    const int32_t v = s.current_player() == me ? enumerate(w, s, depth + 1) : -enumerate(w, s, depth + 1);
    s.undo();
    if (aborted_.load(std::memory_order_relaxed)) return 0;
    best = std::max(best, v);
  }
  table_->store(key, check, {best, best}, SolverTable::kNoMove, w.nodes - nodes0);
  return best;
}

// What is known of a position: its value when the game is over there, else the table's bounds.
ValueBounds Solver::known(State& s) {
  const GameResult r = s.stored_result();
  if (r.over) {
    const int32_t v = terminal_value(s, r);
    return {v, v};
  }
  MoveList moves;
  s.legal_moves(moves);
  if (moves.empty()) {
    const int32_t v = terminal_value(s, s.result());
    return {v, v};
  }
  const Keys k = keys(s);
  return table_->find(k.key, k.check);
}

// From the root, a move whose proven value is the position's, while the table proves one.
std::vector<std::string> Solver::principal_variation(State s, int32_t value) {
  std::vector<std::string> pv;
  while (static_cast<int>(pv.size()) < kMaxSolvePlies && !s.stored_result().over) {
    MoveList moves = s.legal_moves();
    const int me = s.current_player();
    bool found = false;
    for (const Move& m : moves) {
      std::string text = s.move_to_string(m);
      s.apply_unchecked(m);
      ValueBounds b = known(s);
      if (s.current_player() != me) b = b.negated();
      if (b.exact() && b.lower == value) {
        pv.push_back(std::move(text));
        if (s.current_player() != me) value = -value;
        found = true;
        break;
      }
      s.undo();
    }
    if (!found) break;
  }
  return pv;
}

Solution Solver::solve(const State& root) {
  const Program& p = root.program();
  if (std::string why = unsolvable_reason(p); !why.empty()) throw std::invalid_argument(why);
  program_ = &p;
  scored_ = !p.end.score.empty();
  aborted_ = false;
  nodes_ = 0;
  ply_limit_reached_ = false;
  stopped_.clear();
  const double started = now_seconds();
  deadline_ = started + options_.seconds;

  Solution out;
  out.scored = scored_;
  out.to_move = root.current_player();
  out.ply_limit = p.end.ply_limit;
  const bool proofs = uses_proof_numbers(p, options_.method);
  if (proofs && !numbers_) numbers_ = std::make_unique<SolverTable>(options_.proof_memory, ValueBounds{1, 1});
  symmetries_ = nullptr;
  if (options_.use_symmetries)
    symmetries_ = options_.symmetries ? options_.symmetries
                                      : std::make_shared<const Symmetries>(Symmetries::of(root.program_ptr()));
  out.symmetries = symmetries_ ? symmetries_->names() : "none";
  State s = root;
  MoveList moves = s.legal_moves();
  Worker main_worker;
  main_worker.evaluator = make_evaluator(p);
  if (s.stored_result().over || moves.empty()) {
    out.value = known(s);
  } else {
    out.moves.resize(moves.size());
    for (size_t i = 0; i < moves.size(); ++i) out.moves[i] = {moves[i], s.move_to_string(moves[i]), unknown(p)};
    // The root's moves in the evaluation's order, shared among the threads.
    std::vector<double> score(moves.size());
    for (size_t i = 0; i < moves.size(); ++i) {
      s.apply_unchecked(moves[i]);
      score[i] = s.stored_result().over ? 1e300 : main_worker.evaluator->evaluate(s, out.to_move);
      s.undo();
    }
    // Moves whose positions are images of an earlier move's (under the symmetries in use)
    // take that move's value: one of each is searched.
    std::vector<size_t> same_as(moves.size());
    std::vector<Keys> child_keys(moves.size());
    std::vector<size_t> order;
    for (size_t i = 0; i < moves.size(); ++i) {
      same_as[i] = i;
      if (static_cast<int>(i % static_cast<size_t>(options_.shard_count)) != options_.shard_index) continue;
      if (symmetries_ && !symmetries_->empty()) {
        s.apply_unchecked(moves[i]);
        child_keys[i] = keys(s);
        s.undo();
        for (size_t j : order)
          if (child_keys[j].key == child_keys[i].key && child_keys[j].check == child_keys[i].check) same_as[i] = j;
      }
      if (same_as[i] == i) order.push_back(i);
      else ++out.symmetric_moves;
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return score[a] > score[b]; });
    std::atomic<size_t> next{0};
    std::atomic<bool> failed{false};
    const int threads = std::max(1, std::min<int>(options_.threads, static_cast<int>(order.size())));
    run_parallel(
        threads,
        [&](int t) {
          Worker other;
          Worker& w = t == 0 ? main_worker : other;
          if (t != 0) w.evaluator = make_evaluator(p);
          State mine = root;
          for (size_t k; !failed && (k = next.fetch_add(1)) < order.size();) {
            const size_t i = order[k];
            mine.apply_unchecked(moves[i]);
            const bool same = mine.current_player() == out.to_move;
            ValueBounds b = unknown(p);
            if (options_.method == SolveOptions::Method::enumerate) {
              const int32_t v = enumerate(w, mine, 1);
              b = aborted_.load() ? known(mine) : ValueBounds{v, v};
            } else if (options_.method != SolveOptions::Method::proof_numbers || !proofs) {
              // Automatic: alpha-beta first, proof numbers for a move it does not solve quickly.
              w.give_up_at = proofs ? w.nodes + options_.first_pass : 0;
              w.gave_up = false;
              const int32_t v = search(w, mine, -kSolvedWin - 1, kSolvedWin + 1, 1);
              b = aborted_.load() || w.gave_up ? known(mine) : ValueBounds{v, v};
            }
            if (proofs && !b.exact() && !aborted_.load()) {
              w.give_up_at = 0, w.gave_up = false;
              b = solve_by_proofs(w, mine);
            }
            const bool done = !aborted_.load();
            if (!same) b = b.negated();
            out.moves[i].value = b;
            mine.undo();
            if (!done) break;
            if (options_.value_only && b.lower >= kSolvedWin) {  // a winning move: the value is proven
              aborted_ = true;  // the other threads stop too; nothing ran out, so nothing is said
              break;
            }
          }
          nodes_.fetch_add(w.nodes - w.flushed);
          w.flushed = w.nodes;
        },
        failed);
    for (size_t i = 0; i < moves.size(); ++i)
      if (same_as[i] != i) out.moves[i].value = out.moves[same_as[i]].value;
    // Moves not reached before a budget ran out: what the table proved of them.
    for (size_t i = 0; i < moves.size(); ++i) {
      if (out.moves[i].value.exact()) continue;
      s.apply_unchecked(moves[i]);
      ValueBounds b = known(s);
      if (s.current_player() != out.to_move) b = b.negated();
      out.moves[i].value = {std::max(b.lower, out.moves[i].value.lower), std::min(b.upper, out.moves[i].value.upper)};
      s.undo();
    }
    out.value = best_of(out.moves);
  }
  if (out.value.exact()) out.pv = principal_variation(root, out.value.lower);
  out.nodes = nodes_.load();
  out.seconds = now_seconds() - started;
  out.table_bytes = table_->bytes() + (numbers_ ? numbers_->bytes() : 0);  // both tables
  out.table_entries = table_->used() + (numbers_ ? numbers_->used() : 0);
  out.evictions = table_->evictions() + (numbers_ ? numbers_->evictions() : 0);
  out.ply_limit_reached = ply_limit_reached_.load();
  out.stopped = stopped_;
  return out;
}

}  // namespace tabula

#include "players/alphabeta_agent.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

#include "players/agent_spec.hpp"
#include "util/parallel.hpp"

namespace tabula {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// With a policy wanted, root moves within this many evaluation spreads of the best are
// searched with an open window (their values exact); the rest only bound.
constexpr double kPolicyWindow = 4;

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// One iteration at the root: the moves in `order` searched to `depth` (a window below the
// best so far keeps the values near it exact), the best first in `order` for the next.
// False when the search was stopped before it finished (an unfinished iteration is not trusted).
bool root_iteration(AlphaBetaSearch& search, State& s, const std::vector<Move>& moves, std::vector<size_t>& order,
                    int depth, double window, std::vector<double>& values, std::vector<bool>& exact, double& best) {
  best = -kInfinity;
  double alpha = -kInfinity;
  size_t best_at = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    const size_t i = order[k];
    const double floor = window > 0 ? alpha - window : alpha;
    s.apply_unchecked(moves[i]);
    double v = search.search(s, depth - 1, 1, floor, kInfinity);
    s.undo();
    if (search.aborted()) return false;
    values[i] = v, exact[i] = v > floor;
    if (v > best) best = v, best_at = k;
    alpha = std::max(alpha, best);
  }
  std::rotate(order.begin(), order.begin() + static_cast<long>(best_at),
              order.begin() + static_cast<long>(best_at) + 1);
  return true;
}

}  // namespace

AlphaBetaAgent::AlphaBetaAgent(int max_depth, double seconds, uint64_t seed, std::shared_ptr<const Evaluator> evaluator)
    : max_depth_(max_depth),
      seconds_(seconds),
      rng_(seed),
      evaluator_(std::move(evaluator)),
      given_evaluator_(evaluator_ != nullptr) {}

std::string AlphaBetaAgent::name() const {
  AgentSpec spec;
  spec.kind = "alphabeta";
  spec.count = static_cast<uint64_t>(max_depth_);
  spec.seconds = seconds_;
  if (node_limit_ > 0) spec.options.push_back({"nodes", static_cast<double>(node_limit_)});
  if (threads_ > 1) spec.options.push_back({"threads", static_cast<double>(threads_)});
  return spec.text();
}

void AlphaBetaAgent::set_table_megabytes(size_t megabytes) {
  int log2 = 10;
  while (log2 < 32 && (TranspositionTable::kSlotBytes << (log2 + 1)) <= std::max<size_t>(megabytes, 1) << 20) ++log2;
  table_ = TranspositionTable(log2);
}

// A helper thread of lazy SMP: the main thread's iterative deepening, every other helper a
// depth ahead, on its own copy of the position; its finds reach the others through the table.
AlphaBetaAgent::Finished AlphaBetaAgent::helper_search(State& s, const std::vector<Move>& moves, SharedSearch& shared,
                                                       int helper) {
  AlphaBetaSearch search(shared);
  std::vector<size_t> order(moves.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::vector<double> values(moves.size(), 0.0);
  std::vector<bool> exact(moves.size(), false);
  Finished done;
  for (int depth = 1 + helper % 2; depth <= max_depth_; ++depth) {
    double best = 0;
    if (!root_iteration(search, s, moves, order, depth, 0, values, exact, best)) break;
    done = {depth, best, order.front()};
    if (is_win_score(best)) break;
  }
  done_nodes_[static_cast<size_t>(helper)] = search.nodes();
  return done;
}

Move AlphaBetaAgent::choose(State& s) {
  if (evaluator_program_ != &s.program()) {  // first move, or another game
    if (!given_evaluator_) evaluator_ = make_evaluator(s.program(), tuned_);
    evaluator_program_ = &s.program();
    table_.clear();
  }
  const double started = now_seconds();
  info_ = {};
  SharedSearch shared;
  shared.evaluator = evaluator_.get();
  shared.table = &table_;
  shared.game_positions = &game_positions_;
  shared.root_player = s.current_player();
  shared.deadline = seconds_ > 0 ? started + seconds_ : 0;
  shared.stop = stop_;
  shared.node_limit = node_limit_;

  // The positions of the game so far, the root included (see AlphaBetaSearch::search).
  game_positions_.clear();
  for (State back = s;; back.undo()) {
    game_positions_.insert(back.hash());
    if (back.history().empty()) break;
  }

  MoveList legal = s.legal_moves();
  // Shuffled so that equally good moves are chosen at random, reproducibly from the seed.
  for (size_t i = legal.size(); i > 1; --i) std::swap(legal[i - 1], legal[rng_.below(static_cast<uint32_t>(i))]);
  const std::vector<Move> moves(legal.begin(), legal.end());
  policy_ = {};
  policy_.kind = Policy::Kind::values;
  if (moves.size() == 1) {
    policy_.moves.push_back({moves.front(), 0.0});
    return moves.front();
  }

  std::vector<size_t> order(moves.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::vector<double> values(moves.size(), 0.0), done_values;
  std::vector<bool> exact(moves.size(), false), done_exact;
  double scale = 0;  // the spread of the root's values (from the first iteration), for the policy
  std::vector<Finished> finished(static_cast<size_t>(threads_));
  done_nodes_.assign(static_cast<size_t>(threads_), 0);
  std::vector<State> copies(static_cast<size_t>(threads_ - 1), s);
  auto main_search = [&] {
    AlphaBetaSearch search(shared);
    for (int depth = 1; depth <= max_depth_; ++depth) {
      const double window = !policy_wanted_ ? 0 : depth == 1 ? kInfinity : kPolicyWindow * scale;
      double best = 0;
      if (!root_iteration(search, s, moves, order, depth, window, values, exact, best)) break;
      finished[0] = {depth, best, order.front()};
      done_values = values, done_exact = exact;
      if (report_) {
        info_.depth = depth, info_.value = best;
        info_.nodes = shared.nodes.load(std::memory_order_relaxed) + search.unreported();
        info_.seconds = now_seconds() - started;
        report_(info_, moves[order.front()]);
      }
      if (depth == 1 && policy_wanted_) {
        double spread = 0;
        int n = 0;
        for (double v : values)
          if (!is_win_score(v)) spread += std::abs(best - v), ++n;
        scale = std::max(1e-9, n ? spread / n : 1.0);
      }
      if (is_win_score(best)) break;  // a forced result; deeper search cannot change it
    }
    done_nodes_[0] = search.nodes();
    shared.threads_stop = true;  // the helpers' work is done when the main thread's is
  };
  run_parallel(
      threads_,
      [&](int t) {
        if (t == 0) main_search();
        else finished[static_cast<size_t>(t)] = helper_search(copies[static_cast<size_t>(t - 1)], moves, shared, t);
      },
      shared.threads_stop);

  // The deepest finished iteration decides, the main thread's on a tie.
  size_t chosen = 0;
  for (size_t t = 1; t < finished.size(); ++t)
    if (finished[t].depth > finished[chosen].depth) chosen = t;
  info_.depth = finished[chosen].depth;
  info_.value = finished[chosen].value;
  info_.nodes = std::accumulate(done_nodes_.begin(), done_nodes_.end(), uint64_t{0});
  info_.seconds = now_seconds() - started;
  policy_.scale = std::max(scale, 1e-9);
  for (size_t i = 0; i < moves.size(); ++i) {
    const double v = done_values.empty() ? 0 : done_values[i];
    const bool known = !done_exact.empty() && done_exact[i];
    // A move only bounded lies outside the window: below every move the policy weighs.
    policy_.moves.push_back({moves[i], known ? v : std::min(v, finished[0].value - kPolicyWindow * policy_.scale)});
    if (known && is_win_score(v) && v > 0) policy_.proven_wins.push_back(moves[i]);
  }
  // No iteration finished (a stop at once): the first move of the shuffled order.
  return moves[finished[chosen].depth > 0 ? finished[chosen].move : order.front()];
}

}  // namespace tabula

#pragma once
// The exact value of a position: who wins under perfect play from here (or, where the game
// ends on a score, by how much), and the value of every legal move. One generic search over
// any rules file: alpha-beta over proven values (negamax, fail-soft) with a transposition
// table of bounds (solve/solver_table), moves ordered by the table, an immediate win found
// before any move is searched, the rules' evaluation near the root and a history of
// cut-offs deeper down. It needs no code per game.
//
// By default each of the root's moves is searched by alpha-beta first, and where that does
// not finish within a few million positions (games without a score), by proof-number search
// (depth-first, df-pn with Pawlewicz's 1+epsilon thresholds: solve/proof_numbers), which
// follows the most forcing lines first and finds deep forced wins that alpha-beta's order
// would not: two questions a move at most ("can the side to move draw?", and when it can
// only by a proof with draws in it, "can it win?"). Games that end on a score use alpha-beta.
//
// What the value depends on is part of the key: the position's hash (pieces, seat, the
// turn's step, every value and counter), the ply (a ply limit ends the game, so the same
// board with fewer plies left may be worth something else) and the quiet plies where a
// quiet-move rule draws. Rules that compare a position with the game's earlier ones
// (repetition, superko) make a value depend on the whole history; they are refused (see
// solvable).
//
// A budget (time, nodes, Ctrl-C) that runs out stops the search with what it proved:
// bounds on the root's value and on each move's, never a guess.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/state.hpp"
#include "solve/solver_table.hpp"
#include "solve/symmetry.hpp"

namespace tabula {

// Values for the player to move. A game won or lost is +/- kSolvedWin; where the rules end
// the game on a score, a value strictly between is the score difference (the mover's score
// minus the other side's) in half points, and a game won by a rule despite the score is
// still +/- kSolvedWin.
constexpr int32_t kSolvedWin = 1'000'000'000;
// The deepest line the solver follows (past the default ply limit of 1000, and shallow
// enough that the recursion stays well inside a thread's stack); a deeper one stops the
// search with Solution::stopped saying so.
constexpr int kMaxSolvePlies = 1024;

struct SolveOptions {
  double seconds = 0;                       // 0: no time limit
  uint64_t nodes = 0;                       // 0: no node limit
  int threads = 1;                          // the root's moves shared among threads over one table
  const std::atomic<bool>* stop = nullptr;  // set by Ctrl-C
  // Below this many plies from the root, moves are ordered by the rules' evaluation of the
  // position they make (costly, but where a good order saves the most).
  int evaluated_plies = 6;
  // enumerate: every position below the root valued once, without pruning (the state space
  // of a small game, retrograde: Solver::enumerate).
  enum class Method : uint8_t { automatic, alphabeta, proof_numbers, enumerate };
  Method method = Method::automatic;
  // Automatic: the positions alpha-beta may spend on one of the root's moves before proof
  // numbers take it over (not for games that end on a score, which alpha-beta finishes).
  uint64_t first_pass = 2'000'000;
  // Stop once the position's value is proven (a winning move found), the other moves' values
  // left as bounds: what a balance study needs (studies/start_value).
  bool value_only = false;
  // Only the root's moves k (in the position's move order) with k % shard_count ==
  // shard_index are searched: one part of a solve split over machines (`solve --shard`).
  int shard_index = 0, shard_count = 1;
  size_t proof_memory = size_t{256} << 20;  // the proof-number search's own table
  // Use the symmetries of the game that the rules respect (solve/symmetry): found by solve()
  // when `symmetries` is null, or given (found once for many solves of one game).
  bool use_symmetries = true;
  std::shared_ptr<const Symmetries> symmetries;
};

struct SolvedMove {
  Move move;
  std::string text;
  ValueBounds value;  // for the player who makes it
};

struct Solution {
  bool scored = false;            // values are score differences (the rules end on a score)
  ValueBounds value;              // for the player to move at the root
  int to_move = 0;                // that player (a side)
  std::vector<SolvedMove> moves;  // in the position's move order
  std::vector<std::string> pv;    // a line of best play, as far as the table proves it
  uint64_t nodes = 0;
  double seconds = 0;
  size_t table_bytes = 0, table_entries = 0;
  uint64_t evictions = 0;
  // A line of the search ended at the rules' ply limit: the value holds under that limit.
  bool ply_limit_reached = false;
  int ply_limit = 0;
  std::string stopped;              // why the search stopped early ("" when it finished)
  std::string symmetries = "none";  // the symmetries used (Symmetries::names)
  int symmetric_moves = 0;          // root moves valued as images of others, not searched
  bool proven() const { return value.exact(); }
};

// A quarter of the machine's memory: the table's default limit (`solve --memory`).
size_t default_solver_memory();

// Whether `method` uses proof numbers for these rules: not alpha-beta alone, and no score
// (proof numbers answer yes or no; a score's exact difference is alpha-beta's).
bool uses_proof_numbers(const Program& p, SolveOptions::Method method);
// The table of values for a solve within `memory` bytes: all of it, or a quarter when proof
// numbers run (options.proof_memory, set here, gets the rest).
std::shared_ptr<SolverTable> table_within(const Program& p, size_t memory, SolveOptions& options);
// The position's value from its moves' (each for the player who makes it, the mover's):
// the best of their lower bounds and of their upper bounds.
ValueBounds best_of(const std::vector<SolvedMove>& moves);

// Why these rules cannot be solved here ("" when they can): more than two sides, or
// rules that compare positions with the game's history.
std::string unsolvable_reason(const Program& p);

// "win", "loss", "draw" (or the score difference as text, "+4", "-2.5") for an exact value;
// "unknown" otherwise.
std::string value_word(ValueBounds v, bool scored);
// The bound alone ("a draw or better"): for an unknown value's report.
std::string bound_word(int32_t v, bool scored);

// A position's proof and disproof numbers (solve/solver_worker.hpp).
struct ProofNumbers;

class Solver {
 public:
  // `table`: where proofs go (and come from, when it was filled before: --resume).
  Solver(std::shared_ptr<SolverTable> table, SolveOptions options);
  ~Solver();
  // The value of `root` and of each of its moves. Throws std::invalid_argument with
  // unsolvable_reason when the rules cannot be solved.
  Solution solve(const State& root);

  // The key and check key the table files a position under: those of the least of its
  // images under the symmetries in use (itself without any).
  struct Keys {
    uint64_t key = 0, check = 0;
  };
  Keys keys(const State& s) const;
  uint64_t canonical_key(const State& s) const;  // keys(s).key alone
  const Symmetry* least_symmetry(const State& s) const;
  // The same for the position itself, or its image under `sym`.
  static uint64_t key_of(const State& s, const Symmetry* sym = nullptr);
  static uint64_t check_of(const State& s, const Symmetry* sym = nullptr);
  // The unknown bounds a table for these rules starts from.
  static ValueBounds unknown(const Program& p);

 private:
  struct Worker;
  int32_t search(Worker& w, State& s, int32_t alpha, int32_t beta, int depth);
  static size_t first_winner(const Worker& w, int depth, const MoveList& moves);
  int32_t enumerate(Worker& w, State& s, int depth);
  int32_t terminal_value(const State& s, const GameResult& r);
  bool should_stop(Worker& w);
  ValueBounds known(State& s);
  std::vector<std::string> principal_variation(State s, int32_t value);
  // The proof-number search (solve/proof_numbers.cpp): the exact value of `s` for its
  // player to move, as far as the budget allows.
  ValueBounds solve_by_proofs(Worker& w, State& s);
  // Whether `side` reaches at least `target` from `s`: proof 0 (yes), disproof 0 (no), or
  // neither when the budget ran out.
  ProofNumbers prove(Worker& w, State& s, int side, int32_t target);
  void mid(Worker& w, State& s, int side, int32_t target, uint32_t proof_limit, uint32_t disproof_limit, int depth,
           ProofNumbers& out);
  bool decided(State& s, const Keys& k, int side, int32_t target, ProofNumbers& out);
  void record(const Keys& k, int mover, int side, int32_t target, const ProofNumbers& n, uint64_t nodes);

  std::shared_ptr<SolverTable> table_;
  std::unique_ptr<SolverTable> numbers_;  // the proof-number search's
  SolveOptions options_;
  std::shared_ptr<const Symmetries> symmetries_;  // null or empty: none in use
  const Program* program_ = nullptr;
  bool scored_ = false;
  std::atomic<bool> aborted_{false};
  std::atomic<uint64_t> nodes_{0};
  std::atomic<bool> ply_limit_reached_{false};
  std::string stopped_;
  double deadline_ = 0;
};

}  // namespace tabula

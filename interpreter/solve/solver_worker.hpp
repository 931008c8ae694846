#pragma once
// What one thread of the solver keeps while it searches: a move list and its order per
// ply, the history of cut-offs, the evaluation that orders moves near the root, and the
// proof-number search's children per ply. Owned by the search, not by the thread.
#include <cstdint>
#include <memory>
#include <vector>

#include "players/evaluator.hpp"
#include "solve/solver.hpp"

namespace tabula {

constexpr uint32_t kHistoryKeys = 1u << 16;
uint32_t history_key(const Move& m);  // a move's slot in the history of cut-offs

// A position's proof and disproof numbers (the proof-number search: solve/proof_numbers).
struct ProofNumbers {
  uint32_t proof = 1, disproof = 1;
  bool pure = false;  // proven by wins alone (a proof that the side reaches a draw that is a win)
};

struct Solver::Worker {
  struct Child {
    uint64_t key = 0, check = 0;
    ProofNumbers numbers;
    bool over = false;        // the game ends there
    bool side_moves = false;  // the side that asks moves there
  };
  std::vector<MoveList> moves;              // per depth
  std::vector<std::vector<double>> scores;  // per depth: each move's order score
  std::vector<std::vector<int32_t>> ended;  // per depth: the value of a move that ends the game, or kNoValue
  std::vector<std::vector<uint16_t>> order;
  std::vector<std::vector<Child>> children;  // per depth: the proof-number search's
  std::vector<Move> winner;                  // per depth: the move that last won at once there (tried first)
  std::vector<uint32_t> history = std::vector<uint32_t>(kHistoryKeys, 0);
  std::unique_ptr<Evaluator> evaluator;
  uint64_t nodes = 0, flushed = 0;
  // A search of this worker alone gives up at this many nodes (0: never): the first pass of
  // the automatic method (Solver::solve).
  uint64_t give_up_at = 0;
  bool gave_up = false;

  // Sized once for the deepest line (kMaxSolvePlies): a search holds references into
  // these while it searches deeper, so they never move.
  Worker() {
    const size_t n = static_cast<size_t>(kMaxSolvePlies) + 1;
    moves.resize(n), scores.resize(n), ended.resize(n), order.resize(n), children.resize(n), winner.resize(n);
  }
};

}  // namespace tabula

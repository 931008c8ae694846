#pragma once
// Whole random playouts of games whose every turn is one step of one of the mover's pieces
// (the fused steps: onto an empty cell, or taking the enemy piece there), whose end rules
// count pieces (`pieces`, `pieces-in`, compared with numbers, joined by and, or, not), and
// where a side without a move loses, draws or passes. A playout then needs each piece code's
// cells and nothing else: each ply finds the side's steps by shifts of where they may land,
// draws one in the order the fused steps list them (by cell, then by movement and direction),
// moves the masks and asks the end rules of them; the ply limit ends the game in a draw.
#include <array>
#include <memory>

#include "accel/fused_steps.hpp"
#include "engine/playout_kernel.hpp"
#include "program/program.hpp"

namespace tabula {

class StepPlayouts final : public PlayoutKernel {
 public:
  // The kernel for `p`, or null where its turns, moves or end rules are outside this shape.
  static std::unique_ptr<StepPlayouts> for_program(const Program& p);
  static constexpr int kMaxSides = 8;
  static constexpr int kMaxCodes = 17;  // the empty code and up to 16 piece codes
  static constexpr int kMaxNodes = 32;  // the most nodes an end rule's condition may have
  bool play(const State& s, Rng& rng, PlayoutEnd& end) const override;

 private:
  // A fused steps' entry for one seat: where its kind's pieces may step along its direction.
  struct Step {
    std::array<BoardData::Shift, 2> shift;  // when the board gives the direction's shifts as a pair
    int dir = 0;
    uint8_t land = 0;
    uint8_t code = 0;  // the seat's piece code of the entry's kind
    const int8_t* to = nullptr;
  };
  // A piece count's part: the pieces of one code on some cells.
  struct Term {
    uint8_t code = 0;
    uint64_t cells = ~0ull;
  };
  // An end rule for one side that just moved: its condition's nodes (operands before the
  // node that uses them), each piece count as its terms, and the result when it holds.
  struct Node {
    FormulaNode::Op op = FormulaNode::Op::constant;
    int8_t a = -1, b = -1;             // operands: earlier nodes
    uint8_t terms = 0, terms_end = 0;  // a piece count: its terms in Check::terms
    // A count compared with 0 or 1 asks only whether a piece is there (any: > 0, none: == 0):
    // the node then tests its count's terms, with no count made.
    enum Test : uint8_t { compare, any, none } test = compare;
    int64_t value = 0;  // a constant
  };
  struct Check {
    std::vector<Node> nodes;
    std::vector<Term> terms;
    GameResult result;
  };
  using CodeMasks = std::array<uint64_t, kMaxCodes>;
  int64_t value(const Check& c, int node, const CodeMasks& code) const;
  // An any or none test (Node::test): whether a piece it counts is there, or none is.
  static bool found(const Check& c, const Node& n, const CodeMasks& code) {
    uint64_t there = 0;
    for (int t = n.terms; t < n.terms_end; ++t) there |= code[c.terms[t].code] & c.terms[t].cells;
    return (there != 0) == (n.test == Node::any);
  }
  bool compile(const Program& p, const EndRule& r, int mover, Check& out) const;
  // The playout for the board's shift form; `Popcnt`: counting bits by the popcnt
  // instruction, chosen where the processor has it.
  template <bool Paired, bool Popcnt>
  bool play_with(const State& s, Rng& rng, PlayoutEnd& end) const;

  const Program* program_ = nullptr;
  bool paired_ = false;
  std::vector<int> side_of_;                // per seat
  std::vector<std::vector<Step>> steps_;    // per seat: the entries of the kinds its side may have
  std::vector<std::vector<Check>> checks_;  // per side that just moved: the end rules in order
  int sides_ = 2, codes_ = 1;
};

}  // namespace tabula

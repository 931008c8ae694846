#pragma once
// The compiled form of a checked rules file: everything the interpreter needs, resolved to
// indices and precomputed over the board graph. Built once by the checker (lang/checker),
// immutable afterwards and shared by every State. The constructs of the language are
// objects owned here (`owned`) and listed by role; see program/construct.hpp.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "board/board_graph.hpp"
#include "program/board_data.hpp"
#include "program/construct.hpp"
#include "program/formula.hpp"
#include "program/hash_keys.hpp"
#include "program/rules_data.hpp"
#include "program/vars.hpp"

namespace tabula {

// A number no other Program of this process has had: what a cache keyed by program uses,
// since an address may be reused once a program is freed.
uint64_t next_program_serial();

struct Program : BoardData {
  const uint64_t serial = next_program_serial();
  std::string name;
  std::string rules_path;
  std::shared_ptr<const BoardGraph> board;
  std::vector<PlayerDef> players;  // the sides: they own pieces and win or lose
  std::vector<SeatDef> seats;      // the turn order
  std::vector<KindDef> kinds;
  std::vector<ZoneDef> zones;
  std::vector<uint8_t> setup;              // piece code per cell at the start
  std::vector<std::vector<int>> reserves;  // [player][kind]: pieces off the board at the start
  // Stacking: a cell holds a column of counters (bottom first); the top counter owns it.
  bool stacking = false;
  static constexpr int kMaxStack = 32;
  // The State keeps the pieces on each line as the cells change (an accelerator's choice:
  // interpreter/accel/).
  bool uses_line_counts = false;
  // Some rule sweeps the straight lines (sight, chains): on boards that sweep by words
  // (sweeps_by_words) the State keeps a word per line and side (kernels/line_sweeps.hpp).
  bool sweeps_lines = false;
  bool keeps_line_words() const { return sweeps_lines && sweeps_by_words(); }

  // ---- the constructs ----
  std::vector<std::unique_ptr<const Construct>> owned;
  std::vector<const MoveMaker*> makers;                 // Move::maker indexes this
  std::vector<const ValueFunction*> functions;          // FormulaNode::function indexes this
  std::vector<std::vector<const Movement*>> movements;  // per kind, in rule order
  const CaptureMaker* captures = nullptr;               // capture sequences, when the rules have any
  std::vector<Promotion> promotions;
  bool promotion_choices = false;        // some promotion lets the mover choose the kind (to=A|B)
  std::vector<uint8_t> promotion_table;  // (code * cells + cell) -> 1 + promotion, or 0
  TurnStructure turn;
  std::vector<const TurnEffect*> after_turn;        // effects at the end of every turn
  std::vector<const LandingEffect*> after_landing;  // effects after every piece move and placement
  std::vector<const Offer*> offers;
  // `legal if C`: a move stays legal only if each holds after it (engine/legality).
  std::vector<Formula> legal_if;
  // Each of them as written, with where (`legal if not repeated` (rules/go.rules:22)): a move
  // it refuses is refused naming it.
  std::vector<std::string> legal_if_text;
  // `legal-position if C`: a position read from text stands only if each holds for the side
  // to move (engine/text/position_text), and each as written, with where, for the refusal.
  std::vector<Formula> legal_position;
  std::vector<std::string> legal_position_text;
  std::vector<const Describer*> describers;
  EndRules end;
  Formula evaluation;  // `evaluate EXPR`: what computer players maximise (empty: derived from the rules)
  // The tuned weights of the rules-derived evaluation, by term, from the weights file beside
  // the rules (lang/weights_file); empty: the untuned defaults.
  std::vector<std::pair<std::string, double>> evaluation_weights;
  // The players' measured choices for these rules, from the same file: the kind `auto:TIME`
  // plays as, with its options ("alphabeta", "mcts:minimax:0.6"), and MCTS's own options;
  // "" for the defaults.
  std::string auto_player, mcts_options;
  Notation notation;
  VarTable vars;  // the construct-owned parts of a state (budgets, marks, reserves, ...)
  // Counters kept in `vars` when some rule reads them (else empty): per side, the pieces it
  // has taken, their value, and the turns it has completed.
  std::vector<int> captured_var, captured_value_var, turns_var;
  std::vector<int> reserve_var;  // player * kinds + kind -> the var counting that reserve (empty: none)
  HashKeys keys;
  // ---- chosen by the accelerators (interpreter/accel/accelerate), never in reference mode ----
  // What makes a whole side's moves in one call, in the order of the per-piece loop (every
  // kind's steps fused, or the one movement every kind has), and what counts them for
  // random playouts without listing them.
  const Movement* whole_side = nullptr;
  const MoveCounter* whole_side_counter = nullptr;
  // A turn is one unconditional step and nothing else happens between turns (no trigger,
  // turn effect, turn counter, repetition or quiet-move rule), so the turn machine passes to
  // the next seat without looking for any of them.
  bool plain_turns = false;
  // Plays whole random playouts on its own arrays where the rules let it know every rule
  // that can act in one (engine/playout_kernel.hpp); null: playouts go move by move.
  const PlayoutKernel* playout_kernel = nullptr;
  // The accelerated paths chosen, by name ("bitboards", "line sweeps", "running line
  // counts", "fused steps", "counted moves", "set-wise captures", "plain turns", ...), in
  // the order of the accelerators' table. For tools and tests.
  std::vector<std::string> accelerations;

  // Nothing acts when a turn ends: no trigger, turn effect, turn counter, remembered position
  // or quiet-move rule. What a fast turn machine or a playout kernel needs besides its turn's
  // shape.
  bool quiet_turn_ends() const {
    return turn.triggers.empty() && after_turn.empty() && turns_var.empty() && !end.remembers_positions() &&
           end.quiet_limit <= 0;
  }

  // Takes ownership of a construct and returns it; a MoveMaker is also given its index.
  template <class T>
  T* own(std::unique_ptr<T> c) {
    T* raw = c.get();
    if constexpr (std::is_base_of_v<MoveMaker, T>) {
      raw->index = static_cast<int>(makers.size());
      makers.push_back(raw);
    }
    owned.push_back(std::move(c));
    return raw;
  }
  // Lists a function a formula calls (owned already) and returns its index.
  int32_t add_function(const ValueFunction* f) {
    functions.push_back(f);
    return static_cast<int32_t>(functions.size() - 1);
  }
  // Takes ownership of `faster`, which answers for the function at `index` from now on.
  template <class T>
  T* own_function_instead(int index, std::unique_ptr<T> faster) {
    T* raw = faster.get();
    functions[index] = raw;
    owned.push_back(std::move(faster));
    return raw;
  }
  // Takes ownership of `faster`, which makes the moves of the maker `plain` from now on, under
  // its index (the accelerators' replacements).
  template <class T>
  T* own_instead_of(const MoveMaker& plain, std::unique_ptr<T> faster) {
    T* raw = faster.get();
    raw->index = plain.index;
    makers[plain.index] = raw;
    owned.push_back(std::move(faster));
    return raw;
  }

  // ---- piece codes: 0 = empty, 1 + player * kinds + kind ----
  int kind_count() const { return static_cast<int>(kinds.size()); }
  // A bit per kind of the program: every kind, as the `kinds` masks of rules write it.
  uint32_t all_kinds() const { return kind_count() >= 32 ? ~0u : (1u << kind_count()) - 1; }
  int player_count() const { return static_cast<int>(players.size()); }
  int seat_count() const { return static_cast<int>(seats.size()); }
  uint8_t piece_code(int player, int kind) const { return static_cast<uint8_t>(1 + player * kind_count() + kind); }
  int owner(uint8_t code) const { return code ? (code - 1) / kind_count() : -1; }
  int kind(uint8_t code) const { return (code - 1) % kind_count(); }
  std::string symbol(uint8_t code) const;
  // Whether `player` can have pieces of `kind` (a kind may belong to one player only).
  bool kind_allowed(int player, int kind) const { return kinds[kind].owner < 0 || kinds[kind].owner == player; }
  bool in_zone(int zone, int player, int cell) const { return zones[zone].cells[player][cell] != 0; }
  // The promotion a piece gets on arriving at `cell` (1 + index into promotions), or 0.
  uint8_t promotion_at(uint8_t code, int cell) const {
    return promotion_table.empty() ? 0 : promotion_table[static_cast<size_t>(code) * cells + cell];
  }
  // The first seat of a side, or -1.
  int first_seat_of(int side) const {
    for (int st = 0; st < seat_count(); ++st)
      if (seats[st].side == side) return st;
    return -1;
  }

  // Per piece code (256 entries): its owner (-1 for 0) and 1 << its kind, so hot loops avoid
  // the division in kind().
  std::vector<int8_t> code_owner = std::vector<int8_t>(256, -1);
  std::vector<uint32_t> code_kind_bit = std::vector<uint32_t>(256, 0);
};

// The code tables, the promotion table and the hash keys, once the checker knows the
// players, kinds, zones, promotions and whether the game stacks.
void finish_program(Program& p);

}  // namespace tabula

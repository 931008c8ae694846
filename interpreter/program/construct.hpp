#pragma once
// The compiled constructs of the rules language, as the engine sees them. Each construct of
// the language is one module (interpreter/constructs/) that checks its statement, builds one
// of these objects and implements it; the engine only calls the interfaces below. A program
// owns its construct objects (Program::owned) and lists them by role.
//
// The engine's types appear here by name only (State, StateEditor, GenContext, EvalContext): they live in
// higher layers, and a construct's methods receive them from there.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"
#include "program/move.hpp"

namespace tabula {

class State;
class StateEditor;
struct GenContext;
struct EvalContext;
struct Program;
struct MoveTally;     // program/move_tally.hpp
class MoveCounter;    // program/move_tally.hpp
class PlayoutKernel;  // engine/playout_kernel.hpp

// Anything a program owns.
class Construct {
 public:
  virtual ~Construct() = default;
};

// What the turn does after a move is played.
enum class Flow : uint8_t {
  next,      // on to the next step of the turn (after the last one, the turn ends)
  stay,      // the same step again (a turn of partial moves goes on)
  end_turn,  // the turn ends now
  handled,   // the maker has moved the turn itself (an interlude, or the game is over)
};

// A construct that makes moves, and so plays them and writes them.
class MoveMaker : public Construct {
 public:
  // Plays `m` (legal, made by this maker): every change goes through the editor, whose
  // changes the State journals, so undo needs nothing from the maker.
  virtual Flow apply(StateEditor& edit, const Move& m) const = 0;
  // The move as text, in the position before it is played.
  virtual std::string text(const State& s, const Move& m) const = 0;
  int index = 0;  // this maker's place in Program::makers (Move::maker)
};

// A way pieces of some kinds move (step, slide, line, jump, run, ...): the moves of one
// piece. Capture sequences are made by the CaptureMaker instead.
class Movement : public MoveMaker {
 public:
  virtual void generate(const GenContext& g, int from, MoveList& out) const = 0;
  // The moves of every piece on `pieces` (the mover's, g.mine or part of it; bitboards,
  // boards of at most 64 cells), in cell order: a fast path for games where one movement
  // moves every piece.
  virtual void generate_pieces(const GenContext& g, uint64_t pieces, MoveList& out) const {
    for (; pieces; pieces &= pieces - 1) generate(g, __builtin_ctzll(pieces), out);
  }
  uint32_t kinds = 0;  // the kinds that move this way (bit per kind)
  SourcePos pos;
};

// Every capture sequence of a seat (the `hop` movements under the `captures` policy).
class CaptureMaker : public MoveMaker {
 public:
  virtual void generate(const State& s, int seat, MoveList& out) const = 0;
  // Whether `seat`, were it to move now, could take a piece of one of `kinds`.
  virtual bool can_take(const State& s, int seat, uint32_t kinds) const = 0;
  bool compulsory = false;  // a capture must be played when one exists
  uint32_t kinds = 0;       // the kinds that capture (bit per kind)
};

// A step of a turn: what the seat to move decides now (move a piece, place one, choose,
// mark a region, ...). The turn machine (engine/turn_machine) walks the steps.
class Phase : public MoveMaker {
 public:
  // What the seat decides in this phase ("move", "place", "mark", ...), for tools and tests.
  virtual std::string_view name() const = 0;
  // The decisions available now (a pass when the rules say so).
  virtual void generate(const State& s, MoveList& out) const = 0;
  // Random playouts: the number of decisions generate() would list, of which only those in
  // `out` are listed (out.size() of them, then tally.counted's: program/move_tally.hpp). By
  // default every one is listed.
  virtual uint32_t count(const State& s, MoveList& out, MoveTally& tally) const;
  // Whether this step happens at all in this turn (a placement from an empty reserve does not).
  virtual bool applies(const State&) const { return true; }
  // Called when a turn reaches this step.
  virtual void enter(StateEditor&) const {}
  // Called instead of enter() when a position is set up at this phase (not from the start).
  virtual void resume(StateEditor& edit) const { enter(edit); }
  // For a step that repeats (Flow::stay): whether it is over (nothing left to play).
  virtual bool exhausted(const State&) const { return false; }
  // The kinds this phase puts on the board (bit per kind), for design checks.
  virtual uint32_t places() const { return 0; }
};

// A decision a seat may take besides its phase's own moves, when a condition holds:
// `offer stop` (end the game on the score) while moving pieces, `offer end` (end the turn)
// in a turn of partial moves.
class Offer : public MoveMaker {
 public:
  enum class Ends : uint8_t { game, turn };
  Ends ends = Ends::game;
  virtual bool available(const State& s) const = 0;
  // Appends this offer's decision to `out` when it is available.
  void offer(const State& s, MoveList& out) const {
    if (available(s)) add_move(out, Move::decision, index, -1, -1);
  }
};

// What a construct shows of a state besides the pieces (a region's cells and mark, a
// turn's budget), for text drawings, pictures and status lines.
struct StateNotes {
  struct Area {
    std::string name;
    std::vector<int> cells;
    int mark = -1;
    bool open = false;
  };
  std::vector<Area> areas;
  std::vector<std::string> lines;
};
class Describer : public Construct {
 public:
  virtual void describe(const State& s, StateNotes& out) const = 0;
};

// Something that happens at the end of every turn (flanked chains are removed, ...).
class TurnEffect : public Construct {
 public:
  virtual void apply(StateEditor& edit, int mover) const = 0;
};

// Something that happens where a piece lands, right after every piece move and placement
// (custodian captures, conversion of neighbours): `m.to` is the landing cell.
class LandingEffect : public Construct {
 public:
  virtual void apply(StateEditor& edit, const Move& m) const = 0;
};

// Checked after every move of a piece and at the start of every turn (a `when` block):
// true when it took the turn over (a choice to make, a new mark, the end of the game).
class Trigger : public Construct {
 public:
  virtual bool fire(StateEditor& edit, int mover) const = 0;
};

}  // namespace tabula

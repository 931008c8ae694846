#pragma once
// The plain data of a compiled program: sides, seats, kinds, zones, promotions, the turn
// structure, end rules and notation options. Constructs with behaviour are objects
// (program/construct.hpp); these are what they and the engine read.
#include <cstdint>
#include <string>
#include <vector>

#include "board/board_graph.hpp"
#include "diag/diagnostic.hpp"
#include "program/construct.hpp"
#include "program/formula.hpp"

namespace tabula {

struct PlayerDef {
  std::string name;
  std::string symbol;  // default drawing symbol for this player's pieces
  const Orientation* orientation = nullptr;
};

// A turn in the rotation: who decides. A seat moves pieces of its side, of the kinds it
// may move, standing in its region (when it has one), with its own sense of `forward`.
// Games without `seats` get one seat per player.
struct SeatDef {
  std::string name;
  int side = 0;
  const Orientation* orientation = nullptr;
  uint32_t kinds = 0xFFFFFFFFu;
  int region = -1;  // index into Program::zones, or -1 for the whole board
};

struct KindDef {
  std::string name;
  int value = 1;
  int owner = -1;                    // -1: every player may have pieces of this kind
  bool capturable = true;            // false: never captured nor jumped (a fixed castle)
  std::vector<std::string> symbols;  // per player; falls back to the player's symbol
};

// A zone, possibly different per player (a promotion rank): cells[player][cell] != 0.
struct ZoneDef {
  std::string name;
  std::vector<std::vector<uint8_t>> cells;
};

// A piece of some kinds arriving in a zone changes kind (or leaves the board).
struct Promotion {
  enum class When : uint8_t {
    arrival,       // wherever it arrives, during a capture too (it goes on with its new powers)
    move_end,      // only where the move ends
    ends_capture,  // on arrival, and a capture sequence stops there
  };
  uint32_t from_kinds = 0;
  int to_kind = 0;  // -1: the piece is removed (burned)
  int zone = 0;     // index into Program::zones
  When when = When::arrival;
  // `to=A|B|...`: the mover chooses; one entry per kind, in order, each knowing the group's
  // size and its place in it (the promotion table names the first; generation adds the others).
  uint8_t choices = 1;
  uint8_t choice = 0;
  std::string mark;  // appended to the move in game records, e.g. "(X)"
  SourcePos pos;
};

// One step of a turn (or of the opening): a phase, who plays it in the opening, and a
// condition under which it happens at all.
struct TurnStep {
  const Phase* phase = nullptr;
  int seat = -1;  // opening steps: the seat that plays it
  Formula condition;
  SourcePos pos;
};

struct TurnStructure {
  std::vector<TurnStep> opening;  // played once, in order, before the turns
  std::vector<TurnStep> turn;     // one turn; never empty once checked (default: one move)
  std::vector<const Trigger*> triggers;
  // A phase that starts the game before the opening and the turns (a first mark), and its seat.
  const Phase* start = nullptr;
  int start_seat = 0;
  int first_seat = 0;       // the seat that plays the first turn after the opening (`opening first=SIDE`)
  int first_seat_var = -1;  // ... when a pie may change it: a var (starting at first_seat), or -1
};

enum class Outcome : uint8_t { win, lose, draw, end };  // end: decided by the score

struct EndRule {
  SourcePos pos;
  Outcome outcome = Outcome::win;
  PlayerSpec who;
  Formula condition;
  // The condition asks `repetitions`: checked when the next turn starts, once the position
  // is counted among those seen.
  bool at_turn_start = false;
};

enum class NoMovePolicy : uint8_t { pass, lose, draw };

// A side's score at the end: a sum of terms.
struct ScoreTerm {
  enum class Kind : uint8_t { captures, territory, values, formula };
  Kind kind = Kind::values;
  Formula formula;  // Kind::formula: a number expression, evaluated with the scored side as `mover`
  SourcePos pos;    // the term in the `score` statement, where a sum beyond 64 bits is reported
};

struct EndRules {
  std::vector<EndRule> after_move;  // checked in order after every turn
  bool each_step = false;           // ... and after every step of a turn of several
  NoMovePolicy no_move = NoMovePolicy::pass;
  int ply_limit = 1000;
  bool repetition = false;          // threefold repetition ends the game
  bool repetition_ends = false;     // ... on the score (else a draw)
  bool remembers_boards = false;    // the boards at turn starts are kept (a rule asks `repeated`)
  bool counts_repetitions = false;  // a rule asks `repetitions`
  bool pass_always = false;         // a seat may pass at every turn (`option pass=always`)
  int quiet_limit = 0;              // a draw after this many plies without a capture; 0 = never
  uint32_t quiet_reset_kinds = 0;   // the kinds whose moves also reset that count (bits)
  std::vector<ScoreTerm> score;     // empty: no score; results come from the end rules
  std::vector<int> komi_halves;     // per side, in half points, added to the score (`komi`)
  bool remembers_positions() const { return repetition || remembers_boards || counts_repetitions; }
};

struct Notation {
  std::string step_separator = "-";
  std::string capture_separator = "-";
  bool all_squares = false;   // captures list jumped squares too, not only landings
  std::string pass = "pass";  // how a pass is written in records
  std::string end_mark;       // written after the last move of a finished game
  bool columns = false;       // captures show the resulting columns (top first)
};

}  // namespace tabula

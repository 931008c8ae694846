#pragma once
// The compiled form of a checked rules file: everything the interpreter needs, resolved to
// indices and precomputed over the board graph (rays per cell and direction, line ids).
// Built once by the checker; immutable afterwards and shared by every State.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "board/board_graph.hpp"
#include "diag/diagnostic.hpp"

namespace tabula {

struct PlayerDef {
  std::string name;
  std::string symbol;          // default drawing symbol for this player's pieces
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
  int owner = -1;  // -1: every player may have pieces of this kind
  bool capturable = true;  // false: never captured nor jumped (a fixed castle)
  std::vector<std::string> symbols;  // per player; falls back to the player's symbol
};

// Who a player reference in a condition names, relative to the move just made.
enum class PlayerRef { mover, opponent, fixed, all };

// A boolean or numeric condition over a position (the `if` of end rules).
struct Condition {
  enum class Op {
    connected, piece_count, neighbours, turn_number, passes, sees, incursion,
    in_zone, can_capture, threatens, occupied, zone_size,
    // target regions (engine/regions.cpp): inside(R) / outside(R) of the cell `to`,
    // all-in(P, R), full(R), open(R), only-outside(R) (the piece on `from`), first-turn,
    // spent (budget spent this turn)
    in_region, out_region, all_in_region, region_full, region_open, only_outside, first_turn, spent,
    arith,  // + - * / of two values (`compare` holds the operator)
    constant, not_, and_, or_, compare
  };
  Op op = Op::constant;
  bool at_destination = false;     // neighbours(to) / in(to, Z) rather than from
  uint32_t kinds = 0xFFFFFFFFu;    // pieces(P, KINDS), threatens(P, KINDS)
  int zone = -1;                   // in(.., Z), occupied(Z), size(Z)
  PlayerRef who = PlayerRef::mover;
  int fixed_player = 0;
  long long value = 0;             // constant
  std::string compare;             // == != < <= > >=
  std::vector<Condition> args;
};

// `a OP b` for a comparison condition (OP one of == != < <= > >=).
template <typename T>
bool compare_with(const std::string& op, T a, T b) {
  if (op == "==") return a == b;
  if (op == "!=") return a != b;
  if (op == "<") return a < b;
  if (op == "<=") return a <= b;
  if (op == ">") return a > b;
  return a >= b;
}

enum class Outcome { win, lose, draw, end };  // end: decided by the score

struct EndRule {
  SourcePos pos;
  Outcome outcome = Outcome::win;
  PlayerRef who = PlayerRef::mover;
  int fixed_player = 0;
  Condition condition;
};

// How far a `line` move goes.
enum class DistanceKind { fixed, pieces_on_line, neighbours, any };

// What a moving piece may pass over, and what it may land on.
enum class Over { nothing, friends, anything };
enum LandMask : uint8_t { land_empty = 1, land_enemy = 2, land_friend = 4 };

// What a hop capture does to the piece it jumps: remove it (draughts), or take only its
// top counter to the bottom of the taking column (column games).
enum class Take { remove, top_to_bottom };

struct MoveRule {
  enum class Type { step, slide, line, hop, jump, run };
  Type type = Type::step;
  SourcePos pos;
  uint32_t kinds = 0;                          // bit per kind that moves this way
  std::vector<std::vector<int>> dirs;          // per seat: absolute board directions
  DistanceKind distance = DistanceKind::fixed;
  int fixed_distance = 1;
  Over over = Over::nothing;
  uint8_t land = land_empty;
  Take take = Take::remove;                    // hop only
  uint32_t over_kinds = 0xFFFFFFFFu;           // jump: the kinds it may jump over
  bool has_condition = false;                  // `if` on the movement, over its from and to
  Condition condition;
  // Turn budgets (`budget`): what a partial move costs and the most it may cost.
  int cost_per_step = 1;                       // cost=distance (1 per cell) or cost=N (fixed)
  bool cost_fixed = false;
  int max_cost = 1 << 20;                      // max=N
  bool has_unless = false;                     // unless=CONDITION lifts max
  Condition unless;
  int ring = -1;                               // run: index into Program::rings
  bool discount = false;                       // run: discount=REGION (1 up to its first cell)
};

// How hop captures combine into moves.
struct CapturePolicy {
  enum class Continue { must, may, stop };
  bool compulsory = false;        // a capture must be played when one exists
  Continue continuation = Continue::must;
  bool maximum = false;           // only sequences taking the most pieces
  bool rejump = false;            // may the same cell be jumped twice in one move
};

// A zone, possibly different per player (a promotion rank): cells[player][cell] != 0.
struct ZoneDef {
  std::string name;
  std::vector<std::vector<uint8_t>> cells;
};

struct Promotion {
  uint32_t from_kinds = 0;
  int to_kind = 0;                // -1: the piece is removed (burned)
  std::string mark;               // appended to the move in game records, e.g. "(X)"
  int zone = 0;                   // index into Program::zones
  bool ends_capture = false;      // a capture sequence stops when the piece is promoted
};

enum class NoMovePolicy { pass, lose, draw };

// One action of a multi-action turn (`turn { move; place ... }`): a movement, or placing a
// piece from a player's off-board reserve. An action whose condition fails, or whose
// reserve is empty, is skipped.
struct TurnAction {
  enum class Kind { move, place, pie };
  Kind kind = Kind::move;
  SourcePos pos;
  int place_kind = 0;
  PlayerRef reserve_of = PlayerRef::mover;
  int reserve_player = 0;
  bool from_supply = false;        // an unlimited supply of the mover's own pieces
  bool has_condition = false;      // whether the action happens at all
  Condition condition;
  bool has_where = false;          // which empty cells a placement may use
  Condition where;
};

// An action of the opening, played once by the given side's seat before the regular turns.
struct OpeningAction {
  int seat = 0;
  TurnAction action;
};

// A side's score at the end: a sum of terms.
struct ScoreTerm {
  enum class Kind { captures, territory, values };
  Kind kind = Kind::values;
};

// Flanking captures after every turn: chains flanked at both ends by the enemy are removed.
struct FlankCapture {
  bool enabled = false;
  bool opponent_first = true;
};

// A named cyclic path of cells (`ring NAME: cells...`), walked by `run` movements.
struct CellRing {
  std::string name;
  std::vector<int16_t> cells;   // in ring order
  std::vector<int16_t> index;   // per board cell: its place in `cells`, or -1
};

// A shape of the target region for one size: the cells are items taken from the mark.
struct RegionItem {
  enum class Kind { mark, step, ray_end };
  Kind kind = Kind::mark;
  std::vector<int> dirs;        // absolute directions
  bool chosen = false;          // step(chosen): the direction chosen by the setter
  bool chosen_back = false;     // step(chosen-back): its opposite
};
struct RegionShape {
  int size = 0;
  bool open = false;            // `shape N open`: read by open(R)
  std::vector<int> choices;     // choose=DIRS: the setter picks one (empty: no choice)
  std::vector<RegionItem> items;
};

// What happens when the `when` condition holds (after each action, at each turn start).
struct WhenAction {
  enum class Kind { convert, remove, mark };
  Kind kind = Kind::convert;
  SourcePos pos;
  bool has_condition = false;
  Condition condition;
  bool has_where = false;       // the cells concerned (cell condition over `to`)
  Condition where;
  PlayerRef who = PlayerRef::opponent;  // convert: whose piece
  int fixed_player = 0;
};

// The target-region machinery: `region`, `mark`, `interchange`, `when` (engine/regions.cpp).
struct RegionRules {
  bool enabled = false;
  std::string name;
  Condition size;                          // evaluated when the mark is set
  std::vector<uint8_t> first_cells;        // per cell: allowed for the first mark (empty: any)
  std::vector<RegionShape> shapes;
  int first_setter = 0;                    // the side that sets the first mark
  bool next_fewest = true;                 // next=fewest: the side with fewer pieces sets
  bool interchange = false;                // the non-setter may claim an interchange
  bool has_when = false;
  Condition when;
  std::vector<WhenAction> when_actions;
};

// `budget N [if CONDITION]`: the first that holds gives a turn's budget.
struct BudgetRule {
  bool has_condition = false;
  Condition condition;
  int amount = 0;
};

struct Notation {
  std::string step_separator = "-";
  std::string capture_separator = "-";
  bool all_squares = false;       // captures list jumped squares too, not only landings
  std::string pass = "pass";      // how a pass is written in records
  std::string end_mark;           // written after the last move of a finished game
  bool columns = false;           // captures show the resulting columns (top first)
};

struct Program {
  std::string name;
  std::string rules_path;
  std::shared_ptr<const BoardGraph> board;
  std::vector<PlayerDef> players;  // the sides: they own pieces and win or lose
  std::vector<SeatDef> seats;      // the turn order
  std::vector<KindDef> kinds;
  std::vector<MoveRule> moves;
  std::vector<EndRule> after_move;
  NoMovePolicy no_move = NoMovePolicy::pass;
  int ply_limit = 1000;
  bool repetition_draw = false;
  bool repetition_ends = false;   // threefold repetition ends the game on the score
  bool has_stop = false;          // `offer stop if ...`: a seat may end the game
  Condition stop_condition;
  int quiet_move_limit = 0;       // draw after this many plies without a capture; 0 = never
  CapturePolicy captures;
  bool has_hops = false;
  std::vector<ZoneDef> zones;
  std::vector<TurnAction> turn;             // empty: a turn is one move
  std::vector<OpeningAction> opening;       // played once, before the turns
  FlankCapture flank_capture;
  bool has_end_condition = false;           // `end if ...` in after-move
  std::vector<ScoreTerm> score;             // empty: no score; results come from win rules
  std::vector<std::vector<int>> reserves;   // [player][kind]: pieces off the board at the start
  std::vector<Promotion> promotions;
  // Stacking: a cell holds a column of counters (bottom first); the top counter owns it.
  bool stacking = false;
  static constexpr int kMaxStack = 32;
  Notation notation;
  std::vector<uint8_t> setup;  // piece code per cell (see piece_code)
  // Turns made of partial moves spending a budget; a target region set by a mark.
  std::vector<CellRing> rings;
  std::vector<BudgetRule> budgets;         // non-empty: a turn is a sequence of partial moves
  bool once_per_turn = false;              // a piece moves at most once per turn
  bool has_end_offer = false;              // `offer end if ...`: the mover may end the turn
  Condition end_condition;
  RegionRules region;
  bool partial_turns() const { return !budgets.empty(); }
  // The cells of region shape `shape` marked on `mark` with choice `choice` (a direction, or
  // -1); false when the shape does not fit there.
  bool region_cells(int shape, int mark, int choice, std::vector<int>& out) const;

  // ---- precomputed board data ----
  int cells = 0, dirs = 0;
  // ray(c, d): the cells met going from c in direction d, nearest first.
  std::vector<int16_t> ray_cells;
  std::vector<int32_t> ray_begin;   // index c * dirs + d -> offset in ray_cells
  std::vector<uint8_t> ray_length;  // c * dirs + d -> length
  // Straight lines of the board graph (a maximal chain through opposite directions).
  int line_count = 0;
  std::vector<int32_t> line_of;     // c * dirs + d -> line id, or -1 when d has no opposite
  std::vector<int32_t> lines_through_begin;  // per cell, offsets into lines_through
  std::vector<int32_t> lines_through;        // the line ids a cell lies on
  bool uses_line_counts = false;             // some rule reads pieces_on_line
  std::vector<std::vector<int16_t>> adjacent;  // all graph neighbours of a cell

  // ---- fast paths for boards of at most 64 cells (bit c of a mask stands for cell c) ----
  bool bitboards = false;                // cells <= 64: the masks below are filled
  std::vector<uint64_t> adjacent_mask;   // per cell: its graph neighbours
  // Parallel to ray_cells: ray_mask[ray_begin[c * dirs + d] + k] holds the cells of the
  // ray before its k-th (ray(c, d)[0..k-1]), the cells passed over to land on ray(c, d)[k].
  std::vector<uint64_t> ray_mask;
  // Per piece code (256 entries, filled with the hash keys): its owner and 1 << its kind,
  // so hot loops avoid the division in owner() and kind().
  std::vector<int8_t> code_owner;
  std::vector<uint32_t> code_kind_bit;

  // Zobrist keys: zobrist[cell * 256 + code], and one per player to move; for stacking
  // games, column_zobrist[(cell * kMaxStack + level) * 64 + code].
  std::vector<uint64_t> zobrist;
  std::vector<uint64_t> column_zobrist;
  std::vector<uint64_t> zobrist_slot;     // per action index of a multi-action turn
  std::vector<uint64_t> zobrist_reserve;  // (player * kinds + kind) * 64 + count
  std::vector<uint64_t> zobrist_turn;

  // ---- piece codes: 0 = empty, 1 + player * kinds + kind ----
  int kind_count() const { return static_cast<int>(kinds.size()); }
  int player_count() const { return static_cast<int>(players.size()); }
  int seat_count() const { return static_cast<int>(seats.size()); }
  uint8_t piece_code(int player, int kind) const { return static_cast<uint8_t>(1 + player * kind_count() + kind); }
  int owner(uint8_t code) const { return (code - 1) / kind_count(); }
  int kind(uint8_t code) const { return (code - 1) % kind_count(); }
  std::string symbol(uint8_t code) const;
  // Whether `player` can have pieces of `kind` (a kind may belong to one player only).
  bool kind_allowed(int player, int kind) const { return kinds[kind].owner < 0 || kinds[kind].owner == player; }
  bool in_zone(int zone, int player, int cell) const { return zones[zone].cells[player][cell] != 0; }

  const int16_t* ray(int c, int d) const { return &ray_cells[ray_begin[c * dirs + d]]; }
  int ray_len(int c, int d) const { return ray_length[c * dirs + d]; }
  // The cell jumped by a hop from `a` to `b` (two steps along one direction), or -1.
  int jumped_cell(int a, int b) const {
    for (int d = 0; d < dirs; ++d)
      if (ray_len(a, d) >= 2 && ray(a, d)[1] == b) return ray(a, d)[0];
    return -1;
  }
};

// Fills the precomputed board data of `p` from p.board.
void precompute_board_data(Program& p);
// Zobrist keys and the per-piece-code tables; after the checker knows the kinds and
// whether the game stacks.
void precompute_hash_keys(Program& p);

}  // namespace tabula

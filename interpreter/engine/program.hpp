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
  enum class Type { step, slide, line, hop, jump };
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

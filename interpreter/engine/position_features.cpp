#include "engine/position_features.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/sample.hpp"
#include "engine/turn_machine.hpp"
#include "kernels/connectivity.hpp"

namespace tabula {
namespace {

using Op = FormulaNode::Op;

bool is_comparison(Op op) {
  return op == Op::eq || op == Op::ne || op == Op::lt || op == Op::le || op == Op::gt || op == Op::ge;
}

// The subtree under `n` written out, to tell two goal terms apart.
std::string subtree_key(const Formula& f, int n) {
  if (n < 0) return "";
  const FormulaNode& x = f.nodes[n];
  return fmt::format("{}:{}:{}({},{})", static_cast<int>(x.op), x.value, x.function, subtree_key(f, x.a),
                     subtree_key(f, x.b));
}

void function_names(const Program& p, const Formula& f, int n, std::string& out) {
  if (n < 0) return;
  const FormulaNode& x = f.nodes[n];
  if (x.op == Op::function) {
    if (!out.empty()) out += '+';
    out += p.functions[x.function]->name();
  }
  function_names(p, f, x.a, out);
  function_names(p, f, x.b, out);
}

bool calls_a_function(const Formula& f, int n) {
  if (n < 0) return false;
  const FormulaNode& x = f.nodes[n];
  return x.op == Op::function || calls_a_function(f, x.a) || calls_a_function(f, x.b);
}

// Which way the rule wants the compared number to go for the side it names: +1 up, -1
// down, 0 when it cannot say.
double goal_direction(const EndRule& rule, const Formula& f, const FormulaNode& cmp, bool goal_on_left) {
  const FormulaNode& other = f.nodes[goal_on_left ? cmp.b : cmp.a];
  double up = 0;
  switch (cmp.op) {
    case Op::gt:
    case Op::ge: up = 1; break;
    case Op::lt:
    case Op::le: up = -1; break;
    case Op::eq: up = other.op == Op::constant && other.value == 0 ? -1 : 1; break;
    default: return 0;
  }
  if (!goal_on_left && cmp.op != Op::eq) up = -up;
  double favours = 0;  // the rule's outcome for the side the evaluation is about (mover)
  if (rule.who.who == PlayerRef::mover) favours = 1;
  else if (rule.who.who == PlayerRef::opponent) favours = -1;
  if (rule.outcome == Outcome::lose) favours = -favours;
  else if (rule.outcome != Outcome::win) favours = 0;
  return up * favours;
}

// The constant a comparison wants its function operand to reach (`f >= 4`, `f > 3`, `4 <=
// f`, `f == 4`: 4), or nothing when the comparison is not of that form.
std::optional<int64_t> value_to_reach(const Formula& f, const FormulaNode& cmp, bool goal_on_left) {
  const FormulaNode& other = f.nodes[goal_on_left ? cmp.b : cmp.a];
  if (other.op != Op::constant) return std::nullopt;
  const Op op = cmp.op;
  if (op == Op::eq || (goal_on_left ? op == Op::ge : op == Op::le)) return other.value;
  if (goal_on_left ? op == Op::gt : op == Op::lt) return other.value + 1;
  return std::nullopt;
}

// What a term of the `score` statement adds up: its term name after "score.".
std::string score_part_name(const ScoreTerm& t) {
  switch (t.kind) {
    case ScoreTerm::Kind::captures: return "captures";
    case ScoreTerm::Kind::territory: return "territory";
    case ScoreTerm::Kind::values: return "values";
    case ScoreTerm::Kind::formula: return "formula";
  }
  return "formula";
}

}  // namespace

PositionFeatures::PositionFeatures(const Program& p) {
  bool connection = false;
  for (const auto& r : p.end.after_move) connection = connection || r.condition.calls(p.functions, "connected");
  // The untuned weights are those of the former rules-derived evaluation: with a goal of
  // connecting, fewer groups and less scatter (weight 10 per group fewer, by half) and
  // material counted a little against (fewer pieces are easier to join).
  terms_.push_back({Kind::material, "material", connection ? -0.5 : 1.0, {}, nullptr});
  terms_.push_back({Kind::mobility, "mobility", 0.05, {}, nullptr});
  terms_.push_back({Kind::centre, "centre", 0, {}, nullptr});
  if (connection) {
    terms_.push_back({Kind::groups, "groups", -5, {}, nullptr});
    terms_.push_back({Kind::scatter, "scatter", -10, {}, nullptr});
  }
  if (p.end.score.size() == 1) terms_.push_back({Kind::score, "score", 1, {}, nullptr});
  else
    for (size_t part = 0; part < p.end.score.size(); ++part)
      terms_.push_back(
          {Kind::score_part, unique_name("score." + score_part_name(p.end.score[part])), 1, {}, nullptr, 0, part});
  add_goals(p);

  double cx = 0, cy = 0;
  for (int c = 0; c < p.cells; ++c) cx += p.board->cell(c).x, cy += p.board->cell(c).y;
  if (p.cells) cx /= p.cells, cy /= p.cells;
  code_value_.assign(256, 0.0);
  for (int code = 1; code < 256; ++code)
    if (p.code_owner[code] >= 0) code_value_[code] = p.kinds[p.kind(static_cast<uint8_t>(code))].value;
  for (int c = 0; c < p.cells; ++c) x_.push_back(p.board->cell(c).x), y_.push_back(p.board->cell(c).y);
  for (int c = 0; c < p.cells; ++c)
    centre_distance_.push_back(std::max(std::abs(p.board->cell(c).x - cx), std::abs(p.board->cell(c).y - cy)));
}

// A term per number the end rules compare (once each), and per goal function with a
// progress measure.
void PositionFeatures::add_goals(const Program& p) {
  std::map<std::string, size_t> seen;  // subtree key -> term
  for (const EndRule& rule : p.end.after_move) {
    const Formula& f = rule.condition;
    for (size_t n = 0; n < f.nodes.size(); ++n) {
      const FormulaNode& x = f.nodes[n];
      const ValueFunction* fn = x.op == Op::function ? p.functions[x.function] : nullptr;
      if (fn && fn->has_progress()) {
        const std::string key = "progress" + subtree_key(f, static_cast<int>(n));
        if (!seen.count(key)) {
          seen[key] = terms_.size();
          terms_.push_back({Kind::progress, unique_name("progress." + std::string(fn->name())), 1, {}, fn});
        }
      }
      if (!is_comparison(x.op)) continue;
      for (bool left : {true, false}) {
        const int operand = left ? x.a : x.b;
        if (operand < 0 || !f.nodes[operand].numeric || !calls_a_function(f, operand)) continue;
        const double direction = goal_direction(rule, f, x, left);
        if (direction == 0) continue;  // a number no side is drawn to (a count of passes, a size)
        add_chances(p, f, x, left, direction);
        const std::string key = subtree_key(f, operand);
        if (seen.count(key)) continue;
        std::string fns;
        function_names(p, f, operand, fns);
        Formula goal = f;
        goal.root = operand;
        seen[key] = terms_.size();
        terms_.push_back({Kind::goal, unique_name("goal." + fns), direction, std::move(goal), nullptr});
      }
    }
  }
}

// The nearness to a value the rules want reached, when the compared operand is a function
// that can measure it (a row's open windows); once per function and value.
void PositionFeatures::add_chances(const Program& p, const Formula& f, const FormulaNode& cmp, bool left,
                                   double direction) {
  const FormulaNode& operand = f.nodes[left ? cmp.a : cmp.b];
  if (direction <= 0 || operand.op != Op::function) return;
  const ValueFunction* fn = p.functions[operand.function];
  const std::optional<int64_t> reach = value_to_reach(f, cmp, left);
  if (!fn->has_progress_toward() || !reach || !fn->measures_toward(*reach)) return;
  for (const Term& t : terms_)
    if (t.kind == Kind::chances && t.fn == fn && t.reach == *reach) return;
  terms_.push_back({Kind::chances, unique_name("chances." + std::string(fn->name())), 1, {}, fn, *reach});
}

// `name`, or `name.N` when N - 1 terms already have it (as `name` or `name.K`).
std::string PositionFeatures::unique_name(const std::string& name) const {
  int same = 0;
  for (const Term& t : terms_) same += t.name == name || t.name.starts_with(name + ".");
  return same ? name + "." + std::to_string(same + 1) : name;
}

int PositionFeatures::index(std::string_view name) const {
  for (size_t i = 0; i < terms_.size(); ++i)
    if (terms_[i].name == name) return static_cast<int>(i);
  return -1;
}

std::string PositionFeatures::names() const {
  std::string out;
  for (const auto& t : terms_) {
    if (!out.empty()) out += ", ";
    out += t.name;
  }
  return out;
}

namespace {

// The groups a side's pieces form over the board's links (set-wise on boards of at most 64
// cells), and their mean Chebyshev distance from their centre; `cells` are the cells whose
// top piece is the side's.
void gathering(const State& s, int side, const std::vector<int16_t>& cells, const std::vector<double>& x,
               const std::vector<double>& y, double& groups, double& scatter) {
  const Program& p = s.program();
  groups = p.bitboards ? mask_groups(p, s.pieces_mask(side)) : piece_groups(p, s.tops(), side);
  scatter = 0;
  const size_t n = cells.size();
  if (n <= 1) return;
  double sx = 0, sy = 0;
  for (int16_t c : cells) sx += x[c], sy += y[c];
  sx /= static_cast<double>(n), sy /= static_cast<double>(n);
  for (int16_t c : cells) scatter += std::max(std::abs(x[c] - sx), std::abs(y[c] - sy));
  scatter /= static_cast<double>(n);
}

// Legal moves per side. Only the side to move has legal moves in the State contract, so the
// others are counted after null moves (a pass applied and undone): the board is unchanged,
// only the turn moves on.
// The moves are counted, not listed (engine/sample: set-wise where the construct can), and
// the buffers are kept per thread: the evaluation runs at every node of a search.
void mobility(const State& s, std::vector<double>& count) {
  const int n = s.program().player_count();
  State& scratch = const_cast<State&>(s);  // restored exactly by undo before returning
  count.assign(static_cast<size_t>(n), 0.0);
  thread_local MoveSample sample;
  thread_local MoveList pass;
  int passes = 0;
  for (int i = 0; i < n; ++i) {
    count[scratch.current_player()] = static_cast<double>(count_moves(scratch, sample));
    if (i + 1 < n && !scratch.is_terminal()) {
      pass.clear();
      add_pass(pass, current_phase(scratch).index);
      scratch.apply_unchecked(pass.back()), ++passes;
    }
  }
  while (passes--) scratch.undo();
}

}  // namespace

// The per-side sums are kept per thread (the evaluation runs at every node of a search,
// so it allocates nothing once warm); each side's cells are listed once and the terms
// about where its pieces stand read the list, not the board.
void PositionFeatures::compute(const State& s, std::vector<double>& out) const {
  const Program& p = s.program();
  const auto sides = static_cast<size_t>(p.player_count());
  const size_t k = terms_.size();
  out.assign(sides * k, 0.0);
  struct Sums {
    std::vector<double> material, centre, moves, groups, scatter;
    std::vector<std::vector<int16_t>> cells;  // per side, the cells whose top piece is its
  };
  thread_local Sums sum;
  sum.material.assign(sides, 0.0), sum.centre.assign(sides, 0.0);
  sum.moves.clear(), sum.groups.clear();
  sum.cells.resize(sides);
  for (auto& list : sum.cells) list.clear();
  // In a column the top counter owns the cell; the counters below it count half, since they
  // change hands only when the column does.
  for (int c = 0; c < p.cells; ++c) {
    const uint8_t top = s.at(c);
    if (!top) continue;
    const int height = s.height(c);
    for (int level = 0; level + 1 < height; ++level) {
      const uint8_t code = s.counter(c, level);
      sum.material[p.code_owner[code]] += code_value_[code] * 0.5;
    }
    const int owner = p.code_owner[top];
    sum.material[owner] += code_value_[top];
    sum.centre[owner] += centre_distance_[c];
    sum.cells[owner].push_back(static_cast<int16_t>(c));
  }
  for (size_t i = 0; i < k; ++i) {
    const Term& t = terms_[i];
    for (size_t side = 0; side < sides; ++side) {
      double& v = out[side * k + i];
      const auto on_board = static_cast<double>(sum.cells[side].size());
      switch (t.kind) {
        case Kind::material: v = sum.material[side]; break;
        case Kind::mobility:
          if (sum.moves.empty()) mobility(s, sum.moves);
          v = sum.moves[side];
          break;
        case Kind::centre: v = on_board > 0 ? -sum.centre[side] / on_board : 0; break;
        case Kind::groups:
        case Kind::scatter:
          if (sum.groups.empty()) {
            sum.groups.assign(sides, 0.0), sum.scatter.assign(sides, 0.0);
            for (size_t q = 0; q < sides; ++q)
              gathering(s, static_cast<int>(q), sum.cells[q], x_, y_, sum.groups[q], sum.scatter[q]);
          }
          v = t.kind == Kind::groups ? sum.groups[side] : sum.scatter[side];
          break;
        case Kind::score: v = static_cast<double>(score_halves(s, static_cast<int>(side))) / 2.0; break;
        case Kind::score_part:  // the komi goes with the first term, so the terms still add up to the score
          v = static_cast<double>(score_part(s, static_cast<int>(side), t.part)) +
              (t.part == 0 ? komi_halves(p, static_cast<int>(side)) / 2.0 : 0);
          break;
        case Kind::goal: v = static_cast<double>(value(t.goal, {s, static_cast<int>(side)})); break;
        case Kind::progress: v = t.fn->progress({s, static_cast<int>(side)}).value_or(0); break;
        case Kind::chances: v = t.fn->progress_toward({s, static_cast<int>(side)}, t.reach).value_or(0); break;
      }
    }
  }
}

}  // namespace tabula

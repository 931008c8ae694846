#include "check/condition_bounds.hpp"

#include <algorithm>
#include <limits>

namespace tabula {
namespace {

using Op = FormulaNode::Op;
constexpr int64_t kLow = std::numeric_limits<int64_t>::min(), kHigh = std::numeric_limits<int64_t>::max();

// What a node can be: a number from lo to hi, or a truth value that can be true and/or false.
struct Can {
  int64_t lo = kLow, hi = kHigh;
  bool be_true = true, be_false = true;
};

// a + b, a - b and a * b, held at the ends of int64_t when they would pass them (a bound
// past them is as good as unknown).
int64_t saturated(Op op, int64_t a, int64_t b) {
  int64_t r = 0;
  const bool over = op == Op::add   ? __builtin_add_overflow(a, b, &r)
                    : op == Op::sub ? __builtin_sub_overflow(a, b, &r)
                                    : __builtin_mul_overflow(a, b, &r);
  if (!over) return r;
  const bool negative = op == Op::mul ? (a < 0) != (b < 0) : op == Op::add ? a < 0 : a < b;
  return negative ? kLow : kHigh;
}

Can number(int64_t lo, int64_t hi) { return {lo, hi, true, true}; }
Can truth(bool be_true, bool be_false) { return {kLow, kHigh, be_true, be_false}; }

// Whether a comparison can be true and can be false, for numbers within [a] and [b].
Can compared(Op op, const Can& a, const Can& b) {
  switch (op) {
    case Op::eq: return truth(a.lo <= b.hi && b.lo <= a.hi, !(a.lo == a.hi && b.lo == b.hi && a.lo == b.lo));
    case Op::ne: return truth(!(a.lo == a.hi && b.lo == b.hi && a.lo == b.lo), a.lo <= b.hi && b.lo <= a.hi);
    case Op::lt: return truth(a.lo < b.hi, a.hi >= b.lo);
    case Op::le: return truth(a.lo <= b.hi, a.hi > b.lo);
    case Op::gt: return truth(a.hi > b.lo, a.lo <= b.hi);
    case Op::ge: return truth(a.hi >= b.lo, a.lo < b.hi);
    default: return truth(true, true);
  }
}

Can can_of(const Formula& f, int i, const Program& p) {
  const FormulaNode& n = f.nodes[static_cast<size_t>(i)];
  auto operand = [&](int j) { return can_of(f, j, p); };
  switch (n.op) {
    case Op::constant: return n.numeric ? number(n.value, n.value) : truth(n.value != 0, n.value == 0);
    case Op::function: {
      if (!n.numeric) return truth(true, true);
      const ValueFunction* fn = n.function >= 0 && static_cast<size_t>(n.function) < p.functions.size()
                                    ? p.functions[static_cast<size_t>(n.function)]
                                    : nullptr;
      if (auto b = fn ? fn->bounds(p) : std::nullopt) return number(b->first, b->second);
      return number(kLow, kHigh);
    }
    case Op::add:
    case Op::sub:
    case Op::mul: {
      const Can a = operand(n.a), b = operand(n.b);
      if (a.lo == kLow || a.hi == kHigh || b.lo == kLow || b.hi == kHigh) return number(kLow, kHigh);
      if (n.op == Op::add) return number(saturated(Op::add, a.lo, b.lo), saturated(Op::add, a.hi, b.hi));
      if (n.op == Op::sub) return number(saturated(Op::sub, a.lo, b.hi), saturated(Op::sub, a.hi, b.lo));
      const int64_t x[4] = {saturated(Op::mul, a.lo, b.lo), saturated(Op::mul, a.lo, b.hi),
                            saturated(Op::mul, a.hi, b.lo), saturated(Op::mul, a.hi, b.hi)};
      return number(*std::min_element(x, x + 4), *std::max_element(x, x + 4));
    }
    case Op::div: return number(kLow, kHigh);  // not followed: integer division's rounding
    case Op::eq:
    case Op::ne:
    case Op::lt:
    case Op::le:
    case Op::gt:
    case Op::ge: return compared(n.op, operand(n.a), operand(n.b));
    case Op::and_: {
      const Can a = operand(n.a), b = operand(n.b);
      return truth(a.be_true && b.be_true, a.be_false || b.be_false);
    }
    case Op::or_: {
      const Can a = operand(n.a), b = operand(n.b);
      return truth(a.be_true || b.be_true, a.be_false && b.be_false);
    }
    case Op::not_: {
      const Can a = operand(n.a);
      return truth(a.be_false, a.be_true);
    }
  }
  return truth(true, true);
}

}  // namespace

bool can_ever_hold(const Formula& condition, const Program& p) {
  if (condition.empty() || condition.numeric()) return true;
  return can_of(condition, condition.root, p).be_true;
}

}  // namespace tabula

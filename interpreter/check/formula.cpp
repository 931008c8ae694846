// The expression compiler: syntax trees of conditions and numbers into Formula nodes.
// Operators are the language's own; every function call is looked up in the registry and
// checked by its module. Constant arithmetic is folded here, so a division by zero or an
// overflow between numbers is reported at the expression before any game is played.
#include <fmt/format.h>
#include <limits>
#include <optional>

#include "check/condition_bounds.hpp"
#include "check/context.hpp"
#include "syntax/ast_print.hpp"
#include "syntax/name_suggest.hpp"

namespace tabula {
namespace {

using Op = FormulaNode::Op;

std::optional<Op> binary_op(const std::string& t) {
  static const std::pair<const char*, Op> ops[] = {{"+", Op::add}, {"-", Op::sub}, {"*", Op::mul},    {"/", Op::div},
                                                   {"==", Op::eq}, {"!=", Op::ne}, {"<", Op::lt},     {"<=", Op::le},
                                                   {">", Op::gt},  {">=", Op::ge}, {"and", Op::and_}, {"or", Op::or_}};
  for (const auto& [text, op] : ops)
    if (t == text) return op;
  return std::nullopt;
}

bool arithmetic(Op op) { return op == Op::add || op == Op::sub || op == Op::mul || op == Op::div; }

// Folds `a op b` for two constants; false when the result is not a 64-bit number.
bool fold(Op op, int64_t a, int64_t b, int64_t& out, std::string& why) {
  switch (op) {
    case Op::add: return !__builtin_add_overflow(a, b, &out) || (why = "overflow", false);
    case Op::sub: return !__builtin_sub_overflow(a, b, &out) || (why = "overflow", false);
    case Op::mul: return !__builtin_mul_overflow(a, b, &out) || (why = "overflow", false);
    case Op::div:
      if (b == 0) return why = "zero", false;
      if (a == std::numeric_limits<int64_t>::min() && b == -1) return why = "overflow", false;
      out = a / b;
      return true;
    default: return false;
  }
}

}  // namespace

bool CheckContext::formula(const Expr& e, Formula& out, Scope scope) {
  out = Formula{};
  bool ok = true;
  out.root = compile(e, out, scope, ok);
  if (!ok) out = Formula{};
  return ok;
}

bool CheckContext::condition(const Expr& e, Formula& out, Scope scope) {
  if (!formula(e, out, scope)) return false;
  if (!out.numeric()) {
    // Decided from the bounds of its numbers (check/condition_bounds): a rule that can never
    // apply is most likely a slip (a count compared with more than the board holds).
    std::string written = to_string(e);
    if (written.size() > 80) written = written.substr(0, 77) + "...";
    if (!can_ever_hold(out, program))
      warning(e.pos, fmt::format("this condition can never hold: in no position can its numbers reach what '{}' "
                                 "asks of them (a count of pieces is at most the cells it counts)",
                                 written));
    return true;
  }
  error(e.pos, fmt::format("'{}' is a number, but a condition (true or false) is expected here; compare it, as in "
                           "'{} > 0'",
                           to_string(e), to_string(e)));
  out = Formula{};
  return false;
}

bool CheckContext::number(const Expr& e, Formula& out, Scope scope) {
  if (!formula(e, out, scope)) return false;
  if (out.numeric()) return true;
  error(e.pos, fmt::format("'{}' is a condition (true or false), but a number is expected here", to_string(e)));
  out = Formula{};
  return false;
}

int CheckContext::compile(const Expr& e, Formula& out, Scope scope, bool& ok) {
  auto add = [&](FormulaNode n) {
    n.pos = e.pos;
    out.nodes.push_back(std::move(n));
    return static_cast<int>(out.nodes.size()) - 1;
  };
  // A number where a condition is needed (`want_condition`), or a condition where a number is.
  auto mistyped = [&](const Expr& operand, const std::string& op, bool want_condition) {
    error(operand.pos,
          want_condition
              ? fmt::format("{} needs conditions (true or false), but '{}' is a number; compare it, as in '{} > 0'", op,
                            to_string(operand), to_string(operand))
              : fmt::format("{} needs numbers here, but '{}' is a condition (true or false)", op, to_string(operand)));
    ok = false;
    return -1;
  };
  // The functions named from the language's table, so the list cannot go stale: the values
  // written bare, or those called with parentheses.
  auto function_names = [&](bool bare) {
    std::vector<std::string> names;
    for (const FunctionSpec* f : registry.functions)
      if (f->bare == bare) names.emplace_back(f->name);
    return names;
  };
  auto unsupported = [&] {
    const std::vector<std::string> bare = function_names(true), called = function_names(false);
    std::string guess = e.kind == Expr::Kind::identifier ? closest_name(e.text, bare) : std::string();
    error(e.pos, guess.empty() ? fmt::format("unsupported condition '{}'; conditions are numbers, comparisons, and, "
                                             "or, not, the values {} and calls of {} (`tabula language` describes "
                                             "each)",
                                             to_string(e), join(bare), join(called))
                               : fmt::format("unsupported condition '{}'; did you mean '{}'?", to_string(e), guess));
    ok = false;
    return -1;
  };
  auto call = [&](const FunctionSpec& spec) {
    auto fn = spec.check(*this, e, scope);
    if (!fn) {
      ok = false;
      return -1;
    }
    FormulaNode n;
    n.op = Op::function;
    n.numeric = spec.numeric;
    n.function = program.add_function(program.own(std::move(fn)));
    return add(std::move(n));
  };
  switch (e.kind) {
    case Expr::Kind::number: {
      if (!e.fraction.empty()) {  // values are whole numbers (a score in halves: `komi`)
        error(e.pos, fmt::format("'{}' is not a whole number; rules count in whole numbers", to_string(e)));
        ok = false;
        return -1;
      }
      FormulaNode n;
      n.value = e.number;
      return add(std::move(n));
    }
    case Expr::Kind::identifier:
      if (const FunctionSpec* spec = registry.function(e.text); spec && spec->bare) return call(*spec);
      return unsupported();
    case Expr::Kind::call: {
      const FunctionSpec* spec = registry.function(e.text);
      if (spec && !spec->bare) return call(*spec);
      const std::vector<std::string> names = function_names(false);
      std::string msg = fmt::format("unknown function '{}' in a condition", e.text);
      std::string guess = closest_name(e.text, names);
      msg += guess.empty() ? fmt::format("; expected one of: {}", join(names))
                           : fmt::format("; did you mean '{}'?", guess);
      error(e.pos, msg);
      ok = false;
      return -1;
    }
    case Expr::Kind::unary: {
      if (e.text != "not" && e.text != "-") return unsupported();
      int a = compile(e.args[0], out, scope, ok);
      if (!ok) return -1;
      FormulaNode n;
      if (e.text == "not" && out.nodes[a].numeric) return mistyped(e.args[0], "'not'", true);
      if (e.text == "-" && !out.nodes[a].numeric) return mistyped(e.args[0], "'-'", false);
      if (e.text == "not") {
        n.op = Op::not_;
        n.numeric = false;
        n.a = static_cast<int32_t>(a);
        return add(std::move(n));
      }
      // -x is 0 - x, checked like any subtraction.
      FormulaNode zero;
      int z = add(std::move(zero));
      n.op = Op::sub;
      n.a = static_cast<int32_t>(z);
      n.b = static_cast<int32_t>(a);
      if (out.nodes[a].op == Op::constant) {
        std::string why;
        if (!fold(Op::sub, 0, out.nodes[a].value, n.value, why)) return unsupported();
        n.op = Op::constant;
      }
      return add(std::move(n));
    }
    case Expr::Kind::binary: {
      auto op = binary_op(e.text);
      if (!op) return unsupported();
      int a = compile(e.args[0], out, scope, ok);
      int b = compile(e.args[1], out, scope, ok);
      if (!ok) return -1;
      FormulaNode n;
      n.op = *op;
      n.a = static_cast<int32_t>(a);
      n.b = static_cast<int32_t>(b);
      n.numeric = arithmetic(*op);
      // Conditions and numbers are types: `and`, `or` join conditions; arithmetic and the
      // order comparisons take numbers; == and != compare two of a kind.
      const bool logic = *op == Op::and_ || *op == Op::or_;
      const bool equality = *op == Op::eq || *op == Op::ne;
      const std::string what = fmt::format("'{}'", e.text);
      for (int side : {0, 1}) {
        const bool numeric = out.nodes[side == 0 ? a : b].numeric;
        if (logic && numeric) return mistyped(e.args[side], what, true);
        if (!logic && !equality && !numeric) return mistyped(e.args[side], what, false);
      }
      if (equality && out.nodes[a].numeric != out.nodes[b].numeric)
        return mistyped(e.args[out.nodes[a].numeric ? 1 : 0], what, false);
      if (arithmetic(*op)) {
        if (out.nodes[a].op == Op::constant && out.nodes[b].op == Op::constant) {
          std::string why;
          if (!fold(*op, out.nodes[a].value, out.nodes[b].value, n.value, why)) {
            error(e.pos, why == "zero" ? fmt::format("division by zero in '{}'", to_string(e))
                                       : fmt::format("arithmetic overflow in '{}': the result does not fit in 64 bits "
                                                     "(from -9223372036854775808 to 9223372036854775807)",
                                                     to_string(e)));
            ok = false;
            return -1;
          }
          n.op = Op::constant;
        }
      }
      return add(std::move(n));
    }
    default: return unsupported();
  }
}

}  // namespace tabula

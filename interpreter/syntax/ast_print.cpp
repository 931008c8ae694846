#include "syntax/ast_print.hpp"

#include <fmt/format.h>

namespace tabula {
namespace {

// Binding strength, loosest first (docs/LANGUAGE.md, "Syntax").
enum Prec { p_or = 1, p_and, p_not, p_cmp, p_add, p_mul, p_neg, p_alt, p_range, p_primary };

int binary_prec(const std::string& op) {
  if (op == "or") return p_or;
  if (op == "and") return p_and;
  if (op == "+" || op == "-") return p_add;
  if (op == "*" || op == "/") return p_mul;
  return p_cmp;
}

int prec(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::binary: return binary_prec(e.text);
    case Expr::Kind::unary: return e.text == "not" ? p_not : p_neg;
    case Expr::Kind::alternatives: return p_alt;
    case Expr::Kind::range: return p_range;
    case Expr::Kind::number: return e.number < 0 ? p_neg : p_primary;
    default: return p_primary;
  }
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default: out += c;
    }
  }
  return out + "\"";
}

// `e`, parenthesized when it binds looser than `min`.
std::string operand(const Expr& e, int min) {
  std::string s = to_string(e);
  return prec(e) < min ? "(" + s + ")" : s;
}

}  // namespace

std::string to_string(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::identifier: return e.text;
    case Expr::Kind::number:
      return e.fraction.empty() ? std::to_string(e.number) : fmt::format("{}.{}", e.number, e.fraction);
    case Expr::Kind::string: return quote(e.text);
    case Expr::Kind::call: {
      std::string s = e.text + "(";
      for (size_t i = 0; i < e.args.size(); ++i) s += (i ? ", " : "") + to_string(e.args[i]);
      return s + ")";
    }
    case Expr::Kind::unary: {
      if (e.args.empty()) return e.text;
      if (e.text == "not") return "not " + operand(e.args[0], p_not);
      return e.text + operand(e.args[0], p_neg);
    }
    case Expr::Kind::binary: {
      if (e.args.size() != 2) return e.text;
      int p = binary_prec(e.text);
      // Left-associative; comparisons do not associate at all.
      return operand(e.args[0], p == p_cmp ? p + 1 : p) + " " + e.text + " " + operand(e.args[1], p + 1);
    }
    case Expr::Kind::range:
      if (e.args.size() != 2) return "..";
      return operand(e.args[0], p_primary) + ".." + operand(e.args[1], p_primary);
    case Expr::Kind::alternatives: {
      std::string s;
      for (size_t i = 0; i < e.args.size(); ++i) s += (i ? "|" : "") + operand(e.args[i], p_range);
      return s;
    }
  }
  return {};
}

std::string to_string(const Arg& a) { return a.name.empty() ? to_string(a.value) : a.name + "=" + to_string(a.value); }

std::string dump(const Statement& s, int indent) {
  std::string out(static_cast<size_t>(indent) * 2, ' ');
  out += s.keyword;
  for (const auto& a : s.args) out += " " + to_string(a);
  if (s.has_condition) out += " if " + to_string(s.condition);
  if (s.has_items) {
    out += ":";
    for (const auto& a : s.items) out += " " + to_string(a);
  }
  if (s.has_block) {
    out += " {\n";
    for (const auto& child : s.block) out += dump(child, indent + 1);
    out += std::string(static_cast<size_t>(indent) * 2, ' ') + "}";
  }
  return out + "\n";
}

std::string dump(const RulesFile& file) {
  std::string out;
  for (const auto& s : file.statements) out += dump(s);
  return out;
}

}  // namespace tabula

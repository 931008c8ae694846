#include "syntax/parse_actions.hpp"

namespace tabula::parsing {

Expr make_expr(Expr::Kind kind, SourcePos pos, std::string text) {
  Expr e;
  e.kind = kind;
  e.pos = std::move(pos);
  e.text = std::move(text);
  return e;
}

void combine_unary(ParseState& st) {
  Op op = st.pop_op();
  auto [operand, h] = st.pop();
  Expr e = make_expr(Expr::Kind::unary, st.pos(op.offset), std::move(op.text));
  e.args.push_back(std::move(operand));
  st.last_offset = op.offset;
  st.push(std::move(e), h + 1);
}

void combine_binary(ParseState& st) {
  Op op = st.pop_op();
  auto [rhs, hr] = st.pop();
  auto [lhs, hl] = st.pop();
  Expr e = make_expr(Expr::Kind::binary, lhs.pos, std::move(op.text));
  e.args.push_back(std::move(lhs));
  e.args.push_back(std::move(rhs));
  st.last_offset = op.offset;
  st.push(std::move(e), std::max(hl, hr) + 1);
}

void add_arg(ParseState& st, Arg a) { (st.in_items ? st.current.items : st.current.args).push_back(std::move(a)); }

}  // namespace tabula::parsing

// `notation capture="x" step="-" path=all|landings columns=on|off pass="..." end="..."`:
// how moves are written. Every separator must read back (engine/move_text).
#include <fmt/format.h>

#include "check/context.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

// Move text must read back: separators hold no letter, digit or blank, nor a symbol.
void check_separator(CheckContext& ctx, const SourcePos& at, const std::string& sep) {
  bool ok = !sep.empty();
  for (char ch : sep) ok = ok && (ch == '-' || ch == ':' || ch == 'x' || ch == '*' || ch == '/' || ch == '~');
  if (sep == "x") ok = true;
  if (!ok)
    ctx.error(at, fmt::format("the separator \"{}\" cannot be read back from move text; use -, :, x, *, / or ~", sep));
}

void check_notation(CheckContext& ctx, const Statement& s) {
  Notation& n = ctx.program.notation;
  if (!ctx.shape(s, 0, 0, {"step", "capture", "path", "columns", "pass", "end"})) return;
  if (const Arg* a = ctx.named(s, "pass")) ctx.string_value(a->value, "how a pass is written", n.pass);
  if (const Arg* a = ctx.named(s, "end")) ctx.string_value(a->value, "the end-of-game mark", n.end_mark);
  if (const Arg* a = ctx.named(s, "path")) {
    if (a->value.kind == Expr::Kind::identifier && (a->value.text == "all" || a->value.text == "landings"))
      n.all_squares = a->value.text == "all";
    else
      ctx.error(a->value.pos, fmt::format("expected all (every square, jumped ones too) or landings, found '{}'",
                                          to_string(a->value)));
  }
  if (const Arg* a = ctx.named(s, "columns")) {
    if (a->value.kind == Expr::Kind::identifier && (a->value.text == "on" || a->value.text == "off"))
      n.columns = a->value.text == "on";
    else ctx.error(a->value.pos, fmt::format("expected on or off, found '{}'", to_string(a->value)));
  }
  if (const Arg* a = ctx.named(s, "step")) ctx.string_value(a->value, "the step separator", n.step_separator);
  if (const Arg* a = ctx.named(s, "capture")) ctx.string_value(a->value, "the capture separator", n.capture_separator);
  check_separator(ctx, s.pos, n.step_separator);
  check_separator(ctx, s.pos, n.capture_separator);
}

}  // namespace

extern constinit const StatementSpec notation_statement{
    "notation",
    Pass::define,
    Key::keyword,
    check_notation,
    "notation capture=\"x\" step=\"-\" path=all|landings columns=on|off pass=\"...\" end=\"...\"",
    "how moves are written (and read back): separators, capture paths, columns, record markers"};

}  // namespace tabula

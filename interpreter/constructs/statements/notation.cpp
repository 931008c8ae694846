// `notation capture="x" step="-" path=all|landings columns=on|off pass="..." end="..."`:
// how moves are written. Every separator must read back (engine/text/move_text).
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/text/game_record.hpp"
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

// A pass or end mark is one token of a record, which must read back as itself and never as
// a move: no blank or comment bracket, no move number or result, no squares ("b1-b2").
void check_marker(CheckContext& ctx, const SourcePos& at, const std::string& marker, const char* what) {
  if (std::string why = record_token_problem(marker); !why.empty())
    return ctx.error(at, fmt::format("{} cannot be read back from a game record: {}", what, why));
  if (marker.find('@') != std::string::npos)
    return ctx.error(at, fmt::format("{} \"{}\" holds '@', which writes a placement", what, marker));
  if (!ctx.board) return;
  size_t squares = 0, start = 0;
  for (size_t i = 0; i <= marker.size(); ++i) {
    if (i < marker.size() && std::string_view("-:x*/~").find(marker[i]) == std::string_view::npos) continue;
    if (ctx.board->find_cell(marker.substr(start, i - start)) == kNoCell) return;
    ++squares, start = i + 1;
  }
  if (squares >= 1)
    ctx.error(at, fmt::format("{} \"{}\" reads as {} of this board; choose a mark that names no cell", what, marker,
                              squares == 1 ? "a cell" : "a move"));
}

void check_notation(CheckContext& ctx, const Statement& s) {
  Notation& n = ctx.program.notation;
  if (!ctx.shape(s, 0, 0, {"step", "capture", "path", "columns", "pass", "end"})) return;
  if (const Arg* a = ctx.named(s, "pass")) {
    if (ctx.string_value(a->value, "how a pass is written", n.pass))
      check_marker(ctx, a->value.pos, n.pass, "the pass mark");
  }
  if (const Arg* a = ctx.named(s, "end")) {
    if (ctx.string_value(a->value, "the end-of-game mark", n.end_mark) && !n.end_mark.empty())
      check_marker(ctx, a->value.pos, n.end_mark, "the end mark");
    if (!n.end_mark.empty() && n.end_mark == n.pass)
      ctx.error(a->value.pos, fmt::format("the end mark \"{}\" is also the pass mark", n.end_mark));
  }
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

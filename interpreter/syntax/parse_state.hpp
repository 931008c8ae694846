#pragma once
// The parser's state while it reads one rules file (parser.cpp is the driver): the tree
// built so far, the stacks of values, operators and open groups of the statement being read,
// the stack of open blocks, and the limits that bound them.
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "diag/diagnostic.hpp"
#include "diag/source_file.hpp"
#include "syntax/ast.hpp"

namespace tabula::parsing {

constexpr int kMaxNesting = 64;       // parentheses/calls/prefix operators, and blocks
constexpr int kMaxExprHeight = 1000;  // height of an expression tree (long operator chains)

// A syntax error that aborts the current line. `report` is where the diagnostic points,
// `scan` where the recovery starts skipping (inside a string: the string's opening quote).
struct SyntaxError {
  size_t report;
  size_t scan;
  std::string message;
};
// Thrown once the diagnostics are full (Diagnostics::kMaxErrors): the parse stops there.
struct TooManyErrors {};

struct OpenBlock {
  Statement statement;
  size_t brace = 0;      // offset of its '{'
  bool discard = false;  // a block of a broken statement, or one nested too deeply
  bool too_deep = false;
};

struct Group {       // an open '(' or call
  std::string call;  // the function name; empty for a parenthesis
  size_t offset = 0;
  size_t mark = 0;  // value stack size before the call's arguments
};

struct Op {
  std::string text;
  size_t offset = 0;
};

struct ParseState {
  const SourceFile& source;
  size_t first;  // offset of the first character (after a UTF-8 byte order mark)
  Diagnostics& diags;
  const char* base;
  int errors = 0;

  // Transient: the statement being parsed (reset after an error).
  std::vector<Expr> values;
  std::vector<int> heights;  // tree height of each value
  std::vector<Op> ops;
  std::vector<Group> groups;
  std::vector<size_t> alt_marks;
  int depth = 0;
  size_t string_open = 0;
  Statement current;
  size_t statement_start = 0;  // offset of the current statement's keyword
  bool in_items = false;
  bool brace_pending = false;
  size_t pending_brace = 0;
  std::string arg_name;
  size_t arg_name_offset = 0;
  size_t last_offset = 0;  // where the value being pushed starts (for the height error)
  size_t last_end = 0;     // where the last value read ends
  bool stray_close = false;
  size_t stray_close_offset = 0;

  // Persistent across errors.
  std::vector<OpenBlock> blocks;
  std::vector<Statement> top;
  std::vector<BrokenStatement> broken;
  // The second reading of a file that left a block open (parser.cpp): a block ends where the
  // indentation returns to its level.
  bool close_on_dedent = false;

  ParseState(const SourceFile& s, size_t first_char, Diagnostics& d)
      : source(s), first(first_char), diags(d), base(s.text.data()) {}

  size_t offset(const char* at) const { return static_cast<size_t>(at - base); }
  // Line and column of a byte offset; a byte order mark is not a column.
  SourcePos pos(size_t offset) const {
    auto [line, column] = source.position_of(offset);
    if (line == 1 && first > 0 && offset >= first) --column;
    return SourcePos{source.path, line, column};
  }

  // Records an error without interrupting the parse.
  void error(size_t at, std::string message) {
    diags.error(pos(at), std::move(message));
    ++errors;
    if (diags.error_limit_reached()) throw TooManyErrors{};
  }

  // Pushes a finished value; `height` is the height of its tree. Long operator chains make
  // tall trees, which would make every later recursive walk of the tree risky.
  void push(Expr e, int height) {
    if (height > kMaxExprHeight)
      throw SyntaxError{
          last_offset, last_offset,
          fmt::format("expression too long or too deeply nested (the limit is {} levels)", kMaxExprHeight)};
    values.push_back(std::move(e));
    heights.push_back(height);
  }
  std::pair<Expr, int> pop() {
    // The grammar guarantees the operands are there; stay safe anyway.
    if (values.empty()) return {Expr{}, 1};
    std::pair<Expr, int> out{std::move(values.back()), heights.back()};
    values.pop_back();
    heights.pop_back();
    return out;
  }
  Op pop_op() {
    if (ops.empty()) return {};
    Op op = std::move(ops.back());
    ops.pop_back();
    return op;
  }

  std::vector<Statement>& container() { return blocks.empty() ? top : blocks.back().statement.block; }

  void open_block(Statement s, size_t brace, bool discard) {
    if (static_cast<int>(blocks.size()) >= kMaxNesting) {
      bool already = blocks.back().too_deep;
      blocks.push_back({std::move(s), brace, true, true});
      if (!already) error(brace, fmt::format("blocks nested too deeply (the limit is {} levels)", kMaxNesting));
      return;
    }
    blocks.push_back({std::move(s), brace, discard, false});
  }

  // Closes the innermost block (a '}' without an open block is reported by the caller).
  void close_block() {
    if (blocks.empty()) return;
    OpenBlock b = std::move(blocks.back());
    blocks.pop_back();
    if (!b.discard) container().push_back(std::move(b.statement));
  }

  // On the second reading, before a statement that starts at `at` in `column`: closes each
  // open block whose statements are indented deeper than its own first line, when the new
  // statement is not (it is taken to follow the block, whose '}' is missing).
  void close_dedented_blocks(int column, size_t at) {
    while (close_on_dedent && !blocks.empty()) {
      const OpenBlock& b = blocks.back();
      const int opener = b.statement.pos.column;
      if (b.discard || b.statement.block.empty() || b.statement.block.front().pos.column <= opener || column > opener)
        return;
      error(b.brace, fmt::format("this block is never closed: expected '}}' before line {}, where the indentation "
                                 "returns to the block's level",
                                 pos(at).line));
      close_block();
    }
  }

  void finish_statement() {
    Statement s = std::move(current);
    current = Statement{};
    in_items = false;
    if (s.has_block) {
      brace_pending = false;
      open_block(std::move(s), pending_brace, false);
    } else {
      container().push_back(std::move(s));
    }
  }

  void reset_transient() {
    values.clear();
    heights.clear();
    ops.clear();
    groups.clear();
    alt_marks.clear();
    depth = 0;
    current = Statement{};
    in_items = false;
    brace_pending = false;
    stray_close = false;
  }
};

}  // namespace tabula::parsing

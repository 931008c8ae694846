#pragma once
// What every construct's checker shares: the program being built, the board, diagnostics,
// the registry, and the services that resolve names (players, kinds, cells, zones,
// directions) and compile expressions. A construct module receives the context, checks its
// statement's shape and arguments with these helpers, and adds its compiled form to the
// program. The context never keeps per-statement flags: how an expression is used is an
// explicit Scope.
#include <any>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "check/specs.hpp"
#include "diag/diagnostic.hpp"
#include "program/program.hpp"
#include "syntax/ast.hpp"

namespace tabula {

class CheckContext {
 public:
  CheckContext(Program& compiled, const BoardGraph* graph, Diagnostics& reported, const Registry& table)
      : program(compiled), board(graph), diags(reported), registry(table) {}

  Program& program;
  const BoardGraph* board;  // null when the board could not be loaded
  Diagnostics& diags;
  const Registry& registry;
  bool seats_declared = false;

  // ---- reporting and shape ----
  // Errors are dropped only while the whole-program checks run without a board (finish()):
  // what they look for (zones, hops, directions) could not be read, and saying it is
  // missing would be the missing board's error again, in other words.
  void error(const SourcePos& pos, std::string message) {
    if (!quiet_) diags.error(pos, std::move(message));
  }
  void warning(const SourcePos& pos, std::string message) { diags.warning(pos, std::move(message)); }
  // Checks a statement's shape: positional count, known named arguments (each at most
  // once), and which parts (condition, items, block) it may have. False when the parts or
  // the positional count are wrong: the statement cannot be read further. An unknown or
  // repeated name is reported but does not stop the statement, so that the rest of the line
  // is checked in the same run; a statement with an unknown name is remembered as misspelt
  // (see needs()).
  bool shape(const Statement& s, size_t min_pos, size_t max_pos, const std::vector<std::string>& named,
             bool condition = false, bool items = false, bool block = false);
  // Reports that `s` lacks a named argument it needs, unless a name of `s` was misspelt:
  // that name may be this one (dir=n for dirs=), and it has been reported already.
  void needs(const Statement& s, std::string message);
  bool misspelt(const Statement& s) const { return misspelt_.count(&s) > 0; }
  std::vector<const Arg*> positional(const Statement& s) const;
  const Arg* named(const Statement& s, std::string_view name) const;
  bool identifier(const Expr& e, std::string_view what);
  bool string_value(const Expr& e, std::string_view what, std::string& out);
  bool number_value(const Expr& e, std::string_view what, long long lo, long long hi, long long& out);
  // A piece symbol (`symbol=B`): one letter, so that position text reads it back.
  bool symbol(const Expr& e, std::string& out);
  void unknown_name(const Expr& e, std::string_view what, const std::vector<std::string>& known);
  // One of `allowed` words for a named argument (or the first positional one); "" after
  // reporting anything else, and when `a` is null.
  std::string word(const Arg* a, std::string_view what, std::initializer_list<const char*> allowed);

  // ---- names ----
  int find_player(std::string_view name) const;
  int find_kind(std::string_view name) const;
  std::vector<std::string> player_names() const;
  std::vector<std::string> kind_names() const;
  std::vector<std::string> cell_names() const;
  // Cells named by an item: a cell, a board zone, or a straight range a..b.
  bool cells_of(const Expr& e, std::vector<int>& out);
  void warn_line_not_block(const Expr& range, const std::vector<int>& line);
  // Board directions for `seat`: board directions, groups, and names relative to the
  // seat's orientation, joined with `|`.
  bool directions_of(const Expr& e, int seat, std::vector<int>& out, bool report);
  // Directions for every seat (relative names differ per seat); reports once.
  bool directions_per_seat(const Expr& e, std::vector<std::vector<int>>& out);
  // The same for an optional argument: without one, every direction of the board.
  bool directions_or_all(const Expr* e, std::vector<std::vector<int>>& out);
  uint32_t kinds_of(const Expr& e);  // a kind set K|K as a bit mask
  bool player_ref(const Expr& e, PlayerSpec& out, bool allow_all);
  int find_zone(const Expr& e);  // a declared zone or a board zone; -1 after reporting

  // ---- expressions ----
  // Compiles an expression of either type (conditions and numbers are types: an operator
  // given the wrong one is an error at its operand).
  bool formula(const Expr& e, Formula& out, Scope scope);
  // The same, where a condition (true or false) is expected: a number there is an error.
  bool condition(const Expr& e, Formula& out, Scope scope);
  // The same, where a number is expected: a condition there is an error.
  bool number(const Expr& e, Formula& out, Scope scope);

  // ---- state shared by the modules of one check ----
  // The names of the seats and players whose facing= names no orientation (reported there).
  static constexpr const char* kMisnamedFacing = "misnamed facing";
  // The names of the seats the `seats` block declares (a set of strings; those that are
  // also a side's name left out), known before the players are: a seat restated as a
  // player is refused, not added as one more side.
  static constexpr const char* kSeatNames = "seat names";
  // A value of type T under `key`, made on first use (a capture policy the `hop` lines
  // and the `captures` statement both fill, the regions by name, ...).
  template <class T>
  T& shared(const std::string& key) {
    auto it = shared_.find(key);
    if (it == shared_.end()) it = shared_.emplace(key, std::make_any<T>()).first;
    return std::any_cast<T&>(it->second);
  }
  bool has_shared(const std::string& key) const { return shared_.count(key) > 0; }
  // Work to do once every statement is checked (aggregates, cross-checks), in order.
  void at_end(std::function<void()> f) { finishers_.push_back(std::move(f)); }
  // Runs the work not run yet (a finisher may add more; it runs too).
  void finish() {
    quiet_ = board == nullptr;
    while (finished_ < finishers_.size()) finishers_[finished_++]();
    quiet_ = false;
  }

 private:
  int compile(const Expr& e, Formula& out, Scope scope, bool& ok);
  std::map<std::string, std::any> shared_;
  std::vector<std::function<void()>> finishers_;
  size_t finished_ = 0;
  bool quiet_ = false;
  bool reported_dirs_ = false;
  std::set<const Statement*> misspelt_;  // statements with an unknown argument name
};

std::string join(const std::vector<std::string>& v, const char* sep = ", ");
// The choices of an `a|b|c` expression (or the single expression itself).
std::vector<const Expr*> choices(const Expr& e);

}  // namespace tabula

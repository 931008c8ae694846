#pragma once
// The table of the language (constructs/registry.cpp fills it): every statement, movement,
// turn action, `when` effect and condition function, each with the function that checks it
// and builds its compiled form, its syntax and a one-line summary. The checker dispatches on
// it, "did you mean" suggestions and the catalogue in docs/LANGUAGE.md come from it.
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "program/program.hpp"
#include "syntax/ast.hpp"

namespace tabula {

class CheckContext;

// Where an expression is used, which decides the functions that make sense there.
struct Scope {
  bool movement = false;  // the `if` or unless= of a movement: it has a from and a to cell
  bool cell = false;      // a where=: the expression is about one cell (`to`)
  bool all = false;       // `all` names every side (pieces(all), remove all)
  // Evaluated between turns (end rules, scores, evaluate), never while moves are listed, so a
  // function may list a seat's moves itself (can-move) without recursing.
  bool between_turns = false;
  // A `legal if`: evaluated on the position a move has just made (`repeated` is about it).
  bool legality = false;
};

// When a statement is checked: declarations first, so later ones may use them.
enum class Pass : uint8_t { declare, zones, seats, named, define };

// How a variant's statement replaces its base's (docs/VARIANTS.md): by keyword alone (one
// such statement per file), by keyword and its first positional argument (one per name), by
// keyword and the names of its named arguments (`option`), or never (every line adds).
enum class Key : uint8_t { keyword, first_argument, argument_names, none };

struct StatementSpec {
  std::string_view keyword;
  Pass pass;
  Key key;
  void (*check)(CheckContext&, const Statement&);
  std::string_view syntax;
  std::string_view summary;
  // Key::argument_names: the setting a named argument sets (another spelling of a setting
  // names that setting; an argument that only qualifies another's rule, given with it, sets
  // none: empty). Null: each argument is its own setting.
  std::string_view (*setting)(std::string_view argument) = nullptr;
};

// The setting a statement's named argument sets (StatementSpec::setting).
inline std::string_view setting_of(const StatementSpec& spec, std::string_view argument) {
  return spec.setting ? spec.setting(argument) : argument;
}

struct MovementSpec {
  std::string_view keyword;
  // Checks a movement line of a `move KINDS { ... }` block and adds its construct.
  void (*check)(CheckContext&, const Statement&, uint32_t kinds);
  std::string_view syntax;
  std::string_view summary;
};

struct ActionSpec {  // a step of `turn { ... }` or `opening { ... }`
  std::string_view keyword;
  // Checks the line (which may also have the named arguments `extra`, such as the
  // opening's by=) and returns its phase (nullptr after reporting an error).
  const Phase* (*check)(CheckContext&, const Statement&, const std::vector<std::string>& extra);
  std::string_view syntax;
  std::string_view summary;
};

struct FunctionSpec {
  std::string_view name;
  bool bare;     // written without parentheses (turn, passes)
  bool numeric;  // a number, not a truth value
  // Checks a call (or the bare name) and returns its compiled form (nullptr after an error).
  std::unique_ptr<ValueFunction> (*check)(CheckContext&, const Expr& call, Scope scope);
  std::string_view syntax;
  std::string_view summary;
};

struct Registry {
  std::span<const StatementSpec* const> statements;
  std::span<const MovementSpec* const> movements;
  std::span<const ActionSpec* const> actions;
  std::span<const FunctionSpec* const> functions;
  const StatementSpec* statement(std::string_view k) const { return find(statements, k, &StatementSpec::keyword); }
  const MovementSpec* movement(std::string_view k) const { return find(movements, k, &MovementSpec::keyword); }
  const ActionSpec* action(std::string_view k) const { return find(actions, k, &ActionSpec::keyword); }
  const FunctionSpec* function(std::string_view k) const { return find(functions, k, &FunctionSpec::name); }

 private:
  template <class Spec>
  static const Spec* find(std::span<const Spec* const> specs, std::string_view key, std::string_view Spec::*field) {
    for (const Spec* s : specs)
      if (s->*field == key) return s;
    return nullptr;
  }
};

}  // namespace tabula

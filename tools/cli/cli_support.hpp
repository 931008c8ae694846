#pragma once
// Shared pieces of the `tabula` commands: loading a rules file with rendered diagnostics,
// --position handling, and the one-sentence error exit.
#include <CLI/CLI.hpp>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "diag/source_file.hpp"
#include "engine/state.hpp"
#include "engine/state_drawing.hpp"  // draw_state, result_sentence
#include "lang/load_options.hpp"
#include "studies/study.hpp"

namespace tabula::cli {

// Thrown by commands for bad user input; main prints "tabula: <message>" and exits 1.
struct UserError {
  std::string message;
};

// Thrown by a command stopped by Ctrl-C after it printed what it had: main exits 130.
struct Interrupted {};

// While alive, the first SIGINT (Ctrl-C) sets flag() instead of ending the process, so a
// long count can stop and print what it has; a second SIGINT ends the process as usual.
class InterruptCatcher {
 public:
  InterruptCatcher();
  ~InterruptCatcher();
  InterruptCatcher(const InterruptCatcher&) = delete;
  InterruptCatcher& operator=(const InterruptCatcher&) = delete;
  const std::atomic<bool>* flag() const;
};

// How main reports an error of the rules found while playing (a division by zero in a
// condition): `file:line:col: error: ...` with the source line and a caret.
std::string rule_error_report(const std::string& message, const SourcePos& at);

// Loads and checks a rules file; on errors prints the diagnostics and throws UserError.
// `identity`, when given, receives the rules' name, path and hash (of every file read).
// With options.reference, every accelerated path is off (`--reference`, add_reference_flag).
std::shared_ptr<const Program> load_rules_or_fail(const std::string& path, RulesIdentity* identity = nullptr,
                                                  const LoadOptions& options = {});
// The `--reference` flag of every command that runs games: the rules in reference mode.
void add_reference_flag(CLI::App& command, LoadOptions& options);
// The rules a study names, loaded quietly from the file it names, when that file still holds
// the same rules (its hash); nullptr otherwise.
std::shared_ptr<const Program> rules_at_hand(const RulesIdentity& named);

// The start position, or the one given with --position (a position string or @FILE).
State initial_state(std::shared_ptr<const Program> program, const std::string& position);

// --shard "I/N" with 0 <= I < N: the games g with g % N == I of a study.
void parse_shard(const std::string& text, int& index, int& count);
// How many of `games` the shard index/count plays.
inline int planned_games(int games, int index, int count) {
  return games > index ? (games - index + count - 1) / count : 0;
}

// The words of a line, split at blanks (the protocols' commands).
std::vector<std::string> split_words(const std::string& line);

// `value` as one line of JSON on standard output (valid UTF-8 always: see json_text).
void print_json(const Json& value);

// A board file (.yaml, .yml) rather than a rules file.
bool is_board_file(const std::string& path);

// The text of an input file, or of standard input when `path` is "-", with the limits and
// checks of read_source_file; `kind` names it in the errors ("game record", "position").
// Standard input is read once: a second "-" in one command is an error that says what the
// first one read, never an empty text.
SourceFile read_input(const std::string& path, std::string_view kind);

// Marks standard input as read for `kind` (a stream reader's call); UserError when it was.
void claim_stdin(std::string_view kind);

// The name diagnostics give a rules text read from standard input: its board and base
// rules are looked up as for a rules file in the current folder.
inline constexpr const char* kStdinRulesName = "stdin.rules";

// A rules or board file: the file named, or "-" (standard input), or else a name found along
// the search (lang/file_search.hpp: `loa` is the shipped rules/loa.rules), which the argument
// then becomes. A name not found is "File does not exist: NAME", with a did-you-mean.
CLI::Validator existing_file_or_stdin();

}  // namespace tabula::cli

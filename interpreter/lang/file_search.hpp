#pragma once
// Where a rules file or a board file is looked for, in one order for the command line, the
// Python module and the web board alike: a file named inside a rules file (`board "x.yaml"`,
// `extends "base.rules"`) is looked for next to that file, then in the rules/ or boards/ folder
// beside that file's folder, then in the current folder, then in each folder of TABULA_PATH
// (each with its rules/ or boards/ when it has one) and of TABULA_BOARDS (for boards), then
// among the shipped files (the installation's
// share/tabula/, else the source tree the program was built from). A name given by a user (the
// command line, load_game) is the file itself when it is one, else NAME or NAME.rules in the
// current folder, TABULA_PATH and the shipped rules. A name with a folder part (`../x.yaml`)
// is looked for only relative to the naming file's folder and the current folder.
#include <filesystem>
#include <string>
#include <vector>

#include "diag/source_registry.hpp"

namespace tabula {

enum class SearchedKind { rules, board };

// Whether a path names a rules file (it ends in .rules).
bool is_rules_path(const std::string& path);

// One folder of the search, with what it is ("next to mine/v.rules", "TABULA_PATH").
struct SearchFolder {
  std::filesystem::path folder;
  std::string what;
  bool local = false;  // the naming file's folder or the current one: a name with a folder part is tried here only
};

// The folders a file of `kind` named in `naming_file` ("" for a name given by a user) is
// looked for in, in order, without repeats.
std::vector<SearchFolder> search_folders(SearchedKind kind, const std::string& naming_file);

// The paths a name is tried at, in order: the name joined to each folder (for a name with a
// folder part, only the first folders, as the header says).
std::vector<std::filesystem::path> search_candidates(const std::string& name, SearchedKind kind,
                                                     const std::string& naming_file);

// The first candidate that exists, or "" when none does.
std::string find_in_search(const std::string& name, SearchedKind kind, const std::string& naming_file,
                           const SourceRegistry& sources);

// A rules file named by a user: `name` itself when it is a file (or "-"), else NAME or
// NAME.rules along the search; "" when there is none.
std::string find_rules_file(const std::string& name);

// "; did you mean 'X'?" for the file of `kind` nearest to `name` in the searched folders
// (shipped game names included), or "".
std::string search_suggestion(const std::string& name, SearchedKind kind, const std::string& naming_file,
                              const SourceRegistry& sources);

// The search order as lines for `validate --verbose`: "rules: 1. next to x.rules (mine)" ...
std::string search_order_text(const std::string& naming_file);

}  // namespace tabula

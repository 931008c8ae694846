#include "lang/game_loader.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "board/board_loader.hpp"
#include "lang/checker.hpp"
#include "lang/variant_merge.hpp"
#include "lang/weights_file.hpp"
#include "syntax/name_suggest.hpp"
#include "syntax/parser.hpp"

namespace tabula {
namespace fs = std::filesystem;

namespace {

// The folders of shared boards, after the rules file's own places: each folder of the
// TABULA_BOARDS variable (separated by ':'), then the shipped boards: share/tabula/boards
// of the installation this code was loaded from (found upwards from the program or library
// file, so a moved installation still finds its own), else the source tree's boards/ that
// this build came from.
std::vector<fs::path> shared_board_folders() {
  std::vector<fs::path> out;
  if (const char* env = std::getenv("TABULA_BOARDS")) {
    std::string_view list(env);
    for (size_t start = 0; start <= list.size();) {
      const size_t end = std::min(list.find(':', start), list.size());
      if (end > start) out.emplace_back(list.substr(start, end - start));
      start = end + 1;
    }
  }
  // The file this code was loaded from (a library, or the program, whose name dladdr may give
  // as it was typed), then the running program.
  std::vector<fs::path> origins;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&shared_board_folders), &info) && info.dli_fname && *info.dli_fname)
    origins.emplace_back(info.dli_fname);
  origins.emplace_back("/proc/self/exe");
  for (const fs::path& origin : origins) {
    std::error_code ec;
    fs::path dir = fs::canonical(origin, ec).parent_path();
    std::error_code absent;  // a folder that is not there is no error here
    for (int up = 0; up < 5 && !ec && !dir.empty() && dir != dir.root_path(); ++up, dir = dir.parent_path())
      if (fs::is_directory(dir / "share" / "tabula" / "boards", absent)) {
        out.push_back(dir / "share" / "tabula" / "boards");
        return out;
      }
  }
#ifdef TABULA_SOURCE_BOARDS
  out.emplace_back(TABULA_SOURCE_BOARDS);
#endif
  return out;
}

// A board path is looked up next to the rules file that names it, then in the `boards/`
// folder beside that file's folder (rules/ and boards/ are siblings in a project), then in
// the shared folders (a plain file name only). '..' and absolute paths are allowed: a file
// that is not a board file is refused by its name before it is read, so nothing of it is
// shown.
std::vector<fs::path> board_candidates(const std::string& board, const std::string& naming_file) {
  // A rules file named without a folder is in the current one: its boards/ folder is
  // ../boards; rules read from standard input have no folder: boards/ is looked in too.
  fs::path dir = fs::path(naming_file).parent_path();
  std::vector<fs::path> out;
  if (!dir.empty()) {
    out = {(dir / board).lexically_normal(), (dir / ".." / "boards" / board).lexically_normal()};
  } else {
    out = {fs::path(board).lexically_normal(), (fs::path("..") / "boards" / board).lexically_normal(),
           (fs::path("boards") / board).lexically_normal()};
  }
  if (fs::path(board).has_parent_path()) return out;
  for (const fs::path& folder : shared_board_folders()) out.push_back((folder / board).lexically_normal());
  return out;
}

// "; did you mean 'NAME'?" for a board file name near one of the board files where it was
// looked for, else "".
std::string board_suggestion(const std::string& board, const std::vector<fs::path>& candidates,
                             const SourceRegistry& sources) {
  std::vector<std::string> names;
  for (const auto& candidate : candidates)
    for (auto& name : sources.names_in(candidate.parent_path().string()))
      if (is_board_path(name)) names.push_back(std::move(name));
  const fs::path asked(board);
  const std::string guess = closest_name(asked.filename().string(), names);
  return guess.empty() ? "" : fmt::format("; did you mean '{}'?", (asked.parent_path() / guess).string());
}

// The merged rules (variants applied) -> board load -> check.
std::shared_ptr<const Program> compile_rules(std::optional<RulesFile> rules, Diagnostics& diags,
                                             SourceRegistry& sources, RulesFile* merged, const LoadOptions& options) {
  if (!rules) return nullptr;
  std::string board_name = board_path_of(*rules, diags);
  std::shared_ptr<const BoardGraph> board;
  if (!board_name.empty()) {
    const Statement* naming = nullptr;
    for (const auto& s : rules->statements)
      if (s.keyword == "board") naming = &s;
    const SourcePos& named_at = naming->args[0].value.pos;
    auto candidates = board_candidates(board_name, naming->pos.file);
    auto found = std::find_if(candidates.begin(), candidates.end(),
                              [&](const fs::path& p) { return sources.exists(p.string()); });
    if (!is_board_path(board_name)) {
      diags.error(named_at, not_a_board_file(board_name));
    } else if (found == candidates.end()) {
      diags.error(named_at, fmt::format("board file '{}' not found next to the rules file, in the boards/ folder "
                                        "beside its folder, in TABULA_BOARDS or among the shipped boards (what needs "
                                        "the board is checked once it loads){}",
                                        board_name, board_suggestion(board_name, candidates, sources)));
    } else {
      auto loaded = load_board_file(found->string(), diags, sources, &named_at);
      if (loaded) board = std::make_shared<const BoardGraph>(std::move(*loaded));
    }
  }
  auto program = check_rules(*rules, board, diags, options);
  if (program && board && !diags.has_errors()) load_weights(*program, rules->path, diags, sources);
  if (merged) *merged = *rules;
  if (!program || !board || diags.has_errors()) return nullptr;
  return program;
}

}  // namespace

std::shared_ptr<const Program> load_program(const std::string& rules_path, Diagnostics& diags, SourceRegistry& sources,
                                            RulesFile* merged, const LoadOptions& options) {
  return compile_rules(load_merged_rules(rules_path, diags, sources), diags, sources, merged, options);
}

std::shared_ptr<const Program> load_program(const SourceFile& source, Diagnostics& diags, SourceRegistry& sources,
                                            RulesFile* merged, const LoadOptions& options) {
  return compile_rules(load_merged_rules(source, diags, sources), diags, sources, merged, options);
}

}  // namespace tabula

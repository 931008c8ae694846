#include "lang/game_loader.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "board/board_loader.hpp"
#include "lang/checker.hpp"
#include "lang/file_search.hpp"
#include "lang/syntax_cascade.hpp"
#include "lang/variant_merge.hpp"
#include "lang/weights_file.hpp"
#include "syntax/parser.hpp"

namespace tabula {
namespace fs = std::filesystem;

namespace {

std::shared_ptr<const Program> compile_rules(std::optional<RulesFile> rules, Diagnostics& diags,
                                             SourceRegistry& sources, RulesFile* merged, const LoadOptions& options);

// Rules with syntax errors are still checked, so one run reports the rest of their errors;
// what may only follow from a statement that could not be read is left out.
std::shared_ptr<const Program> check_after_syntax_errors(RulesFile rules, Diagnostics& diags, SourceRegistry& sources,
                                                         const LoadOptions& options) {
  std::vector<BrokenStatement> broken = std::move(rules.broken);
  rules.broken.clear();
  Diagnostics checked;
  compile_rules(std::move(rules), checked, sources, nullptr, options);
  add_unless_cascade(checked, broken, diags);
  return nullptr;
}

// The merged rules (variants applied) -> board load -> check.
std::shared_ptr<const Program> compile_rules(std::optional<RulesFile> rules, Diagnostics& diags,
                                             SourceRegistry& sources, RulesFile* merged, const LoadOptions& options) {
  if (!rules) return nullptr;
  if (!rules->broken.empty()) {
    if (merged) *merged = *rules;
    return check_after_syntax_errors(std::move(*rules), diags, sources, options);
  }
  std::string board_name = board_path_of(*rules, diags);
  std::shared_ptr<const BoardGraph> board;
  if (!board_name.empty()) {
    const Statement* naming = nullptr;
    for (const auto& s : rules->statements)
      if (s.keyword == "board") naming = &s;
    const SourcePos& named_at = naming->args[0].value.pos;
    const std::string found = find_in_search(board_name, SearchedKind::board, naming->pos.file, sources);
    if (!is_board_path(board_name)) {
      diags.error(named_at, not_a_board_file(board_name));
    } else if (found.empty()) {
      diags.error(
          named_at,
          fmt::format("board file '{}' not found next to the rules file, in the boards/ folder beside its "
                      "folder, in the current folder, in TABULA_PATH or TABULA_BOARDS or among the shipped "
                      "boards (`tabula validate --verbose` lists the folders; what needs the board is checked "
                      "once it loads){}",
                      board_name, search_suggestion(board_name, SearchedKind::board, naming->pos.file, sources)));
    } else {
      auto loaded = load_board_file(found, diags, sources, &named_at);
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

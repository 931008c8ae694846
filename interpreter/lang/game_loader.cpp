#include "lang/game_loader.hpp"

#include <filesystem>
#include <fmt/format.h>

#include "board/board_loader.hpp"
#include "lang/checker.hpp"
#include "lang/parser.hpp"
#include "lang/variant_merge.hpp"

namespace tabula {
namespace fs = std::filesystem;

namespace {

// A board path is looked up next to the rules file that names it, then in the `boards/`
// folder beside that file's folder (rules/ and boards/ are siblings in a project).
std::string find_board(const std::string& board, const std::string& naming_file) {
  fs::path dir = fs::path(naming_file).parent_path();
  for (const fs::path& candidate : {dir / board, dir.parent_path() / "boards" / board, fs::path(board)})
    if (fs::exists(candidate)) return candidate.lexically_normal().string();
  return (dir / board).lexically_normal().string();
}

}  // namespace

std::shared_ptr<const Program> load_program(const std::string& rules_path, Diagnostics& diags, SourceRegistry& sources) {
  auto rules = load_merged_rules(rules_path, diags, sources, 0);
  if (!rules) return nullptr;
  std::string board_name = board_path_of(*rules, diags);
  std::shared_ptr<const BoardGraph> board;
  if (!board_name.empty()) {
    std::string naming_file = rules_path;
    for (const auto& s : rules->statements)
      if (s.keyword == "board") naming_file = s.pos.file;
    Diagnostics board_diags;
    auto loaded = load_board_file(find_board(board_name, naming_file), board_diags, sources);
    diags.append(board_diags);
    if (loaded) board = std::make_shared<const BoardGraph>(std::move(*loaded));
  }
  auto program = check_rules(*rules, board, diags);
  if (!program || !board || diags.has_errors()) return nullptr;
  return program;
}

}  // namespace tabula

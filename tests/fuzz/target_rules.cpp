// Rules text -> parser -> checker (with the shipped board it names) -> design warnings ->
// a short checked playout of whatever game compiled.
#include <functional>

#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "fuzz_support.hpp"
#include "lang/checker.hpp"
#include "lang/design_warnings.hpp"
#include "playout.hpp"
#include "syntax/parser.hpp"
#include "targets.hpp"

namespace tabula::fuzz {

void rules(const uint8_t* data, size_t size) {
  SourceFile src{"fuzz.rules", std::string(text_of(data, size))};
  Diagnostics diags;
  auto parsed = parse_rules(src, diags);
  SourceRegistry sources;
  sources.add(src);
  if (!parsed) {
    render_all(diags, sources);  // every diagnostic must render, whatever its position
    return;
  }
  auto board = repo_board(board_path_of(*parsed, diags));
  auto program = check_rules(*parsed, board, diags);
  render_all(diags, sources);
  if (!program || !board || diags.has_errors()) return;
  design_warnings(*parsed, *program, diags);
  checked_playout(program, std::hash<std::string_view>{}(text_of(data, size)), 40);
}

}  // namespace tabula::fuzz

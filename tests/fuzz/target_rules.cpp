// Rules text -> parser -> checker (with the shipped board it names) -> design warnings ->
// a short checked playout of whatever game compiled.
#include <functional>

#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "engine/evaluate.hpp"
#include "fuzz_support.hpp"
#include "lang/checker.hpp"
#include "lang/design_warnings.hpp"
#include "playout.hpp"
#include "syntax/parser.hpp"
#include "targets.hpp"
#include "util/limits.hpp"

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
  if (diags.has_errors()) return;  // its random games met an engine limit or a rule's arithmetic fault
  try {
    checked_playout(program, std::hash<std::string_view>{}(text_of(data, size)), 40);
  } catch (const EngineLimit&) {  // a clear error naming the limit, as the CLI reports it
  } catch (const RuleError& e) {
    check(e.pos.line > 0, "a rule's error at run time names where the rule is");
  }
}

}  // namespace tabula::fuzz

#include "fuzz_support.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>

#include "board/board_loader.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "lang/game_loader.hpp"
#include "targets.hpp"

namespace tabula::fuzz {

// Under libFuzzer a broken invariant aborts (so the input is saved); in the test suite it
// throws, so one open finding fails its test case instead of the whole test binary.
void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
#ifdef TABULA_FUZZ_ABORT
  std::abort();
#else
  throw std::logic_error(std::string("fuzz invariant broken: ") + what);
#endif
}

std::shared_ptr<const Program> repo_program(const std::string& rules_name) {
  static std::mutex m;
  static std::map<std::string, std::shared_ptr<const Program>> cache;
  std::lock_guard lock(m);
  auto& slot = cache[rules_name];
  if (!slot) {
    Diagnostics diags;
    SourceRegistry sources;
    slot = load_program(std::string(TABULA_SOURCE_DIR) + "/rules/" + rules_name, diags, sources);
    if (!slot) std::fprintf(stderr, "%s", render_all(diags, sources).c_str());
    check(slot != nullptr, "a repository rules file loads");
  }
  return slot;
}

std::shared_ptr<const BoardGraph> repo_board(const std::string& named) {
  // By file name, so the golden files' "../../../boards/x.yaml" finds the board too.
  const std::string board_name = std::filesystem::path(named).filename().string();
  static std::mutex m;
  static std::map<std::string, std::shared_ptr<const BoardGraph>> cache;
  static const char* kShipped[] = {"square8.yaml", "laska7.yaml",  "hex5.yaml",    "hex9.yaml",
                                   "lanko88.yaml", "lanko68.yaml", "lanko103.yaml"};
  std::lock_guard lock(m);
  bool shipped = false;
  for (const char* s : kShipped) shipped |= board_name == s;
  if (!shipped) return nullptr;
  auto& slot = cache[board_name];
  if (!slot) {
    Diagnostics diags;
    SourceRegistry sources;
    auto b = load_board_file(std::string(TABULA_SOURCE_DIR) + "/boards/" + board_name, diags, sources);
    check(b.has_value(), "a shipped board loads");
    slot = std::make_shared<const BoardGraph>(std::move(*b));
  }
  return slot;
}

}  // namespace tabula::fuzz

// Inputs that are too many, too large or not what they claim to be (docs/ROBUSTNESS.md,
// "Input limits"): every one gets a clear error and bounded output, and no content of a file
// of the wrong kind is echoed.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "board/board_loader.hpp"
#include "cli_run.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "golden.hpp"
#include "lang/game_loader.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// Writes `text` to a file in the tests' temporary folder; returns its path.
std::string temp_file(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / "tabula-tests";
  std::filesystem::create_directories(dir);
  auto path = dir / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// One line with thousands of errors on it: every producer used to quote the whole line for
// each (a 73 KB board printed 1.3 GB, a 31 KB rules file 184 MB).
std::string many_unknown_cells() {
  std::string names;
  for (int i = 0; i < 12000; ++i) names += " q" + std::to_string(i);
  return "name: big\nrectangle: { files: 8, ranks: 8 }\nzones:\n  z:" + names + "\n";
}

std::string many_unknown_arguments() {
  std::string line = "piece";
  for (int i = 0; i < 4000; ++i) line += " x" + std::to_string(i) + "=1";
  return "game \"g\"\nboard \"" + repo_path("boards/square8.yaml") + "\"\nplayer a\nplayer b\n" + line + "\n";
}

}  // namespace

TEST_CASE("The board loader stops after 100 errors", "[limits]") {
  Diagnostics diags;
  CHECK_FALSE(load_board(SourceFile{"big.yaml", many_unknown_cells()}, diags));
  CHECK(diags.error_count() == 100);
  CHECK(diags.error_limit_reached());
  CHECK(diags.items().back().message == "too many errors; stopping after 100");
}

TEST_CASE("The checker stops after 100 errors", "[limits]") {
  Diagnostics diags;
  SourceRegistry sources;
  CHECK_FALSE(load_program(temp_file("many_arguments.rules", many_unknown_arguments()), diags, sources));
  CHECK(diags.error_count() == 100);
  CHECK(diags.items().back().message == "too many errors; stopping after 100");
}

TEST_CASE("CLI: a flood of errors prints a bounded report", "[limits][cli]") {
  for (const auto& path : {temp_file("big.yaml", many_unknown_cells()), temp_file("big.rules", many_unknown_arguments())}) {
    DYNAMIC_SECTION(path) {
      auto r = run("validate " + path);
      CHECK(r.status == 1);
      // 100 errors of three lines each, every line at most 120 columns (plus the header's
      // path), then the note and the summary.
      CHECK(r.out.size() < 100 * 3 * (120 + path.size()));
      CHECK(r.out.find(path + ": note: too many errors; stopping after 100\n") != std::string::npos);
      CHECK(r.out.find(path + ": more than 100 errors\n") != std::string::npos);
    }
  }
}

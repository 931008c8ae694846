// Diagnostic kinds that no golden file can carry (docs/DIAGNOSTICS.md): files that cannot be
// opened at all.
#include <catch2/catch.hpp>

#include "board/board_loader.hpp"
#include "diag/source_registry.hpp"
#include "golden.hpp"
#include "lang/game_loader.hpp"

using namespace tabula;

TEST_CASE("A rules file that cannot be opened is one clear error", "[diagnostics]") {
  Diagnostics diags;
  SourceRegistry sources;
  CHECK_FALSE(load_program("/nonexistent/x.rules", diags, sources));
  CHECK(testing::reported_diagnostics(diags) == std::vector<std::string>{"error: 0:0: cannot open rules file '/nonexistent/x.rules'"});
}

TEST_CASE("A board file that cannot be opened is one clear error", "[diagnostics]") {
  Diagnostics diags;
  SourceRegistry sources;
  CHECK_FALSE(load_board_file("/nonexistent/x.yaml", diags, sources));
  CHECK(testing::reported_diagnostics(diags) == std::vector<std::string>{"error: 0:0: cannot open board file '/nonexistent/x.yaml'"});
}

// The checker: golden files under tests/golden/rules carry their expected diagnostics.
#include <catch2/catch.hpp>

#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "golden.hpp"
#include "lang/game_loader.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

TEST_CASE("Checker golden files report exactly their expected diagnostics", "[checker][golden]") {
  auto files = golden_files("rules", ".rules");
  REQUIRE(files.size() >= 15);
  for (const auto& file : files) {
    DYNAMIC_SECTION(file.filename().string()) {
      Diagnostics diags;
      SourceRegistry sources;
      auto program = load_program(file.string(), diags, sources);
      auto expected = expected_diagnostics(read_text(file));
      REQUIRE_FALSE(expected.empty());
      CHECK_FALSE(program);
      CHECK(reported_diagnostics(diags) == expected);
    }
  }
}

TEST_CASE("Checker reports every error of a file in one run, without cascades", "[checker]") {
  Diagnostics diags;
  SourceRegistry sources;
  load_program(repo_path("tests/golden/rules/movement_errors.rules"), diags, sources);
  CHECK(diags.error_count() == 5);
}

TEST_CASE("A variant replaces statements in place and keeps the turn order", "[checker][variant]") {
  auto path = temp_rules("swap.rules", "variant \"LOA, White first\" extends \"" + repo_path("rules/loa.rules") +
                                           "\"\nplayer black symbol=X\n");
  auto p = load_rules(path);
  CHECK(p->name == "LOA, White first");
  REQUIRE(p->player_count() == 2);
  CHECK(p->players[0].name == "black");
  CHECK(p->players[0].symbol == "X");
  CHECK(p->players[1].name == "white");
}

TEST_CASE("A variant's option replaces its base's, in either spelling - one file sets an option once",
          "[checker][variant]") {
  // loa.rules: `option repetition-draw=off`.
  auto p = load_rules(temp_rules("repeats.rules", "variant \"LOA, repetition draws\" extends \"" +
                                                      repo_path("rules/loa.rules") + "\"\noption repetition=draw\n"));
  CHECK(p->end.repetition);
  CHECK_FALSE(p->end.repetition_ends);
  Diagnostics diags;
  SourceRegistry sources;
  CHECK_FALSE(load_program(temp_rules("twice.rules", "variant \"twice\" extends \"" + repo_path("rules/loa.rules") +
                                                         "\"\noption repetition=draw\noption repetition=end\n"),
                           diags, sources));
  CHECK(reported_diagnostics(diags) ==
        std::vector<std::string>{"error: 3:8: 'repetition=' sets option repetition again (it is set by 'repetition=' "
                                 "at line 2); a rules file sets it once"});
}

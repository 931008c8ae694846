// A load from texts given in advance (SourceRegistry made from files): the rules, their base
// and the board come from those texts only, never from the file system, so a game sent to
// another process is read back as it was, whatever the files there say, or if there are none.
#include <catch2/catch.hpp>

#include "diag/source_registry.hpp"
#include "lang/game_loader.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

const std::string kVariant = "variant \"Short\" extends \"base.rules\"\nlimit plies=77\n";

// loa.rules as `base.rules` and square8.yaml, under a folder that does not exist.
std::vector<SourceFile> given_files(const std::string& root) {
  return {SourceFile(root + "/rules/base.rules", read_text(repo_path("rules/loa.rules"))),
          SourceFile(root + "/boards/square8.yaml", read_text(repo_path("boards/square8.yaml")))};
}

}  // namespace

TEST_CASE("A load from given texts reads its base and board from them, not from files", "[sources]") {
  const std::string root = "/nonexistent-tabula-folder";
  REQUIRE_FALSE(std::filesystem::exists(root));
  SourceRegistry sources(given_files(root));
  Diagnostics diags;
  auto program = load_program(SourceFile(root + "/rules/short.rules", kVariant), diags, sources);
  INFO(render_all(diags, sources));
  REQUIRE(program);
  CHECK(program->end.ply_limit == 77);
  CHECK(program->cells == 64);
  CHECK(sources.files().size() == 3);  // the variant, its base, the board: every text read is kept
}

TEST_CASE("A load from given texts ignores the files of the same names", "[sources]") {
  // rules/loa.rules exists on disk, but the given text of that path is what is read.
  std::string changed = read_text(repo_path("rules/loa.rules"));
  REQUIRE(changed.find("limit plies=1000") != std::string::npos);
  changed.replace(changed.find("limit plies=1000"), 16, "limit plies=33");
  SourceRegistry sources({SourceFile(repo_path("rules/loa.rules"), changed),
                          SourceFile(repo_path("boards/square8.yaml"), read_text(repo_path("boards/square8.yaml")))});
  Diagnostics diags;
  auto program = load_program(repo_path("rules/loa.rules"), diags, sources);
  INFO(render_all(diags, sources));
  REQUIRE(program);
  CHECK(program->end.ply_limit == 33);
}

TEST_CASE("A file the given texts lack is an error that says so, even when it exists on disk", "[sources]") {
  // The board is not given (it is on disk, beside the real rules): the load refuses it.
  SourceRegistry sources({SourceFile(repo_path("rules/loa.rules"), read_text(repo_path("rules/loa.rules")))});
  Diagnostics diags;
  auto program = load_program(repo_path("rules/loa.rules"), diags, sources);
  CHECK_FALSE(program);
  std::string rendered = render_all(diags, sources);
  CHECK(rendered.find("board file 'square8.yaml' not found") != std::string::npos);

  SourceRegistry no_base({SourceFile("/nowhere/rules/short.rules", kVariant)});
  Diagnostics base_diags;
  CHECK_FALSE(load_program(SourceFile("/nowhere/rules/short.rules", kVariant), base_diags, no_base));
  CHECK(render_all(base_diags, no_base).find("cannot open the base rules 'base.rules'") != std::string::npos);
}

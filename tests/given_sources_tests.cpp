// A load from texts given in advance (SourceRegistry made from files): the rules, their base
// and the board come from those texts only, never from the file system, so a game sent to
// another process is read back as it was, whatever the files there say, or if there are none.
#include <catch2/catch.hpp>
#include <filesystem>

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

TEST_CASE("A load from given texts takes the weights text it carries, checked, never the file on disk",
          "[sources][weights]") {
  // rules/loa.weights is on disk beside rules/loa.rules; the given texts decide.
  const std::string rules = repo_path("rules/loa.rules"), board = repo_path("boards/square8.yaml");
  const std::string weights = repo_path("rules/loa.weights");
  REQUIRE(std::filesystem::exists(weights));
  auto load = [&](std::vector<SourceFile> given, std::string& rendered) {
    SourceRegistry sources(given);
    Diagnostics diags;
    auto program = load_program(rules, diags, sources);
    rendered = render_all(diags, sources);
    return program;
  };
  std::string rendered;
  SECTION("the weights given are the weights played") {
    auto program = load({SourceFile(rules, read_text(rules)), SourceFile(board, read_text(board)),
                         SourceFile(weights, "material 2.5\n")},
                        rendered);
    INFO(rendered);
    REQUIRE(program);
    REQUIRE(program->evaluation_weights.size() == 1);
    CHECK(program->evaluation_weights[0] == std::pair<std::string, double>{"material", 2.5});
  }
  SECTION("no weights given: none, whatever the disk holds") {
    auto program = load({SourceFile(rules, read_text(rules)), SourceFile(board, read_text(board))}, rendered);
    INFO(rendered);
    REQUIRE(program);
    CHECK(program->evaluation_weights.empty());
  }
  SECTION("a forged weight is refused as in a file") {
    auto program = load({SourceFile(rules, read_text(rules)), SourceFile(board, read_text(board)),
                         SourceFile(weights, "material nan\n")},
                        rendered);
    CHECK_FALSE(program);
    CHECK(rendered.find("loa.weights:1:10: error: expected the weight of 'material', a number from -1e9 to 1e9") !=
          std::string::npos);
  }
}

TEST_CASE("A byte order mark at the start of a weights file is no part of the first term", "[sources][weights]") {
  const std::string rules = repo_path("rules/loa.rules"), board = repo_path("boards/square8.yaml");
  SourceRegistry sources({SourceFile(rules, read_text(rules)), SourceFile(board, read_text(board)),
                          SourceFile(repo_path("rules/loa.weights"), "\xEF\xBB\xBFmaterial 1.5\nmobility x\n")});
  Diagnostics diags;
  auto program = load_program(rules, diags, sources);
  std::string rendered = render_all(diags, sources);
  CHECK_FALSE(program);  // `mobility x` is refused; `material` is read as the term it is
  CHECK(rendered.find("not a term") == std::string::npos);
  CHECK(rendered.find("loa.weights:2:10: error: expected the weight of 'mobility'") != std::string::npos);
}

// The replacement rule of variants (docs/VARIANTS.md, "Which base statements a statement
// replaces"): one rule per keyword, from the language's table; a warning when a variant
// replaces only some of a keyword's base statements; `remove` and `keep` name a statement.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <set>

#include "check/specs.hpp"
#include "constructs/registry.hpp"

#include "diag/source_registry.hpp"
#include "lang/game_loader.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

struct Loaded {
  std::shared_ptr<const Program> program;
  std::vector<Diagnostic> items;
};

// A variant of `base` (a file of rules/) with `body` after its variant line.
Loaded load_variant(const std::string& name, const std::string& base, const std::string& body) {
  auto path = temp_rules(name, "variant \"" + name + "\" extends \"" + repo_path("rules/" + base) + "\"\n" + body);
  Diagnostics diags;
  SourceRegistry sources;
  auto program = load_program(path, diags, sources);
  return {program, diags.items()};
}

std::vector<std::string> messages(const Loaded& l, Severity severity) {
  std::vector<std::string> out;
  for (const auto& d : l.items)
    if (d.severity == severity) out.push_back(d.message);
  return out;
}

// A repository file's path as seen from the folder of temp_rules' files: how a variant
// there cites its base's places.
std::string from_scratch(const std::string& file) {
  return std::filesystem::path(repo_path(file))
      .lexically_relative(std::filesystem::path(temp_rules("probe.rules", "")).parent_path())
      .string();
}

const std::string kSmallCastle = "promote small-castle to=fixed-small-castle in=middle ends-capture\n";
const std::string kBigCastle = "promote big-castle to=fixed-big-castle in=middle ends-capture\n";

}  // namespace

TEST_CASE("A variant that restates some promote lines of its base is warned about the rest", "[variant]") {
  auto l = load_variant("partial-promote.rules", "lanko-88.rules", kSmallCastle + kBigCastle);
  REQUIRE(l.program);  // a warning: the variant still loads
  CHECK(messages(l, Severity::error).empty());
  auto warnings = messages(l, Severity::warning);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0] == "this variant replaces some 'promote' statements of its base but not 'promote pawn' (" +
                           from_scratch("rules/lanko-88.rules") +
                           ":55), which still apply; restate, `remove` or `keep` it");
}

TEST_CASE("keep, remove or a full restatement says what a variant means: no warning", "[variant]") {
  for (const std::string& last : {std::string("keep promote pawn\n"), std::string("remove promote pawn\n"),
                                  std::string("promote pawn to=none in=middle\n")}) {
    INFO(last);
    auto l = load_variant("whole-promote.rules", "lanko-88.rules", kSmallCastle + kBigCastle + last);
    REQUIRE(l.program);
    CHECK(l.items.empty());
  }
}

TEST_CASE("Restating the moves of several kinds leaves the others alone: no warning", "[variant]") {
  auto l = load_variant("two-pieces.rules", "chess.rules",
                        "move knight {\n  step dirs=knight land=empty\n}\nmove bishop {\n  step dirs=diagonal "
                        "land=empty\n}\n");
  REQUIRE(l.program);
  CHECK(l.items.empty());
}

TEST_CASE("Restating one statement of a keyword means that one: no warning about the others", "[variant]") {
  // One player of two; one piece's moves of chess's six; Lanko's one promote of three.
  for (const auto& [base, text] : {std::pair<std::string, std::string>{"loa.rules", "player black symbol=X\n"},
                                   {"chess.rules", "move knight {\n  step dirs=knight land=empty\n}\n"},
                                   {"lanko-88.rules", kSmallCastle}}) {
    INFO(base << ": " << text);
    auto l = load_variant("one-" + base, base, text);
    REQUIRE(l.program);
    CHECK(messages(l, Severity::warning).empty());
  }
}

TEST_CASE("remove or keep with a keyword keyed by its first argument lists the statements there are", "[variant]") {
  for (const std::string verb : {"remove", "keep"}) {
    auto l = load_variant("bare-" + verb + ".rules", "lanko-88.rules", verb + " promote\n");
    CHECK_FALSE(l.program);
    auto errors = messages(l, Severity::error);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0] == "'" + verb +
                           " promote' must say which statement: each 'promote' is keyed by its first argument, and "
                           "the base rules have 'promote small-castle' (" +
                           from_scratch("rules/lanko-88.rules") + ":53), 'promote big-castle' (" +
                           from_scratch("rules/lanko-88.rules") + ":54) and 'promote pawn' (" +
                           from_scratch("rules/lanko-88.rules") + ":55) (e.g. `" + verb + " promote small-castle`)");
  }
}

TEST_CASE("Another board with the base's setup is warned about, unless the variant keeps the setup", "[variant]") {
  auto bigger = load_variant("loa-10.rules", "loa.rules", "board \"square10.yaml\"\n");
  REQUIRE(bigger.program);  // a warning: it still loads, with LOA's start in a corner
  auto warnings = messages(bigger, Severity::warning);
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0], Catch::StartsWith("this variant changes the board but not the setup (" +
                                            from_scratch("rules/loa.rules") + ":10)"));
  auto kept = load_variant("loa-10-kept.rules", "loa.rules", "board \"square10.yaml\"\nkeep setup\n");
  REQUIRE(kept.program);
  CHECK(kept.items.empty());
  auto restated = load_variant("loa-10-setup.rules", "loa.rules",
                               "board \"square10.yaml\"\nsetup {\n  black stone: b1..i1 b10..i10\n"
                               "  white stone: a2..a9 j2..j9\n}\n");
  REQUIRE(restated.program);
  CHECK(restated.items.empty());
}

TEST_CASE("A statement a rules file has once replaces the base's without a warning", "[variant]") {
  // `limit` is keyed by its keyword: the variant's replaces the base's, with no warning.
  auto limit = load_variant("limit.rules", "loa.rules", "limit plies=20\n");
  REQUIRE(limit.program);
  CHECK(limit.items.empty());
  CHECK(limit.program->end.ply_limit == 20);
  // Removing what the base does not have is an error.
  auto missing = load_variant("remove-missing.rules", "loa.rules", "remove move king\n");
  CHECK_FALSE(missing.program);
  CHECK(messages(missing, Severity::error) ==
        std::vector<std::string>{"nothing to remove: the base rules have no 'move king'"});
}

TEST_CASE("VARIANTS.md's table of replacement rules names every statement under its rule", "[variant]") {
  // The table's rows, by rule: the last column lists the keywords, each as `keyword` (an
  // explanation in brackets may follow one).
  const std::string doc = read_text(repo_path("docs/VARIANTS.md"));
  auto keywords_of = [&](const std::string& row_start) {
    const size_t at = doc.find("\n| " + row_start + " |");
    REQUIRE(at != std::string::npos);
    const std::string row = doc.substr(at + 1, doc.find('\n', at + 1) - at - 1);
    std::string last = row.substr(row.rfind(" | ") + 3);
    std::set<std::string> out;
    int depth = 0;  // inside brackets: an explanation, not a keyword of the row
    for (size_t i = 0; i < last.size(); ++i) {
      if (last[i] == '(') ++depth;
      if (last[i] == ')') --depth;
      if (last[i] == '`' && depth == 0) {
        const size_t end = last.find('`', i + 1);
        out.insert(last.substr(i + 1, end - i - 1));
        i = end;
      }
    }
    return out;
  };
  const std::map<Key, std::set<std::string>> documented{{Key::keyword, keywords_of("by keyword")},
                                                        {Key::first_argument, keywords_of("by first argument")},
                                                        {Key::argument_names, keywords_of("by argument names")},
                                                        {Key::none, keywords_of("never")}};
  for (const StatementSpec* spec : language().statements) {
    const std::string keyword(spec->keyword);
    if (keyword == "variant") continue;  // a variant's first line: it takes the place of `game`
    INFO(keyword);
    CHECK(documented.at(spec->key).count(keyword) == 1);
  }
}

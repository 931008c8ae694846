// Game records (engine/text/game_record): tags, comments, end and pass marks, and the errors that
// keep a record from being read as a shorter game than it is.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "engine/text/game_record.hpp"
#include "engine/text/position_text.hpp"
#include "lang/game_loader.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::string parse_error(const std::string& text) {
  std::string error;
  auto r = parse_record(text, error);
  return r ? "" : error;
}

// The diagnostics of LOA with `notation` in place of its own notation line.
std::string loa_with_notation(const std::string& notation) {
  std::string rules = read_text(repo_path("rules/loa.rules"));
  rules.replace(rules.find("board \"square8.yaml\""), 20, "board \"" + repo_path("boards/square8.yaml") + "\"");
  auto at = rules.find("notation ");
  rules.replace(at, rules.find('\n', at) - at, notation);
  auto path = temp_rules("notation.rules", rules);
  Diagnostics diags;
  SourceRegistry sources;
  load_program(path, diags, sources);
  return render_all(diags, sources);
}

}  // namespace

TEST_CASE("Records: tags, numbers, comments and results are read - moves keep their place", "[record]") {
  std::string error;
  auto r = parse_record(
      "[Game \"Lines of Action\"]\n[Players \"a \\\"b\\\" c\"]\n\n1. b1-b3 (a comment (nested)) h2xb2?!\n"
      "{braces ( hold anything} 2... c1-c3 1-0\n",
      error);
  INFO(error);
  REQUIRE(r);
  REQUIRE(r->tags.size() == 2);
  CHECK(*r->tag("Players") == "a \"b\" c");
  CHECK(r->tag("Result") == nullptr);
  REQUIRE(r->moves.size() == 3);
  CHECK(r->moves[0].text == "b1-b3");
  CHECK(r->moves[1].text == "h2xb2");
  CHECK(r->moves[2].text == "c1-c3");
  CHECK(r->moves[2].line == 5);
  CHECK(r->moves[2].column == 31);
}

TEST_CASE("Records: an unclosed comment, a broken or late tag is an error, never fewer moves", "[record]") {
  CHECK(parse_error("1. b1-b3 (the rest is lost\n2. c1-c3 h2-h4\n") ==
        "1:10: this comment is never closed (no ')' after it), so the moves after it would be lost");
  CHECK(parse_error("1. b1-b3 {open\n") ==
        "1:10: this comment is never closed (no '}' after it), so the moves after it would be lost");
  CHECK(parse_error("1. b1-b3 ) c1-c3\n") == "1:10: ')' closes no comment");
  CHECK(parse_error("1. (a } b)\n") == "1:7: '}' where the comment opened at 1:4 needs ')'");
  CHECK(parse_error("[Game \"x\n1. b1-b3\n") ==
        "1:9: the tag's value has no closing quote; a tag is [Name \"value\"] on a line of its own");
  CHECK(parse_error("[Game \"x\"] b1-b3\n") ==
        "1:12: expected nothing after a tag on its line; a tag is [Name \"value\"] on a line of its own");
  CHECK(parse_error("1. b1-b3\n[Result \"1-0\"]\n") ==
        "2:1: the tag [Result] comes after the moves; tags come first, one game per record");
  CHECK(parse_error("[Seed \"1\"]\n[Seed \"2\"]\n") == "2:1: the tag [Seed] is given twice");
  CHECK(record_moves("1. b1-b3 (lost").empty());
}

TEST_CASE("Records: a game's record reads back with its end mark [+++] and pass mark [---]", "[record]") {
  auto program = load_rules(repo_path("rules/lanko-88.rules"));
  for (uint64_t seed : {1, 2, 3, 4}) {
    State s = random_game_to_end(program, seed);
    std::string text = write_record(s, {{"Seed", std::to_string(seed)}});
    INFO(text);
    CHECK(text.rfind("[Game \"" + program->name + "\"]\n[Seed \"" + std::to_string(seed) + "\"]\n", 0) == 0);
    CHECK(text.find("[+++]") != std::string::npos);
    State back(program);
    std::string error;
    int applied = replay_record(back, text, error);
    INFO(error);
    CHECK(applied == static_cast<int>(s.history().size()));
    CHECK(position_string(back) == position_string(s));
    CHECK(back.is_terminal());
  }
  // The end mark may only end a finished game.
  State s(program);
  std::string error;
  CHECK(replay_record(s, "1. [+++]\n", error) == -1);
  CHECK(error.find("marks the end of the game, but the game is not over after 0 moves") != std::string::npos);
}

TEST_CASE("Records: a game from another position carries a Position tag", "[record]") {
  auto program = load_rules(repo_path("rules/loa.rules"));
  State s = state_at(program, "b1B h2W c8B, Black to move");
  State start = s;
  s.apply(move_of(s, s.move_to_string(s.legal_moves()[0])));
  std::string text = write_record(s);
  INFO(text);
  std::string error;
  auto r = parse_record(text, error);
  REQUIRE(r);
  REQUIRE(r->tag("Position"));
  CHECK(*r->tag("Position") == position_string(start));
  State from_start(program);
  CHECK(replay_moves(from_start, *r, error) == -1);  // the rules' start is not the record's
  CHECK(error.find("the record starts from the position") == 0);
}

TEST_CASE("Records: a pass or end mark that a record cannot read back is a rules error", "[record]") {
  CHECK(loa_with_notation("notation capture=\"x\"").find("error") == std::string::npos);
  CHECK(loa_with_notation("notation capture=\"x\" pass=\"\"")
            .find("error: the pass mark cannot be read back from a game record: it is empty") != std::string::npos);
  CHECK(loa_with_notation("notation capture=\"x\" pass=\"b1-b2\"")
            .find("error: the pass mark \"b1-b2\" reads as a move of this board") != std::string::npos);
  CHECK(loa_with_notation("notation capture=\"x\" pass=\"a1\"").find("reads as a cell of this board") !=
        std::string::npos);
  CHECK(loa_with_notation("notation capture=\"x\" pass=\"(p)\"").find("which a record reads as a break or a comment") !=
        std::string::npos);
  CHECK(loa_with_notation("notation capture=\"x\" pass=\"1-0\"").find("as a move number, a result") !=
        std::string::npos);
  CHECK(loa_with_notation("notation capture=\"x\" pass=\"--\" end=\"--\"").find("is also the pass mark") !=
        std::string::npos);
  CHECK(loa_with_notation("notation capture=\"x\" pass=\"[---]\" end=\"[+++]\"").find("error") == std::string::npos);
}

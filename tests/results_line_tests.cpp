// Results lines read back exactly what was written, and nothing else: the strict JSON
// reader, the study's identity, and a seeded mutation run over a real line.
#include <catch2/catch.hpp>

#include "studies/match.hpp"
#include "studies/match_record.hpp"
#include "studies/statistics.hpp"
#include "studies/study.hpp"
#include "test_support.hpp"
#include "util/json_value.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::string parse_error(const std::string& text) {
  std::string error;
  auto v = parse_json(text, error);
  return v ? "" : error;
}

ResultLine sample_line() {
  static auto program = load_rules(repo_path("rules/loa.rules"));
  auto study = std::make_shared<const Study>(
      Study::match(RulesIdentity{program->name, "rules/loa.rules", "00000000000000ff"},
                   Seating::plain({"random", "alphabeta:1"}, 2), 18446744073709551615ULL, 30));
  return ResultLine{GameOrigin{study, 0, {10}, 0, 2},
                    play_game(program, study->phases()[0].seating.seats_of_game(4), 4, game_seed(study->seed, 4), 30)};
}

}  // namespace

TEST_CASE("The JSON reader is strict", "[ai][results]") {
  CHECK(parse_error("{\"a\":1} x") == "text after the value at column 9");
  CHECK(parse_error("{\"a\":1,\"a\":2}") == "\"a\" given twice");
  CHECK(parse_error("{\"a\":01}") == "expected '}' at column 7");
  CHECK(parse_error("{\"a\":1.}") == "expected digit after '.' at column 8");
  CHECK(parse_error("{\"a\":\"tab\there\"}") ==
        "control character U+0009 (HT) must be escaped to \\u0009 or \\t at column 10");
  CHECK(parse_error("{\"a\":\"\\x\"}") == "forbidden character after backslash at column 8");
  CHECK(parse_error("{\"a\":\"\\ud800\"}") ==
        "surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF at column 13");
  CHECK(parse_error(std::string(40, '[') + std::string(40, ']')) == "values nested deeper than 16");
  CHECK(parse_error("{\"a\":tru}") == "expected a value at column 9");
  std::string error;
  auto v = parse_json("{\"s\":\"\\u00e9\\ud83d\\ude00\\n\",\"n\":-0.5e3,\"b\":false,\"l\":[1,[2]]}", error);
  REQUIRE(v);
  CHECK(v->find("s")->text == "\xc3\xa9\xf0\x9f\x98\x80\n");
  CHECK(v->find("n")->text == "-0.5e3");
  CHECK(v->find("l")->items.at(1).items.at(0).text == "2");
  // Integers are read from their text: exact to 2^64 - 1, and never from a fraction or exponent.
  auto numbers = parse_json("{\"big\":18446744073709551615,\"over\":18446744073709551616,\"x\":1.0,\"y\":2}", error);
  REQUIRE(numbers);
  FieldReader f(*numbers);
  CHECK(f.unsigned_integer("big") == 18446744073709551615ULL);
  CHECK(f.ok());
  f.unsigned_integer("over");
  CHECK(f.error == "\"over\": expected an integer from 0 to 18446744073709551615, found 18446744073709551616");
  FieldReader g(*numbers);
  g.integer("x", 0, 5);
  CHECK(g.error == "\"x\": expected an integer from 0 to 5, found 1.0");
  FieldReader h(*numbers);
  h.unsigned_integer("big");
  h.string("over");
  CHECK(h.error == "\"over\": expected a string, found 18446744073709551616");
  FieldReader unread(*numbers);
  unread.unsigned_integer("big");
  CHECK_FALSE(unread.finish());
  CHECK(unread.error == "unknown field \"over\"");
}

TEST_CASE("A study's identity: the rules' hash and the differences in words", "[ai][results]") {
  CHECK(rules_hash({"a", "b"}) == rules_hash({"b", "a"}));  // order of reading does not matter
  CHECK(rules_hash({"a", "b"}) != rules_hash({"ab"}));
  CHECK(rules_hash({"a"}) != rules_hash({"a "}));
  CHECK(rules_hash({"a"}).size() == 16);
  RulesIdentity r{"G", "g.rules", rules_hash({"text"})};
  Study a = Study::match(r, Seating::plain({"random", "mcts:10"}, 2), 7, 0);
  Study b = a;
  b.rules.file = "elsewhere/g.rules";
  CHECK(a.difference(b).empty());  // the same text read from another path
  b.max_plies = 50;
  CHECK(a.difference(b, "x", "y") == "max plies 0 in x, 50 in y");
  Study c = Study::analysis(r, Seating::plain({}, 2), "alphabeta:2", "alphabeta:2:temp:1", 7);
  CHECK(a.difference(c, "x", "y") == "command match in x, analyze in y");
  auto phases = c.phases();
  REQUIRE(phases.size() == 3);
  CHECK(phases[1].seating.players == std::vector<std::string>{"alphabeta:2", "random"});
  CHECK(phases[1].seed == 8);
  CHECK(phases[2].seating.players == std::vector<std::string>{"alphabeta:2:temp:1", "alphabeta:2:temp:1"});
  CHECK(phases[2].seed == 9);
  Study older = c;  // an analysis written before the good-play phase: two phases
  older.good.clear();
  CHECK(older.phases().size() == 2);
  CHECK(c.difference(older, "x", "y") == "good player alphabeta:2:temp:1 in x, none in y");
}

TEST_CASE("Sizing: trials for an interval width", "[ai][results]") {
  // The normal approximation gives 1.96^2 / 4 / 0.01^2 = 9604 at one half; Wilson is close.
  int64_t n = trials_for_width(0.5, 0.02);
  CHECK(n == Approx(9604).epsilon(0.01));
  Interval ci = wilson_interval(0.5 * double(n), double(n));
  CHECK(ci.high - ci.low <= 0.02);
  ci = wilson_interval(0.5 * double(n - 1), double(n - 1));
  CHECK(ci.high - ci.low > 0.02);
  CHECK(trials_for_width(0.1, 0.02) < n);  // shares far from one half need fewer
  CHECK(conservative_share({0.6, 0.7}) == 0.6);
  CHECK(conservative_share({0.3, 0.55}) == 0.5);
}

TEST_CASE("Mutated results lines are refused with a reason or read back as they say", "[ai][results]") {
  std::string line = to_json_line(sample_line()), error;
  auto back = parse_result_line(line, error);
  INFO(error);
  REQUIRE(back);
  CHECK(back->origin.study->seed == 18446744073709551615ULL);
  Rng rng(2024);
  const std::string bytes = "{}[]\":,-01e9.\\ xtruefalsn";
  int accepted = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string mutated = line;
    for (int k = 0, edits = 1 + static_cast<int>(rng.below(3)); k < edits; ++k) {
      size_t at = rng.below(static_cast<uint32_t>(mutated.size()));
      switch (rng.below(3)) {
        case 0: mutated[at] = bytes[rng.below(static_cast<uint32_t>(bytes.size()))]; break;
        case 1: mutated.erase(at, 1 + rng.below(4)); break;
        default: mutated.insert(at, 1, bytes[rng.below(static_cast<uint32_t>(bytes.size()))]);
      }
    }
    auto read = parse_result_line(mutated, error);
    if (!read) {
      INFO(mutated);
      CHECK_FALSE(error.empty());
      continue;
    }
    // Accepted: what it says must survive writing and reading again unchanged.
    ++accepted;
    auto again = parse_result_line(to_json_line(*read), error);
    REQUIRE(again);
    CHECK(again->game.same_game(read->game));
    CHECK(again->origin.study->difference(*read->origin.study).empty());
  }
  CHECK(accepted < 3000);
}

// The checks a balance study must pass (issue "studies under good play"): what good play
// knows and random play cannot see, games that really differ, seats, and variants told apart.
// Every player here has a count budget, so each figure is the same on every machine.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_run.hpp"
#include "test_support.hpp"

using namespace tabula::testing;
using nlohmann::json;

namespace {

json json_of(const Run& r) { return json::parse(r.out.substr(r.out.find('{'))); }

const json* difference(const json& comparison, const std::string& measure) {
  for (const auto& d : comparison.at("differences"))
    if (d.at("measure") == measure) return &d;
  return nullptr;
}

}  // namespace

// The two heaviest checks (mcts:20000 and 40 good games) run in optimised builds only: a
// sanitized build is about ten times slower, and the same code runs there in the smaller
// studies tests (CMake drops [release-only] from the Sanitize build's test list).
TEST_CASE("Studies: Hex 5x5 is the first player's under good play - a swap takes the advantage away",
          "[studies][checks][release-only][slow]") {
  auto r =
      run("analyze rules/hex-5x5.rules rules/hex-5x5-pie.rules --games 20 --skill-games 2 --good-games 20 "
          "--strong mcts:200 --good mcts:20000 --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  json cmp = json_of(r);
  const json& plain = cmp.at("variants").at(0).at("verdicts").at("balance");
  const json& pie = cmp.at("variants").at(1).at("verdicts").at("balance");
  // With its default budget the solver proves the start: the verdict is the truth, and the
  // games' figures stand beside it.
  CHECK(plain.at("verdict") == "first-player-win");
  CHECK(plain.at("proven") == true);
  CHECK(plain.at("share").get<double>() > 0.85);
  // The seeds vary the searches, but MCTS with the rules' informed defaults is sharp enough
  // to find the same line twice now and then: distinct games are counted, never assumed.
  CHECK(plain.at("distinct_games").get<int>() >= 18);
  CHECK(plain.at("distinct_games").get<int>() <= plain.at("games").get<int>());
  CHECK(plain.at("players") == "mcts:20000 in every seat");
  // Random play cannot see it.
  CHECK(plain.at("random_play").at("share").get<double>() < 0.7);
  CHECK(pie.at("share").get<double>() < plain.at("share").get<double>() - 0.2);
  const json* d = difference(cmp, "first_player_share");
  REQUIRE(d != nullptr);
  CHECK(d->at("variant") == "Hex 5x5 with swap");
  CHECK(d->at("value").get<double>() < d->at("base").get<double>());
}

TEST_CASE("Studies: strong self-play of LOA gives distinct games by default - misere LOA is told apart",
          "[studies][checks][release-only][slow]") {
  // The good player is the strong one with the default opening temperature (temp:1).
  auto r =
      run("analyze rules/loa.rules rules/loa-misere.rules --games 20 --skill-games 2 --good-games 40 --strong "
          "alphabeta:2 --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  json cmp = json_of(r);
  const json& loa = cmp.at("variants").at(0).at("verdicts").at("balance");
  CHECK(loa.at("players") == "alphabeta:2:temp:1 in every seat");
  CHECK(loa.at("games").get<int>() == 40);
  CHECK(loa.at("distinct_games").get<int>() >= 36);
  // The branching factor over the course of a game, in words a designer reads.
  const json& branching = cmp.at("variants").at(0).at("verdicts").at("branching");
  const std::string trend = branching.at("trend").get<std::string>();
  const std::string course = trend == "steady" ? "stays steady" : trend;
  CHECK(branching.at("text").get<std::string>().find("; over a game it " + course + " (") != std::string::npos);
  // The two rule sets differ in a measure the comparison finds significant after its
  // correction for the number of measures.
  int significant = 0;
  for (const auto& d : cmp.at("differences")) significant += d.at("p_adjusted").get<double>() < 0.05;
  CHECK(significant >= 1);
  CHECK(r.out.find("(Holm-adjusted over 5 measures)") != std::string::npos);

  // Without a temperature, strong self-play repeats itself, and the report says so.
  auto same = run("match rules/loa.rules --players alphabeta:2,alphabeta:2 --games 20 --json");
  REQUIRE(same.status == 0);
  json m = json_of(same);
  const int distinct = m.at("distinct_games").get<int>();
  CHECK(distinct < 20);
  CHECK(m.at("effective_games").get<double>() < distinct);
  auto text = run("match rules/loa.rules --players alphabeta:2,alphabeta:2 --games 20");
  CHECK(text.out.find("warning: the 20 games are " + std::to_string(distinct) +
                      " distinct games (effective sample size ") != std::string::npos);
}

TEST_CASE("Studies: Lanko with a spec per seat, and for three and two people, from match", "[studies][checks]") {
  auto four =
      run("match rules/lanko-88.rules --players random,mc:2,random,alphabeta:1 --games 4 --max-plies 40 --json");
  INFO(four.out);
  REQUIRE(four.status == 0);
  json m = json_of(four);
  CHECK(m.at("per_seat").size() == 4);
  CHECK(m.at("per_side").size() == 2);
  CHECK(m.at("players").size() == 3);  // random is one spec, in two seats
  auto three = run("match rules/lanko-88.rules --players S=random,W+E=mc:2,N=random --games 2 --max-plies 40 --json");
  INFO(three.out);
  REQUIRE(three.status == 0);
  m = json_of(three);
  REQUIRE(m.at("players").size() == 3);
  CHECK(m.at("players").at(1).at("name") == "W+E=mc:2");
  CHECK(m.at("players").at(1).at("games") == 2);
  auto two = run("match rules/lanko-88.rules --players S+N=random,W+E=random --games 2 --max-plies 40 --json");
  REQUIRE(two.status == 0);
  CHECK(json_of(two).at("players").size() == 2);
  auto robin = run("match rules/lanko-88.rules --players random,mc:2 --round-robin --games 2");
  CHECK(robin.status == 1);
  CHECK(robin.out.find("round robin") != std::string::npos);
}

TEST_CASE("Studies: analyze with its defaults proves the small games whose truth takes real play to see",
          "[studies][checks][solve][release-only][slow]") {
  // Misere Hex 4x4: a first-player win (14 of 16 openings), which games alone reported as
  // "no difference", with "luck dominates" in a game without chance.
  auto r = run("analyze tests/solve/hex-4x4-misere.rules --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  json a = json_of(r);
  CHECK(a.at("verdicts").at("balance").at("verdict") == "first-player-win");
  CHECK(a.at("verdicts").at("balance").at("proven") == true);
  CHECK(a.at("strong_player") == "auto:50000");
  CHECK(a.at("verdicts").at("skill").at("text").get<std::string>().find("luck") == std::string::npos);
  // Connect Four 5x4: a draw, which games alone reported as a second-player advantage.
  r = run("analyze tests/solve/connect-four-5x4.rules --games 20 --skill-games 10 --good-games 10 --json");
  REQUIRE(r.status == 0);
  a = json_of(r);
  CHECK(a.at("verdicts").at("balance").at("verdict") == "draw");
  CHECK(a.at("verdicts").at("balance").at("text").get<std::string>().find("a draw under perfect play, proven") == 0);
}

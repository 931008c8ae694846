// xboard's protocol (CECP): engines that speak it as players of `match` (`cecp:`,
// tools/cli/cecp_agent), driven as a GUI drives them: Fairy-Max in whole games, and a fake
// engine for every way a game is forfeited. EngineProcess's deadline is checked here too.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>

#include "cli_run.hpp"
#include "players/engine_process.hpp"
#include "players/engine_spec.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

const char* kFairyMax = "/usr/games/fairymax";  // tools/install-deps installs it

// One game of chess with the fake engine (tests/data/cecp_fake_engine.sh MODE) in the seat
// `players` gives it; the report's text.
std::string fake_game(const std::string& mode, bool engine_second) {
  const std::string fake = "cecp:tests/data/cecp_fake_engine.sh " + mode;
  Run r = run("match rules/chess.rules --players '" + (engine_second ? "random," + fake : fake + ",random") +
              "' --games 1");
  INFO(r.out);
  CHECK(r.status == 0);
  return r.out;
}

}  // namespace

TEST_CASE("CECP: engine specs", "[cecp]") {
  std::string error;
  auto spec = parse_engine_spec("cecp:/usr/games/fairymax:time=2s", error);
  REQUIRE(spec);
  CHECK(spec->protocol == "cecp");
  CHECK(spec->command == "/usr/games/fairymax");
  CHECK(spec->seconds == 2);
  CHECK(is_engine_spec("cecp:fairymax"));
  CHECK_FALSE(parse_engine_spec("cecp:", error));
  CHECK(error == "'cecp:': cecp needs the command that starts the engine (cecp:fairymax)");
  CHECK_FALSE(parse_engine_spec("cecp:fairymax:sd=3", error));
  CHECK(error ==
        "'cecp:fairymax:sd=3': unknown option 'sd=3' of a cecp player; it takes time=T (a time per move, 1s "
        "or 500ms)");
}

TEST_CASE("CECP: an engine's read has a deadline", "[cecp]") {
  EngineProcess silent("sleep 5");
  std::string error;
  REQUIRE(silent.start(error));
  const auto started = std::chrono::steady_clock::now();
  CHECK_FALSE(silent.read_line(std::chrono::milliseconds(200), error));
  CHECK(error == "did not answer within 200 ms");
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(2));
  silent.stop();
  CHECK_FALSE(silent.running());
}

TEST_CASE("CECP: Fairy-Max plays chess through match, and refuses a start it cannot be given", "[cecp][cli]") {
  REQUIRE(std::filesystem::exists(kFairyMax));
  // Twelve plies against random play, Fairy-Max as White and as Black: every move legal.
  Run r = run(std::string("match rules/chess.rules --players 'cecp:") + kFairyMax +
              ":time=1s,random' --games 2 --max-plies 12 --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"forfeits\":0") != std::string::npos);
  CHECK(r.out.find("\"games\":2") != std::string::npos);
  // Chess960 starts elsewhere, and Fairy-Max takes no setboard: said, and the game forfeited.
  Run other = run(std::string("match rules/chess960.rules --players 'cecp:") + kFairyMax + ",random' --games 1");
  INFO(other.out);
  CHECK(other.out.find("forfeited: 1") != std::string::npos);
  CHECK(other.out.find("does not take setboard (its feature setboard=1), and the game does not start from chess's "
                       "start") != std::string::npos);
}

TEST_CASE("CECP: an engine that goes wrong forfeits its game, in its own words", "[cecp][cli]") {
  CHECK(fake_game("illegal", false)
            .find("the engine 'tests/data/cecp_fake_engine.sh illegal' played 'a1a1', which "
                  "is not a legal move here") != std::string::npos);
  CHECK(fake_game("resign", false).find("the engine 'tests/data/cecp_fake_engine.sh resign' resigned") !=
        std::string::npos);
  CHECK(fake_game("claim", false).find("claimed the result '1-0 {White mates}' instead of moving") !=
        std::string::npos);
  CHECK(fake_game("die", false).find("the engine 'tests/data/cecp_fake_engine.sh die' exited with status 3") !=
        std::string::npos);
  // As Black it is told White's first move, which it refuses: its answer is the reason.
  const std::string refused = fake_game("refuse", true);
  CHECK(
      std::regex_search(refused, std::regex("answered 'Illegal move: [a-h][1-8][a-h][1-8]' to the moves it was told")));
  // A first-version engine (no features) is waited for 2 s, then played: its first move counts,
  // the lines around it are passed over, and its second e2e4 is illegal.
  const std::string v1 = fake_game("v1", false);
  CHECK(v1.find("the engine 'tests/data/cecp_fake_engine.sh v1' played 'e2e4', which is not a legal move here") !=
        std::string::npos);
  CHECK(v1.find("game length: mean 2.0 plies") != std::string::npos);
  Run missing = run("match rules/chess.rules --players 'cecp:no-such-engine-here,random' --games 1");
  CHECK(missing.out.find("the engine 'no-such-engine-here' exited with status 127") != std::string::npos);
}

TEST_CASE("CECP: Fairy-Max plays whole games, and none outlives its match", "[cecp][cli][slow]") {
  REQUIRE(std::filesystem::exists(kFairyMax));
  Run r = run(std::string("match rules/chess.rules --players 'cecp:") + kFairyMax +
              ":time=1s,random' --games 2 --threads 2 --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"forfeits\":0") != std::string::npos);
  CHECK(r.out.find("\"cut\":0") != std::string::npos);  // both games played to their end (mates, in some 30 plies)
  // Fairy-Max under a name of its own, so other tests' engines are not counted: after a match
  // that ends, one stopped by Ctrl-C and one killed as Tabula cannot catch, none is left.
  Run stopped = run_script(
      "set -m; d=$(mktemp -d); ln -s /usr/games/fairymax $d/fairymax-in-test; "
      "$TABULA match rules/chess.rules --players \"cecp:$d/fairymax-in-test:time=1s,random\" --games 1 "
      "--max-plies 4 > /dev/null; pgrep -r R,S,D,T -x fairymax-in-tes || echo none; for signal in INT KILL; do "
      "$TABULA match rules/chess.rules --players \"cecp:$d/fairymax-in-test:time=1s,random\" --games 50 "
      "> /dev/null 2>&1 & pid=$!; sleep 2; pgrep -x fairymax-in-tes > /dev/null && echo running; "
      "kill -$signal $pid; wait $pid 2> /dev/null; echo rc=$?; sleep 0.3; pgrep -r R,S,D,T -x fairymax-in-tes || "
      "echo none; done; rm -r $d");
  CHECK(stopped.out == "none\nrunning\nrc=130\nnone\nrunning\nrc=137\nnone\n");
}

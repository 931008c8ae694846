// `tabula match` as a round robin: Elo, the cross table, per-game CSV, records, shards.
#include <stdlib.h>
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_run.hpp"
#include "test_support.hpp"

using namespace tabula::testing;

namespace {

class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "tabula-match-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()));
    dir_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::string operator/(const std::string& name) const { return (dir_ / name).string(); }

 private:
  std::filesystem::path dir_;
};

}  // namespace

TEST_CASE("CLI: a round robin rates every player spec and prints the cross table", "[cli][match]") {
  auto r = run("match tests/data/second-player-wins.rules --players random,alphabeta:1,mc:2 --round-robin --games 4");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("Second Player Wins: 12 games, 2 seats") == 0);  // 3 pairs, 4 games each
  CHECK(r.out.find("Elo by maximum likelihood over all games (draws as half points), 95% CI, average 0:") !=
        std::string::npos);
  // The second seat always wins, and every spec plays each seat equally: all even, 4 of 8 points.
  CHECK(r.out.find("  random                       +0 [") != std::string::npos);
  CHECK(r.out.find("4 points of 8 games") != std::string::npos);
  CHECK(r.out.find("  1 random                         -       2/4       2/4") != std::string::npos);
  auto json =
      run("match tests/data/second-player-wins.rules --players random,alphabeta:1,mc:2 --round-robin --games 4 --json");
  CHECK(json.out.find("\"ratings\":[{\"name\":\"random\",\"elo\":0.0,\"ci\":[") != std::string::npos);
  CHECK(json.out.find("{\"player\":\"random\",\"opponent\":\"alphabeta:1\",\"points\":2.0,\"games\":4}") !=
        std::string::npos);
}

TEST_CASE("CLI: round robin player lists are checked", "[cli][match]") {
  auto r = run("match rules/loa.rules --players random,random,mc:2 --round-robin --games 2");
  CHECK(r.status == 1);
  CHECK(r.out.find("'random' is given twice; in a round robin each player spec plays once") != std::string::npos);
  r = run("match rules/loa.rules --players random,mc:2,mc:3,mc:4,mc:5 --games 2");
  CHECK(r.status == 1);
  CHECK(r.out.find("add --round-robin for a round robin of every pair") != std::string::npos);
  r = run("match rules/loa-rotation.rules --players random,random,mc:2,mc:3,mc:4 --games 2");
  CHECK(r.status == 1);
  CHECK(r.out.find("5 players given, but LOA: Rotation takes 4 (one per seat) or 2 (one per side); or name the "
                   "seats (") != std::string::npos);
  r = run("match rules/lanko-88.rules --players random,mc:2 --round-robin --games 2");
  CHECK(r.status == 1);
  CHECK(r.out.find("a round robin needs a game of two seats; Lanko-88 has 4") != std::string::npos);
}

TEST_CASE("CLI: match --records keeps every game's record, and each replays", "[cli][match]") {
  ScratchDir dir;
  auto r = run("match rules/loa.rules --players random,alphabeta:1,mc:2 --round-robin --games 2 --records " +
               dir / "records" + " --games-csv " + dir / "games.csv");
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::string csv = read_text(dir / "games.csv");
  CHECK(csv.rfind("game,seed,seat_1,seat_2,winner_seat,winner,plies,cut\n0,", 0) == 0);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 7);  // a header and 6 games
  for (int g = 0; g < 6; ++g) {
    std::string path = dir / ("records/game-" + std::to_string(g) + ".txt");
    std::string record = read_text(path);
    INFO(record);
    CHECK(record.rfind("[Game \"Lines of Action\"]\n[Rules \"loa.rules\"]\n[RulesHash \"", 0) == 0);
    CHECK(record.find("[Round \"" + std::to_string(g) + "\"]") != std::string::npos);
    auto replay = run("replay rules/loa.rules " + path);
    CHECK(replay.status == 0);
    CHECK(replay.out.find(" wins after ") != std::string::npos);
  }
}

TEST_CASE("CLI: merge combines the shards of a round robin into the whole report", "[cli][match]") {
  ScratchDir dir;
  std::string players = " --players random,alphabeta:1,mc:2 --round-robin --games 2";
  for (int i = 0; i < 2; ++i)
    REQUIRE(run("match rules/loa.rules" + players + " --shard " + std::to_string(i) + "/2 --out " +
                dir / ("s" + std::to_string(i) + ".jsonl"))
                .status == 0);
  auto merged = run("merge " + dir / "s0.jsonl" + " " + dir / "s1.jsonl");
  auto whole = run("match rules/loa.rules" + players);
  INFO(merged.out << whole.out);
  auto tail = [](const std::string& text) { return text.substr(text.find("Elo by")); };
  // merge adds whether it replayed the games.
  CHECK(tail(merged.out) ==
        tail(whole.out) + "not verified: the games' moves were not replayed (merge --verify replays them)\n");
}

TEST_CASE("CLI: Ctrl-C during a match reports the games played and says how many", "[cli][match][interrupt]") {
  // A background job of a script starts with SIGINT ignored; the match catches it once it runs.
  auto r = run_script(
      "dir=$(mktemp -d); $TABULA match rules/tic-tac-toe.rules --players random,random --games 1000000 "
      "--out $dir/m.jsonl >$dir/out 2>&1 & pid=$!; sleep 1.5; kill -INT $pid; wait $pid; echo \"exit $?\"; "
      "cat $dir/out; echo \"lines $(wc -l <$dir/m.jsonl)\"; rm -rf $dir");
  INFO(r.out);
  CHECK(r.out.find("exit 130") != std::string::npos);
  CHECK(r.out.find("tabula: interrupted: ") != std::string::npos);
  CHECK(r.out.find(" of the 1000000 games of this run were played and are reported above; ") != std::string::npos);
  CHECK(r.out.find("keeps them (match --resume with the same options plays the rest)") != std::string::npos);
  CHECK(r.out.find("Tic-tac-toe") != std::string::npos);  // the report of the games played
}

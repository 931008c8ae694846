// The real `tabula` binary: solve (its text, its JSON, budgets, the table's file, refusals)
// and the proven verdicts of analyze.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_run.hpp"
#include "test_support.hpp"

using namespace tabula::testing;

TEST_CASE("CLI: solve prints the value and each move's value and a line of best play", "[solve][cli][release-only]") {
  Run r = run("solve rules/tic-tac-toe.rules --memory 16M");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("Tic-tac-toe: a draw, proven\n") == 0);
  CHECK(r.out.find("moves, each valued for x:\n  X@a1         draw\n") != std::string::npos);
  CHECK(r.out.find("best play: ") != std::string::npos);
  r = run("solve tests/solve/hex-4x4.rules --memory 64M --json");
  REQUIRE(r.status == 0);
  CHECK(r.out.find(
            "{\"value\":\"win\",\"to_move\":\"red\",\"proven\":true,\"moves\":[{\"value\":\"win\",\"move\":\"R@") == 0);
  CHECK(r.out.find("{\"value\":\"loss\",\"move\":\"R@a1\"}") != std::string::npos);
  CHECK(r.out.find("\"pv\":[\"R@") != std::string::npos);
  CHECK(r.out.find("\"nodes\":") != std::string::npos);
  // A position after moves: Hex 4x4 after a losing first move is a win for the second player.
  r = run("solve tests/solve/hex-4x4.rules --moves 'R@a1' --memory 64M --json");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("{\"value\":\"win\",\"to_move\":\"blue\"") == 0);
  // The exact score where the game ends on one.
  r = run("solve tests/solve/othello-4x4.rules --memory 16M --json");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("{\"value\":\"loss\",\"score\":-8.0,\"to_move\":\"black\",\"proven\":true") == 0);
}

TEST_CASE("CLI: solve out of budget says unknown with its bounds and resumes from its table", "[solve][cli]") {
  const std::string table = temp_path("solve-c4.table");
  Run r = run("solve tests/solve/connect-four-5x4.rules --nodes 20000 --memory 16M --table " + table);
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("Connect Four 5x4: unknown for red: at least ") == 0);
  CHECK(r.out.find("stopped early: the node budget (20000) ran out") != std::string::npos);
  REQUIRE(std::filesystem::exists(table));
  // Never over a file unless asked to continue from it.
  r = run("solve tests/solve/connect-four-5x4.rules --memory 16M --table " + table);
  CHECK(r.status == 1);
  CHECK(r.out.find("exists: --resume continues from it") != std::string::npos);
  r = run("solve tests/solve/connect-four-5x4.rules --memory 64M --table " + table + " --resume");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("Connect Four 5x4: a draw, proven") == 0);
  CHECK(r.out.find("resumed from " + table) != std::string::npos);
  // A table of other rules is refused.
  r = run("solve tests/solve/connect-four-4x4.rules --memory 16M --table " + table + " --resume");
  CHECK(r.status == 1);
  CHECK(r.out.find("the table was proven for other rules") != std::string::npos);
  std::filesystem::remove(table);
}

TEST_CASE("CLI: solve refuses what it cannot solve and bad budgets with reasons", "[solve][cli]") {
  Run r = run("solve rules/chess.rules");
  CHECK(r.status == 1);
  CHECK(r.out.find("tabula: cannot solve Chess: these rules compare positions with the game's earlier ones") == 0);
  r = run("solve rules/tic-tac-toe.rules --memory 12Q");
  CHECK(r.status == 1);
  CHECK(r.out.find("--memory: '12Q' has the unit 'Q'") != std::string::npos);
  r = run("solve rules/tic-tac-toe.rules --memory 10K");
  CHECK(r.status == 1);
  CHECK(r.out.find("out of range: from 1M") != std::string::npos);
  r = run("solve rules/tic-tac-toe.rules --time 2x");
  CHECK(r.status == 1);
  CHECK(r.out.find("--time: '2x' has the unit 'x'") != std::string::npos);
  r = run("solve rules/tic-tac-toe.rules --time 0.5s --memory 16M");
  CHECK(r.status == 0);
  r = run("solve rules/tic-tac-toe.rules --resume");
  CHECK(r.status != 0);
}

TEST_CASE("CLI: analyze gives the proven value where the solver proves it and says so where not",
          "[solve][cli][release-only]") {
  Run r =
      run("analyze tests/solve/hex-4x4.rules --games 10 --skill-games 2 --good-games 4 --strong alphabeta:1 --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"start\":{\"proven\":true,\"tried\":true,") != std::string::npos);
  // It stops at the first winning move (the value is then proven): the others stay unsolved.
  // R@d1's image by the half turn, R@a4, takes its value without a search.
  CHECK(r.out.find("\"winning_openings\":[\"R@d1\",\"R@a4\"],\"drawing_openings\":[],\"openings\":16,") !=
        std::string::npos);
  CHECK(r.out.find("winning first moves: R@d1, R@a4 (") != std::string::npos);
  CHECK(r.out.find("\"verdicts\":{\"balance\":{") != std::string::npos);
  CHECK(r.out.find("\"verdict\":\"first-player-win\",\"text\":\"a first-player win, proven by the solver") !=
        std::string::npos);
  r = run("analyze tests/solve/connect-four-4x4.rules --games 10 --skill-games 2 --good-games 2 --strong alphabeta:1");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("  balance: a draw under perfect play, proven by the solver") != std::string::npos);
  r =
      run("analyze rules/loa.rules --games 4 --skill-games 2 --good-games 2 --strong alphabeta:1 --solve-positions "
          "20000 --json");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"start\":{\"proven\":false,\"tried\":true,\"positions\":") != std::string::npos);
  CHECK(r.out.find("\"not_proven\":\"the solver's budget of 20000 positions ran out before the start was proven\"") !=
        std::string::npos);
  CHECK(r.out.find("(measured over games, not proven: the solver's budget of 20000 positions ran out") !=
        std::string::npos);
}

TEST_CASE("CLI: a comparison writes each variant's games, which merge recounts and --resume continues",
          "[studies][cli]") {
  const std::string dir = (std::filesystem::temp_directory_path() / "tabula-tests" / "compare-out").string();
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string study =
      "analyze tests/solve/connect-four-4x4.rules tests/solve/tic-tac-toe-misere.rules --games 6 --skill-games 2 "
      "--good-games 2 --strong alphabeta:1 --solve-positions 2000000 --out " +
      dir + "/cmp.jsonl";
  Run first = run(study);
  INFO(first.out);
  REQUIRE(first.status == 0);
  CHECK(first.out.find("Compared with Connect Four 4x4:") != std::string::npos);
  // Both proven (a draw each): the comparison says so without a test of samples.
  CHECK(first.out.find("a draw and Connect Four 4x4 is a draw under perfect play: the same value, proven by the "
                       "solver") != std::string::npos);
  for (const char* stem : {"connect-four-4x4", "tic-tac-toe-misere"}) {
    const std::string file = dir + "/cmp." + stem + ".jsonl";
    REQUIRE(std::filesystem::exists(file));
    Run merged = run("merge " + file);
    INFO(merged.out);
    CHECK(merged.status == 0);
    CHECK(merged.out.find("Verdicts:") != std::string::npos);
  }
  // Every game is in the files: resumed, nothing is played again and the comparison is recounted.
  Run again = run(study + " --resume");
  REQUIRE(again.status == 0);
  const auto verdicts = [](const std::string& out) { return out.substr(out.find("Compared with")); };
  CHECK(verdicts(again.out) == verdicts(first.out));
  // Without --resume the files are never written over.
  CHECK(run(study).status != 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("CLI: a solve split over GNU parallel combines into the whole solve's result", "[solve][cli][release-only]") {
  const std::string dir = temp_path("solve-shards");
  std::filesystem::create_directories(dir);
  const std::string rules = "tests/solve/connect-four-5x4.rules";
  Run shards = run_script("parallel --halt now,fail=1 \"$TABULA\" solve " + rules + " --shard {}/3 --out " + dir +
                          "/s{}.json --memory 32M ::: 0 1 2");
  INFO(shards.out);
  REQUIRE(shards.status == 0);
  Run combined =
      run("solve " + rules + " --combine " + dir + "/s0.json " + dir + "/s1.json " + dir + "/s2.json --json");
  Run whole = run("solve " + rules + " --memory 64M --json");
  INFO(combined.out);
  REQUIRE(combined.status == 0);
  // The same value and the same value of every move (the moves are listed best first in both).
  const auto moves_of = [](const std::string& out) { return out.substr(0, out.find("\"pv\":")); };
  CHECK(combined.out.find("{\"value\":\"draw\",\"to_move\":\"red\",\"proven\":true,") == 0);
  CHECK(moves_of(combined.out) == moves_of(whole.out));
  // A shard missing, or given twice, is named.
  Run missing = run("solve " + rules + " --combine " + dir + "/s0.json " + dir + "/s2.json");
  CHECK(missing.status == 1);
  CHECK(missing.out.find("--combine: shard 1/3 is missing") != std::string::npos);
  Run twice = run("solve " + rules + " --combine " + dir + "/s0.json " + dir + "/s0.json");
  CHECK(twice.out.find("shard 0/3 is also") != std::string::npos);
  // A shard's file is never written over.
  Run again = run("solve " + rules + " --shard 0/3 --out " + dir + "/s0.json --memory 32M");
  CHECK(again.status == 1);
  std::filesystem::remove_all(dir);
}

TEST_CASE("CLI: moves a solve's shards left unknown are split again and combined in, to any depth",
          "[solve][cli][release-only]") {
  const std::string dir = (std::filesystem::temp_directory_path() / "tabula-tests" / "solve-subtrees").string();
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string rules = "tests/solve/connect-four-5x4.rules";
  // The root in two shards with too small a budget: some moves stay unknown.
  for (int i = 0; i < 2; ++i)
    REQUIRE(run("solve " + rules + " --nodes 3000 --memory 16M --shard " + std::to_string(i) + "/2 --out " + dir +
                "/root-" + std::to_string(i) + ".json")
                .status == 0);
  std::vector<std::string> unknown;
  std::string files = dir + "/root-0.json " + dir + "/root-1.json";
  for (int i = 0; i < 2; ++i) {
    const nlohmann::json shard = nlohmann::json::parse(read_text(dir + "/root-" + std::to_string(i) + ".json"));
    for (const auto& m : shard.at("moves"))
      if (m.at("lower") != m.at("upper")) unknown.push_back(m.at("move").get<std::string>());
  }
  REQUIRE_FALSE(unknown.empty());
  Run partial = run("solve " + rules + " --combine " + files);
  CHECK(partial.out.find("unknown for red") != std::string::npos);
  // Each unknown move's position solved on its own, in two shards of its replies.
  for (const std::string& move : unknown)
    for (int i = 0; i < 2; ++i) {
      const std::string file = dir + "/" + move + "-" + std::to_string(i) + ".json";
      REQUIRE(run("solve " + rules + " --moves '" + move + "' --memory 16M --shard " + std::to_string(i) + "/2 --out " +
                  file)
                  .status == 0);
      files += " " + file;
    }
  Run combined = run("solve " + rules + " --combine " + files + " --json");
  Run whole = run("solve " + rules + " --memory 64M --json");
  INFO(combined.out);
  REQUIRE(combined.status == 0);
  const auto moves_of = [](const std::string& out) { return out.substr(0, out.find("\"pv\":")); };
  CHECK(combined.out.find("{\"value\":\"draw\",\"to_move\":\"red\",\"proven\":true,") == 0);
  CHECK(moves_of(combined.out) == moves_of(whole.out));
  // A shard of a position no combined position leads to is refused, not ignored.
  REQUIRE(run("solve " + rules + " --moves 'R@a1 Y@a2 R@a3' --memory 16M --shard 0/1 --out " + dir + "/stray.json")
              .status == 0);
  Run stray = run("solve " + rules + " --combine " + files + " " + dir + "/stray.json");
  CHECK(stray.status == 1);
  CHECK(stray.out.find("which is neither the one solved") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("CLI: Ctrl-C stops a solve cleanly with what it proved and keeps its table", "[solve][cli]") {
  const std::string table = temp_path("solve-interrupted.table");
  Run r = run_script("\"$TABULA\" solve rules/hex-5x5.rules --memory 64M --table " + table +
                     " & pid=$!; sleep 1.5; kill -INT $pid; wait $pid; echo rc=$?");
  INFO(r.out);
  CHECK(r.out.find("rc=130") != std::string::npos);
  CHECK(r.out.find("stopped early: interrupted") != std::string::npos);
  REQUIRE(std::filesystem::exists(table));
  Run resumed = run("solve rules/hex-5x5.rules --memory 64M --nodes 1000 --table " + table + " --resume");
  CHECK(resumed.status == 0);
  CHECK(resumed.out.find("resumed from " + table) != std::string::npos);
  std::filesystem::remove(table);
}

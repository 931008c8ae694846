// The real `tabula` binary on long games and on results read back (issue 58): what tabula
// writes it reads back at every size it can write (a results line of a game of hundreds of
// thousands of plies; the replay page of such a game, made in bounded time and memory), and
// what it reads back from a results file it believes only when checked (analyze --verify).
#include <sys/resource.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "cli_run.hpp"
#include "temp_dir.hpp"
#include "test_support.hpp"

using namespace tabula::testing;
namespace fs = std::filesystem;

namespace {

// Two stones shuffling on a line of four cells, never ending before the ply limit `plies`.
std::string shuffle_rules(const TempDir& dir, int plies) {
  std::string text = read_text(repo_path("tests/data/endless-shuffle.rules"));
  text.replace(text.find("\"line4.yaml\""), 12, "\"" + repo_path("tests/data/line4.yaml") + "\"");
  text.replace(text.find("limit plies=6"), 13, "limit plies=" + std::to_string(plies));
  write_all(dir / "shuffle.rules", text);
  return dir / "shuffle.rules";
}

}  // namespace

// Release only: a game of 200,000 plies played, merged, verified and resumed takes seconds
// here, ten times that under the sanitizers (whose build reads results lines in the other
// results tests).
TEST_CASE("CLI: a results line over 1 MiB (a game of 200,000 plies) is read back by merge and --resume",
          "[cli][results][read-back][release-only]") {
  TempDir dir("tabula-read-back");
  const std::string rules = shuffle_rules(dir, 200000);
  const std::string match = "match " + rules + " --players random,random --seed 3 --out " + (dir / "long.jsonl");
  auto played = run(match + " --games 1");
  INFO(played.out);
  REQUIRE(played.status == 0);
  const std::string written = read_text(dir / "long.jsonl");
  REQUIRE(written.size() > (1u << 20));  // one line, longer than the old 1 MiB limit
  REQUIRE(lines_of(written).size() == 1);
  auto merged = run("merge " + (dir / "long.jsonl"));
  INFO(merged.out);
  CHECK(merged.status == 0);
  CHECK(merged.out.find("Endless Shuffle: 1 game, 2 seats") != std::string::npos);
  CHECK(merged.out.find("game length: mean 200000.0 plies") != std::string::npos);
  CHECK(run("merge " + (dir / "long.jsonl") + " --verify").status == 0);
  auto resumed = run(match + " --games 2 --resume");
  INFO(resumed.out);
  CHECK(resumed.status == 0);
  CHECK(lines_of(read_text(dir / "long.jsonl")).size() == 2);
  CHECK(read_text(dir / "long.jsonl").rfind(written, 0) == 0);  // the first game kept as it was
}

TEST_CASE("CLI: a results line longer than any tabula writes is refused, naming the limit",
          "[cli][results][read-back]") {
  TempDir dir("tabula-read-back");
  // 64 MiB of one line: longer than kMaxResultsLineBytes, and so than any line written.
  {
    std::ofstream out(dir / "huge.jsonl", std::ios::binary);
    out << "{\"study\":";
    const std::string block(1 << 20, 'x');
    for (int i = 0; i < 65; ++i) out << block;
    out << "\n";
  }
  auto r = run("merge " + (dir / "huge.jsonl"));
  CHECK(r.status == 1);
  CHECK(r.out.find("huge.jsonl:1: the line is longer than the 64 MiB limit for a line of a results file "
                   "(kMaxResultsLineBytes), longer than any line tabula writes") != std::string::npos);
}

// Release only: its bounds are the release build's (the page itself is drawn under the
// sanitizers by the other replay tests).
TEST_CASE("CLI: replay --html of a game of 200,000 plies is written in bounded time and memory",
          "[cli][replay][read-back][release-only]") {
  TempDir dir("tabula-read-back");
  const std::string rules = shuffle_rules(dir, 1000000);
  {
    std::ofstream record(dir / "long.txt", std::ios::binary);
    for (int round = 0; round < 50000; ++round)
      record << 2 * round + 1 << ". a1-b1 d1-c1 " << 2 * round + 2 << ". b1-a1 c1-d1\n";
  }
  const auto started = std::chrono::steady_clock::now();
  // At most 1 GB of address space, as the hostile corpus bounds every run.
  auto r = run_command("cd '" + (dir / "") + "' && ulimit -v 1048576 && '" + TABULA_BINARY + "' replay " + rules +
                       " long.txt --html page.html 2>&1");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("200000 moves replayed") != std::string::npos);
  CHECK(seconds < 20);
  const std::string page = read_text(dir / "page.html");
  CHECK(page.find("<i>c1-d1</i>") != std::string::npos);
  CHECK(page.size() < 20u * 1024 * 1024);
}

TEST_CASE("CLI: analyze --resume believes a results file only with --verify, and says which",
          "[cli][results][verify][read-back]") {
  TempDir dir("tabula-read-back");
  const std::string analyze =
      "analyze rules/tic-tac-toe.rules --games 6 --skill-games 2 --good-games 2 --strong alphabeta:1 --seed 4 "
      "--solve-positions 0 ";
  REQUIRE(run(analyze + "--out " + (dir / "a.jsonl")).status == 0);
  auto lines = lines_of(read_text(dir / "a.jsonl"));
  REQUIRE(lines.size() == 10);
  // Every random-play game forged into a win of the first player, x.
  std::string forged;
  for (const std::string& line : lines) {
    std::string changed = line;
    if (changed.find("\"phase\":\"random\"") != std::string::npos)
      changed = std::regex_replace(changed, std::regex("\"winner\":-?[0-9]+"), "\"winner\":0");
    forged += changed + "\n";
  }
  REQUIRE(forged != read_text(dir / "a.jsonl") + "");
  write_all(dir / "forged.jsonl", forged);
  write_all(dir / "forged2.jsonl", forged);
  auto believed = run(analyze + "--out " + (dir / "forged.jsonl") + " --resume");
  INFO(believed.out);
  CHECK(believed.status == 0);
  CHECK(believed.out.find("not verified: 10 games read back from " + (dir / "forged.jsonl") +
                          " were not replayed (analyze --verify replays them)") != std::string::npos);
  auto json = run(analyze + "--out " + (dir / "forged.jsonl") + " --resume --json");
  CHECK(json.out.find(",\"verified\":false}") != std::string::npos);
  auto caught = run(analyze + "--out " + (dir / "forged2.jsonl") + " --resume --verify");
  INFO(caught.out);
  CHECK(caught.status == 1);
  CHECK(caught.out.find("--verify: game ") != std::string::npos);
  CHECK(caught.out.find("does not replay to its results line: the line says a win of x") != std::string::npos);
  auto honest = run(analyze + "--out " + (dir / "a.jsonl") + " --resume --verify");
  INFO(honest.out);
  CHECK(honest.status == 0);
  CHECK(honest.out.find("verified: the 10 games read back from " + (dir / "a.jsonl") +
                        " replay to their results under rules/tic-tac-toe.rules (hash ") != std::string::npos);
  CHECK(run(analyze + "--json").out.find(",\"verified\":true}") != std::string::npos);
  CHECK(run(analyze + "--verify")
            .out.find("--verify replays the games read back from a results file: it needs "
                      "--out FILE --resume") != std::string::npos);
}

TEST_CASE("CLI: match --resume believes a results file only with --verify, and says which",
          "[cli][results][verify][read-back]") {
  TempDir dir("tabula-read-back");
  const std::string match = "match rules/tic-tac-toe.rules --players random,random --seed 2 --games 6 ";
  REQUIRE(run(match + "--out " + (dir / "m.jsonl")).status == 0);
  const std::string honest = read_text(dir / "m.jsonl");
  const std::string forged = std::regex_replace(honest, std::regex("\"winner\":-?[0-9]+"), "\"winner\":0");
  REQUIRE(forged != honest);
  write_all(dir / "forged.jsonl", forged);
  auto believed = run(match + "--out " + (dir / "forged.jsonl") + " --resume");
  INFO(believed.out);
  CHECK(believed.status == 0);
  CHECK(believed.out.find("not verified: 6 games read back from " + (dir / "forged.jsonl") +
                          " were not replayed (match --verify replays them)") != std::string::npos);
  CHECK(run(match + "--out " + (dir / "forged.jsonl") + " --resume --json").out.find(",\"verified\":false}") !=
        std::string::npos);
  auto caught = run(match + "--out " + (dir / "forged.jsonl") + " --resume --verify");
  CHECK(caught.status == 1);
  CHECK(caught.out.find("does not replay to its results line: the line says a win of x") != std::string::npos);
  auto checked = run(match + "--out " + (dir / "m.jsonl") + " --resume --verify");
  CHECK(checked.status == 0);
  CHECK(checked.out.find("verified: the 6 games read back from " + (dir / "m.jsonl") + " replay to their results") !=
        std::string::npos);
  CHECK(run(match + "--json").out.find("verified") == std::string::npos);  // every game played here
}

// Game records at the command line: play --out writes one with tags, replay and show read it
// (also from standard input), a record of other rules gets a warning, and what cannot be
// read is an error with its place, never a shorter game.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "cli_run.hpp"
#include "test_support.hpp"

using namespace tabula::testing;

namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  auto path = std::filesystem::temp_directory_path() / "tabula-tests" / name;
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << text;
  return path.string();
}

}  // namespace

TEST_CASE("CLI: play --out writes a record with tags that replay reads back", "[cli][record]") {
  std::string out = write_temp("played.txt", "");
  auto r = run("play rules/lanko-88.rules --players random,random --seed 6 --out " + out);
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::string record = read_text(out);
  INFO(record);
  CHECK(record.rfind("[Game \"Lanko-88\"]\n[Rules \"lanko-88.rules\"]\n[RulesHash \"", 0) == 0);
  CHECK(record.find("\n[Players \"white (S+N) = random, black (W+E) = random\"]\n[Seed \"6\"]\n[Date \"20") !=
        std::string::npos);
  CHECK(record.find("[Result \"") != std::string::npos);
  CHECK(record.find("[+++]") != std::string::npos);
  auto replay = run("replay rules/lanko-88.rules " + out);
  INFO(replay.out);
  CHECK(replay.status == 0);
  CHECK(replay.out.find("warning") == std::string::npos);
  // The last line of play's output is the result; replay ends on the same.
  std::string result = r.out.substr(r.out.rfind("result: ") + 8);
  CHECK(replay.out.find(result.substr(0, result.size() - 1)) != std::string::npos);
  // From standard input too, for replay and for show --moves @-.
  auto piped = run_command("cd '" + std::string(TABULA_SOURCE_DIR) + "' && '" + TABULA_BINARY +
                           "' replay rules/lanko-88.rules - < " + out + " 2>&1");
  CHECK(piped.out == replay.out);
  auto shown = run_command("cd '" + std::string(TABULA_SOURCE_DIR) + "' && '" + TABULA_BINARY +
                           "' show rules/lanko-88.rules --moves @- < " + out + " 2>&1");
  CHECK(shown.status == 0);
}

TEST_CASE("CLI: a record of other rules replays with a warning", "[cli][record]") {
  std::string out = write_temp("other.txt", "");
  REQUIRE(run("play rules/loa.rules --players random,random --seed 2 --out " + out).status == 0);
  std::string record = read_text(out);
  auto at = record.find("[RulesHash \"") + 12;
  record.replace(at, 16, "0123456789abcdef");
  std::string edited = write_temp("other-edited.txt", record);
  auto r = run("replay rules/loa.rules " + edited);
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("tabula: warning: " + edited +
                   ": the record was played under rules with hash 0123456789abcdef, but rules/loa.rules has hash ") !=
        std::string::npos);
}

TEST_CASE("CLI: a record that cannot be read is an error with its line and column", "[cli][record]") {
  auto unclosed = write_temp("unclosed.txt", "[Game \"Lines of Action\"]\n\n1. b1-b3 (a comment\n2. h2-h4 c1-c3\n");
  auto r = run("replay rules/loa.rules " + unclosed);
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out == "tabula: " + unclosed +
                     ":3:10: this comment is never closed (no ')' after it), so the moves after it would be lost\n");
  auto bad_move = write_temp("bad-move.txt", "1. b1-b3 a2-c2\n2. b3-b9\n");
  r = run("replay rules/loa.rules " + bad_move);
  CHECK(r.status == 1);
  CHECK(r.out.find("tabula: " + bad_move + ":2:4: move 3 (b3-b9): ") == 0);
  r = run("show rules/loa.rules --moves @" + unclosed);
  CHECK(r.status == 1);
  CHECK(r.out.find(":3:10: this comment is never closed") != std::string::npos);
}

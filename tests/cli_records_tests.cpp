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

// A path in the tests' folder where no file is: outputs are never written over a file.
std::string free_path(const std::string& name) {
  auto path = write_temp(name, "");
  std::filesystem::remove(path);
  return path;
}

}  // namespace

TEST_CASE("CLI: play --out writes a record with tags that replay reads back", "[cli][record]") {
  std::string out = free_path("played.txt");
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
  std::string out = free_path("other.txt");
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

TEST_CASE("CLI: a record with a byte order mark, or a position file with one, reads as without it", "[cli][record]") {
  auto r =
      run("replay rules/loa.rules " + write_temp("bom.txt", "\xEF\xBB\xBF[Game \"Lines of Action\"]\n\n1. b1-b3\n"));
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out == "1 moves replayed; game not over; white to move\n");
  r = run("replay rules/loa.rules " + write_temp("bom-moves.txt",
                                                 "\xEF\xBB\xBF"
                                                 "1. b1-b3 h2-f2\n"));
  CHECK(r.out == "2 moves replayed; game not over; black to move\n");
  r = run("show rules/loa.rules --moves @" + write_temp("bom-moves.txt",
                                                        "\xEF\xBB\xBF"
                                                        "1. b1-b3 h2-f2\n"));
  CHECK(r.status == 0);
  r = run("moves rules/loa.rules --position @" + write_temp("bom.pos",
                                                            "\xEF\xBB\xBF"
                                                            "8/8/8/3B4/8/8/8/4W3 black\n"));
  CHECK(r.status == 0);
  CHECK(r.out.find("d5-") != std::string::npos);
}

TEST_CASE("CLI: a record over 1 MiB that play writes, replay reads - past the record limit, one sentence",
          "[cli][record]") {
  // The forced shuffle of tests/data, with a ply limit long enough for a record over 1 MiB.
  std::string rules =
      write_temp("long-shuffle.rules", "variant \"Long Shuffle\" extends \"" +
                                           repo_path("tests/data/endless-shuffle.rules") + "\"\nlimit plies=120000\n");
  std::string out = free_path("long-shuffle.txt");
  auto played = run("play " + rules + " --players random,random --out " + out);
  INFO(played.out);
  REQUIRE(played.status == 0);
  CHECK(std::filesystem::file_size(out) > (1u << 20));
  auto r = run("replay " + rules + " " + out);
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out == "120000 moves replayed; draw after 120000 plies\n");
  // A record larger than any game writes: refused, naming the limit, before it is read.
  std::string huge = free_path("huge.txt");
  {
    std::ofstream file(huge, std::ios::binary);
    std::string comment = "(" + std::string(1 << 20, 'x') + ")\n";
    for (int i = 0; i < 33; ++i) file << comment;
  }
  r = run("replay " + rules + " " + huge);
  CHECK(r.status == 1);
  CHECK(r.out == "tabula: '" + huge + "' is larger than the 32 MiB limit for game record files\n");
}

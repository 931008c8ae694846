// Every file the commands write (tools/cli/output_file.hpp, docs/CLI.md "Files tabula writes"):
// never over an existing file without --force, never a cut file, and every failure an error
// that names the file and the reason.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "cli/cli_support.hpp"
#include "cli/output_file.hpp"
#include "cli/record_io.hpp"
#include "cli_run.hpp"
#include "diag/source_file.hpp"
#include "test_support.hpp"

using namespace tabula::testing;
namespace fs = std::filesystem;

namespace {

// A fresh empty folder for one test (its own, so that other checkouts' tests never share it).
class Folder : public fs::path {
 public:
  Folder() : fs::path(make()) {}
  ~Folder() {
    std::error_code ec;
    fs::remove_all(*this, ec);
  }

 private:
  static std::string make() {
    std::string pattern = (fs::temp_directory_path() / "tabula-outputs-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()));
    return pattern;
  }
};

void write_file(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// The names in a folder, hidden ones (a temporary file) included.
std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("CLI: no output writes over an existing file without --force", "[cli][outputs]") {
  Folder dir;
  std::string kept = "a file of someone's own\n";
  auto target = (dir / "mine.txt").string();
  write_file(target, kept);
  write_file(dir / "record.txt", "1. b1-b3 h2-f2\n");
  struct Case {
    std::string command, option, name;  // `name` names the section: it must not change from run to run
  };
  const std::vector<Case> cases = {
      {"show rules/loa.rules --svg " + target, "--svg", "show a position"},
      {"show boards/square8.yaml --svg " + target, "--svg", "show a board"},
      {"replay rules/loa.rules " + (dir / "record.txt").string() + " --html " + target, "--html", "replay"},
      {"play rules/loa.rules --players random,random --out " + target, "--out", "play"},
      {"match rules/loa.rules --players random,random --games 2 --max-plies 4 --games-csv " + target, "--games-csv",
       "match"},
  };
  for (const auto& c : cases) {
    DYNAMIC_SECTION(c.name) {
      auto r = run(c.command);
      INFO(r.out);
      CHECK(r.status == 1);
      CHECK(r.out.find(c.option + " '" + target + "' exists; tabula never writes over a file") != std::string::npos);
      CHECK(read_text(target) == kept);
      // With --force the file is replaced, whole.
      auto forced = run(c.command + " --force");
      INFO(forced.out);
      CHECK(forced.status == 0);
      CHECK(read_text(target) != kept);
      CHECK_FALSE(read_text(target).empty());
      write_file(target, kept);
      CHECK(names_in(dir) == std::vector<std::string>{"mine.txt", "record.txt"});
    }
  }
}

TEST_CASE("CLI: a picture or a page drawn again replaces the one tabula wrote there and nothing else",
          "[cli][outputs]") {
  Folder dir;
  const auto svg = (dir / "x.svg").string(), html = (dir / "x.html").string();
  write_file(dir / "record.txt", "1. b1-b3 h2-f2\n");
  // Twice without --force: the second picture (after a move) replaces the first.
  REQUIRE(run("show rules/loa.rules --svg " + svg).status == 0);
  const std::string first = read_text(svg);
  CHECK(first.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- written by tabula: show svg. ", 0) == 0);
  auto again = run("show rules/loa.rules --moves b1-b3 --svg " + svg);
  INFO(again.out);
  CHECK(again.status == 0);
  CHECK(read_text(svg) != first);
  // What follows the mark is what --svg - prints.
  std::string drawn = read_text(svg);
  drawn.erase(drawn.find('\n') + 1, drawn.find('\n', drawn.find('\n') + 1) - drawn.find('\n'));
  CHECK(drawn == run("show rules/loa.rules --moves b1-b3 --svg -").out);
  // A page, twice; but never a page over a picture, a picture over a page, or over an input.
  const std::string replay = "replay rules/loa.rules " + (dir / "record.txt").string() + " --html ";
  REQUIRE(run(replay + html).status == 0);
  CHECK(run(replay + html).status == 0);
  auto crossed = run(replay + svg);
  CHECK(crossed.status == 1);
  CHECK(crossed.out.find("exists; tabula never writes over a file but one it wrote itself as `replay html` output") !=
        std::string::npos);
  CHECK(run("show rules/loa.rules --svg " + html).status == 1);
  auto input = run("show rules/loa.rules --svg " + (dir / "record.txt").string());
  CHECK(input.status == 1);
  CHECK(read_text(dir / "record.txt") == "1. b1-b3 h2-f2\n");
  // A file that only quotes the mark later on (not as its second line) is not Tabula's.
  write_file(svg, "<svg>\n<title>mine</title>\n<!-- written by tabula: show svg. -->\n");
  CHECK(run("show rules/loa.rules --svg " + svg).status == 1);
}

TEST_CASE("CLI: match --records refuses another run's records before it plays, and --resume replaces its own",
          "[cli][outputs]") {
  Folder dir;
  auto records = dir / "records";
  std::string match = "match rules/loa.rules --players random,random --games 4 --max-plies 6 --records " +
                      records.string() + " --out " + (dir / "results.jsonl").string();
  REQUIRE(run(match).status == 0);
  std::string game0 = read_text(records / "game-0.txt"), game2 = read_text(records / "game-2.txt");
  REQUIRE_FALSE(game2.empty());
  // Another study into the same folder: refused before a game is played (no results file).
  auto again = run("match rules/loa.rules --players random,random --games 4 --max-plies 8 --records " +
                   records.string() + " --out " + (dir / "other.jsonl").string());
  INFO(again.out);
  CHECK(again.status == 1);
  CHECK(again.out.find("--records: '" + (records / "game-0.txt").string()) != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "other.jsonl"));
  CHECK(read_text(records / "game-2.txt") == game2);
  // A shard that plays only games 1 and 3 leaves games 0 and 2 alone, and is refused for its own.
  auto shard = run("match rules/loa.rules --players random,random --games 4 --max-plies 6 --shard 1/2 --records " +
                   records.string());
  CHECK(shard.status == 1);
  CHECK(shard.out.find("game-1.txt' exists") != std::string::npos);
  // --resume of the same study: a stopped run may have written a record before its results
  // line, so the records of the games it plays again are replaced; the others stay.
  std::string results = read_text(dir / "results.jsonl");
  write_file(dir / "results.jsonl", results.substr(0, results.find('\n') + 1));  // game 0 only
  fs::remove(records / "game-3.txt");
  auto resumed = run(match + " --resume");
  INFO(resumed.out);
  CHECK(resumed.status == 0);
  CHECK(read_text(records / "game-0.txt") == game0);
  CHECK(fs::exists(records / "game-3.txt"));
}

TEST_CASE("CLI: a failed write leaves no file and no temporary file behind, and says why", "[cli][outputs]") {
  Folder dir;
  std::string d = dir.string();
  // A file size limit of 8 KB (SIGXFSZ ignored, so the write fails with EFBIG) stands in for a full disk.
  auto r = run_script("cd '" + d + "' && trap '' XFSZ && ulimit -f 8 && \"$TABULA\" show '" +
                      fs::path(TABULA_SOURCE_DIR).string() + "/rules/loa.rules' --svg board.svg");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("cannot write --svg 'board.svg': File too large; nothing was written") != std::string::npos);
  CHECK(names_in(dir).empty());
  // Over an existing file with --force: the file is as it was.
  write_file(dir / "board.svg", "the old picture");
  r = run_script("cd '" + d + "' && trap '' XFSZ && ulimit -f 8 && \"$TABULA\" show '" +
                 fs::path(TABULA_SOURCE_DIR).string() + "/rules/loa.rules' --svg board.svg --force");
  CHECK(r.out.find("File too large; the file is as it was") != std::string::npos);
  CHECK(read_text(dir / "board.svg") == "the old picture");
  CHECK(names_in(dir) == std::vector<std::string>{"board.svg"});
  // A full device and a missing folder: the reason, named.
  r = run("show rules/loa.rules --svg /dev/full");
  CHECK(r.status == 1);
  CHECK(r.out.find("cannot write --svg '/dev/full': No space left on device") != std::string::npos);
  r = run("play rules/loa.rules --players random,random --out " + d + "/no/such/folder/game.txt");
  CHECK(r.status == 1);
  CHECK(r.out.find("cannot write --out '" + d + "/no/such/folder/game.txt': No such file or directory") !=
        std::string::npos);
  // A device is written to, not replaced.
  CHECK(run("show rules/loa.rules --svg /dev/null").status == 0);
}

TEST_CASE("CLI: play's save command writes over only the files this game saved", "[cli][outputs]") {
  Folder dir;
  write_file(dir / "other.txt", "someone's notes");
  auto r =
      run_script("cd '" + dir.string() +
                 "' && printf 'save game.txt\\nb1-b3\\nsave game.txt\\nsave other.txt\\nquit\\n' | \"$TABULA\" play '" +
                 std::string(TABULA_SOURCE_DIR) + "/rules/loa.rules' --players human,random --seed 2");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("saved the record of 0 moves to game.txt") != std::string::npos);
  CHECK(r.out.find("saved the record of 2 moves to game.txt") != std::string::npos);
  CHECK(r.out.find("'other.txt' exists; tabula never writes over a file") != std::string::npos);
  CHECK(read_text(dir / "other.txt") == "someone's notes");
  CHECK(read_text(dir / "game.txt").find("1. b1-b3 ") != std::string::npos);
}

TEST_CASE("write_output: an existing name is replaced only when told, and a folder never", "[outputs]") {
  Folder dir;
  auto path = (dir / "out.txt").string();
  tabula::cli::write_output(path, "first", false, "--x");
  CHECK(read_text(path) == "first");
  CHECK_THROWS_AS(tabula::cli::write_output(path, "second", false, "--x"), tabula::cli::UserError);
  CHECK(read_text(path) == "first");
  tabula::cli::write_output(path, "second", true, "--x");
  CHECK(read_text(path) == "second");
  CHECK_THROWS_AS(tabula::cli::check_output_free(dir.string(), true, "--x"), tabula::cli::UserError);
  CHECK(names_in(dir) == std::vector<std::string>{"out.txt"});
}

TEST_CASE("A record larger than replay reads is not written", "[outputs]") {
  CHECK_NOTHROW(tabula::cli::check_record_size(std::string(tabula::kMaxRecordBytes, 'x')));
  try {
    tabula::cli::check_record_size(std::string(tabula::kMaxRecordBytes + 1, 'x'));
    FAIL("a record over the limit was let through");
  } catch (const tabula::cli::UserError& e) {
    CHECK(e.message ==
          "the game's record has 33554433 bytes, more than the 32 MiB a game record may have (the limit "
          "replay reads, kMaxRecordBytes); it is not written");
  }
}

// The real `tabula` binary and its results files: `--out` never loses or writes over
// anything, every write error is an exit 1, `merge` refuses what does not belong together
// and says what is missing or repeated, and every field of a results line is checked
// when read back.
#include <catch2/catch.hpp>
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

// A report without its thinking times, and without merge's "verified" (whether it replayed
// the games; a match's own report has no such field).
std::string without_timing(const std::string& text) {
  static const std::regex seconds("\"seconds(_per_move)?\":(\\[[^\\]]*\\]|[0-9.eE+-]+)");
  static const std::regex verified(",\"verified\":(true|false)");
  return std::regex_replace(std::regex_replace(text, seconds, "\"seconds\":T"), verified, "");
}

// The forced two-ply game of tests/data, with its board named absolutely so the copy
// works from any folder; `comment` changes the text (and so the rules' hash) only.
std::string forced_rules(const TempDir& dir, const std::string& name, const std::string& comment = "") {
  std::string text = read_text(repo_path("tests/data/second-player-wins.rules"));
  text.replace(text.find("\"line3.yaml\""), 12, "\"" + repo_path("tests/data/line3.yaml") + "\"");
  write_all(dir / name, text + comment);
  return dir / name;
}

// A one-line results file whose line is `line` with `from` replaced by `to`.
std::string edited(const TempDir& dir, const std::string& name, std::string line, const std::string& from,
                   const std::string& to) {
  auto at = line.find(from);
  REQUIRE(at != std::string::npos);
  line.replace(at, from.size(), to);
  write_all(dir / name, line + "\n");
  return dir / name;
}

const std::string kMatch = "match rules/loa.rules --players alphabeta:1,random --seed 5 --max-plies 40 ";

}  // namespace

TEST_CASE("CLI: --out never writes over a file that is not a results file", "[ai][cli][results]") {
  TempDir dir("tabula-results");
  std::string rules = forced_rules(dir, "v.rules");
  std::string before = read_text(rules);
  auto r = run("match " + rules + " --players random,random --games 2 --out " + rules);
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("tabula: '" + rules + "' is not a results file of this study (" + rules +
                   ":1: expected a value at column 1); --out never writes over a file: choose another file\n") !=
        std::string::npos);
  CHECK(read_text(rules) == before);
  // A file with a last line that is not a game, but no newline either, is not taken for a
  // cut-off results line.
  write_all(dir / "notes.txt", "my notes");
  r = run("match " + rules + " --players random,random --games 2 --resume --out " + (dir / "notes.txt"));
  CHECK(r.status == 1);
  CHECK(read_text(dir / "notes.txt") == "my notes");
}

TEST_CASE("CLI: --out appends to its own study's file only, with --resume", "[ai][cli][results]") {
  TempDir dir("tabula-results");
  std::string out = dir / "m.jsonl";
  REQUIRE(run(kMatch + "--games 2 --out " + out).status == 0);
  std::string first = read_text(out);
  CHECK(lines_of(first).size() == 2);
  // The same command again would repeat the games: refused, the file untouched.
  auto again = run(kMatch + "--games 2 --out " + out);
  CHECK(again.status == 1);
  CHECK(again.out.find(out + " already holds 2 games of this study; add --resume to play only the others") !=
        std::string::npos);
  CHECK(read_text(out) == first);
  // Another study (other players) is refused even with --resume.
  auto other =
      run("match rules/loa.rules --players random,random --seed 5 --max-plies 40 --games 4 --resume --out " + out);
  CHECK(other.status == 1);
  CHECK(other.out.find(out + ":1 holds games of another study (players random,random in this run, alphabeta:1,random "
                             "in the file)") != std::string::npos);
  // Another shard of the same study too.
  auto shard = run(kMatch + "--games 4 --shard 1/2 --resume --out " + out);
  CHECK(shard.status == 1);
  CHECK(shard.out.find("holds a game of shard 0/1 of this study, not of shard 1/2") != std::string::npos);
  // A file another run is writing (holding its lock) is refused, untouched.
  auto locked = run_script("flock " + out + " $TABULA " + kMatch + "--games 4 --resume --out " + out);
  CHECK(locked.status == 1);
  CHECK(locked.out.find("'" + out + "' is being written by another run (it is locked)") != std::string::npos);
  CHECK(read_text(out) == first);
  // --resume with more games appends the rest, keeping what was there.
  REQUIRE(run(kMatch + "--games 4 --resume --out " + out).status == 0);
  std::string grown = read_text(out);
  CHECK(lines_of(grown).size() == 4);
  CHECK(grown.rfind(first, 0) == 0);
  // Fewer games than the file holds would leave some out of the report: refused.
  auto fewer = run(kMatch + "--games 3 --resume --out " + out);
  CHECK(fewer.status == 1);
  CHECK(fewer.out.find(":4 holds game 3, beyond the 3 games asked for now") != std::string::npos);
}

TEST_CASE("CLI: every write error is reported with exit code 1", "[ai][cli][results]") {
  TempDir dir("tabula-results");
  auto r = run(kMatch + "--games 2 --out /dev/full");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("tabula: cannot write results to '/dev/full': No space left on device; the games written before "
                   "are kept\n") != std::string::npos);
  r = run(kMatch + "--games 2 --out " + (dir / "no/such/dir/m.jsonl"));
  CHECK(r.status == 1);
  CHECK(r.out.find("cannot open for appending '" + (dir / "no/such/dir/m.jsonl") + "': No such file or directory") !=
        std::string::npos);
  fs::create_directory(dir / "folder");
  r = run(kMatch + "--games 2 --out " + (dir / "folder"));
  CHECK(r.status == 1);
  CHECK(r.out.find("cannot write results to '" + (dir / "folder") + "': it is a directory") != std::string::npos);
  // The report itself: standard output on a full device.
  CHECK(run(kMatch + "--games 1 > /dev/full").status == 1);
}

TEST_CASE("CLI: merge refuses files of different studies", "[ai][cli][results]") {
  TempDir dir("tabula-results");
  // Two matches with the default seed share game seeds; they are still different studies.
  REQUIRE(run("match rules/loa.rules --players random,random --games 3 --out " + (dir / "quick.jsonl")).status == 0);
  REQUIRE(
      run("match rules/loa.rules --players alphabeta:1,random --games 3 --max-plies 30 --out " + (dir / "loa.jsonl"))
          .status == 0);
  auto r = run("merge " + (dir / "quick.jsonl") + " " + (dir / "loa.jsonl"));
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("tabula: " + (dir / "loa.jsonl") + ":1 is a game of another study than " + (dir / "quick.jsonl") +
                   ":1 (players random,random in " + (dir / "quick.jsonl") + ":1, alphabeta:1,random in " +
                   (dir / "loa.jsonl") + ":1): only the results of one study can be merged") != std::string::npos);
  // Same name, other text: the rules' hash tells them apart.
  std::string a = forced_rules(dir, "a.rules"), b = forced_rules(dir, "b.rules", "# a changed comment\n");
  REQUIRE(run("match " + a + " --players random,random --games 2 --out " + (dir / "a.jsonl")).status == 0);
  REQUIRE(run("match " + b + " --players random,random --games 2 --out " + (dir / "b.jsonl")).status == 0);
  r = run("merge " + (dir / "a.jsonl") + " " + (dir / "b.jsonl"));
  CHECK(r.status == 1);
  CHECK(r.out.find("(rules files with other contents: hash ") != std::string::npos);
  // The same text under another path is the same study.
  std::string c = forced_rules(dir, "c.rules");
  REQUIRE(run("match " + c + " --players random,random --games 2 --out " + (dir / "c.jsonl")).status == 0);
  r = run("merge " + (dir / "a.jsonl") + " " + (dir / "c.jsonl"));
  CHECK(r.status == 0);
  CHECK(r.out.find("2 games are in both ") != std::string::npos);
}

TEST_CASE("CLI: a game recorded twice with different results is an error, whatever the order", "[ai][cli][results]") {
  TempDir dir("tabula-results");
  std::string out = dir / "m.jsonl";
  REQUIRE(run("match tests/data/second-player-wins.rules --players random,random --games 2 --out " + out).status == 0);
  auto first = lines_of(read_text(out)).at(0);
  CHECK(first.find("\"winner\":1,") != std::string::npos);
  std::string forged = edited(dir, "forged.jsonl", first, "\"winner\":1,", "\"winner\":0,");
  for (const auto& args : {out + " " + forged, forged + " " + out}) {
    auto r = run("merge " + args);
    INFO(r.out);
    CHECK(r.status == 1);
    CHECK(r.out.find("game 0 is recorded twice with different results: ") != std::string::npos);
    CHECK(r.out.find(r.out.find(forged) < r.out.find(out + ":1") ? "(winner 0 against 1)" : "(winner 1 against 0)") !=
          std::string::npos);
  }
}

TEST_CASE("CLI: every field of a results line is checked when read", "[ai][cli][results]") {
  TempDir dir("tabula-results");
  std::string out = dir / "m.jsonl";
  REQUIRE(run("match tests/data/second-player-wins.rules --players random,random --games 2 --out " + out).status == 0);
  auto line = lines_of(read_text(out)).at(1);
  struct Case {
    std::string from, to, error;
  };
  const Case cases[] = {
      {"\"plies\":2,", "\"plies\":-5,", "\"plies\": expected an integer from 0 to 1000000000, found -5"},
      {"\"game\":1,", "\"game\":1e20,", "\"game\": expected an integer from 0 to 1, found 1e20"},
      {"\"game\":1,", "\"game\":7,", "\"game\": expected an integer from 0 to 1, found 7"},
      {"\"game\":1,", "\"game\":1,\"colour\":\"red\",", "unknown field \"colour\""},
      {"\"winner\":1,", "\"winner\":\"1\",", "\"winner\": expected an integer, found \"1\""},
      {"\"winner\":1,", "\"winner\":2,", "\"winner\": expected an integer from -1 to 1, found 2"},
      {"\"cut\":false", "\"cut\":0", "\"cut\": expected true or false, found 0"},
      {"\"seats\":[\"random\",\"random\"]", "\"seats\":[\"random\"]", "\"seats\": expected 2 items, found 1"},
      {"\"shard\":[0,1]", "\"shard\":[1,1]", "\"shard\": expected an integer from 0 to 0, found 1"},
      {"\"seed\":1,\"max_plies\"", "\"seed\":2,\"max_plies\"", "game 1's seed is "},
      {"\"moves_made\":[1,1]", "\"moves_made\":[1,0]", "\"moves_made\" adds up to 1 moves, but \"plies\" is 2"},
      // A game's time may print as 0.0004 or as 4e-05: prefixing "-1" makes either negative.
      {"\"seconds\":[", "\"seconds\":[-1", "\"seconds\": expected a number from 0 to "},
      {"\"rules_hash\":\"", "\"rules_hash\":\"x", "\"study.rules_hash\": expected 16 hex digits"},
      {"\"command\":\"match\"", "\"command\":\"tournament\"", "\"study.command\": expected \"match\" or \"analyze\""},
      {"\"players\":[\"random\",\"random\"]", "\"players\":[\"random\",\"wizard\"]",
       "\"study.players\": unknown player 'wizard'"},
      {"\"games\":2,", "\"games\":2,\"games\":3,", "\"games\" given twice"},
      {"\"moves\":\"", "\"moves\":\"\\q", "forbidden character after backslash"},
  };
  for (const auto& c : cases) {
    std::string bad = edited(dir, "bad.jsonl", line, c.from, c.to);
    auto r = run("merge " + bad);
    INFO(c.to << "\n" << r.out);
    CHECK(r.status == 1);
    CHECK(r.out.find("tabula: " + bad + ":1: " + c.error) == 0);
  }
}

TEST_CASE("CLI: merge names the missing and the repeated games of a study", "[ai][cli][results]") {
  TempDir dir("tabula-results");
  const std::string match = kMatch + "--games 6 ";
  std::string a = dir / "shard-0.jsonl", b = dir / "shard-1.jsonl", c = dir / "shard-2.jsonl";
  REQUIRE(run(match + "--shard 0/3 --out " + a).status == 0);
  REQUIRE(run(match + "--shard 1/3 --out " + b).status == 0);
  REQUIRE(run(match + "--shard 2/3 --out " + c).status == 0);
  auto whole = run(match + "--json");
  // A missing shard: an error naming it, not a smaller study.
  auto r = run("merge " + a + " " + b);
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("tabula: the files miss 2 of the 6 games of the match: shard 2/3 (all its 2 games: 2, 5); run "
                   "what is missing") == 0);
  // ... unless a partial report is asked for.
  r = run("merge " + a + " " + b + " --partial --json");
  CHECK(r.status == 0);
  CHECK(r.out.find("tabula: note: partial report: missing 2 of the 6 games of the match: shard 2/3") == 0);
  CHECK(r.out.find("{\"rules\":\"Lines of Action\",\"games\":4,") != std::string::npos);
  // A shard given twice (here in place of another) is named as such.
  write_all(dir / "copy.jsonl", read_text(b));
  r = run("merge " + a + " " + b + " " + (dir / "copy.jsonl"));
  CHECK(r.status == 1);
  CHECK(r.out.find("tabula: note: 2 games are in both " + b + " and " + (dir / "copy.jsonl") +
                   " (games 1, 4), alike: "
                   "each counts once\n") == 0);
  CHECK(r.out.find("shard 2/3 (all its 2 games: 2, 5)") != std::string::npos);
  // Every shard, one of them twice: the whole study, the same report as the unsharded run.
  r = run("merge " + a + " " + b + " " + c + " " + (dir / "copy.jsonl") + " --json");
  CHECK(r.status == 0);
  CHECK(without_timing(r.out.substr(r.out.find('{'))) == without_timing(whole.out));
  // One of the files on standard input ("-") is read as the file itself.
  r = run("merge " + a + " - " + c + " --json < " + b);
  CHECK(r.status == 0);
  CHECK(without_timing(r.out) == without_timing(whole.out));
  // Games missing within a shard are listed.
  auto kept = lines_of(read_text(c));
  write_all(dir / "short.jsonl", kept.at(0) + "\n");
  r = run("merge " + a + " " + b + " " + (dir / "short.jsonl"));
  CHECK(r.status == 1);
  CHECK(r.out.find("the files miss 1 of the 6 games of the match: shard 2/3 (1 of its 2 games: 5)") !=
        std::string::npos);
}

TEST_CASE("CLI: a run killed while writing loses no finished game and resumes", "[ai][cli][results]") {
  TempDir dir("tabula-results");
  std::string out = dir / "killed.jsonl";
  // Games long enough (about 0.1 s each in a release build) that the poll below, every 0.05 s,
  // sees the third line well before the last: with alphabeta:2 a whole run of 20 games took
  // 0.19 s once LOA moves were generated faster, and a busy machine let it finish unkilled.
  const std::string match =
      "match rules/loa.rules --players alphabeta:3,alphabeta:1 --seed 11 --max-plies 60 --games 20 ";
  // Kill the run (SIGKILL: no chance to clean up) once it has written three games.
  auto killed = run_script("$TABULA " + match + "--out " + out +
                           " > /dev/null & pid=$!\n"
                           "for i in $(seq 600); do [ \"$(wc -l < " +
                           out +
                           " 2>/dev/null || echo 0)\" -ge 3 ] && break; "
                           "sleep 0.05; done\n"
                           "kill -KILL $pid; wait $pid; echo \"status $?\"");
  INFO(killed.out);
  CHECK(killed.out.find("status 137") != std::string::npos);
  std::string before = read_text(out);
  auto kept = lines_of(before);
  REQUIRE(kept.size() >= 3);
  REQUIRE(kept.size() < 20);
  // A cut-off line, as a kill in the middle of a write (or a full disk) leaves it.
  std::string cut = before + kept.at(0).substr(0, 150);
  write_all(out, cut);
  auto merged = run("merge " + out + " --partial");
  CHECK(merged.status == 0);
  CHECK(merged.out.find("tabula: note: " + out + ":" + std::to_string(kept.size() + 1) +
                        ": a cut-off last line is left out") == 0);
  auto resumed = run(match + "--out " + out + " --resume --json");
  CHECK(resumed.status == 0);
  CHECK(resumed.out.find("tabula: note: " + out + ":" + std::to_string(kept.size() + 1) +
                         ": removed a cut-off last line (its run was stopped while writing it); that game is played "
                         "again\n") == 0);
  std::string after = read_text(out);
  CHECK(after.rfind(before, 0) == 0);  // every finished game kept, byte for byte
  CHECK(lines_of(after).size() == 20);
  auto whole = run(match + "--json --threads 2");
  CHECK(without_timing(resumed.out.substr(resumed.out.find('{'))) == without_timing(whole.out));
  CHECK(without_timing(run("merge " + out + " --json").out) == without_timing(whole.out));
}

TEST_CASE("CLI: analyze is sharded and merged like a match", "[ai][cli][results]") {
  TempDir dir("tabula-results");
  const std::string analyze =
      "analyze rules/loa.rules --games 6 --skill-games 3 --good-games 2 --strong alphabeta:1 --seed 4 "
      "--solve-positions 20000 ";
  REQUIRE(run(analyze + "--shard 0/2 --out " + (dir / "a0.jsonl")).status == 0);
  REQUIRE(run(analyze + "--shard 1/2 --out " + (dir / "a1.jsonl")).status == 0);
  // random games 0, 2, 4, skill games 0, 2 and good-play game 0
  CHECK(lines_of(read_text(dir / "a0.jsonl")).size() == 6);
  auto merged = run("merge " + (dir / "a0.jsonl") + " " + (dir / "a1.jsonl") + " --solve-positions 20000 --json");
  auto whole = run(analyze + "--json");
  INFO(merged.out);
  CHECK(merged.status == 0);
  CHECK(merged.out.find("{\"rules\":\"Lines of Action\",\"strong_player\":\"alphabeta:1\",") == 0);
  CHECK(without_timing(merged.out) == without_timing(whole.out.substr(whole.out.find('{'))));
  auto text = run("merge " + (dir / "a0.jsonl") + " " + (dir / "a1.jsonl") + " --solve-positions 20000");
  CHECK(text.out.find("Verdicts:\n  balance: the first player scores ") != std::string::npos);
  auto missing = run("merge " + (dir / "a0.jsonl"));
  CHECK(missing.status == 1);
  CHECK(missing.out.find("the files miss 3 of the 6 games of the random phase: shard 1/2 (all its 3 games: 1, 3, 5); "
                         "1 of the 3 games of the skill phase: shard 1/2 (all its 1 games: 1); and 1 of the 2 games of "
                         "the good phase: shard 1/2 (all its 1 games: 1)") != std::string::npos);
  // A stopped analysis resumes: its finished games are replayed for the measures, moves and all.
  auto lines = lines_of(read_text(dir / "a0.jsonl"));
  std::string kept;
  for (size_t i = 0; i < 3; ++i) kept += lines.at(i) + "\n";
  write_all(dir / "r.jsonl", kept + lines.at(3).substr(0, 120));
  auto resumed = run(analyze + "--shard 0/2 --resume --json --out " + (dir / "r.jsonl"));
  INFO(resumed.out);
  CHECK(resumed.status == 0);
  auto after = read_text(dir / "r.jsonl");
  CHECK(after.rfind(kept, 0) == 0);
  CHECK(lines_of(after).size() == 6);
  auto timed = run(analyze + "--seconds 5 --out " + (dir / "t.jsonl"));
  CHECK(timed.status == 1);
  CHECK(timed.out.find("--seconds leaves games unplayed") != std::string::npos);
  // A match's results are not an analysis's.
  REQUIRE(run(kMatch + "--games 2 --out " + (dir / "m.jsonl")).status == 0);
  auto mixed = run("merge " + (dir / "a0.jsonl") + " " + (dir / "m.jsonl"));
  CHECK(mixed.status == 1);
  CHECK(mixed.out.find("(command analyze in ") != std::string::npos);
}

TEST_CASE("CLI: match --estimate sizes a study", "[ai][cli][results]") {
  auto r =
      run("match tests/data/second-player-wins.rules --players alphabeta:2,random --estimate --estimate-seconds 0.3 "
          "--json");
  INFO(r.out);
  CHECK(r.status == 0);
  // Every game is won by the second seat: share 0, every game decisive; the interval's end
  // nearest 1/2 sizes the study.
  CHECK(r.out.find("\"first_player\":{\"share\":0.0,\"ci\":[0.0,") != std::string::npos);
  CHECK(r.out.find("\"decisive_rate\":1.0}") != std::string::npos);
  CHECK(r.out.find("\"sizes\":[{\"width\":0.1,\"first_player_games\":") != std::string::npos);
  r = run("match rules/loa.rules --players random,random --estimate --estimate-seconds 0.5 --ci-width 0.03");
  CHECK(r.status == 0);
  CHECK(r.out.find("Estimate from ") == 0);
  CHECK(r.out.find("3 points (--ci-width)") != std::string::npos);
  CHECK(r.out.find("For the first player's share within 3 points (") != std::string::npos);
  CHECK(run("match rules/loa.rules --players random,random --estimate --out x.jsonl").status == 1);
}

TEST_CASE("CLI: merge --verify replays every game and refuses a line whose moves do not give its result",
          "[ai][cli][results][verify]") {
  TempDir dir("tabula-results");
  std::string out = dir / "m.jsonl";
  REQUIRE(run(kMatch + "--games 4 --out " + out + " --games-csv " + (dir / "match.csv")).status == 0);
  auto verified = run("merge " + out + " --verify --threads 2 --games-csv " + (dir / "merged.csv"));
  INFO(verified.out);
  CHECK(verified.status == 0);
  CHECK(verified.out.find("verified: all 4 games replay to their results under rules/loa.rules (hash ") !=
        std::string::npos);
  CHECK(read_text(dir / "merged.csv") == read_text(dir / "match.csv"));  // merge writes the match's games CSV
  CHECK(run("merge " + out).out.find("not verified: the games' moves were not replayed") != std::string::npos);
  CHECK(run("merge " + out + " --json").out.find(",\"verified\":false}") != std::string::npos);
  CHECK(run("merge " + out + " --json --verify").out.find(",\"verified\":true}") != std::string::npos);
  auto lines = lines_of(read_text(out));
  REQUIRE(lines.size() == 4);
  // A winner flipped, a move changed, a ply count changed: each refused, naming the game.
  std::string line = lines[1];
  std::smatch winner;
  REQUIRE(std::regex_search(line, winner, std::regex("\"winner\":(-?[0-9]+)")));
  std::string flipped =
      edited(dir, "flipped.jsonl", line, winner[0].str(), winner[1].str() == "0" ? "\"winner\":1" : "\"winner\":0");
  auto r = run("merge " + flipped + " --verify --partial");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("--verify: game 1 of the match (seed ") != std::string::npos);
  CHECK(r.out.find("but its moves end in a win of") != std::string::npos);
  CHECK(run("merge " + flipped + " --partial").status == 0);  // without --verify, the line is taken on its word
  std::string garbage = edited(dir, "garbage.jsonl", line, "\"moves\":\"", "\"moves\":\"a1-h8 ");
  r = run("merge " + garbage + " --verify --partial");
  CHECK(r.status == 1);
  CHECK(r.out.find("move 1 (a1-h8) does not replay") != std::string::npos);
  std::smatch legal;
  REQUIRE(std::regex_search(line, legal, std::regex("\"legal_moves\":([0-9]+)")));
  std::string counted =
      edited(dir, "legal.jsonl", line, legal[0].str(), "\"legal_moves\":" + std::to_string(std::stoll(legal[1]) + 1));
  r = run("merge " + counted + " --verify --partial");
  CHECK(r.out.find("the line counts " + std::to_string(std::stoll(legal[1]) + 1) + " legal moves over its plies") !=
        std::string::npos);
  // Rules with another hash are refused; the study's own file is found where it was named.
  std::string other = forced_rules(dir, "v.rules");
  r = run("merge " + out + " --verify --rules " + other);
  CHECK(r.status == 1);
  CHECK(r.out.find("but the games were played under rules with hash") != std::string::npos);
  r = run_command("cd '" + (dir / "") + "' && '" + TABULA_BINARY + "' merge m.jsonl --verify 2>&1");
  CHECK(r.status == 1);
  CHECK(r.out.find("the study was played under 'rules/loa.rules', which is not a file here; give its rules with "
                   "--rules FILE") != std::string::npos);
}

TEST_CASE("CLI: analyze with its default players gives the same report for the same seed", "[ai][cli][results]") {
  // The default strong player is a count (auto:50000), the solver's budget too: nothing in
  // the report depends on the machine's speed but the thinking times.
  const std::string analyze =
      "analyze tests/solve/connect-four-4x4.rules --games 6 --skill-games 2 --good-games 4 --seed 9 "
      "--solve-positions 3000 --json";
  Run first = run(analyze), second = run(analyze);
  REQUIRE(first.status == 0);
  REQUIRE(second.status == 0);
  CHECK(first.out.find("\"strong_player\":\"auto:50000\"") != std::string::npos);
  // The estimate on standard error is a time; the report after it is not.
  CHECK(without_timing(first.out.substr(first.out.find('{'))) ==
        without_timing(second.out.substr(second.out.find('{'))));
}

// The real `tabula` binary: match, merge and analyze.
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "cli_run.hpp"
#include "test_support.hpp"

using namespace tabula::testing;

namespace {

// Thinking times differ between runs; the rest of a report or result file must not.
// A report without its thinking times, and without merge's "verified" (whether it replayed
// the games; a match's own report has no such field).
std::string without_timing(const std::string& text) {
  static const std::regex seconds("\"seconds(_per_move)?\":(\\[[^\\]]*\\]|[0-9.eE+-]+)");
  static const std::regex verified(",\"verified\":(true|false)");
  return std::regex_replace(std::regex_replace(text, seconds, "\"seconds\":T"), verified, "");
}

int lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

TEST_CASE("CLI: match reports exact statistics for a forced game", "[ai][cli]") {
  auto r = run("match tests/data/second-player-wins.rules --games 10 --players alphabeta:2,random --json");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("\"games\":10,\"seats\":2,\"sides\":2,\"distinct_games\":1,\"effective_games\":1.0,") !=
        std::string::npos);
  // Ten times one forced game is one independent observation: the intervals are a single game's.
  CHECK(r.out.find("{\"name\":\"alphabeta:2\",\"games\":10,\"wins\":5,\"draws\":0,\"losses\":5,\"win_rate\":0.5,"
                   "\"win_ci\":[0.054619,0.945381]") != std::string::npos);
  CHECK(r.out.find("\"first_player\":{\"wins\":0,\"decisive\":10,\"share\":0.0,\"ci\":[0.0,0.793457],"
                   "\"fair_share\":0.5}") != std::string::npos);
  CHECK(r.out.find("\"draws\":0,\"draw_rate\":0.0,\"cut\":0,\"cut_rate\":0.0,\"forfeits\":0,"
                   "\"length\":{\"mean\":2.0,\"stddev\":0.0,\"min\":2,\"max\":2},\"branching\":1.0,") !=
        std::string::npos);
  r = run("match tests/data/second-player-wins.rules --games 10 --players alphabeta:2,random");
  CHECK(r.out.find("warning: the 10 games are 1 distinct games (effective sample size 1.0)") != std::string::npos);
  CHECK(r.out.find("first player: wins 0 of 10 decisive games, 0.0% [0.0%, 79.3%] (fair share 50.0%)") !=
        std::string::npos);
  CHECK(r.out.find("game length: mean 2.0 plies, stddev 0.0, min 2, max 2") != std::string::npos);
  r = run("match tests/data/second-player-wins.rules --games 4 --players random,mc:3 --csv");
  CHECK(r.out.find("kind,name,games,wins,draws,losses,win_rate,ci_low,ci_high,seconds_per_move\n"
                   "player,random,4,2,0,2,0.500000,") == 0);
  CHECK(r.out.find("\nseat,seat 2,4,4,0,0,1.000000,") != std::string::npos);
}

TEST_CASE("CLI: match counts games cut by the ply limit", "[ai][cli]") {
  auto r = run("match tests/data/endless-shuffle.rules --games 4 --players random,random --json");
  INFO(r.out);
  CHECK(r.out.find("\"draws\":4,\"draw_rate\":1.0,\"cut\":4,\"cut_rate\":1.0") != std::string::npos);
  r = run("match rules/loa.rules --games 2 --players random,random --max-plies 10 --json");
  CHECK(r.out.find("\"cut\":2,") != std::string::npos);
  CHECK(r.out.find("\"length\":{\"mean\":10.0,\"stddev\":0.0,\"min\":10,\"max\":10}") != std::string::npos);
}

TEST_CASE("CLI: shards merged equal the unsharded match", "[ai][cli]") {
  std::string whole = temp_path("whole.jsonl"), a = temp_path("shard0.jsonl"), b = temp_path("shard1.jsonl");
  const std::string match = "match rules/loa.rules --games 6 --players alphabeta:1,random --seed 5 --max-plies 60 ";
  auto r = run(match + "--threads 2 --out " + whole + " --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(lines(read_text(whole)) == 6);
  REQUIRE(run(match + "--shard 0/2 --out " + a).status == 0);
  REQUIRE(run(match + "--shard 1/2 --out " + b).status == 0);
  CHECK(lines(read_text(a)) == 3);
  auto merged = run("merge " + a + " " + b + " --json");
  auto unsharded = run("merge " + whole + " --json");
  CHECK(merged.status == 0);
  CHECK(without_timing(merged.out) == without_timing(unsharded.out));
  CHECK(without_timing(unsharded.out) == without_timing(r.out));
  // A game in two files counts once, and merge says which games it found twice.
  auto twice = run("merge " + whole + " " + a + " --json");
  CHECK(twice.status == 0);
  CHECK(twice.out.rfind("tabula: note: 3 games are in both " + whole + " and " + a +
                            " (games 0, 2, 4), alike: each "
                            "counts once\n",
                        0) == 0);
  CHECK(without_timing(twice.out.substr(twice.out.find('\n') + 1)) == without_timing(unsharded.out));
}

TEST_CASE("CLI: a stopped match resumes from its results file", "[ai][cli]") {
  std::string out = temp_path("resume.jsonl");
  const std::string match =
      "match rules/loa.rules --players random,alphabeta:1 --seed 3 --max-plies 40 --json --out " + out;
  REQUIRE(run(match + " --games 3").status == 0);
  auto resumed = run(match + " --games 5 --resume");
  INFO(resumed.out);
  CHECK(resumed.status == 0);
  CHECK(lines(read_text(out)) == 5);
  auto whole = run("match rules/loa.rules --players random,alphabeta:1 --seed 3 --max-plies 40 --json --games 5");
  CHECK(without_timing(resumed.out) == without_timing(whole.out));
  auto other = run("match rules/loa.rules --players random,alphabeta:1 --seed 4 --games 5 --resume --out " + out);
  CHECK(other.status == 1);
  CHECK(other.out.find(out + ":1 holds games of another study (seed 4 in this run, 3 in the file)") !=
        std::string::npos);
}

TEST_CASE("CLI: match and merge refuse bad input with one sentence", "[ai][cli]") {
  auto r = run("match rules/loa.rules --players alphabeta:2,wizard");
  CHECK(r.status == 1);
  CHECK(r.out.rfind("tabula: --players: unknown player 'wizard'", 0) == 0);
  r = run("match rules/loa.rules --players random");
  CHECK(r.status == 1);
  CHECK(r.out.find("1 player given, but Lines of Action takes 2 (one per seat)") != std::string::npos);
  r = run("match rules/loa.rules --players random,mc:1,mc:2");
  CHECK(r.status == 1);
  CHECK(r.out.find("add --round-robin for a round robin of every pair") != std::string::npos);
  r = run("match rules/loa.rules --players random,random --shard 2/2");
  CHECK(r.status == 1);
  CHECK(r.out.find("--shard '2/2': expected I/N") != std::string::npos);
  auto bad = temp_rules("bad-results.jsonl", "{\"game\":0}\n");
  r = run("merge " + bad);
  CHECK(r.status == 1);
  CHECK(r.out.find("bad-results.jsonl:1: no \"study\" field") != std::string::npos);
}

TEST_CASE("CLI: play accepts every player spec", "[ai][cli]") {
  auto r = run("play rules/loa.rules --players mcts:30,alphabeta:1 --seed 2");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("black = mcts:30, white = alphabeta:1") != std::string::npos);
  CHECK(r.out.find("result: ") != std::string::npos);
  r = run("play rules/loa.rules --players search:2,mc:2 --seed 2");
  CHECK(r.out.find("black = alphabeta:2, white = mc:2") != std::string::npos);
  CHECK(run("play rules/loa.rules --players mcts:x,random").status == 1);
}

TEST_CASE("CLI: analyze gives a verdict per figure", "[ai][cli]") {
  auto r =
      run("analyze tests/data/second-player-wins.rules --games 20 --skill-games 4 --good-games 4 --strong "
          "alphabeta:2");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("Good play (alphabeta:2:temp:1 in every seat):") != std::string::npos);
  // The solver proves what the games show: every game is forced, and the second player wins it.
  CHECK(r.out.find("  balance: a second-player win, proven by the solver (2 positions); good play "
                   "(alphabeta:2:temp:1 in every seat) reaches that result in 4 of 4 games (first player 0, second "
                   "4, drawn 0)\n") != std::string::npos);
  CHECK(r.out.find("  ending: 0% of random games and 0% of good-play games stopped at the ply limit: games finish") !=
        std::string::npos);
  CHECK(r.out.find("  length: games under good play last 2 plies on average") != std::string::npos);
  CHECK(r.out.find("  skill: alphabeta:2 beats random players 50% [") != std::string::npos);
  // Four games are no verdict on skill, whichever way they went.
  CHECK(r.out.find("(fair share 50%) in 4 games: too few games to tell (fewer than 10)\n") != std::string::npos);
  // Without the solver, the balance measured from the games.
  r =
      run("analyze tests/data/second-player-wins.rules --games 20 --skill-games 4 --good-games 4 --strong "
          "alphabeta:2 --solve-positions 0");
  CHECK(r.out.find("  balance: the first player scores 0% [0%, 79%] of the points under good play "
                   "(alphabeta:2:temp:1 in every seat, 4 games, 1 distinct: 0 won by the first player, 4 by another, "
                   "0 drawn (0%)); of decisive games the first player wins 0% [0%, 79%]; fair share 50%; random "
                   "play 0% [0%, 79%] of decisive games: too few games to tell (4, fewer than 10) (measured over "
                   "games, not proven: the solver was not asked (a budget of 0 positions))\n") != std::string::npos);
  r =
      run("analyze rules/loa.rules --games 20 --skill-games 2 --good-games 2 --strong alphabeta:1 --solve-positions "
          "20000 --json");
  CHECK(r.status == 0);
  CHECK(r.out.find("tabula: analyze Lines of Action: 2 skill games (alphabeta:1 against random players) and 2 "
                   "good-play games (alphabeta:1:temp:1 in every seat) of up to ") == 0);
  CHECK(r.out.find("{\"rules\":\"Lines of Action\",\"strong_player\":\"alphabeta:1\",\"good_player\":"
                   "\"alphabeta:1:temp:1\",\"phases\":{\"random\":{\"rules\":\"Lines of Action\",\"games\":20,") ==
        r.out.find('{'));
  CHECK(r.out.find("\"verdicts\":{\"balance\":{\"share\":") != std::string::npos);
}

TEST_CASE("CLI: tune writes only weights that win their check match, and still chooses players", "[ai][cli]") {
  // A variant beside its own weights file, in a temporary folder.
  const std::string rules = temp_path("tune-draughts.rules");
  std::ofstream(rules) << "variant \"Draughts tuned\" extends \"" << repo_path("rules/english-draughts.rules")
                       << "\"\n";
  const std::string weights = rules.substr(0, rules.size() - 6) + ".weights";
  std::filesystem::remove(weights);
  const std::string fit = "--games 20 --rounds 1 --check-games 4 --check-depth 2";
  // This fit loses its check match (1 of 4 games): nothing is written.
  Run refused = run("tune " + rules + " " + fit);
  CHECK(refused.status == 1);
  CHECK(refused.out.find("they scored 1 in 4 games at depth 2, and more than 2 was needed") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(weights));
  // With --choose-players the players are still measured, with the untuned weights, and
  // recorded in a file of no weights that every loader reads back.
  Run chosen = run("tune " + rules + " " + fit + " --choose-players --seconds-per-move 0.002 --match-games 2");
  INFO(chosen.out);
  CHECK(chosen.status == 0);
  CHECK(chosen.out.find("are not kept: the fitted weights lost the check match") != std::string::npos);
  CHECK(chosen.out.find("against flat Monte Carlo (mc)") != std::string::npos);
  std::ifstream in(weights);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str().find("were not kept:") != std::string::npos);
  CHECK(std::regex_search(text.str(), std::regex("\nauto (mcts|alphabeta)\n")));
  // Both MCTS choices are written out, plain MCTS too (its options spelled out).
  CHECK(std::regex_search(text.str(),
                          std::regex("\nmcts (cutoff:2:explore:0.3:minimax:0.6|cutoff:0:explore:1:minimax:0)\n")));
  CHECK_FALSE(std::regex_search(text.str(), std::regex("\n(material|mobility|centre) ")));
  Run reads_back = run("match " + rules + " --players auto:2ms,random --games 1 --max-plies 4");
  CHECK(reads_back.status == 0);
}

TEST_CASE("CLI: analyze estimates the time of players whose budget is a count", "[ai][cli]") {
  // mcts:20000 has no time per move: the estimate measures its first moves.
  auto r =
      run("analyze rules/hex-5x5.rules --games 4 --skill-games 1 --good-games 1 --strong mcts:20000 "
          "--solve-positions 0");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(std::regex_search(r.out, std::regex("of up to [0-9]+ plies: at most about [1-9][0-9]* (s|min) on 1 thread")));
}

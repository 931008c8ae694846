// The perft convention (engine/perft.hpp, `tabula perft --help`): a finished game is one
// leaf where it ends, at the root as below it; --full-length counts only sequences of exactly
// DEPTH moves. A count stopped early (Ctrl-C) says it is incomplete. The published counts of
// every game stay pinned in their own tests (loa_tests.cpp, laska_tests.cpp, ...).
#include <catch2/catch.hpp>

#include "cli_run.hpp"
#include "engine/perft.hpp"
#include "engine/state_editor.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// Laska: white has no piece left, so white (to move) has lost.
const char* kFinished = "//1,b,2//// white";
// Laska: white's only move takes black's last piece, which ends the game after one ply.
const char* kLastTake = "//1,b,2/1,w,1/// white";

}  // namespace

TEST_CASE("Perft counts a finished game as one leaf, at the root as below it", "[perft]") {
  auto p = load_rules(repo_path("rules/laska.rules"));
  State finished = state_at(p, kFinished);
  REQUIRE(finished.is_terminal());
  CHECK(perft(finished, 1) == 1);
  CHECK(perft(finished, 3) == 1);
  CHECK(perft_divide(finished, 2, PerftOptions{}).total == 1);

  State last = state_at(p, kLastTake);
  REQUIRE(move_strings(last) == std::vector<std::string>{"d4-c5-b6wb"});
  CHECK(perft(last, 1) == 1);
  CHECK(perft(last, 2) == 1);  // the game ends after the take: one leaf
  CHECK(perft(last, 5) == 1);
}

TEST_CASE("Perft --full-length counts only sequences of exactly DEPTH moves", "[perft]") {
  auto p = load_rules(repo_path("rules/laska.rules"));
  const PerftOptions full{true, nullptr};
  State finished = state_at(p, kFinished);
  CHECK(perft(finished, 1, full).leaves == 0);
  State last = state_at(p, kLastTake);
  CHECK(perft(last, 1, full).leaves == 1);
  CHECK(perft(last, 2, full).leaves == 0);
  auto division = perft_divide(last, 2, full);
  REQUIRE(division.moves.size() == 1);
  CHECK(division.moves[0].second == 0);
  // In a game no sequence of which ends before the depth, both rules agree.
  auto loa = load_rules(repo_path("rules/loa.rules"));
  State start(loa);
  CHECK(perft(start, 3, full).leaves == perft(start, 3));
}

TEST_CASE("A perft stopped by its flag reports a partial count as incomplete", "[perft]") {
  auto p = load_rules(repo_path("rules/loa.rules"));
  State s(p);
  std::atomic<bool> stop{true};
  PerftCount count = perft(s, 4, PerftOptions{false, &stop});
  CHECK_FALSE(count.complete);
  CHECK(count.leaves < 1000);
  PerftDivision division = perft_divide(s, 4, PerftOptions{false, &stop});
  CHECK_FALSE(division.complete);
  CHECK(division.moves.empty());  // a root move whose count was cut is in the total only
  stop = false;
  CHECK(perft(s, 2, PerftOptions{false, &stop}).complete);
}

TEST_CASE("CLI: Ctrl-C stops perft and bench, which print what they counted so far", "[perft][cli]") {
  // The commands run in the background (so bash leaves SIGINT to them). Once a command
  // catches SIGINT (its SigCgt mask in /proc has bit 2), it is interrupted, and must end at
  // once with exit 130 and a partial count; a watchdog kills it after 60 s otherwise.
  auto interrupted = [](const std::string& command) {
    return run_script(
        "out=$(mktemp); $TABULA " + command +
        " >$out 2>&1 & pid=$!\n"
        "for i in $(seq 400); do m=$(awk '/SigCgt/ {print $2}' /proc/$pid/status 2>/dev/null);\n"
        "  [ -n \"$m\" ] && (( (0x$m & 2) != 0 )) && break; sleep 0.05; done\n"
        "sleep 0.3; kill -INT $pid\n"
        "(sleep 60 & s=$!; trap 'kill $s; exit' TERM; wait $s; kill -KILL $pid) >/dev/null 2>&1 & watchdog=$!\n"
        "wait $pid; echo \"exit=$?\"; kill $watchdog; cat $out; rm -f $out");
  };
  auto perft = interrupted("perft rules/loa.rules 8");
  CHECK_THAT(perft.out, Catch::Contains("exit=130"));
  CHECK_THAT(perft.out, Catch::Contains("(interrupted after") && Catch::Contains("counted so far, incomplete)"));
  auto json = interrupted("perft rules/loa.rules 8 --json");
  CHECK_THAT(json.out, Catch::Contains("exit=130") && Catch::Contains("\"complete\":false"));
  auto bench = interrupted("bench rules/loa.rules --seconds 600");
  CHECK_THAT(bench.out, Catch::Contains("exit=130"));
  CHECK_THAT(bench.out, Catch::Contains("(interrupted: the games finished so far)") && Catch::Contains("draws"));
}

TEST_CASE("Perft counts past twelve plies: a game that must end within them counts the same deeper", "[perft]") {
  // Connect Four with columns a-e full (no four anywhere: each column alternates, c and d
  // start with the other colour) and f, g empty: every game from here ends within 12 plies,
  // so perft 12, 13, 14 and 20 are one count; the same count two plies down, summed; and the
  // reference program's.
  for (bool reference : {false, true}) {
    auto p = load_rules(repo_path("rules/connect-four.rules"), {.reference = reference});
    State s(p);
    s.edit([&](StateEditor& e) {
      for (char file : {'a', 'b', 'c', 'd', 'e'})
        for (int rank = 1; rank <= 6; ++rank) {
          const bool red = (rank % 2 == 1) != (file == 'c' || file == 'd');
          const std::string cell = std::string(1, file) + std::to_string(rank);
          e.set_cell(p->board->find_cell(cell), p->piece_code(red ? 0 : 1, 0));
        }
    });
    REQUIRE_FALSE(s.is_terminal());
    REQUIRE(s.legal_moves().size() == 2);
    const uint64_t at_12 = perft(s, 12);
    CHECK(at_12 > 100);  // C(12, 6) = 924 orders fill f and g; some end early in a row of four
    CHECK(at_12 <= 924);
    CHECK(perft(s, 13) == at_12);
    CHECK(perft(s, 14) == at_12);
    CHECK(perft(s, 20) == at_12);
    uint64_t two_down = 0;
    for (const Move& m1 : s.legal_moves()) {
      State a = s;
      a.apply(m1);
      if (a.is_terminal()) {  // a game over after one ply is one leaf at any depth
        ++two_down;
        continue;
      }
      for (const Move& m2 : a.legal_moves()) {
        State b = a;
        b.apply(m2);
        two_down += perft(b, 12);
      }
    }
    CHECK(two_down == perft(s, 14));
    CHECK(perft(s, kMaxPerftPlies) == at_12);
  }
}

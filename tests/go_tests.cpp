// Go (rules/go-9x9.rules, go-13x13.rules, go.rules): group capture (`capture groups`), the
// legality filter (`legal if`: no suicide, positional superko with `repeated`), a pass at every
// turn (`option pass=always`), area scoring (`area`) and komi. tests/go/reference_go.py checks
// the same files against an independent implementation, perft and seeded random games.
#include <catch2/catch.hpp>

#include "engine/generate.hpp"
#include "engine/perft.hpp"
#include "engine/sample.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

bool has_move(const State& s, const std::string& text) {
  const auto moves = move_strings(s);
  return std::find(moves.begin(), moves.end(), text) != moves.end();
}

void play(State& s, const std::string& line) {
  std::istringstream in(line);
  for (std::string m; in >> m;) s.apply(move_of(s, m));
}

}  // namespace

TEST_CASE("Go: every point or a pass, on each board", "[go][perft]") {
  State nine(load_rules(repo_path("rules/go-9x9.rules")));
  CHECK(perft(nine, 1) == 82);
  CHECK(perft(nine, 2) == 6643);  // 81 x 81 after a stone, 82 after a pass
  State thirteen(load_rules(repo_path("rules/go-13x13.rules")));
  CHECK(perft(thirteen, 1) == 170);
  State nineteen(load_rules(repo_path("rules/go.rules")));
  CHECK(perft(nineteen, 1) == 362);
  CHECK(perft(nineteen, 2) == 130683);
}

TEST_CASE("Go: a group left without a liberty is taken, a stone and a chain alike", "[go][rule]") {
  auto p = load_rules(repo_path("rules/go-9x9.rules"));
  State s(p);
  play(s, "B@e5 W@e6 B@d6 pass B@f6 pass B@e7");  // the white stone on e6 is surrounded
  CHECK(symbol_at(s, "e6") == ".");
  CHECK(captured_by(s, 0) == 1);
  // A chain of two on the edge, taken by the stone that fills its last liberty.
  auto t = state_at(p, "9/9/9/9/9/9/9/BB7/WW7 black");
  t.apply(move_of(t, "B@c1"));
  CHECK(symbol_at(t, "a1") == ".");
  CHECK(symbol_at(t, "b1") == ".");
  CHECK(captured_by(t, 0) == 2);
}

TEST_CASE("Go: suicide is illegal unless the stone captures", "[go][rule]") {
  auto p = load_rules(repo_path("rules/go-9x9.rules"));
  auto s = state_at(p, "9/9/9/9/9/9/9/B8/1B7 white");  // a1 has no liberty for White
  CHECK_FALSE(has_move(s, "W@a1"));
  CHECK(has_move(s, "pass"));
  // The ko: White's d4 has no liberty of its own but takes e4; Black may not retake at once
  // (the board would come back), but may from the same board given without its history.
  State k(p);
  play(k, "B@d5 W@e5 B@c4 W@f4 B@d3 W@e3 B@e4 W@d4");
  CHECK(symbol_at(k, "e4") == ".");
  CHECK_FALSE(has_move(k, "B@e4"));
  auto fresh = state_at(p, "9/9/9/9/3BW4/2BW1W3/3BW4/9/9 black");
  CHECK(has_move(fresh, "B@e4"));
  // After a move elsewhere each, the retake makes a new board: legal again.
  play(k, "B@a9 W@i9");
  CHECK(has_move(k, "B@e4"));
  k.undo(), k.undo();
  CHECK_FALSE(has_move(k, "B@e4"));  // the boards seen are taken back with the moves
}

TEST_CASE("Go: superko compares the boards before the move, also when the move ends the game", "[go][rule]") {
  // With a limit of 3 plies the third move ends the game at once: every point is still legal
  // (the board it makes is not compared with itself).
  auto p = load_rules(temp_rules("go-3-plies.rules", "variant \"Go, 3 plies\" extends \"" +
                                                         repo_path("rules/go-9x9.rules") + "\"\nlimit plies=3\n"));
  State s(p);
  s.apply(move_of(s, "B@e5"));
  s.apply(move_of(s, "W@e6"));
  CHECK(s.legal_moves().size() == 80);  // 79 points and a pass
  s.apply(move_of(s, "B@a1"));
  CHECK(s.is_terminal());
}

TEST_CASE("Go: two passes end the game, scored by area with komi", "[go][rule]") {
  auto p = load_rules(repo_path("rules/go-9x9.rules"));
  // Black walls off the first three files' 27 points with 9 stones on the d-file.
  auto s = state_at(p, "3B5/3B5/3B5/3B5/3B5/3B5/3B5/3B5/3B4W white");
  s.apply(move_of(s, "pass"));
  CHECK_FALSE(s.is_terminal());
  s.apply(move_of(s, "pass"));
  REQUIRE(s.is_terminal());
  // Black: 9 stones + 27 points = 36; White: 1 stone + the 44 points east of the wall
  // (bordered by both: nobody's) = 1 + 7.5.
  CHECK(score_text(s, 0) == "36");
  CHECK(score_text(s, 1) == "8.5");
  CHECK(s.returns()[0] == 1.0);
}

TEST_CASE("Go: random playouts count the filtered moves", "[go][rule]") {
  auto p = load_rules(repo_path("rules/go-9x9.rules"));
  State s(p);
  play(s, "B@d5 W@e5 B@c4 W@f4 B@d3 W@e3 B@e4 W@d4");
  MoveSample sample;
  CHECK(count_moves(s, sample) == s.legal_moves().size());
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    State g = random_game_to_end(p, seed);
    CHECK(g.is_terminal());
    CHECK(g.ply() <= 400);
  }
}

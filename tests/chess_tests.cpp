// rules/chess.rules and rules/chess960.rules: the moves that depend on history (castling with
// `castle`, en passant with `passable=yes` and `land=passed`, promotion with the mover's
// choice) and the draws, against the published perft counts (positions written in Tabula's
// text: J/C are a king and a rook that may still castle; tools/fen converts FEN) and rule by
// rule. The deeper published counts run through the CLI in tests/chess/published_perft.py.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "engine/state_drawing.hpp"
#include "engine/text/position_text.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> chess() { return load_rules(repo_path("rules/chess.rules")); }

uint64_t count(const std::shared_ptr<const Program>& p, const std::string& position, int depth) {
  State s = position.empty() ? State(p) : state_at(p, position);
  return perft(s, depth, {.full_length = true}).leaves;
}

bool has(const std::vector<std::string>& moves, const std::string& m) {
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

}  // namespace

// Counts from the Chess Programming Wiki's "Perft Results" (positions 2-6) and "Chess960
// Perft Results"; a mate below the root is no leaf there (full_length).
TEST_CASE("Chess: published perft counts, castling, en passant and promotions included", "[chess][perft]") {
  auto p = chess();
  CHECK(count(p, "", 3) == 8902);
  const std::string kiwipete = "c3j2c/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/C3J2C white";
  CHECK(count(p, kiwipete, 1) == 48);
  CHECK(count(p, kiwipete, 2) == 2039);
  CHECK(count(p, kiwipete, 3) == 97862);
  CHECK(count(p, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 white", 4) == 43238);  // en passant along a pin
  CHECK(count(p, "c3j2c/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 white", 3) == 9467);
  CHECK(count(p, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/CNBQJ2C white", 3) == 62379);
  CHECK(count(p, "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 white", 2) == 2079);
}

TEST_CASE("Chess960: published perft counts (the castle movement from any back rank)", "[chess][perft]") {
  auto p = load_rules(repo_path("rules/chess960.rules"));
  CHECK(count(p, "bqnb1cjc/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNCJC white", 3) == 12189);
  CHECK(count(p, "2nncbjc/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNCBJC white", 3) == 18002);
  CHECK(count(p, "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNCJCB white", 3) == 10471);  // king between its rooks
  CHECK(count(p, "qbbnncjc/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R white", 3) == 13440);
  CHECK(count(p, "nqn2jcb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB white", 3) == 10608);
  CHECK(count(p, "bqnc1jc1/pppppp1p/6p1/5n2/4B3/3N2PP/PbPPPP2/BQNC1JC1 white", 3) == 36559);
  CHECK(count(p, "", 2) == 400);
}

TEST_CASE("Chess: the deeper published counts", "[chess][perft][slow][release-only]") {
  auto p = chess();
  CHECK(count(p, "", 5) == 4865609);
  CHECK(count(p, "c3j2c/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/C3J2C white", 4) == 4085603);
}

TEST_CASE("Chess: castling moves king and rook, both then ordinary pieces", "[chess][rule]") {
  auto p = chess();
  auto s = state_at(p, "c3j2c/8/8/8/8/8/8/C3J2C white");
  auto moves = move_strings(s);
  CHECK(has(moves, "e1-g1/h1-f1"));
  CHECK(has(moves, "e1-c1/a1-d1"));
  s.apply(move_of(s, "e1-g1/h1-f1"));
  CHECK(symbol_at(s, "g1") == "K");
  CHECK(symbol_at(s, "f1") == "R");
  CHECK(symbol_at(s, "e1") == ".");
  CHECK(symbol_at(s, "h1") == ".");
  CHECK(symbol_at(s, "a1") == "C");  // the other rook keeps its right
  s.undo();
  CHECK(position_string(s) == "c3j2c/8/8/8/8/8/8/C3J2C white");
  // A king's move ends both of its rights; a rook's move, that side's.
  s.apply(move_of(s, "h1-h2"));
  s.apply(move_of(s, "a8-a7"));
  moves = move_strings(s);
  CHECK_FALSE(has(moves, "e1-g1/h1-f1"));
  CHECK(has(moves, "e1-c1/a1-d1"));
  CHECK(position_string(s) == "4j2c/r7/8/8/8/8/7R/C3J3 white; at=turn:1 quiet=2");
  s.apply(move_of(s, "e1-f1"));
  s.apply(move_of(s, "a7-a8"));
  s.apply(move_of(s, "f1-e1"));
  s.apply(move_of(s, "a8-a7"));
  CHECK(symbol_at(s, "e1") == "K");
  moves = move_strings(s);
  CHECK(
      std::none_of(moves.begin(), moves.end(), [](const std::string& m) { return m.find('/') != std::string::npos; }));
}

TEST_CASE("Chess: no castling out of, through or into check, nor across a piece", "[chess][rule]") {
  auto p = chess();
  // (The black king stands on c8, off the files of White's rooks: a position with the side
  // that has just moved in check is not a legal one, rules/chess.rules `legal-position`.)
  // A black rook on f8 sees f1 (crossed going king-side); the queen side is free.
  auto through = move_strings(state_at(p, "2k2r2/8/8/8/8/8/8/C3J2C white"));
  CHECK_FALSE(has(through, "e1-g1/h1-f1"));
  CHECK(has(through, "e1-c1/a1-d1"));
  // Into check: g1 seen by a rook on g8.
  CHECK_FALSE(has(move_strings(state_at(p, "2k3r1/8/8/8/8/8/8/C3J2C white")), "e1-g1/h1-f1"));
  // Out of check: a rook on e8 gives check.
  auto check = move_strings(state_at(p, "2k1r3/8/8/8/8/8/8/C3J2C white"));
  CHECK_FALSE(has(check, "e1-g1/h1-f1"));
  CHECK_FALSE(has(check, "e1-c1/a1-d1"));
  // b1 attacked does not stop the queen side (the king does not cross it); a piece on b1 does.
  CHECK(has(move_strings(state_at(p, "1rk5/8/8/8/8/8/8/C3J2C white")), "e1-c1/a1-d1"));
  CHECK_FALSE(has(move_strings(state_at(p, "2k5/8/8/8/8/8/8/CN2J2C white")), "e1-c1/a1-d1"));
}

TEST_CASE("Chess: en passant right after the double step, and only then", "[chess][rule]") {
  auto p = chess();
  State s(p);
  for (const char* m : {"e2-e4", "a7-a6", "e4-e5", "d7-d5"}) s.apply(move_of(s, m));
  CHECK(position_string(s) ==
        "cnbqjbnc/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/CNBQJBNC white; at=turn:1 passed.from=d7 passed.by=d5 passed.dir=s");
  CHECK(has(move_strings(s), "e5xd6"));
  s.apply(move_of(s, "e5xd6"));
  CHECK(symbol_at(s, "d5") == ".");  // the pawn that passed is taken
  CHECK(symbol_at(s, "d6") == "P");
  s.undo();
  // Played a turn later, it is gone.
  s.apply(move_of(s, "h2-h3"));
  s.apply(move_of(s, "h7-h6"));
  CHECK_FALSE(has(move_strings(s), "e5xd6"));
}

TEST_CASE("Chess: en passant that would expose the king along the rank is illegal", "[chess][rule]") {
  auto p = chess();
  // White king a5, white pawn b5, black pawn c7 to c5, black rook h5: bxc6 would leave a5 open.
  auto s = state_at(p, "7k/2p5/8/KP5r/8/8/8/8 black");
  s.apply(move_of(s, "c7-c5"));
  CHECK_FALSE(has(move_strings(s), "b5xc6"));
}

TEST_CASE("Chess: a promotion is the mover's choice of four kinds, each written and read", "[chess][rule]") {
  auto p = chess();
  auto s = state_at(p, "1n5k/P7/8/8/8/8/8/K7 white");
  auto moves = move_strings(s);
  for (const char* m : {"a7-a8=Q", "a7-a8=R", "a7-a8=B", "a7-a8=N", "a7xb8=Q", "a7xb8=N"}) CHECK(has(moves, m));
  CHECK(moves.size() == 3 + 8);  // the king's three moves
  s.apply(move_of(s, "a7xb8=N"));
  CHECK(symbol_at(s, "b8") == "N");
  s.undo();
  std::string error;
  CHECK_FALSE(parse_move(s, "a7-a8", error));
  CHECK(error == "'a7-a8' promotes: say to which kind (a7-a8=Q, a7-a8=R, a7-a8=B, a7-a8=N)");
}

TEST_CASE("Chess: 50 moves without a capture or a pawn move draw, and so does a third repetition", "[chess][rule]") {
  auto p = chess();
  auto quiet = state_at(p, "7k/8/8/8/8/8/8/R6K white; at=turn:1 quiet=99");
  quiet.apply(move_of(quiet, "a1-a2"));
  REQUIRE(quiet.is_terminal());
  CHECK(quiet.returns() == std::vector<double>{0.0, 0.0});
  State s(p);
  for (int round = 0; round < 2; ++round)
    for (const char* m : {"g1-f3", "g8-f6", "f3-g1", "f6-g8"}) {
      REQUIRE_FALSE(s.is_terminal());
      s.apply(move_of(s, m));
    }
  REQUIRE(s.is_terminal());  // the start stood for the third time
  CHECK(result_sentence(s) == "draw after 8 plies");
}

TEST_CASE("Chess: checkmate wins, stalemate draws", "[chess][rule]") {
  // The shipped rules, and a form whose end rules list moves without the history (the
  // legality filter's trial positions must not end the game on their own).
  for (const char* file : {"rules/chess.rules", "tests/data/chess-without-history.rules"}) {
    INFO(file);
    auto p = load_rules(repo_path(file));
    State fool(p);
    for (const char* m : {"f2-f3", "e7-e5", "g2-g4", "d8-h4"}) fool.apply(move_of(fool, m));
    REQUIRE(fool.is_terminal());
    CHECK(result_sentence(fool) == "black wins after 4 plies");
    auto stale = state_at(p, "7k/8/6K1/8/8/8/8/5Q2 white");
    stale.apply(move_of(stale, "f1-f7"));
    REQUIRE(stale.is_terminal());
    CHECK(stale.returns() == std::vector<double>{0.0, 0.0});
  }
}

TEST_CASE("Repetition as a rule: `repetitions` in an end rule, checked once the position is counted", "[chess][rule]") {
  // A variant where the side that brings a position back the third time loses (no draw).
  auto p = load_rules(temp_rules("repetition-loses.rules", "variant \"Repetition loses\" extends \"" +
                                                               repo_path("rules/chess.rules") +
                                                               "\"\noption repetition=off\nafter-move {\n"
                                                               "  lose mover if repetitions >= 3\n}\n"));
  State s(p);
  const char* shuffle[] = {"g1-f3", "g8-f6", "f3-g1", "f6-g8", "g1-f3", "g8-f6", "f3-g1"};
  for (const char* m : shuffle) {
    s.apply(move_of(s, m));
    REQUIRE_FALSE(s.is_terminal());
  }
  CHECK(s.repetitions() == 2);  // Black to move as after ply 3: the second time
  s.apply(move_of(s, "f6-g8"));
  REQUIRE(s.is_terminal());
  CHECK(result_sentence(s) == "white wins after 8 plies");
  s.undo();
  CHECK_FALSE(s.is_terminal());
  CHECK(s.repetitions() == 2);
}

TEST_CASE("Taking in passing: a step that may land on empty cells or passed ones takes on a passed cell",
          "[chess][rule]") {
  // A made-up game: pieces step forward or sideways-forward onto empty cells, a double step is
  // passable, and a sideways-forward step onto a passed cell takes the piece that passed.
  auto p = rules_with_repo_board("passing.rules", R"(game "Passing"
board "square8.yaml"
player white facing=north
player black facing=south
piece runner symbol=R|r
setup {
  white runner: d4
  black runner: e7
}
move runner {
  line dirs=forward distance=2 over=nothing land=empty passable=yes
  step dirs=forward-left|forward-right land=empty|passed
}
)");
  auto s = state_at(p, "8/4r3/8/3R4/8/8/8/8 black");
  s.apply(move_of(s, "e7-e5"));                                                   // crosses e6
  CHECK(move_strings(s) == std::vector<std::string>{"d5-c6", "d5-d7", "d5-e6"});  // notation: "-" for captures too
  s.apply(move_of(s, "d5-e6"));
  CHECK(symbol_at(s, "e5") == ".");
  CHECK(symbol_at(s, "e6") == "R");
}

// Lanko-88, -68 and -103 (docs/LANKO.md, A1-A13): perft against the independent model, and
// a hand-made position for every rule.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> lanko(const std::string& board) {
  return load_rules(repo_path("rules/lanko-" + board + ".rules"));
}

bool has(const std::vector<std::string>& v, const std::string& m) { return std::count(v.begin(), v.end(), m) == 1; }

std::vector<std::string> moves_from(const State& s, const std::string& cell) {
  std::vector<std::string> out;
  for (const auto& m : move_strings(s))
    if (m.rfind(cell + "-", 0) == 0 || m.rfind(cell + ":", 0) == 0) out.push_back(m);
  return out;
}

std::string kind_at(const State& s, const char* cell) {
  uint8_t code = s.at(s.program().board->find_cell(cell));
  return code ? s.program().kinds[s.program().kind(code)].name : "";
}

}  // namespace

TEST_CASE("Lanko: perft from the start matches the independent model (A12)", "[lanko][perft]") {
  struct Row {
    const char* board;
    uint64_t d[4];
  };
  for (const Row& r :
       {Row{"88", {25, 499, 9955, 149028}}, Row{"68", {19, 306, 4934, 65300}}, Row{"103", {12, 118, 1156, 8916}}}) {
    INFO(r.board);
    State s(lanko(r.board));
    for (int d = 1; d <= 4; ++d) CHECK(perft(s, d) == r.d[d - 1]);
  }
}

TEST_CASE("Lanko: the first moves counted by hand (A12)", "[lanko][perft]") {
  // 88: S starts with a pawn: every one of the 25 moves is a pawn's (castles are boxed in).
  State s(lanko("88"));
  for (const Move& m : s.legal_moves()) CHECK(s.program().kinds[s.program().kind(s.at(m.from))].name == "pawn");
  // 103: six steps and six leaps, castles included.
  State t(lanko("103"));
  CHECK(move_strings(t) == std::vector<std::string>{"d2-c3", "d2-f4", "e1-c3", "e3-d4", "e3-f4", "f2-d4", "f2-h4",
                                                    "g1-i3", "g3-f4", "g3-h4", "h2-f4", "h2-i3"});
}

TEST_CASE("Lanko: forward, left and right belong to the seat that moves (A1)", "[lanko][rule]") {
  auto p = lanko("88");
  // W faces east: a pawn on e9 goes east, north, south, north-east, south-east.
  auto w = state_at(p, "e9p d3P, W to move");
  CHECK(moves_from(w, "e9") == std::vector<std::string>{"e9-e10", "e9-e8", "e9-f10", "e9-f8", "e9-f9"});
  // E faces west.
  auto e = state_at(p, "i9p d3P, E to move");
  CHECK(moves_from(e, "i9") == std::vector<std::string>{"i9-h10", "i9-h8", "i9-h9", "i9-i10", "i9-i8"});
  // A castle: forward, left, right only.
  auto c = state_at(p, "e5T d9p, S to move");
  CHECK(moves_from(c, "e5") == std::vector<std::string>{"e5-d5", "e5-e6", "e5-f5"});
}

TEST_CASE("Lanko: a seat moves its colour on its own half or the common strip (A5)", "[lanko][rule]") {
  auto p = lanko("88");
  // W (files a-g) may not move the black pawn on i9 (E's half); both W and E may move the
  // pawn on g9, on the N-S strip common to black.
  auto w = state_at(p, "i9p g9p d3P, W to move");
  CHECK(moves_from(w, "i9").empty());
  CHECK_FALSE(moves_from(w, "g9").empty());
  auto e = state_at(p, "i9p g9p d3P, E to move");
  CHECK_FALSE(moves_from(e, "i9").empty());
  CHECK_FALSE(moves_from(e, "g9").empty());
  // A seat with nothing it may move passes (or, here, since only black... no castles at all
  // remain, it may also stop the game).
  auto n = state_at(p, "d3P i9p, N to move");
  CHECK(move_strings(n) == std::vector<std::string>{"pass", "stop"});
}

TEST_CASE("Lanko: a pawn jumps one pawn of its colour, never a castle (A6)", "[lanko][rule]") {
  auto p = lanko("88");
  auto s = state_at(p, "e4P e5P f4T d9p, S to move");
  auto moves = moves_from(s, "e4");
  CHECK(has(moves, "e4-e6"));        // over its own pawn
  CHECK_FALSE(has(moves, "e4-g4"));  // not over a castle
  // The partner's pawn is of the same colour: N's pawn may be jumped by S.
  CHECK(has(move_strings(state_at(p, "e4P e5P d9p, S to move")), "e4-e6"));
}

TEST_CASE("Lanko: barriers block orthogonal moves but not a pawn's diagonal step (A6)", "[lanko][rule]") {
  auto p = lanko("88");
  // c3|c4 is a barrier: S's pawn on c3 cannot go north, but may go north-east.
  auto s = state_at(p, "c3P d9p, S to move");
  CHECK(moves_from(s, "c3") == std::vector<std::string>{"c3-d3", "c3-d4"});
  // Nor can a capture cross it.
  auto t = state_at(p, "c3P c4p d9p, S to move");
  CHECK(moves_from(t, "c3").size() == 2);
}

TEST_CASE("Lanko: captures jump orthogonally in any direction, to the end, compulsory (A8)", "[lanko][rule]") {
  auto p = lanko("88");
  // S's castle on e5 captures backwards (south) over e4, then sideways over d3: the sequence
  // goes on while a capture exists, and no other move is legal.
  auto s = state_at(p, "e5T e4p d3p d9p, S to move");
  CHECK(move_strings(s) == std::vector<std::string>{"e5:e3:c3"});
  std::string error;
  CHECK_FALSE(parse_move(s, "e5:e3", error));
  s.apply(move_of(s, "e5:e3:c3"));
  CHECK(kind_at(s, "e4").empty());
  CHECK(kind_at(s, "d3").empty());
  // Multi-capture: free choice among sequences, each played to its end.
  auto m = state_at(p, "e4P e5p e7p d6p j9p, S to move");
  CHECK(move_strings(m) == std::vector<std::string>{"e4:e6:c6", "e4:e6:e8"});
}

TEST_CASE("Lanko: middle squares fix castles (triple value) and burn pawns (A6)", "[lanko][rule]") {
  auto p = lanko("88");
  auto s = state_at(p, "g5T f6P d9p, S to move");
  s.apply(move_of(s, "g5-g6"));
  CHECK(kind_at(s, "g6") == "fixed-small-castle");
  CHECK(score(s, 0) == 18 + 2);
  auto burn = state_at(p, "f6P d9p, S to move");
  burn.apply(move_of(burn, "f6-f7"));
  CHECK(kind_at(burn, "f7").empty());
  // A capture that lands on a middle square ends there, even with another capture ahead.
  auto cap = state_at(p, "d7T e7p f8p j9p, S to move");
  CHECK(move_strings(cap) == std::vector<std::string>{"d7:f7"});
  // A fixed castle is never captured (no f8:f6) nor moved.
  auto fixed = state_at(p, "f7V f8p d3P, W to move");
  CHECK(moves_from(fixed, "f8") == std::vector<std::string>{"f8-f9", "f8-g8", "f8-g9"});
  auto own = state_at(p, "f7V f8p d3P, N to move");
  CHECK(moves_from(own, "f7").empty());
}

TEST_CASE("Lanko: the attack from the common border square (drawing 7)", "[lanko][rule]") {
  // S moves a pawn onto the W-E strip (e7, common to white); W plays; N, whose half now
  // holds that pawn, captures with it: two castles and two pawns.
  auto s = state_at(lanko("88"), "d6P e6P e8t f9x g10p h11p c4p, S to move");
  CHECK(moves_from(s, "e7").empty());
  s.apply(move_of(s, "d6-e7"));
  s.apply(move_of(s, "c4-d4"));
  CHECK(s.program().seats[s.current_seat()].name == "N");
  CHECK(move_strings(s) == std::vector<std::string>{"e7:e9:g9:g11:i11"});
  s.apply(move_of(s, "e7:e9:g9:g11:i11"));
  for (const char* c : {"e8", "f9", "g10", "h11"}) CHECK(kind_at(s, c).empty());
  CHECK(kind_at(s, "i11") == "pawn");
}

TEST_CASE("Lanko: the seed's scoring example, 62-50 to black (A11)", "[lanko][rule]") {
  // White: a big castle on a middle square and 7 pawns; black: a big and a small castle on
  // middle squares and 4 pawns.
  auto s = state_at(lanko("88"), "g6Z f7z h7v d3P e3P i3P j3P d11P e11P i11P c4p c5p k4p k5p, W to move");
  CHECK(score(s, 0) == 50);
  CHECK(score(s, 1) == 62);
  // Black may stop: no capture, no unfixed castle anywhere, none threatened.
  CHECK(has(move_strings(s), "stop"));
  s.apply(move_of(s, "stop"));
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == 1);
}

TEST_CASE("Lanko: stop needs every unfixed castle to be the stopper's, none threatened (A9)", "[lanko][rule]") {
  auto p = lanko("88");
  CHECK_FALSE(has(move_strings(state_at(p, "e5T d9t d3P, W to move")), "stop"));  // white has a castle
  CHECK(has(move_strings(state_at(p, "d9t d3P, W to move")), "stop"));
  // A white pawn could take W's castle on d9 (N may capture with the pawn on d10).
  CHECK_FALSE(has(move_strings(state_at(p, "d9t d10P d3P, W to move")), "stop"));
}

TEST_CASE("Lanko: the end conditions (A10)", "[lanko][end]") {
  auto p = lanko("88");
  // (a) the four middle squares filled by fixed castles.
  auto a = state_at(p, "g6Z f7z h7v g4T d11P c4p, S to move");
  a.apply(move_of(a, "g4-g5"));
  REQUIRE_FALSE(a.is_terminal());  // three of four
  auto full = state_at(p, "f7z h7v g8Z g5T d11P c4p, S to move");
  full.apply(move_of(full, "g5-g6"));
  REQUIRE(full.is_terminal());
  // (b) no unfixed castle left.
  auto b = state_at(p, "e5P e6t d11P c4p, S to move");  // a pawn takes the last castle
  b.apply(move_of(b, "e5:e7"));
  REQUIRE(b.is_terminal());
  // (c) a colour with nothing left but fixed castles.
  auto c = state_at(p, "e5P e6p g6Z c9t, S to move");
  c.apply(move_of(c, "e5:e7"));
  REQUIRE_FALSE(c.is_terminal());  // black still has a castle
  auto c2 = state_at(p, "e5P e6p g6z d11T, S to move");
  c2.apply(move_of(c2, "e5:e7"));
  REQUIRE(c2.is_terminal());       // black has only a fixed castle
  CHECK(c2.result().winner == 1);  // 36 for black against 6 + 2 for white
  // (e) threefold repetition ends the game on the score: S and W shuffle their castles
  // sideways while N and E, with nothing to move, pass.
  auto e = state_at(p, "e5T e9t, S to move");
  int applied = 0;
  for (int round = 0; round < 2; ++round)
    for (const char* m : {"e5-d5", "e9-e10", "pass", "pass", "d5-e5", "e10-e9", "pass", "pass"}) {
      REQUIRE_FALSE(e.is_terminal());
      e.apply(move_of(e, m));
      ++applied;
    }
  CHECK(applied == 16);
  CHECK(e.is_terminal());
}

TEST_CASE("Lanko-103: end squares are entered from a manoeuvre square, never backwards (A7)", "[lanko][rule]") {
  auto p = lanko("103");
  auto s = state_at(p, "f6T a3p, S to move");
  auto moves = moves_from(s, "f6");
  CHECK(has(moves, "f6-f7"));
  CHECK(has(moves, "f6-e6"));
  CHECK(has(moves, "f6-g6"));
  CHECK_FALSE(has(moves, "f6-f5"));
  s.apply(move_of(s, "f6-e6"));
  CHECK(kind_at(s, "e6") == "fixed-small-castle");
  // Not from an ordinary dark square, and never a pawn.
  CHECK_FALSE(has(move_strings(state_at(p, "f4T a3p, S to move")), "f4-f5"));
  CHECK_FALSE(has(move_strings(state_at(p, "e5P a3p, S to move")), "e5-f5"));
}

TEST_CASE("Lanko-103: standby pawns and leaps over castles (A7)", "[lanko][rule]") {
  auto p = lanko("103");
  auto s = state_at(p, "f1Q e1T a3p, S to move");
  auto moves = moves_from(s, "f1");
  CHECK(moves == std::vector<std::string>{"f1-f2", "f1-g1"});  // e1 is taken
  s.apply(move_of(s, "f1-f2"));
  CHECK(kind_at(s, "f2") == "pawn");
  // A pawn leaps over a castle of its colour.
  auto t = state_at(p, "e3P f4X a3p, S to move");
  CHECK(has(moves_from(t, "e3"), "e3-g5"));
}

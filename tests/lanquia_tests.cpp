// Lanquia (docs/GAMES.md, "Lanquia"): the pie opening, line-of-sight
// placement, incursion, flanking captures on each axis and in both orders, territory,
// passing and the end by score.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "kernels/flanking.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> lanquia() {
  static auto p = load_rules(repo_path("rules/lanquia.rules"));
  return p;
}

bool has(const std::vector<std::string>& v, const std::string& m) { return std::count(v.begin(), v.end(), m) == 1; }
int cell(const State& s, const char* name) { return s.program().board->find_cell(name); }

}  // namespace

TEST_CASE("Lanquia: the board has 217 points and hex notation round-trips", "[lanquia]") {
  State s(lanquia());
  CHECK(s.program().cells == 217);
  for (int c = 0; c < s.program().cells; ++c) CHECK(s.program().board->find_cell(s.program().board->cell(c).name) == c);
  auto t = state_at(lanquia(), "i9B a1W q9B, White to move");
  CHECK(position_string(t) == "8B/10/11/12/13/14/15/16/8B8/16/15/14/13/12/11/10/W8 white");
  CHECK(state_at(lanquia(), position_string(t)) == t);
}

TEST_CASE("Lanquia: the two-stone pie opening", "[lanquia][opening]") {
  State s(lanquia());
  CHECK(perft(s, 1) == 217);            // a black stone anywhere
  CHECK(perft(s, 2) == 217 * 216);      // then a white stone anywhere
  CHECK(perft(s, 3) == 217 * 216 * 2);  // then keep or swap
  s.apply(move_of(s, "B@i9"));
  s.apply(move_of(s, "W@a1"));
  CHECK(move_strings(s) == std::vector<std::string>{"keep", "swap"});
  State kept = s;
  kept.apply(move_of(kept, "keep"));
  CHECK(kept.current_player() == 0);  // Black (the first player) moves next
  CHECK(kept.program().owner(kept.at(cell(kept, "i9"))) == 0);
  s.apply(move_of(s, "swap"));
  // The second player takes Black: relabelled, the stones swap colours and White (the
  // second player) moves next; the rules treat both colours alike from here on.
  CHECK(s.program().owner(s.at(cell(s, "i9"))) == 1);
  CHECK(s.program().owner(s.at(cell(s, "a1"))) == 0);
  CHECK(s.current_player() == 1);
  CHECK_FALSE((s.turn_point().segment == TurnPoint::opening));
}

TEST_CASE("Lanquia: a stone must see a friendly stone along one of the six directions", "[lanquia][rule]") {
  auto s = state_at(lanquia(), "i9B a1W, Black to move");
  auto moves = move_strings(s);
  CHECK(moves.size() == 47);  // the six rays from i9, less a1 (White's)
  for (const char* m : {"B@i1", "B@i17", "B@b2", "B@h9", "B@a9", "B@j8", "B@q1", "B@j9", "B@q9"}) CHECK(has(moves, m));
  CHECK_FALSE(has(moves, "B@h7"));  // not on a line through i9
  // The first stone reached is what counts: behind White's h8, g7 is not seen from i9.
  auto t = state_at(lanquia(), "i9B h8W a9W, Black to move");
  CHECK_FALSE(has(move_strings(t), "B@g7"));
}

TEST_CASE("Lanquia: a capture along each of the three axes", "[lanquia][rule]") {
  struct Case {
    const char* position;
    const char* place;
    const char* captured;
  };
  for (const Case& c : {Case{"i5B i6W i8B a1W, Black to move", "B@i7", "i6"},      // e-w
                        Case{"g7B h8W i10B a1W, Black to move", "B@i9", "h8"},     // ne-sw
                        Case{"g9B h9W i10B a1W, Black to move", "B@i9", "h9"}}) {  // nw-se
    INFO(c.position);
    auto s = state_at(lanquia(), c.position);
    s.apply(move_of(s, c.place));
    CHECK(s.at(cell(s, c.captured)) == 0);
    CHECK(captured_by(s, 0) == 1);
    CHECK(captured_by(s, 1) == 0);
  }
}

TEST_CASE("Lanquia: a chain of three is captured", "[lanquia][rule]") {
  auto s = state_at(lanquia(), "i3B i4W i5W i6W i8B a1W, Black to move");
  s.apply(move_of(s, "B@i7"));
  for (const char* c : {"i4", "i5", "i6"}) CHECK(s.at(cell(s, c)) == 0);
  CHECK(captured_by(s, 0) == 3);
}

TEST_CASE("Lanquia: no incursion, even one that would capture", "[lanquia][rule]") {
  // i7 lies in the run i6-i8 flanked by White (i5, i9). Placing there would also flank
  // White's j7 (with k7), yet it is forbidden.
  auto s = state_at(lanquia(), "i5W i9W h7B j7W k7B, Black to move");
  CHECK_FALSE(has(move_strings(s), "B@i7"));
  std::string error;
  CHECK_FALSE(parse_move(s, "B@i7", error));
  CHECK(error == "'B@i7' is not a legal placement: place B on an empty cell");
}

TEST_CASE("Lanquia: suicide removes the mover's own stones, as the opponent's captures", "[lanquia][rule]") {
  auto s = state_at(lanquia(), "i5W i6B i8W a9B, Black to move");
  s.apply(move_of(s, "B@i7"));
  CHECK(s.at(cell(s, "i6")) == 0);
  CHECK(s.at(cell(s, "i7")) == 0);
  CHECK(captured_by(s, 1) == 2);
  CHECK(captured_by(s, 0) == 0);
}

TEST_CASE("Lanquia: the removal order is a switch in the rules file", "[lanquia][rule]") {
  // B@i6 makes both Black's i5-i6 (between White i4, i7) and White's i7 (between Black i6,
  // i8) dead. Opponent first: i7 goes and Black's chain lives. Mover first: the other way.
  const char* position = "i4W i5B i7W i8B a1W, Black to move";
  auto s = state_at(lanquia(), position);
  s.apply(move_of(s, "B@i6"));
  CHECK(s.at(cell(s, "i7")) == 0);
  CHECK(s.at(cell(s, "i5")) != 0);
  CHECK(captured_by(s, 0) == 1);
  auto mover_first = load_rules(temp_rules(
      "lanquia-mover-first.rules", "variant \"Lanquia, mover first\" extends \"" + repo_path("rules/lanquia.rules") +
                                       "\"\ncapture flanked-chains order=mover-first\n"));
  auto t = state_at(mover_first, position);
  t.apply(move_of(t, "B@i6"));
  CHECK(t.at(cell(t, "i5")) == 0);
  CHECK(t.at(cell(t, "i6")) == 0);
  CHECK(t.at(cell(t, "i7")) != 0);
  CHECK(captured_by(t, 1) == 2);
}

TEST_CASE("Lanquia: territory is flanked by one colour only", "[lanquia][rule]") {
  // i7: flanked by Black on e-w (i6, i8) and by White on ne-sw (h6, j7): nobody's.
  // i12: flanked by Black (i11, i13) only: Black's; so is the run i9-i10 (i8, i11).
  auto s = state_at(lanquia(), "i6B i8B h6W j7W i11B i13B, Black to move");
  auto owners = territory_owners(s.program(), s.tops());
  CHECK(owners[cell(s, "i7")] == -1);
  CHECK(owners[cell(s, "i12")] == 0);
  CHECK(owners[cell(s, "i9")] == 0);
  CHECK(owners[cell(s, "i10")] == 0);
  CHECK(std::count(owners.begin(), owners.end(), 0) == 3);
  CHECK(std::count(owners.begin(), owners.end(), 1) == 0);
  CHECK(score(s, 0) == 3);
  CHECK(score(s, 1) == 0);
}

TEST_CASE("Lanquia: a player who cannot place passes - two passes end the game on the score", "[lanquia][rule]") {
  auto small = load_rules(temp_rules("lanquia-2.rules", "variant \"Lanquia, side 2\" extends \"" +
                                                            repo_path("rules/lanquia.rules") + "\"\nboard \"" +
                                                            repo_path("tests/data/hex2.yaml") + "\"\n"));
  // b2 is Black's territory (b1, b3): an incursion for White, who must pass.
  auto s = state_at(small, "b1B b3B a2B a1B c1W c2W, White to move");
  CHECK(score(s, 0) == 1);
  CHECK(move_strings(s) == std::vector<std::string>{"pass"});
  s.apply(move_of(s, "pass"));
  CHECK(s.consecutive_passes() == 1);
  CHECK(move_strings(s) == std::vector<std::string>{"B@b2"});
  s.apply(move_of(s, "B@b2"));
  CHECK(s.consecutive_passes() == 0);
  s.apply(move_of(s, "pass"));
  REQUIRE_FALSE(s.is_terminal());
  s.apply(move_of(s, "pass"));
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == -1);  // 0 captures and no territory each: a draw
  // With a capture in hand, the same end is a win.
  auto t = state_at(small, "b1B b2W c1B c2B a2W, Black to move");
  t.apply(move_of(t, "B@b3"));  // b2 between b1 and b3: captured (b3 sees c2)
  CHECK(captured_by(t, 0) == 1);
  while (!t.is_terminal()) t.apply(t.legal_moves().front());
  CHECK(t.result().winner == 0);
}

TEST_CASE("Lanquia: perft from a fixed early position, and whole random games", "[lanquia]") {
  State s(lanquia());
  for (const char* m : {"B@i9", "W@i10", "keep"}) s.apply(move_of(s, m));
  CHECK(perft(s, 1) == 40);  // the six rays from i9 (8 points each), east blocked by i10
  // Tabula's own counts (no external cross-check exists), pinned against regressions; the
  // same position given with --position counts the same.
  CHECK(perft(s, 2) == 1450);
  CHECK(perft(s, 3) == 85060);
  auto given = state_at(lanquia(), "i9B i10W, Black to move");
  CHECK(perft(given, 3) == 85060);
  Rng rng(11);
  for (int game = 0; game < 2; ++game) {
    State g(lanquia());
    while (!g.is_terminal()) {
      auto moves = g.legal_moves();
      g.apply(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
    }
    CHECK(g.result().over);
    CHECK(g.consecutive_passes() >= 2);
  }
}

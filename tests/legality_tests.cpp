// The legality filter (`legal if C`, engine/legality) with `threatens` over moves that take by
// landing: tests/data/chess-without-history.rules is chess without castling, en passant or a
// choice of promotion, so its counts are chess's published ones as far as those rules do not
// reach. (Go's filter, suicide and superko, is in go_tests.cpp.)
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "engine/state_drawing.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> chess() { return load_rules(repo_path("tests/data/chess-without-history.rules")); }

}  // namespace

TEST_CASE("Legality filter: chess's published perft where no history-dependent move is possible", "[legality][perft]") {
  State s(chess());
  CHECK(perft(s, 1) == 20);
  CHECK(perft(s, 2) == 400);
  CHECK(perft(s, 3) == 8902);
  CHECK(perft(s, 4) == 197281);  // 197,742 when a move may leave its own king attacked
  // Sequences of exactly 5 plies: 4,865,609 less the 258 en passant captures the file lacks
  // (plain perft counts the 8 mates at ply 4 as leaves too).
  CHECK(perft(s, 5, {.full_length = true}).leaves == 4865609 - 258);
}

TEST_CASE("Legality filter: a pinned piece stays, a king does not walk into check", "[legality][rule]") {
  auto p = chess();
  // The white knight on e2 is pinned by the rook on e8; the king may not step to d2, which
  // the bishop on a5 sees.
  auto s = state_at(p, "4r2k/8/8/b7/8/8/4N3/4K3 white");
  const auto moves = move_strings(s);
  CHECK(std::none_of(moves.begin(), moves.end(), [](const std::string& m) { return m.rfind("e2-", 0) == 0; }));
  CHECK(std::find(moves.begin(), moves.end(), "e1-d2") == moves.end());
  CHECK(std::find(moves.begin(), moves.end(), "e1-f1") != moves.end());
  CHECK(moves.size() == 3);  // e1-d1, e1-f1, e1-f2
}

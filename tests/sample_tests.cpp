// Random moves without listing every move (engine/sample.hpp): where a movement counts a
// side's moves set-wise (fused steps, counted line moves), random playouts write only the
// move drawn. The conformance suite compares the count and every move with the list at each
// ply of every rules file; these tests check that the counting path is the one taken where it
// should be, that a finished game counts no move, and that a seeded playout plays the game
// the listed moves give.
#include <catch2/catch.hpp>
#include <string>

#include "engine/sample.hpp"
#include "engine/state.hpp"
#include "players/playouts.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// Plays random moves picked from the listed moves, as playouts did before counting.
State listed_playout(std::shared_ptr<const Program> p, uint64_t seed) {
  Rng rng(seed);
  State s(p);
  MoveList moves;
  for (;;) {
    s.legal_moves(moves);
    if (moves.empty()) return s;
    s.apply_unchecked(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
  }
}

}  // namespace

TEST_CASE("Random playouts count the moves of movements that count set-wise", "[generation][sample]") {
  struct Case {
    const char* file;
    bool counted;
  };
  // Steps fused (Breakthrough, draughts men and kings), counted line moves (LOA), placements
  // without where= (Connect Four's by gravity, Gomoku's past 64 cells, Lanquia's first
  // placement), and moves that are listed (Othello's placements where= a flank is made).
  for (const Case c : {Case{"breakthrough.rules", true}, Case{"english-draughts.rules", true}, Case{"loa.rules", true},
                       Case{"loa-scrambled-eggs.rules", true}, Case{"connect-four.rules", true},
                       Case{"gomoku.rules", true}, Case{"lanquia.rules", true}, Case{"othello.rules", false}}) {
    DYNAMIC_SECTION(c.file) {
      auto p = load_rules(repo_path("rules/" + std::string(c.file)));
      State s(p);
      MoveSample sample;
      const uint32_t n = count_moves(s, sample);
      CHECK(n == s.legal_moves().size());
      CHECK((sample.tally.counted != nullptr) == c.counted);
      // Counted moves are not listed: only the ones drawn are written.
      if (c.counted) CHECK(sample.listed.size() < n);
    }
  }
}

TEST_CASE("A finished game counts no move", "[generation][sample]") {
  auto p = load_rules(repo_path("rules/breakthrough.rules"));
  State s = listed_playout(p, 7);
  REQUIRE(s.is_terminal());
  MoveSample sample;
  CHECK(count_moves(s, sample) == 0);
}

TEST_CASE("A seeded random playout plays the game the listed moves give", "[generation][sample]") {
  for (const char* file : {"breakthrough.rules", "english-draughts.rules", "laska.rules", "loa.rules",
                           "loa-neighbours-12.rules", "othello.rules"}) {
    DYNAMIC_SECTION(file) {
      auto p = load_rules(repo_path(std::string("rules/") + file));
      for (uint64_t seed = 1; seed <= 5; ++seed) {
        State expected = listed_playout(p, seed);
        State s(p);
        Rng rng(seed);
        MoveSample scratch;
        const int plies = play_randomly(s, rng, scratch);
        CHECK(plies == expected.ply());
        CHECK(s == expected);
        CHECK(s.history() == expected.history());
      }
    }
  }
}

// A playout's state stops keeping its hash (nobody reads it there): asked for, the hash is
// computed from the position and is the one a state that kept it has, ply after ply, with
// columns (Laska, Bignor Ludus), cells, values (Lanquia's) and a repetition rule (Lanrick's,
// which keeps the hash: it compares positions every turn).
TEST_CASE("A playout that stops keeping its hash plays the same game with the same hashes", "[generation][sample]") {
  for (const char* file : {"breakthrough.rules", "english-draughts.rules", "laska.rules", "bignor-ludus.rules",
                           "lanquia-7.rules", "lanrick.rules"}) {
    DYNAMIC_SECTION(file) {
      auto p = load_rules(repo_path(std::string("rules/") + file));
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        State expected(p), s(p);
        expected.stop_journal();
        s.stop_journal();
        s.stop_hashing();
        Rng a(seed), b(seed);
        MoveSample scratch;
        for (int ply = 0; ply < 300; ++ply) {
          INFO("seed " << seed << " ply " << ply);
          REQUIRE(s.hash() == expected.hash());
          REQUIRE(s.position_key() == expected.position_key());
          if (play_randomly(expected, a, scratch, 1) == 0) break;
          REQUIRE(play_randomly(s, b, scratch, 1) == 1);
        }
        CHECK(s == expected);
        State copy = s;  // a copy keeps not hashing, and still answers right
        CHECK(copy.hash() == expected.hash());
      }
    }
  }
}

TEST_CASE("A playout without a journal plays the same game and cannot undo", "[generation][sample]") {
  // Cells, columns (Laska) and construct-owned values (Lanquia's) change without a journal.
  for (const char* file : {"breakthrough.rules", "english-draughts.rules", "laska.rules", "loa.rules", "othello.rules",
                           "lanquia-7.rules"}) {
    DYNAMIC_SECTION(file) {
      auto p = load_rules(repo_path(std::string("rules/") + file));
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        State expected(p), s(p);
        s.stop_journal();
        Rng a(seed), b(seed);
        MoveSample scratch;
        const int plies = play_randomly(expected, a, scratch);
        CHECK(play_randomly(s, b, scratch) == plies);
        CHECK(s == expected);  // board, columns, values, seat, hash, ply, result
        CHECK(s.history().empty());
        CHECK_THROWS_AS(s.undo(), std::logic_error);
      }
    }
  }
}

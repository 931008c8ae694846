// The draughts family (rules/*-draughts.rules): perft against the published counts, and
// one test for each capture rule the family uses: long-range (flying) hops along diagonal
// and orthogonal lines, where a long-range capture may land, when taken pieces leave, men
// capturing backwards, the three promotion timings, the ban on turning back, and maximum
// capture by count and by value. The positions were counted by hand and by the independent
// reference tests/draughts/reference_draughts.py (ctest draughts_reference); the full
// published perft lists run in Release only (ctest draughts_published_perft).
#include <catch2/catch.hpp>
#include <map>

#include "engine/perft.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> game(const std::string& file) {
  static std::map<std::string, std::shared_ptr<const Program>> loaded;
  auto& p = loaded[file];
  if (!p) p = load_rules(repo_path(file));
  return p;
}
std::shared_ptr<const Program> english() { return game("rules/english-draughts.rules"); }
std::shared_ptr<const Program> international() { return game("rules/international-draughts.rules"); }
std::shared_ptr<const Program> brazilian() { return game("rules/brazilian-draughts.rules"); }
std::shared_ptr<const Program> russian() { return game("rules/russian-draughts.rules"); }
std::shared_ptr<const Program> turkish() { return game("rules/turkish-draughts.rules"); }

std::vector<uint64_t> perft_list(State s, int depth) {
  std::vector<uint64_t> out;
  for (int d = 1; d <= depth; ++d) out.push_back(perft(s, d));
  return out;
}

using Moves = std::vector<std::string>;

// The position after the only legal move, which must be `text`.
std::string after_only_move(const State& s, const std::string& text) {
  REQUIRE(move_strings(s) == Moves{text});
  State t = s;
  t.apply(move_of(t, text));
  return position_string(t);
}

}  // namespace

TEST_CASE("English draughts: perft from the start matches the published counts", "[draughts][perft]") {
  // Published: 7, 49, 302, 1469, 7361, 36768, 179740, 845931 (depths 7 and 8 in
  // draughts_published_perft).
  CHECK(perft_list(State(english()), 6) == std::vector<uint64_t>{7, 49, 302, 1469, 7361, 36768});
}

TEST_CASE("International draughts: perft from the start matches the published counts", "[draughts][perft]") {
  // Published: 9, 81, 658, 4265, 27117, 167140, 1049442 (depths 6 and 7 in
  // draughts_published_perft).
  CHECK(perft_list(State(international()), 5) == std::vector<uint64_t>{9, 81, 658, 4265, 27117});
}

TEST_CASE("International draughts: positions with flying kings, counted by the reference", "[draughts][perft]") {
  // The same positions are in tests/draughts/reference_draughts.py (KING_POSITIONS).
  CHECK(perft_list(state_at(international(), "5/5/5/5/5/5/1b3/5/5/W4 white"), 4) == std::vector<uint64_t>{6, 6, 6, 6});
  CHECK(perft_list(state_at(international(), "b4/5/3B1/1b3/3b1/2b2/3bw/1W3/5/w1ww1 white"), 4) ==
        std::vector<uint64_t>{2, 32, 221, 2492});
  // Here two paths take the same pieces to the same square at depth 4: one move under the
  // FMJD rules (rules/international-draughts.rules), two when every path counts.
  CHECK(perft_list(state_at(international(), "5/3b1/1b2B/2B2/5/1b3/2W2/w4/W4/5 black"), 4) ==
        std::vector<uint64_t>{3, 32, 453, 3951});
  CHECK(perft_list(state_at(load_rules(repo_path("tests/data/draughts-distinct-paths.rules")),
                            "5/3b1/1b2B/2B2/5/1b3/2W2/w4/W4/5 black"),
                   4) == std::vector<uint64_t>{3, 32, 453, 3959});
  CHECK(perft_list(state_at(international(), "5/1b1b1/5/b2b1/5/2W1b/5/1b1b1/5/5 white"), 4) ==
        std::vector<uint64_t>{1, 9, 66, 439});
}

TEST_CASE("International draughts: a capture is its squares and the pieces it takes (FMJD), or each path",
          "[draughts][perft][distinct]") {
  // White king c3; black men d2, f2, d4, f4: the king goes round them either way. Six
  // paths; the two that end back on c3 take the same four pieces. Counted by the reference
  // (tests/draughts/reference_draughts.py: 5, and 6 with --paths).
  const std::string ring = "5/5/5/5/5/5/1bb2/1W3/1bb2/5 white";
  State fmjd = state_at(international(), ring);
  CHECK(move_strings(fmjd) ==
        Moves{"c3xe1xg3xe5xa1", "c3xe1xg3xe5xb2", "c3xe5xg3xe1xa5", "c3xe5xg3xe1xb4", "c3xe5xg3xe1xc3"});
  State paths = state_at(load_rules(repo_path("tests/data/draughts-distinct-paths.rules")), ring);
  CHECK(move_strings(paths).size() == 6);
  CHECK(perft(paths, 1) == 6);
  CHECK(perft(fmjd, 1) == 5);
  // The kept path's text reads back; the game goes on the same either way.
  State t = fmjd;
  t.apply(move_of(t, "c3xe5xg3xe1xc3"));
  CHECK(position_string(t) == "5/5/5/5/5/5/5/1W3/5/5 black");
}

TEST_CASE("International draughts: the published perft counts, each with its convention",
          "[draughts][perft][distinct]") {
  // From the start the two conventions first differ at depth 8: 6,483,961 moves counted as
  // the FMJD rules count them (Aart Bik's list, rules/international-draughts.rules), and
  // 6,483,971 counting each path (Rein Halbersma's and RBG's lists); at depth 9 41,022,423
  // and 41,022,614. ctest draughts_published_perft checks depths 8 and 9 both ways (a few
  // seconds in the Release build only); here the depths below, where the two agree.
  auto paths = load_rules(repo_path("tests/data/draughts-distinct-paths.rules"));
  const std::vector<uint64_t> published{9, 81, 658, 4265, 27117};
  CHECK(perft_list(State(international()), 5) == published);
  CHECK(perft_list(State(paths), 5) == published);
}

TEST_CASE("Draughts variants: perft from the start, as the reference counts", "[draughts][perft]") {
  CHECK(perft_list(State(brazilian()), 6) == std::vector<uint64_t>{7, 49, 302, 1469, 7473, 37628});
  CHECK(perft_list(State(russian()), 6) == std::vector<uint64_t>{7, 49, 302, 1469, 7482, 37986});
  CHECK(perft_list(State(turkish()), 5) == std::vector<uint64_t>{8, 64, 708, 7538, 85090});
}

TEST_CASE("Draughts: a flying king takes a piece any distance away and lands on any empty cell beyond",
          "[draughts][long-range]") {
  // The example: white king a1, black man d4.
  State s = state_at(international(), "5/5/5/5/5/5/1b3/5/5/W4 white");
  CHECK(move_strings(s) == Moves{"a1xe5", "a1xf6", "a1xg7", "a1xh8", "a1xi9", "a1xj10"});
  // Without a capture it moves any number of empty cells along a diagonal.
  State alone = state_at(international(), "5/5/5/5/5/5/5/5/5/W4 white");
  CHECK(move_strings(alone) == Moves{"a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7", "a1-h8", "a1-i9", "a1-j10"});
  // A king of English draughts only takes an adjacent piece: d4 is out of its reach.
  State short_range = state_at(english(), "4/4/4/4/1b2/4/4/W3 white");
  CHECK(move_strings(short_range) == Moves{"a1-b2"});
}

TEST_CASE("Draughts: a flying king captures along orthogonal lines too", "[draughts][long-range]") {
  // Turkish draughts: white king d3, black men d5 and d2. Turning back is forbidden, so
  // each capture takes one piece, landing anywhere beyond it.
  State s = state_at(turkish(), "8/8/8/3b4/8/3W4/3b4/8 white");
  CHECK(move_strings(s) == Moves{"d3xd1", "d3xd6", "d3xd7", "d3xd8"});
}

TEST_CASE("Draughts: turning back 180 degrees between two takes, forbidden or allowed", "[draughts][reverse]") {
  auto allowed = load_rules(repo_path("tests/data/draughts-reverse-allowed.rules"));
  State s = state_at(allowed, "8/8/8/3b4/8/3W4/3b4/8 white");
  // The piece taken first has left at once, so the king crosses its cell on the way back.
  CHECK(move_strings(s) == Moves{"d3xd1xd6", "d3xd1xd7", "d3xd1xd8", "d3xd6xd1", "d3xd7xd1", "d3xd8xd1"});
}

TEST_CASE("Draughts: taken pieces leave at the end of the move, blocking meanwhile, or at once",
          "[draughts][removal]") {
  // White king c3; black men e5, h6, h4, c7. The fourth take would cross e5, taken first.
  const std::string position = "5/5/5/1b3/3b1/2b2/3b1/1W3/5/5 white";
  State at_end = state_at(international(), position);
  CHECK(move_strings(at_end) == Moves{"c3xg7xi5xe1", "c3xg7xi5xf2", "c3xg7xi5xg3"});
  State at_once = state_at(load_rules(repo_path("tests/data/draughts-remove-at-once.rules")), position);
  CHECK(move_strings(at_once) == Moves{"c3xg7xi5xg3xa9", "c3xg7xi5xg3xb8"});
  // Every taken piece is gone once the move is over.
  State t = at_end;
  t.apply(move_of(t, "c3xg7xi5xg3"));
  CHECK(position_string(t) == "5/5/5/1b3/5/5/5/3W1/5/5 black");
}

TEST_CASE("Draughts: a capture that must go on lands where it can take again", "[draughts][long-range]") {
  // Russian draughts (free choice): white king c3, black men e5 and g5. Of the landings
  // f6, g7 and h8 beyond e5, only f6 lets the king take again (g5, landing on h4).
  State s = state_at(russian(), "4/4/4/2bb/4/1W2/4/4 white");
  CHECK(move_strings(s) == Moves{"c3xf6xh4"});
  // With nothing more to take, every landing beyond stays a choice.
  State last = state_at(russian(), "4/4/4/2b1/4/1W2/4/4 white");
  CHECK(move_strings(last) == Moves{"c3xf6", "c3xg7", "c3xh8"});
}

TEST_CASE("Draughts: men capture backwards where the rules say so", "[draughts][backwards]") {
  // A white man on d4, a black man behind it on c3.
  State international_man = state_at(international(), "5/5/5/5/5/5/1w3/1b3/5/5 white");
  CHECK(move_strings(international_man) == Moves{"d4xb2"});
  State english_man = state_at(english(), "4/4/4/4/1w2/1b2/4/4 white");
  CHECK(move_strings(english_man) == Moves{"d4-c5", "d4-e5"});
}

TEST_CASE("Draughts: promotion mid-capture ends the move, goes on with new powers, or waits for the end",
          "[draughts][promotion]") {
  // A white man on b6 takes c7 and reaches the far row on d8; a black man stands on e7.
  const std::string position = "4/1bb1/w3/4/4/4/4/4 white";
  // English: crowned on d8, and the move ends there.
  CHECK(after_only_move(state_at(english(), position), "b6xd8") == "1W2/2b1/4/4/4/4/4/4 black");
  // Russian: crowned on d8, it goes on capturing as a flying king, landing anywhere beyond.
  CHECK(move_strings(state_at(russian(), position)) == Moves{"b6xd8xf6", "b6xd8xg5", "b6xd8xh4"});
  State r = state_at(russian(), position);
  r.apply(move_of(r, "b6xd8xh4"));
  CHECK(position_string(r) == "4/4/4/4/3W/4/4/4 black");
  // Brazilian: it passes d8 as a man, takes e7 backwards, and ends a man on f6.
  CHECK(after_only_move(state_at(brazilian(), position), "b6xd8xf6") == "4/4/2w1/4/4/4/4/4 black");
  // A man whose move ends on the far row is crowned in every variant.
  CHECK(after_only_move(state_at(brazilian(), "4/1b2/w3/4/4/4/4/4 white"), "b6xd8") == "1W2/4/4/4/4/4/4/4 black");
}

TEST_CASE("Draughts: the capture taking most pieces, or most value, must be played", "[draughts][maximum]") {
  // A white man on c3 may take the men d4 and f6 (two pieces), or the king on b4 (worth 3).
  const std::string position = "5/5/5/5/2b2/5/Bb3/1w3/5/5 white";
  CHECK(move_strings(state_at(international(), position)) == Moves{"c3xe5xg7"});
  auto by_value = load_rules(repo_path("tests/data/draughts-maximum-value.rules"));
  CHECK(move_strings(state_at(by_value, position)) == Moves{"c3xa5"});
  // Free choice (Russian draughts on 8x8, the same idea): both captures are legal.
  CHECK(move_strings(state_at(russian(), "4/4/2b1/4/Bb2/1w2/4/4 white")) == Moves{"c3xa5", "c3xe5xg7"});
}

TEST_CASE("English draughts, 20 quiet plies: a capture or a man's move starts the count again", "[draughts][quiet]") {
  auto quiet = game("rules/english-draughts-20.rules");
  CHECK(quiet->end.quiet_limit == 20);
  CHECK(english()->end.quiet_limit == 0);
  // Two kings and a black man. From 18 quiet plies, two king moves draw ...
  const std::string start = "a1W h8B b8b, White to move; quiet=18";
  State s = state_at(quiet, start);
  CHECK(s.quiet_plies() == 18);
  s.apply(move_of(s, "a1-b2"));
  REQUIRE_FALSE(s.is_terminal());
  s.apply(move_of(s, "h8-g7"));
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == -1);
  // ... while the man's move starts the count again: 20 more king plies, then the draw.
  State t = state_at(quiet, start);
  t.apply(move_of(t, "a1-b2"));
  t.apply(move_of(t, "b8-c7"));
  CHECK(t.quiet_plies() == 0);
  const char* shuffle[] = {"b2-c3", "h8-g7", "c3-b2", "g7-h8"};
  for (int ply = 0; ply < 20; ++ply) {
    REQUIRE_FALSE(t.is_terminal());
    t.apply(move_of(t, shuffle[ply % 4]));
  }
  REQUIRE(t.is_terminal());
  CHECK(t.result().winner == -1);
  // A capture starts it again too (a king's capture: no man moves).
  State d = state_at(quiet, "a1W b2b h8B, White to move; quiet=19");
  REQUIRE(move_strings(d) == Moves{"a1xc3"});
  d.apply(move_of(d, "a1xc3"));
  CHECK_FALSE(d.is_terminal());
  CHECK(d.quiet_plies() == 0);
  // Without the option the same shuffle never ends.
  State plain = state_at(english(), "a1W h8B b8b, White to move");
  const char* around[] = {"a1-b2", "h8-g7", "b2-a1", "g7-h8"};
  for (int ply = 0; ply < 40; ++ply) plain.apply(move_of(plain, around[ply % 4]));
  CHECK_FALSE(plain.is_terminal());
}

TEST_CASE("English draughts, 20 quiet plies: perft counts a quiet draw as a leaf", "[draughts][quiet][perft]") {
  // From 18 quiet plies: after White's move and Black's reply, a king's reply ends the game
  // (one leaf) and a man's move goes on (every White reply is a leaf). Counted here from the
  // plain rules' moves and replies, with the man's moves told apart by their origin.
  auto quiet = game("rules/english-draughts-20.rules");
  const std::string board = "a1W h8B b8b f8b, White to move";
  State s = state_at(quiet, board + "; quiet=18");
  State plain = state_at(english(), board);
  uint64_t expected = 0;
  for (const Move& w : plain.legal_moves()) {
    plain.apply(w);
    for (const Move& b : plain.legal_moves()) {
      const bool man = plain.move_to_string(b).rfind("h8", 0) != 0;  // not the king on h8
      plain.apply(b);
      expected += man ? plain.legal_moves().size() : 1;
      plain.undo();
    }
    plain.undo();
  }
  CHECK(perft(s, 3) == expected);
  State unbounded = state_at(english(), board);
  CHECK(perft(s, 3) < perft(unbounded, 3));
  // From 19 quiet plies every White move (a king's) is the 20th: each a finished game.
  State last = state_at(quiet, board + "; quiet=19");
  CHECK(perft(last, 2) == plain.legal_moves().size());
}

TEST_CASE("Quiet resets are part of the quiet rule a variant restates", "[draughts][quiet]") {
  auto restated = load_rules(temp_rules("draughts-quiet-10.rules", "variant \"Quiet 10\" extends \"" +
                                                                       repo_path("rules/english-draughts-20.rules") +
                                                                       "\"\noption quiet-moves-draw=10\n"));
  CHECK(restated->end.quiet_limit == 10);
  CHECK(restated->end.quiet_reset_kinds == 0);  // a man's move no longer resets
  CHECK(game("rules/english-draughts-20.rules")->end.quiet_reset_kinds != 0);
  State s = state_at(restated, "a1W h8B b8b, Black to move; quiet=9");
  s.apply(move_of(s, "b8-c7"));
  CHECK(s.is_terminal());
}

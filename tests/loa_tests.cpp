// Lines of Action (docs/GAMES.md): perft, the seed's example, every end
// rule, and the published game records.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <regex>

#include "engine/perft.hpp"
#include "engine/text/game_record.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {
std::shared_ptr<const Program> loa() {
  static auto p = load_rules(repo_path("rules/loa.rules"));
  return p;
}
}  // namespace

TEST_CASE("LOA start position matches the seed diagram", "[loa]") {
  State s(loa());
  CHECK(position_string(s) == "1BBBBBB1/W6W/W6W/W6W/W6W/W6W/W6W/1BBBBBB1 black");
  CHECK(s.current_player() == 0);
  CHECK(s.program().players[0].name == "black");
}

TEST_CASE("LOA perft from the start, depths 1-4", "[loa][perft]") {
  State s(loa());
  CHECK(perft(s, 1) == 36);
  CHECK(perft(s, 2) == 1244);
  CHECK(perft(s, 3) == 44952);
  CHECK(perft(s, 4) == 1563208);
}

TEST_CASE("LOA move length counts both colours on the whole line", "[loa]") {
  State s(loa());
  // b1: its file holds b1 and b8 (2), its rank six stones (6, over friends to h1), the
  // diagonal b1-h7 holds b1 and h7 (2), the diagonal a2-b1 holds a2 and b1 (2: off board).
  auto moves = move_strings(s);
  std::vector<std::string> b1;
  for (const auto& m : moves)
    if (m.rfind("b1", 0) == 0) b1.push_back(m);
  CHECK(b1 == std::vector<std::string>{"b1-b3", "b1-d3", "b1-h1"});
}

TEST_CASE("LOA seed example: the White stone on b6 and the winning c2-c5", "[loa]") {
  auto s = state_at(loa(), "8/8/1W1WB3/8/1BWW4/1WW1B3/2W2B2/8 white");
  std::vector<std::string> b6;
  for (const auto& m : move_strings(s))
    if (m.rfind("b6", 0) == 0) b6.push_back(m);
  // Row 6 holds 3 stones: b6 passes its own d6 and takes e6. Its column holds 3 (b3 is
  // friendly, so no landing); the long diagonal holds 4 but e3 is an enemy in the way.
  CHECK(b6 == std::vector<std::string>{"b6-a5", "b6-c7", "b6xe6"});
  s.apply(move_of(s, "c2-c5"));
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == 1);
}

TEST_CASE("LOA: a stone may pass over friends but not enemies, and not land on a friend", "[loa]") {
  // Black a1, White b1 c1: a1's rank holds 3 stones, so a1-d1 would pass White stones.
  auto s = state_at(loa(), "8/8/8/8/8/8/7B/BWW4B black");
  auto moves = move_strings(s);
  // a1's rank holds a1 b1 c1 h1 (4): a1-e1 would pass White's b1 and c1.
  CHECK(std::count(moves.begin(), moves.end(), "a1-e1") == 0);
  // h1's file holds h1 and h2 (2): h1-h3 jumps its own h2.
  CHECK(std::count(moves.begin(), moves.end(), "h1-h3") == 1);
  // h2 on rank 2 is alone (1): h2-g2 ok; on its file (2) h2-h4 ok; h2 cannot land on h1 (own).
  CHECK(std::count(moves.begin(), moves.end(), "h2-g2") == 1);
}

TEST_CASE("LOA: the mover wins when both sides become connected", "[loa][end]") {
  // Rank 1 holds a1 and c1 (2): a1xc1 takes White's c1 and leaves White's a3 alone, so
  // White is connected; Black's a2 and c1 are not neighbours.
  auto s2 = state_at(loa(), "8/8/8/8/8/W7/B7/B1W5 black");
  s2.apply(move_of(s2, "a1xc1"));
  REQUIRE(s2.is_terminal());
  CHECK(s2.result().winner == 1);  // only the opponent is connected: the opponent wins
  // Black b2 instead of a2: a1xc1 joins b2-c1, and White's a3 is alone: both connected, mover wins.
  auto s3 = state_at(loa(), "8/8/8/8/8/W7/1B6/B1W5 black");
  s3.apply(move_of(s3, "a1xc1"));
  REQUIRE(s3.is_terminal());
  CHECK(s3.result().winner == 0);
}

TEST_CASE("LOA: a side reduced to one stone is connected", "[loa][end]") {
  // White has two stones; Black's a1xc1 takes one and leaves Black (a8, c1) apart, so
  // White, down to the one stone on h8, is connected and wins.
  auto s = state_at(loa(), "B6W/8/8/8/8/8/8/B1W5 black");
  s.apply(move_of(s, "a1xc1"));
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == 1);
}

TEST_CASE("LOA: a side with no legal move passes", "[loa][end]") {
  // White's a1 and h8 are boxed in: on every line the distance passes a Black stone.
  auto s = state_at(loa(), "6BW/6BB/8/B7/8/B7/BB6/WB1B4 white");
  auto moves = move_strings(s);
  REQUIRE(moves == std::vector<std::string>{"pass"});
  s.apply(s.legal_moves()[0]);
  CHECK(s.current_player() == 0);
  CHECK_FALSE(s.is_terminal());
}

TEST_CASE("LOA: the ply limit ends the game in a draw", "[loa][end]") {
  auto path = temp_rules("loa-short.rules",
                         "variant \"LOA, 6 plies\" extends \"" + repo_path("rules/loa.rules") + "\"\nlimit plies=6\n");
  State s(load_rules(path));
  for (const char* m : {"b1-b3", "a2-c2", "b3-b5", "a3-c3", "d1-d3", "h2-f2"}) {
    REQUIRE_FALSE(s.is_terminal());
    s.apply(move_of(s, m));
  }
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == -1);
  CHECK(s.ply() == 6);
}

TEST_CASE("LOA: the published game records replay to their results", "[loa][replay]") {
  // The results table of tests/data/loa-games/README.md (the published games, shipped).
  std::ifstream readme(repo_path("tests/data/loa-games/README.md"));
  REQUIRE(readme);
  std::regex row(R"(\|\s*(\S+\.txt)\s*\|\s*(\d+)\s*\|\s*([^|]+?)\s*\|)");
  std::string line;
  int games = 0;
  while (std::getline(readme, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, row)) continue;
    std::string file = m[1], result = m[3];
    int plies = std::stoi(m[2]);
    INFO(file);
    std::ifstream in(repo_path("tests/data/loa-games/" + file));
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    State s(loa());
    std::string error;
    int applied = replay_record(s, text, error);
    INFO(error);
    REQUIRE(applied == plies);
    if (result == "not over") CHECK_FALSE(s.is_terminal());
    else {
      REQUIRE(s.is_terminal());
      CHECK(s.result().winner == (result == "Black wins" ? 0 : 1));
    }
    ++games;
  }
  CHECK(games == 16);
}

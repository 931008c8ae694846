// The line sweeps (kernels/line_sweeps.hpp) against the ray walks they stand for
// (kernels/flanking.hpp), position by position along random games on hexagonal and square
// boards, and the boards on which sweeps are refused (BoardData::sweepable), where the
// callers walk the rays instead.
#include <catch2/catch.hpp>
#include <string>

#include "board/board_loader.hpp"
#include "kernels/flanking.hpp"
#include "kernels/line_sweeps.hpp"
#include "program/board_data.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::vector<int> cells_of(const CellSet& set) {
  std::vector<int> out;
  set.for_each([&](int c) { out.push_back(c); });
  return out;
}

// Checks every sweep against the walk in the position `s`, and the words the State keeps
// against the words read off its board.
void compare_sweeps(const State& s) {
  const Program& p = s.program();
  const uint8_t* board = s.tops();
  const size_t n = static_cast<size_t>(p.straight_lines.count()) * line_word_stride(p);
  std::vector<uint64_t> gathered(n);
  gather_line_words(p, board, gathered.data());
  // Kept by the State where a rule sweeps (Lanquia), read off the board elsewhere.
  REQUIRE(static_cast<bool>(s.line_words()) == p.sweeps_lines);
  if (s.line_words()) REQUIRE(std::vector<uint64_t>(s.line_words(), s.line_words() + n) == gathered);
  const uint64_t* words = gathered.data();
  std::vector<uint32_t> flanked(p.cells);
  REQUIRE(swept_flanking_players(p, words, flanked.data()));
  for (int player = 0; player < p.player_count(); ++player) {
    std::vector<int> sees, flanked_by, walked_sees, walked_flanked;
    for (int c = 0; c < p.cells; ++c) {
      if (s.at(c)) continue;
      if (sees_piece_of(p, board, c, player)) walked_sees.push_back(c);
      if (in_run_flanked_by(p, board, c, player)) walked_flanked.push_back(c);
      CHECK(((flanked[c] >> player) & 1) == in_run_flanked_by(p, board, c, player));
    }
    CellSet swept;
    REQUIRE(swept_sight(p, words, player, false, swept));
    CHECK(cells_of(swept) == walked_sees);
    REQUIRE(swept_sight(p, words, player, true, swept));
    CHECK(cells_of(swept) == walked_flanked);
    REQUIRE(swept_dead_chains(p, words, player, swept));
    CHECK(cells_of(swept) == dead_chain_cells(p, board, player));
  }
}

std::optional<BoardGraph> board_of(const std::string& text) {
  Diagnostics diags;
  auto b = load_board(SourceFile{"test.yaml", text}, diags);
  REQUIRE(b);
  return b;
}

const char* kRing = R"(name: ring
cells: [{name: r1, x: 0, y: 2}, {name: r2, x: 2, y: 1}, {name: r3, x: 2, y: -1},
        {name: r4, x: 0, y: -2}, {name: r5, x: -2, y: -1}, {name: r6, x: -2, y: 1}]
directions: [{name: cw, dx: 1, dy: 0, opposite: ccw}, {name: ccw, dx: -1, dy: 0}]
links:
  r1: { cw: r2, ccw: r6 }
  r2: { cw: r3, ccw: r1 }
  r3: { cw: r4, ccw: r2 }
  r4: { cw: r5, ccw: r3 }
  r5: { cw: r6, ccw: r4 }
  r6: { cw: r1, ccw: r5 }
)";

// Compares the sweeps with the walks along random games of `p`; returns the positions compared.
int compare_along_random_games(const std::shared_ptr<const Program>& p, uint64_t games) {
  int compared = 0;
  for (uint64_t seed = 1; seed <= games; ++seed) {
    State s(p);
    Rng rng(seed);
    MoveList legal;
    for (s.legal_moves(legal); !legal.empty() && !s.result().over; s.legal_moves(legal)) {
      compare_sweeps(s);
      ++compared;
      s.apply_unchecked(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
  }
  return compared;
}

// Lanquia's rules on another board: `board_yaml` (after its name line) written beside them
// as NAME.yaml.
std::shared_ptr<const Program> lanquia_on(const std::string& name, const std::string& board_yaml) {
  temp_rules(name + ".yaml", "name: " + name + "\n" + board_yaml);
  std::ifstream lanquia(repo_path("rules/lanquia.rules"));
  std::string text((std::istreambuf_iterator<char>(lanquia)), std::istreambuf_iterator<char>());
  text.replace(text.find("\"hex9.yaml\""), 11, "\"" + name + ".yaml\"");
  return load_rules(temp_rules("lanquia-" + name + ".rules", text));
}

}  // namespace

TEST_CASE("Line sweeps answer what walking the rays answers", "[kernels]") {
  // Random games fill the board with stones of both sides: Lanquia on 217 and 61 points
  // (sight, incursion, dead chains, territory), Gomoku on 225 cells, Hex on 121.
  for (const char* game : {"lanquia", "lanquia-7", "gomoku", "hex"}) {
    INFO(game);
    auto p = load_rules(repo_path(std::string("rules/") + game + ".rules"));
    REQUIRE(p->sweepable);
    CHECK(compare_along_random_games(p, 6) > 100);
  }
}

TEST_CASE("Lines of more than 32 cells sweep with six fill steps", "[kernels]") {
  // Lanquia's rules on a strip of 3 x 40 squares: files of 40 cells.
  auto p = lanquia_on("strip3x40", "rectangle: { files: 3, ranks: 40 }\n");
  REQUIRE(p->sweeps_by_words());
  REQUIRE(p->straight_lines.longest == 40);
  CHECK(compare_along_random_games(p, 4) > 100);
}

TEST_CASE("A board without directions has no lines: its sweeps see nothing", "[kernels]") {
  // Lanquia's rules on two cells and no direction: nothing is ever seen, so after the
  // opening's two placements neither side can place and the game ends by passes.
  auto p = lanquia_on("nodir", "cells: [{name: a, x: 0, y: 0}, {name: b, x: 1, y: 0}]\ndirections: []\n");
  REQUIRE(p->keeps_line_words());
  CHECK(p->straight_lines.count() == 0);
  CellSet seen = CellSet::first(p->cells);
  REQUIRE(swept_sight(*p, nullptr, 0, false, seen));  // no line, so no word is read
  CHECK(seen.empty());
  const State end = random_game_to_end(p, 1);
  CHECK(end.result().over);
  CHECK(end.ply() == 5);  // two placements, the pie choice, two passes
}

TEST_CASE("Sweeps are refused where a ray is not the rest of its line", "[kernels]") {
  BoardData data;
  SECTION("a ring: every line is a cycle, no cell starts one") {
    precompute_board_data(*board_of(kRing), data);
    CHECK_FALSE(data.sweepable);
  }
  SECTION("the ring cut by a barrier is one line, from r6 to r5") {
    precompute_board_data(*board_of(std::string(kRing) + "barriers: [[r5, r6]]\n"), data);
    REQUIRE(data.sweepable);
    REQUIRE(data.straight_lines.count() == 1);
    CHECK(data.straight_lines.cells == std::vector<int16_t>{5, 0, 1, 2, 3, 4});
    CHECK(data.straight_lines.place == std::vector<int32_t>{1, 2, 3, 4, 5, 0});
  }
  SECTION("a direction without an opposite") {
    std::string text = kRing;
    text.replace(text.find(", opposite: ccw"), 15, "");
    precompute_board_data(*board_of(text + "barriers: [[r5, r6]]\n"), data);
    CHECK_FALSE(data.sweepable);
  }
  SECTION("every board of the repository but the wheel can be swept") {
    for (const char* name : {"hex9", "hex11", "square8", "square19", "draughts10", "lanko88", "lanko103"}) {
      INFO(name);
      Diagnostics diags;
      SourceRegistry sources;
      auto b = load_board_file(repo_path(std::string("boards/") + name + ".yaml"), diags, sources);
      REQUIRE(b);
      precompute_board_data(*b, data);
      CHECK(data.sweepable);
    }
  }
}

TEST_CASE("CellSet: a set of cells over several words", "[kernels]") {
  CellSet a = CellSet::first(130), b;
  CHECK(a.size() == 130);
  CHECK(a.contains(129));
  CHECK_FALSE(a.contains(130));
  for (int c : {0, 63, 64, 200, 511}) b.insert(c);
  CHECK(cells_of(a & b) == std::vector<int>{0, 63, 64});
  CHECK(cells_of(b.subtract(a)) == std::vector<int>{200, 511});
  b.erase(511);
  CHECK(cells_of(b) == std::vector<int>{200});
  CHECK(CellSet::from_mask(0b101).size() == 2);
  CHECK(CellSet().empty());
}

TEST_CASE("CellSet::of_nonzero_bytes takes every nonzero byte, eight at a time and the rest", "[kernels]") {
  Rng rng(7);
  for (int n : {0, 5, 8, 64, 203, 512}) {
    std::vector<uint8_t> bytes(n);
    // Zero about half the time; otherwise values whose top and low bits vary (1, 0x7f, 0x80, 0xff ...).
    const uint8_t values[] = {1, 2, 0x7f, 0x80, 0x81, 0xfe, 0xff};
    for (auto& b : bytes) b = rng.below(2) ? 0 : values[rng.below(7)];
    std::vector<int> expected;
    for (int c = 0; c < n; ++c)
      if (bytes[c]) expected.push_back(c);
    CHECK(cells_of(CellSet::of_nonzero_bytes(bytes.data(), n)) == expected);
  }
}

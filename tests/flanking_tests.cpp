// The flanking family: `capture custodian` (flips with take=convert, custodian captures with
// take=remove and a run length), the placement condition flanks(P), `capture adjacent`
// (conversion of neighbours), captures counted by side; Othello (rules/othello.rules) and
// its 6x6 variant against the published perft and a hand-written reference below; Pente's
// pairs (rules/pente.rules).
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> othello() {
  static auto p = load_rules(repo_path("rules/othello.rules"));
  return p;
}

int cell(const State& s, const char* name) { return s.program().board->find_cell(name); }
bool has(const std::vector<std::string>& v, const std::string& m) { return std::count(v.begin(), v.end(), m) == 1; }

// A hand-written Othello on an n x n board (cells r * n + f, rank r from the south), as an
// outside truth for perft: a placement must flank at least one run along one of 8 directions
// and turns every flanked run over; a side without a placement passes (one move); after two
// passes in a row the game is over, and a finished game below the root is one leaf, as
// Tabula counts (and as Tabula's rules file plays: `end if passes >= 2`).
struct Othello {
  int n;
  std::vector<int> board;  // 0 empty, 1 black, 2 white
  int to_move = 1, passes = 0;

  std::vector<int> flips(int c, int side) const {
    static const int dr[8] = {1, 1, 0, -1, -1, -1, 0, 1}, df[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    std::vector<int> out;
    for (int k = 0; k < 8; ++k) {
      std::vector<int> run;
      int r = c / n + dr[k], f = c % n + df[k];
      while (r >= 0 && f >= 0 && r < n && f < n && board[r * n + f] == 3 - side) {
        run.push_back(r * n + f);
        r += dr[k], f += df[k];
      }
      if (!run.empty() && r >= 0 && f >= 0 && r < n && f < n && board[r * n + f] == side)
        out.insert(out.end(), run.begin(), run.end());
    }
    return out;
  }
  std::vector<int> moves() const {  // placements; -1 is a pass
    std::vector<int> out;
    for (int c = 0; c < n * n; ++c)
      if (!board[c] && !flips(c, to_move).empty()) out.push_back(c);
    if (out.empty()) out.push_back(-1);
    return out;
  }
  uint64_t perft(int depth) {
    if (passes >= 2) return 1;
    auto ms = moves();
    if (depth == 1) return ms.size();
    uint64_t total = 0;
    for (int m : ms) {
      Othello next = *this;
      if (m >= 0) {
        for (int x : flips(m, to_move)) next.board[x] = to_move;
        next.board[m] = to_move;
        next.passes = 0;
      } else {
        ++next.passes;
      }
      next.to_move = 3 - to_move;
      total += next.perft(depth - 1);
    }
    return total;
  }
  static Othello start(int n) {
    Othello o{n, std::vector<int>(n * n, 0)};
    const int a = n / 2 - 1, b = n / 2;  // the centre: white on (a, a) and (b, b)
    o.board[a * n + a] = o.board[b * n + b] = 2;
    o.board[a * n + b] = o.board[b * n + a] = 1;
    return o;
  }
};

}  // namespace

TEST_CASE("Othello: perft 1-8 is the published count", "[othello][perft]") {
  // Up to depth 8 no side ever passes and no game ends (the shortest Othello game has 9
  // plies), so every convention for passes and finished games gives these counts.
  State s(othello());
  const uint64_t published[] = {4, 12, 56, 244, 1396, 8200, 55092, 390216};
  for (int d = 1; d <= 8; ++d) {
    INFO("depth " << d);
    CHECK(perft(s, d) == published[d - 1]);
  }
}

TEST_CASE("Othello: the hand-written reference agrees on 8x8 and on the 6x6 variant", "[othello][perft]") {
  State s8(othello());
  for (int d = 1; d <= 6; ++d) CHECK(perft(s8, d) == Othello::start(8).perft(d));
  // 6x6, deeper: the edges come close, so more of the flanking rule is compared.
  State s6(load_rules(repo_path("rules/othello-6x6.rules")));
  CHECK(s6.program().cells == 36);
  for (int d = 1; d <= 9; ++d) {
    INFO("depth " << d);
    CHECK(perft(s6, d) == Othello::start(6).perft(d));
  }
}

TEST_CASE("Othello: the opening placements and what they turn over", "[othello][rule]") {
  State s(othello());
  CHECK(move_strings(s) == std::vector<std::string>{"B@c4", "B@d3", "B@e6", "B@f5"});
  s.apply(move_of(s, "B@d3"));
  CHECK(symbol_at(s, "d4") == "B");  // flanked between d3 and d5
  CHECK(symbol_at(s, "e5") == "W");  // not on a line with d3 and a black disc
  CHECK(s.piece_count(0) == 4);
  CHECK(s.piece_count(1) == 1);
  CHECK(captured_by(s, 0) == 1);
}

TEST_CASE("Othello: every direction turns over at once - runs to an empty cell or the edge stay", "[othello][rule]") {
  // B@d4 flanks runs to the north (d5 d6, closed by d7), east (e4, closed by f4), south-west
  // (c3, closed by b2) and north-west (c5, closed by b6). West (c4, b4 then empty a4) is
  // open, and south (d3 d2 d1 to the board's edge) has no black disc at its end.
  auto s = state_at(othello(), "d5W d6W d7B e4W f4B c3W b2B c5W b6B c4W b4W d3W d2W d1W h8B, Black to move");
  s.apply(move_of(s, "B@d4"));
  for (const char* c : {"d5", "d6", "e4", "c3", "c5"}) CHECK(symbol_at(s, c) == "B");
  for (const char* c : {"c4", "b4", "d3", "d2", "d1"}) CHECK(symbol_at(s, c) == "W");
  CHECK(captured_by(s, 0) == 5);
  CHECK(s.current_player() == 1);
}

TEST_CASE("Othello: a placement that flanks nothing is not legal", "[othello][rule]") {
  auto s = state_at(othello(), "d4W e4B a1W, Black to move");
  auto moves = move_strings(s);
  CHECK(moves == std::vector<std::string>{"B@c4"});
  std::string error;
  CHECK_FALSE(parse_move(s, "B@a2", error));
  // A run that touches a friendly disc without an enemy between is no flank.
  auto t = state_at(othello(), "d4B e4B, Black to move");
  CHECK(move_strings(t) == std::vector<std::string>{"pass"});
}

TEST_CASE("Othello: a side without a placement passes, and two passes end the game on the discs", "[othello][end]") {
  // White cannot flank a1 (the edge is beyond it); Black can flank b1 from c1.
  auto s = state_at(othello(), "a1B b1W, White to move");
  CHECK(move_strings(s) == std::vector<std::string>{"pass"});
  s.apply(move_of(s, "pass"));
  CHECK_FALSE(s.is_terminal());
  CHECK(move_strings(s) == std::vector<std::string>{"B@c1"});
  s.apply(move_of(s, "B@c1"));  // no white disc is left: neither side can place
  CHECK(symbol_at(s, "b1") == "B");
  s.apply(move_of(s, "pass"));
  CHECK_FALSE(s.is_terminal());
  s.apply(move_of(s, "pass"));
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == 0);
  // More white discs: White wins; as many: a draw.
  auto w = state_at(othello(), "a1W b1W h8B, White to move");
  w.apply(move_of(w, "pass"));
  w.apply(move_of(w, "pass"));
  CHECK(w.result().winner == 1);
  auto d = state_at(othello(), "a1W h8B, White to move");
  d.apply(move_of(d, "pass"));
  d.apply(move_of(d, "pass"));
  CHECK((d.result().over && d.result().winner == -1));
}

TEST_CASE("Othello: a game that ends when neither side can move, with can-move instead of passes", "[othello][end]") {
  // The same game written with the can-move condition: it ends as soon as neither side can
  // place, without the two passes; seeded random games reach the same final discs.
  auto variant = rules_with_repo_board("othello-can-move.rules", "variant \"Othello, can-move\" extends \"" +
                                                                     repo_path("rules/othello.rules") +
                                                                     "\"\nafter-move {\n  end if not can-move(mover) "
                                                                     "and not can-move(opponent)\n}\n");
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    State a = random_game_to_end(othello(), seed);
    State b(variant);
    // Replay a's placements (its passes are played where b passes too).
    for (const Move& m : a.history()) {
      if (b.is_terminal()) break;
      b.apply_unchecked(m);
    }
    INFO("seed " << seed);
    REQUIRE(b.is_terminal());
    CHECK(b.ply() + 2 == a.ply());  // the two closing passes are not played
    CHECK(b.result().winner == a.result().winner);
    for (int c = 0; c < a.program().cells; ++c) CHECK(a.at(c) == b.at(c));
  }
}

TEST_CASE("Custodian capture: a single enemy between the moved piece and a friend is removed",
          "[flanking][custodian]") {
  auto p = rules_with_repo_board("custodian.rules", R"(game "Custodian"
board "square8.yaml"
player white symbol=W
player black symbol=B
piece man
setup {
  white man: a1
  black man: h8
}
move man {
  slide dirs=orthogonal
}
capture custodian dirs=orthogonal length=1
score captured(mover)
)");
  // W d1-d4: e4 (B, then W f4) is taken; c4 b4 (B B, then W a4) is a run of two, kept with
  // length=1; d5 (B, then empty d6) is open.
  auto s = state_at(p, "d1W e4B f4W c4B b4B a4W d5B h8B, White to move");
  s.apply(move_of(s, "d1-d4"));
  CHECK(symbol_at(s, "e4") == ".");
  CHECK(symbol_at(s, "c4") == "B");
  CHECK(symbol_at(s, "b4") == "B");
  CHECK(symbol_at(s, "d5") == "B");
  CHECK(captured_by(s, 0) == 1);
  CHECK(var_named(s, "captured-value.white") == 1);
  // Moving between two enemies is safe: only the piece that lands captures.
  auto t = state_at(p, "a5W d4B d6B h1W h8B, White to move");
  t.apply(move_of(t, "a5-d5"));
  CHECK(symbol_at(t, "d5") == "W");
  CHECK(symbol_at(t, "d4") == "B");
  CHECK(symbol_at(t, "d6") == "B");
  CHECK(captured_by(t, 0) == 0);
  CHECK(captured_by(t, 1) == 0);
  // Two runs at once, on both sides of the landing.
  auto u = state_at(p, "c8W c2B c1W b3B a3W h1W h8B, White to move");
  u.apply(move_of(u, "c8-c3"));
  CHECK(symbol_at(u, "c2") == ".");
  CHECK(symbol_at(u, "b3") == ".");
  CHECK(captured_by(u, 0) == 2);
}

TEST_CASE("Custodian capture: length=A..B and length=any take longer runs - diagonals only when named",
          "[flanking][custodian]") {
  auto rules = [](const std::string& length, const std::string& dirs) {
    return rules_with_repo_board("custodian-" + length.substr(0, 1) + ".rules",
                                 "game \"C\"\nboard \"square8.yaml\"\nplayer white symbol=W\nplayer black symbol=B\n"
                                 "piece man\nmove man {\n  slide dirs=all\n}\ncapture custodian dirs=" +
                                     dirs + " length=" + length + "\n");
  };
  auto two = rules("2..3", "all");
  // h3-d3: west, c3 b3 then W a3 is a run of two: taken; south, d2 then W d1 is one: kept.
  auto s = state_at(two, "h3W d2B d1W c3B b3B a3W a8B h8W, White to move");
  s.apply(move_of(s, "h3-d3"));
  CHECK(symbol_at(s, "c3") == ".");
  CHECK(symbol_at(s, "b3") == ".");
  CHECK(symbol_at(s, "d2") == "B");
  auto any = rules("any", "orthogonal");
  auto t = state_at(any, "a5W b1B c1B e1B a8B h8W, White to move");
  t.apply(move_of(t, "a5-a1"));  // east: b1 c1 then empty d1: open
  CHECK(symbol_at(t, "b1") == "B");
  auto u = state_at(any, "a5W b1B c1B d1W a8B h8W, White to move");
  u.apply(move_of(u, "a5-a1"));  // east: b1 c1 then W d1: a run of two, taken with length=any
  CHECK(symbol_at(u, "b1") == ".");
  CHECK(symbol_at(u, "c1") == ".");
  auto w = state_at(any, "a1W b2B d4W c8B, White to move");
  w.apply(move_of(w, "d4-c3"));  // diagonal a1-b2-c3: not flanked along orthogonal directions
  CHECK(symbol_at(w, "b2") == "B");
  auto x = state_at(two, "a1W b2B c2B d4W c8B h8W, White to move");
  x.apply(move_of(x, "d4-c3"));  // with dirs=all: b2 alone on the diagonal is a run of 1 < 2
  CHECK(symbol_at(x, "b2") == "B");
}

TEST_CASE("Custodian capture: capturable=no pieces and their runs stay", "[flanking][custodian]") {
  auto p = rules_with_repo_board("custodian-fixed.rules", R"(game "C"
board "square8.yaml"
player white symbol=W
player black symbol=B
piece man symbol=W|B
piece king symbol=K|L capturable=no
move man|king {
  slide dirs=orthogonal
}
capture custodian dirs=orthogonal length=any take=convert
)");
  auto s = state_at(p, "a5W b1B c1L d1W e2W a8B h8W, White to move");
  s.apply(move_of(s, "a5-a1"));
  CHECK(symbol_at(s, "b1") == "B");
  CHECK(symbol_at(s, "c1") == "L");
}

TEST_CASE("flanks(P): a cell condition along the named directions - a movement's start counts as empty",
          "[flanking][flanks]") {
  auto place = rules_with_repo_board("flanks-orthogonal.rules", R"(game "F"
board "square8.yaml"
player black symbol=B
player white symbol=W
piece disc
turn {
  place disc where=flanks(mover, orthogonal)
}
)");
  // d3 flanks d4 against d5 (a column); c3 would flank d4 e5 against f6, but diagonally.
  auto s = state_at(place, "d4W e5W f6B d5B, Black to move");
  auto moves = move_strings(s);
  CHECK(has(moves, "B@d3"));
  CHECK_FALSE(has(moves, "B@c3"));
  auto step = rules_with_repo_board("flanks-move.rules", R"(game "F"
board "square8.yaml"
player black symbol=B
player white symbol=W
piece disc
move disc {
  jump dirs=orthogonal over=enemy if flanks(mover)
}
)");
  // a1 jumps b1 to c1: back along the row, b1 and then a1, which the jumping disc has left,
  // so nothing is flanked there; with d1 W e1 B, c1 flanks d1.
  auto t = state_at(step, "a1B b1W h8W, Black to move");
  CHECK(move_strings(t) == std::vector<std::string>{"pass"});
  auto u = state_at(step, "a1B b1W d1W e1B h8W, Black to move");
  CHECK(move_strings(u) == std::vector<std::string>{"a1-c1", "e1-c1"});
}

TEST_CASE("capture adjacent: the neighbours of a landing turn over (or are removed)", "[flanking][adjacent]") {
  auto rules = [](const std::string& take) {
    return rules_with_repo_board("adjacent-" + take + ".rules",
                                 "game \"Infection\"\nboard \"square8.yaml\"\nplayer red symbol=R\nplayer blue "
                                 "symbol=U\npiece blob\nturn {\n  place blob\n}\ncapture adjacent dirs=all take=" +
                                     take + "\nscore captured-value(mover) + values\n");
  };
  auto convert = rules("convert");
  auto s = state_at(convert, "c3U d3U e5U b2R h8U, Red to move");
  s.apply(move_of(s, "R@d4"));
  CHECK(symbol_at(s, "c3") == "R");
  CHECK(symbol_at(s, "d3") == "R");
  CHECK(symbol_at(s, "e5") == "R");
  CHECK(symbol_at(s, "b2") == "R");
  CHECK(symbol_at(s, "h8") == "U");
  CHECK(captured_by(s, 0) == 3);
  // The score adds the value taken (3) to the pieces on the board (5).
  CHECK(score(s, 0) == 8);
  CHECK(score(s, 1) == 1);
  auto remove = rules("remove");
  auto t = state_at(remove, "c3U d3U e5U b2R h8U, Red to move");
  t.apply(move_of(t, "R@d4"));
  for (const char* c : {"c3", "d3", "e5"}) CHECK(symbol_at(t, c) == ".");
  CHECK(t.piece_count(1) == 1);
  auto orthogonal = rules_with_repo_board(
      "adjacent-orthogonal.rules",
      "game \"I\"\nboard \"square8.yaml\"\nplayer red symbol=R\nplayer blue symbol=U\npiece blob\nturn {\n  place "
      "blob\n}\ncapture adjacent dirs=orthogonal\n");
  auto u = state_at(orthogonal, "c3U d3U h8U, Red to move");
  u.apply(move_of(u, "R@d4"));
  CHECK(symbol_at(u, "d3") == "R");
  CHECK(symbol_at(u, "c3") == "U");
}

TEST_CASE("Pente: a bracketed pair is captured, not one stone nor three - five pairs win", "[pente][rule]") {
  auto p = load_rules(repo_path("rules/pente.rules"));
  State start(p);
  CHECK(move_strings(start) == std::vector<std::string>{"B@j10"});  // the first stone on the centre
  start.apply(move_of(start, "B@j10"));
  CHECK(start.legal_moves().size() == 360);
  // Black at a1 and d1 bracket b1 c1 by placing d1; the single e1 (with g1? no: f1 empty)
  // and the three of a2..c2 (closed by d2) are not pairs.
  auto s = state_at(p, "a1B b1W c1W e2W f2W g2W h2B a10W, Black to move");
  s.apply(move_of(s, "B@d1"));
  CHECK(symbol_at(s, "b1") == ".");
  CHECK(symbol_at(s, "c1") == ".");
  CHECK(captured_by(s, 0) == 2);
  auto t = state_at(p, "e2W f2W g2W h2B a10W a11B, Black to move");
  t.apply(move_of(t, "B@d2"));
  CHECK(symbol_at(t, "e2") == "W");
  // Placing a stone between two enemies is safe.
  auto u = state_at(p, "a1B d1B c1W a10W a11B, White to move");
  u.apply(move_of(u, "W@b1"));
  CHECK(symbol_at(u, "b1") == "W");
  CHECK(symbol_at(u, "c1") == "W");
  // Four pairs taken before (set through the counter), a fifth wins.
  auto v = state_at(p, "a1B b1W c1W a10W a11B, Black to move");
  Position pos = v.position();
  pos.vars[v.program().vars.find("captured.black")] = 8;
  v.set_position(pos);
  CHECK_FALSE(v.is_terminal());
  v.apply(move_of(v, "B@d1"));
  REQUIRE(v.is_terminal());
  CHECK(v.result().winner == 0);
}

// Laska and Bignor Ludus (docs/GAMES.md): the seed's openings and
// endings replayed move by move (column suffixes are checked by the move parser), the
// seed's errata, and a test for each rule.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "engine/text/game_record.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> laska() {
  static auto p = load_rules(repo_path("rules/laska.rules"));
  return p;
}
std::shared_ptr<const Program> bignor() {
  static auto p = load_rules(repo_path("rules/bignor-ludus.rules"));
  return p;
}

// Replays `line` from `position` (the start when empty); every move must be legal.
State replay(std::shared_ptr<const Program> p, const std::string& position, const std::string& line) {
  State s = position.empty() ? State(p) : state_at(p, position);
  std::string error;
  int applied = replay_record(s, line, error);
  INFO(line << "\n" << error);
  REQUIRE(applied == static_cast<int>(record_moves(line).size()));
  return s;
}

std::string column_at(const State& s, const std::string& cell) {
  return s.column_text(s.program().board->find_cell(cell));
}

}  // namespace

TEST_CASE("Laska: the start position is the seed's FEN and has 6 moves", "[laska]") {
  State s(laska());
  CHECK(position_string(s) == "b,b,b,b/b,b,b/b,b,b,b//w,w,w,w/w,w,w/w,w,w,w white");
  CHECK(move_strings(s) == std::vector<std::string>{"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4"});
  CHECK(perft(s, 1) == 6);
  // Every first move offers Black exactly one take, which is compulsory.
  CHECK(perft(s, 2) == 6);
  // The seed's FEN form parses back to the same position.
  State t = state_at(laska(), "b,b,b,b/b,b,b/b,b,b,b//w,w,w,w/w,w,w/w,w,w,w w");
  CHECK(t == s);
}

TEST_CASE("Laska: the seed's opening lines replay", "[laska][seed]") {
  const std::string a = "1. a3-b4 c5-b4-a3bw 2. e3-d4";
  const std::string e = "1. c3-d4 e5-d4-c3bw 2. b2-c3w-d4wb";
  const std::string e3 = e + " d6-e5 3. c3-b4";
  for (const std::string& line : {
           a + " a5-b4 3. c3-b4-a5 e5-d4-c3",
           a + " b6-c5 3. d4-c5-b6 a7-b6-c5",
           a + " g5-f4 3. f2-e3",
           std::string("1. c3-b4 a5-b4-c3bw 2. d2-c3w-b4wb"),
           std::string("1. c3-b4 a5-b4-c3bw 2. b2-c3w-d4wb b6-a5 3. d4-c5-b6wbb a7-b6bb-c5bw 4. e3-d4 c5-d4-e3bww "
                       "5. f2-e3ww-d4wb"),
           std::string("1. c3-b4 a5-b4-c3bw 2. b2-c3w-d4wb e5-f4"),
           std::string("1. c3-d4 e5-d4-c3bw 2. d2-c3w-b4wb d6-e5 3. b4-c5-d6wbb e7-d6bb-c5bw 4. e3-d4 c5-d4-e3bww "
                       "5. f2-e3ww-d4wb b6-c5 6. d4-c5-b6wbb a7-b6bb-c5bw"),
           e + " f6-e5 3. d4-e5-f6wbb g7-f6bb-e5bw 4. c3-d4 e5-d4-c3bww 5. d2-c3ww-b4wb d6-e5 6. b4-c5-d6wbb "
               "e7-d6bb-c5bw 7. e3-d4 c5-d4-e3bww 8. f2-e3ww-d4wb b6-c5 9. d4-c5-b6wbb a7-b6bb-c5bw",
           e + " c5-b4",
           e3 + " a5-b4-c3 4. d2-c3-b4-c5-d6 e7-d6-c5 5. c1-d2",
           e3 + " e5-d4-c3 4. b4-c5-d6 e7-d6-c5 5. d2-c3-b4 d4-c3-b2 6. a1-b2-c3",
       }) {
    State s = replay(laska(), "", line);
    CHECK_FALSE(s.is_terminal());
  }
}

TEST_CASE("Laska: errata in the seed's openings are found, not papered over", "[laska][seed]") {
  std::string error;
  // Line "2... d6-c5": at 5. d2-e3-f4 the take must go on over e5 to d6 (d6 has been
  // empty since 2...d6-c5, and e5 is the piece the seed itself takes at 7. f4-e5-d6).
  State s = replay(laska(), "", "1. a3-b4 c5-b4-a3bw 2. e3-d4 d6-c5 3. f2-e3 c5-b4 4. e3-f4 g5-f4-e3");
  CHECK_FALSE(parse_move(s, "d2-e3-f4", error));
  CHECK(error == "'d2-e3-f4' is not legal: white must take (for example d2-e3w-f4wb-e5-d6wbb)");
  CHECK(move_strings(s) == std::vector<std::string>{"d2-e3w-f4wb-e5-d6wbb"});
  // Line "2... e5-f4": the seed's d6-d5-f4 names d5, not a square of the board; the take
  // from d6 over e5 to f4 is the only legal move.
  s = replay(laska(), "", "1. a3-b4 c5-b4-a3bw 2. e3-d4 e5-f4 3. g3-f4-e5");
  CHECK_FALSE(parse_move(s, "d6-d5-f4", error));
  CHECK(error == "'d5' is not a cell of this board");
  CHECK(move_strings(s) == std::vector<std::string>{"d6-e5b-f4bw"});
  // The Notation section's second example: c3 must be Black-topped for White to take it
  // (docs/GAMES.md); as printed (c3WbbwB) White cannot take its own column.
  State printed = state_at(laska(), "d2wBw c3WbbwB, White to move");
  CHECK_FALSE(parse_move(printed, "d2-c3bbwB-b4wBwW", error));
  State fixed = state_at(laska(), "d2wBw c3BbbwB, White to move");
  fixed.apply(move_of(fixed, "d2-c3bbwB-b4wBwB"));
  CHECK(column_at(fixed, "c3") == "bbwB");
  CHECK(column_at(fixed, "b4") == "wBwB");
  // Ending "c3WWWBB c5BBW": the seed's 4. d1-e2WWW-g3WBBBB names d1 and e2, which are not
  // squares; the take is e1-f2WWW-g3WBBBB (the whole line is replayed below).
}

TEST_CASE("Laska: the Notation section's first example", "[laska][seed]") {
  State s = state_at(laska(), "b2w c3b, White to move");
  s.apply(move_of(s, "b2-c3-d4wb"));
  CHECK(column_at(s, "d4") == "wb");
  CHECK(column_at(s, "c3") == "");
}

TEST_CASE("Laska: the seed's endings replay with their columns and results", "[laska][seed]") {
  struct Ending {
    const char* position;
    const char* line;
    int winner;  // -2: the line stops before the game is over
  };
  const Ending endings[] = {
      {"a1WWW b2BBB, White to move",
       "1. a1-b2BB-c3WWWB b2-c3WWB-d4BBW 2. c3-d4BW-e5WWBB d4-e5WBB-f6BWW 3. e5-f6WW-g7WBBB 1-0", 0},
      {"a1WWW d4BBB, White to move",
       "1. a1-b2 d4-e5 2. b2-c3 e5-d6 3. c3-d4 d6-e7 4. d4-e5 e7-d6 5. e5-d6BB-c7WWWB d6-e5 6. c7-d6 e5-d6WWB-c7BBW "
       "7. d6-c5 c7-d6 8. c5-d6BW-e7WWBB d6-e5 9. e7-d6 e5-d6WBB-c7BWW 10. d6-c5 c7-b6 11. c5-b6WW-a7WBBB 1-0",
       0},
      // Erratum: the seed prints 4. d1-e2WWW-g3WBBBB (see above).
      {"c3WWWBB c5BBW, White to move",
       "1. c3-d4! c5-d4WWBB-e3BBWW 2. d4-e3BWW-f2WWBBB e3-f2WBBB-g1BWWW 3. f2-e1 g1-f2 4. e1-f2WWW-g3WBBBB 1-0", 0},
      // "White to move wins": these lines stop in a won position, not a finished game.
      {"c3BW c5BW e3WWBB, White to move",
       "1. e3-d4! 1... c3-d4WBB-e5BWW 2. d4-e5WW-f6WBBB c5-b4 3. e5-d4 b4-a5 4. d4-c5 1-0", -2},
      {"c3BW c5BW e3WWBB, White to move", "1.e3-d2? c3-d2WBB-e1BWW 2.d2-c3 e1-f2 3.c3-d2 c5-b4 4.d2-e1 f2-e3 0-1", -2},
      {"a3W e5W a1B b6B, White to move", "1. e5-d6 b6-a5 2. d6-c7! a5-b4 3. a3-b4-c5WB a1-b2 4. c5-b4 1-0.", -2},
      {"c3W e5W c5B e3B, Black to move", "1... e3-d4 2. c3-b4! d4-e5-f6BW 3. b4-c5-d6WB f6-e7 4. d6-e5 1-0", -2},
      // "can draw ... White can make no progress".
      {"c3W c5W e3B e5B, Black to move",
       "1... e3-f4 2. c3-d2 2... f4-g3 3. d2-e1 3... g3-f4 4. e1-f2 f4-g3 5. f2-e1 g3-f4", -2},
      {"d2W d4W f2B f4B, Black to move", "1... f2-g3 2. d2-e1 f4-g5 3. d4-e3 g3-f4 4. e1-d2 4... f4-e5", -2},
      {"d2W d4W f2B f4B, Black to move", "1... f2-g3 2. d4-e3 f4-g5! 3. d2-c3 g3-f4 4. e3-f2 4... f4-g3", -2},
      {"d2W d4W d6W f2B f4B f6B, Black to move",
       "1... f2-g3 2. d4-e3 2... f4-g5 3. d6-e7 3... f6-e5 4. d2-c3 g3-f4 5. e3-d4 5... e5-f6 6. c3-b4 6... f4-e5 "
       "7. d4-c5 e5-f4 8.c5-d6 f6-e5",
       -2},
      // Lasker's own example, with its long officer take.
      {"a1Bw c1WwbBb f2B b4BB f4B b6b d6b a7B, White to move",
       "1. c1-b2! a1-b2wbBb-c3BwW 2. b2-c3wW-d4wbBbB b4-c3W-d2BBw "
       "3. c3-d2Bw-e1WB-f2-g3WBB-f4-e5WBBB-d6-c7WBBBb-b6-a5WBBBbb d2-e3 4. d4-e5 e3-f4 5. e5-d6 f4-e5 "
       "6. d6-e7WbBbB e5-d4 7. e7-d6 d4-e3 8. d6-e5 e3-d2 9. e5-d4 d2-e1 10. d4-e3 1-0",
       -2},
  };
  for (const auto& e : endings) {
    State s = replay(laska(), e.position, e.line);
    INFO(e.position);
    if (e.winner == -2) {
      CHECK_FALSE(s.is_terminal());
    } else {
      REQUIRE(s.is_terminal());
      CHECK(s.result().winner == e.winner);
    }
  }
}

TEST_CASE("Laska: a take moves only the top counter to the bottom - the rest may change owner", "[laska][rule]") {
  // Black's weak column bw on c3: White takes the b, and the w left behind is White's.
  State s = state_at(laska(), "b2w c3bw g7b, White to move");
  s.apply(move_of(s, "b2-c3w-d4wb"));
  CHECK(column_at(s, "c3") == "w");
  CHECK(column_at(s, "d4") == "wb");
  CHECK(s.program().owner(s.at(s.program().board->find_cell("c3"))) == 0);
}

TEST_CASE("Laska: officers stay officers while buried", "[laska][rule]") {
  // White's officer under a black soldier on d4; White takes the soldier, and the officer
  // that surfaces moves backwards at once.
  State s = state_at(laska(), "c3w d4bW a7b, White to move");
  s.apply(move_of(s, "c3-d4W-e5wb"));
  s.apply(move_of(s, "a7-b6"));
  auto moves = move_strings(s);
  CHECK(std::count(moves.begin(), moves.end(), "d4-c3") == 1);  // backwards: an officer
  CHECK(std::count(moves.begin(), moves.end(), "d4-e3") == 1);
}

TEST_CASE("Laska: soldiers move forward only, officers both ways", "[laska][rule]") {
  State s = state_at(laska(), "d4w g7b, White to move");
  CHECK(move_strings(s) == std::vector<std::string>{"d4-c5", "d4-e5"});
  State o = state_at(laska(), "d4W g7b, White to move");
  CHECK(move_strings(o) == std::vector<std::string>{"d4-c3", "d4-c5", "d4-e3", "d4-e5"});
}

TEST_CASE("Laska: taking is compulsory, with free choice among takes", "[laska][rule]") {
  // e3 may take one column (over d4) or two (over f4, then f6, promoted on e7); c3 takes
  // two (over d4, then f6, promoted on g7). No maximum rule: all three are legal.
  State s = state_at(laska(), "c3w d4b e3w f4b f6b a7b, White to move");
  auto moves = move_strings(s);
  CHECK(moves == std::vector<std::string>{"c3-d4-e5wb-f6-g7Wbb", "e3-d4-c5wb", "e3-f4-g5wb-f6-e7Wbb"});
}

TEST_CASE("Laska: a multiple take must be continued to its end", "[laska][rule]") {
  State s = state_at(laska(), "e3w f4b f6b a7b, White to move");
  std::string error;
  CHECK_FALSE(parse_move(s, "e3-f4-g5", error));
  CHECK(move_strings(s) == std::vector<std::string>{"e3-f4-g5wb-f6-e7Wbb"});
}

TEST_CASE("Laska: no square is jumped twice in one move", "[laska][rule]") {
  // A white officer on c3 with Black columns around d4/f4/f2/d2 in a ring: it may circle,
  // but never over the same square twice, and it may land on its vacated start square.
  State s = state_at(laska(), "c3W d4BB f4b f2b d2b a7b, White to move");
  // Jumping d4 (BB) leaves a B there; the ring route c3-d4-e5-f4-g3-f2-e1-d2-c3 ends on the
  // start square, and d4 is not jumped again from c3.
  auto moves = move_strings(s);
  CHECK(moves == std::vector<std::string>{"c3-d2-e1Wb-f2-g3Wbb-f4-e5Wbbb-d4B-c3WbbbB",
                                          "c3-d4B-e5WB-f4-g3WBb-f2-e1WBbb-d2-c3WBbbb"});
}

TEST_CASE("Laska: a soldier reaching the far rank is promoted and its take ends", "[laska][rule]") {
  // White's c5 soldier takes d6 and lands on e7 (rank 7): promoted, and although an officer
  // could go on over f6, the move ends there.
  State s = state_at(laska(), "c5w d6b f6b a1b, White to move");
  CHECK(move_strings(s) == std::vector<std::string>{"c5-d6-e7Wb"});
  s.apply(move_of(s, "c5-d6-e7Wb"));
  CHECK(column_at(s, "e7") == "Wb");
  // Promotion by a plain move too.
  State t = state_at(laska(), "d6w a1b, White to move");
  t.apply(move_of(t, "d6-c7"));
  CHECK(column_at(t, "c7") == "W");
}

TEST_CASE("Laska: a side that cannot move, or has no column, loses", "[laska][rule]") {
  State s = state_at(laska(), "a1WWW b2BBB, White to move");
  s.apply(move_of(s, "a1-b2BB-c3WWWB"));
  s.apply(move_of(s, "b2-c3WWB-d4BBW"));
  s.apply(move_of(s, "c3-d4BW-e5WWBB"));
  s.apply(move_of(s, "d4-e5WBB-f6BWW"));
  s.apply(move_of(s, "e5-f6WW-g7WBBB"));
  REQUIRE(s.is_terminal());  // Black owns no column
  CHECK(s.result().winner == 0);
  // Blocked: Black's soldier on a1 cannot move south (it is at its far edge... as a black
  // soldier it moves south, and a1 has no south squares).
  State blocked = state_at(laska(), "a1b c7w, Black to move");
  REQUIRE(blocked.is_terminal());
  CHECK(blocked.result().winner == 0);
}

TEST_CASE("Laska: draw rules are options, off by default", "[laska][rule]") {
  CHECK_FALSE(laska()->end.repetition);
  CHECK(laska()->end.quiet_limit == 0);
  auto p = load_rules(temp_rules(
      "laska-repetition.rules",
      "variant \"Laska, repetition\" extends \"" + repo_path("rules/laska.rules") + "\"\noption repetition-draw=on\n"));
  auto quiet = load_rules(temp_rules("laska-quiet.rules", "variant \"Laska, quiet moves\" extends \"" +
                                                              repo_path("rules/laska.rules") +
                                                              "\"\noption quiet-moves-draw=6\n"));
  // Two officers shuffling: the third repetition draws.
  State s = state_at(p, "a1W g7B, White to move");
  for (const char* m : {"a1-b2", "g7-f6", "b2-a1", "f6-g7", "a1-b2", "g7-f6", "b2-a1", "f6-g7"}) {
    REQUIRE_FALSE(s.is_terminal());
    s.apply(move_of(s, m));
  }
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == -1);
  // Six plies without a take draw.
  State q = state_at(quiet, "a1W g7B, White to move");
  for (const char* m : {"a1-b2", "g7-f6", "b2-c3", "f6-e5", "c3-b2", "e5-f6"}) {
    REQUIRE_FALSE(q.is_terminal());
    q.apply(move_of(q, m));
  }
  REQUIRE(q.is_terminal());
  CHECK(q.result().winner == -1);
}

TEST_CASE("Bignor Ludus: at most one take per move", "[laska][bignor]") {
  State s = state_at(bignor(), "e3w f4b f6b a7b, White to move");
  CHECK(move_strings(s) == std::vector<std::string>{"e3-f4-g5wb"});
  s.apply(move_of(s, "e3-f4-g5wb"));
  CHECK(s.current_player() == 1);
  // Still compulsory.
  State t = state_at(bignor(), "c3w d4b a7b, White to move");
  CHECK(move_strings(t) == std::vector<std::string>{"c3-d4-e5wb"});
  State start(bignor());
  CHECK(perft(start, 1) == 6);
  CHECK(perft(start, 2) == 6);
}

TEST_CASE("Laska: positions round-trip in both forms", "[laska]") {
  State s = replay(laska(), "", "1. c3-b4 a5-b4-c3bw 2. b2-c3w-d4wb b6-a5");
  std::string fen = position_string(s);
  State t = state_at(laska(), fen);
  CHECK(position_string(t) == fen);
  std::string error;
  CHECK_FALSE(parse_position(*laska(), "a1WWX, White to move", error));
  CHECK(error == "'X' is not a piece symbol of this game");
  CHECK_FALSE(parse_position(*laska(), "a2W, White to move", error));
  CHECK(error == "'a2W' is not a cell followed by its pieces (such as a1WWW)");
}

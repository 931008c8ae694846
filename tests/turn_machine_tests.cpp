// The one turn machine and the limits it lifted: the pie rule for any number of sides,
// several target regions, several `when` blocks, and the next= choices of `mark`.
#include <catch2/catch.hpp>

#include "constructs/region/region.hpp"
#include "engine/state_editor.hpp"
#include "engine/text/position_text.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::string board(const std::string& file) { return "board \"" + repo_path("boards/" + file) + "\"\n"; }

void play(State& s, std::initializer_list<const char*> moves) {
  for (const char* m : moves) {
    INFO(m);
    REQUIRE_FALSE(s.is_terminal());
    s.apply(move_of(s, m));
  }
}

std::string side_to_move(const State& s) { return s.program().players[s.current_player()].name; }

}  // namespace

TEST_CASE("Turn machine: the pie rule with three sides swaps the chooser and the first seat's side", "[turn]") {
  auto p = load_rules(temp_rules("pie3.rules", "game \"Pie for three\"\n" + board("square8.yaml") + R"(
player red symbol=R
player green symbol=G
player blue symbol=U
piece stone
opening {
  place stone from=red by=red
  place stone from=green by=red
  place stone from=blue by=red
  pie by=blue
}
turn {
  place stone from=supply
}
)"));
  State s(p);
  CHECK(phase_name(s) == "place");
  play(s, {"R@a1", "G@b1", "U@c1"});
  REQUIRE(phase_name(s) == "pie");
  CHECK(side_to_move(s) == "blue");
  CHECK(move_strings(s) == std::vector<std::string>{"keep", "swap"});
  State kept = s;
  play(kept, {"keep"});
  CHECK(side_to_move(kept) == "red");  // the first seat starts
  CHECK(kept.program().symbol(kept.at(kept.program().board->find_cell("a1"))) == "R");
  play(s, {"swap"});
  // Blue takes red's stones and red blue's; green's stay; blue, the chooser, moves first.
  const BoardGraph& b = *s.program().board;
  CHECK(s.program().symbol(s.at(b.find_cell("a1"))) == "U");
  CHECK(s.program().symbol(s.at(b.find_cell("b1"))) == "G");
  CHECK(s.program().symbol(s.at(b.find_cell("c1"))) == "R");
  CHECK(side_to_move(s) == "blue");
  play(s, {"U@d1"});
  CHECK(side_to_move(s) == "red");  // then the rotation goes on from the chooser's seat
}

namespace {

// Lanrick's Carroll example 1 (tests/lanrick_tests.cpp): after three partial moves the
// Rendezvous is full, Black's f5 is removed, and the next mark is set by the side next=
// chooses (Black has 4 men, Yellow 5; Yellow moved).
std::string next_setter(const std::string& rule) {
  auto p = load_rules(temp_rules("lanrick-next.rules", "variant \"Lanrick, next\" extends \"" +
                                                           repo_path("rules/lanrick.rules") + "\"\n" + rule + "\n"));
  State s = state_at(p, "c6Y d6Y e6Y f6Y d5Y c5B e5B f5B c4B d4B, yellow to move");
  bool played = false;
  s.edit([&](StateEditor& e) { played = play_for_region(e, "rendezvous", p->board->find_cell("d5"), -1, false); });
  REQUIRE(played);
  play(s, {"d5-e4", "e6-d5", "f6-e6"});
  REQUIRE(phase_name(s) == "mark");
  return side_to_move(s);
}

}  // namespace

TEST_CASE("Turn machine: mark next= is read (fewest-pieces, most-pieces, loser, mover, opponent)", "[turn]") {
  CHECK(next_setter("mark rendezvous first=black next=fewest-pieces") == "black");
  CHECK(next_setter("mark rendezvous first=black next=most-pieces") == "yellow");
  CHECK(next_setter("mark rendezvous first=black next=loser") == "black");  // f5 was Black's
  CHECK(next_setter("mark rendezvous first=black next=mover") == "yellow");
  CHECK(next_setter("mark rendezvous first=black next=opponent") == "black");
}

TEST_CASE("Turn machine: two target regions and two when blocks", "[turn]") {
  // Black's one man must reach `first` (its mark), then `second` is marked by White and
  // Black wins by reaching it; each `when` block handles one region.
  auto p = load_rules(temp_rules("two-regions.rules", "game \"Two regions\"\n" + board("square8.yaml") + R"(
player black
player white
piece man
setup {
  black man: a1
  white man: h8 h7
}
region first size=1 first=c3 {
  shape 1: mark
}
region second size=1 {
  shape 1: mark
}
mark first first=white
mark second next=opponent
budget 1
move man {
  step dirs=all
}
when all-in(black, first) and not marked(second) {
  mark second
}
when all-in(black, second) {
  remove white where=outside(second)
}
after-move {
  win black if pieces(white) == 0
}
limit plies=100
)"));
  State s(p);
  CHECK(side_to_move(s) == "white");
  CHECK(move_strings(s) == std::vector<std::string>{"mark:c3"});  // first= limits the game's first mark
  play(s, {"mark:c3"});
  CHECK(side_to_move(s) == "black");
  play(s, {"a1-b2"});
  play(s, {"h8-g8"});
  play(s, {"b2-c3"});  // Black is all in `first`: the first block lets the opponent mark `second`
  REQUIRE(phase_name(s) == "mark");
  CHECK(side_to_move(s) == "white");
  play(s, {"mark:d4"});
  StateNotes notes = describe(s);
  REQUIRE(notes.areas.size() == 2);
  CHECK(notes.areas[0].name == "first");
  CHECK(notes.areas[1].name == "second");
  CHECK(notes.areas[1].mark == p->board->find_cell("d4"));
  CHECK(side_to_move(s) == "black");
  play(s, {"c3-d4"});  // all in `second`: the second block removes White's men outside it
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == 0);
}

TEST_CASE("Turn machine: plain turns are found, and play as the general machine does", "[turn]") {
  // One unconditional step and nothing between turns: the next seat without looking further.
  for (const char* file : {"english-draughts.rules", "laska.rules", "othello.rules", "hex.rules"}) {
    DYNAMIC_SECTION(file) {
      auto plain = load_rules(repo_path(std::string("rules/") + file));
      CHECK(plain->plain_turns);
      // The same rules in reference mode: the shortcut off.
      auto general = load_rules(repo_path(std::string("rules/") + file), {.reference = true});
      REQUIRE_FALSE(general->plain_turns);
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        Rng a(seed), b(seed);
        State s(plain), t(general);
        MoveList moves;
        while (!s.is_terminal()) {
          s.legal_moves(moves);
          const Move m = moves[a.below(static_cast<uint32_t>(moves.size()))];
          s.apply_unchecked(m);
          REQUIRE_FALSE(t.is_terminal());
          t.legal_moves(moves);
          REQUIRE(moves[b.below(static_cast<uint32_t>(moves.size()))] == m);
          t.apply_unchecked(m);
          REQUIRE(t.current_seat() == s.current_seat());
          REQUIRE(t.turn_point() == s.turn_point());
          REQUIRE(t.consecutive_passes() == s.consecutive_passes());
        }
        CHECK(t.is_terminal());
        CHECK(t.result().winner == s.result().winner);
      }
    }
  }
  // Triggers (`when`) and the repetition rule: the general machine.
  CHECK_FALSE(load_rules(repo_path("rules/lanrick.rules"))->plain_turns);
}

namespace {
// Whether code holding a State (or an editor) could change a cell: the setters are the
// editor's alone.
template <class S>
constexpr bool sets_cells = requires(S& s) {
  s.set_cell(0, uint8_t{1});
};
template <class S>
constexpr bool sets_values = requires(S& s) {
  s.set_var(0, 1);
};
template <class E>
constexpr bool made_from_state = requires(State& s) {
  E(s);
};
}  // namespace

TEST_CASE("State: only an editor the state hands out changes it, and undo takes its changes back", "[turn]") {
  STATIC_REQUIRE_FALSE(sets_cells<State>);
  STATIC_REQUIRE_FALSE(sets_values<State>);
  STATIC_REQUIRE(sets_cells<StateEditor>);
  STATIC_REQUIRE_FALSE(made_from_state<StateEditor>);  // only the State makes editors
  auto p = load_rules(repo_path("rules/breakthrough.rules"));
  State s(p);
  const std::string start = position_string(s);
  const uint64_t hash = s.hash();
  s.apply(s.legal_moves()[0]);
  const int from = s.history()[0].from;
  s.edit([&](StateEditor& e) { e.set_cell(from, s.at(s.history()[0].to)); });  // a piece put back beside it
  CHECK(s.is_consistent());
  CHECK(s.piece_count(0) == 17);
  s.apply(s.legal_moves()[0]);
  s.undo();
  CHECK(s.at(from) != 0);  // the edit stands until the move before it is undone
  s.undo();
  CHECK(position_string(s) == start);
  CHECK(s.hash() == hash);
  CHECK(s.is_consistent());
}

TEST_CASE("Turn machine: after-move each-step ends the game between a turn's steps", "[turn][each-step]") {
  // Connect6: White's five f9..j9 before the turn's first stone; e9 makes six.
  auto p = load_rules(repo_path("rules/connect6.rules"));
  const std::string fives = "19/19/19/19/19/19/19/19/19/4BBBBB10/5WWWWW9/19/19/19/19/19/19/19/19 white; at=turn:1";
  State s = state_at(p, fives);
  s.apply(move_of(s, "W@e9"));
  REQUIRE(s.is_terminal());
  CHECK(s.returns()[1] == 1.0);
  // Without each-step the same turn goes on to its second stone, and is judged after it.
  std::string text = read_text(repo_path("rules/connect6.rules"));
  const auto at = text.find("after-move each-step");
  REQUIRE(at != std::string::npos);
  text.replace(at, std::string("after-move each-step").size(), "after-move");
  auto whole = rules_with_repo_board("connect6-whole-turn.rules", text);
  State t = state_at(whole, fives);
  t.apply(move_of(t, "W@e9"));
  CHECK_FALSE(t.is_terminal());
  t.apply(move_of(t, "W@a1"));
  REQUIRE(t.is_terminal());
  CHECK(t.returns()[1] == 1.0);
}

TEST_CASE("Turn machine: `turn` is the number of the turn being played, in its after-move rules too", "[turn]") {
  // Tic-tac-toe won by the mover whose turn number is N: x's turn N is ply 2N - 1.
  const std::string base = "variant \"Turn number\" extends \"" + repo_path("rules/tic-tac-toe.rules") + "\"\n";
  for (int n : {1, 2, 3}) {
    INFO("turn == " << n);
    auto p = rules_with_repo_board("turn-number.rules",
                                   base + "after-move {\n  win mover if turn == " + std::to_string(n) + "\n}\n");
    State s(p);
    while (!s.is_terminal()) s.apply(s.legal_moves()[0]);
    CHECK(s.returns() == std::vector<double>{1.0, -1.0});
    CHECK(s.ply() == 2 * n - 1);
  }
}

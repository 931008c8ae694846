// Lanrick (docs/LANRICK.md, B1-B10): perft against the
// independent model (B9), every rule on hand-made positions, Carroll's three worked
// examples (B8), a complete game to a win, and random games.
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>

#include "cli_run.hpp"
#include "constructs/region/region.hpp"
#include "engine/perft.hpp"
#include "engine/text/game_record.hpp"
#include "players/evaluator.hpp"
#include "studies/match.hpp"
#include "studies/match_report.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> lanrick() { return load_rules(repo_path("rules/lanrick.rules")); }

int cell(const State& s, const char* name) { return s.program().board->find_cell(name); }

bool has(const std::vector<std::string>& v, const std::string& m) { return std::count(v.begin(), v.end(), m) == 1; }

// The Rendezvous as the region construct shows it (an empty area when it is not marked).
StateNotes::Area region_area(const State& s) {
  for (const auto& area : describe(s).areas)
    if (area.name == "rendezvous") return area;
  return {};
}

// The region's cells by name, in board order.
std::vector<std::string> region_cells(const State& s) {
  std::vector<std::string> out;
  for (int c : region_area(s).cells) out.push_back(s.program().board->cell(c).name);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The partial moves (from-to) of the man on `from`.
std::vector<std::string> moves_from(const State& s, const std::string& from) {
  std::vector<std::string> out;
  for (const auto& m : move_strings(s))
    if (m.rfind(from + "-", 0) == 0) out.push_back(m);
  return out;
}

int cost_of(const State& s, const std::string& text) { return move_of(s, text).cost; }

char owner_at(const State& s, const char* name) {
  uint8_t code = s.at(cell(s, name));
  return code ? s.program().symbol(code)[0] : '-';
}

// A position with the side to move playing for the region marked on `mark`.
State playing(std::shared_ptr<const Program> p, const std::string& position, const char* mark, int choice = -1,
              bool first = false) {
  State s = state_at(p, position);
  bool played = false;
  s.edit([&](StateEditor& e) { played = play_for_region(e, "rendezvous", cell(s, mark), choice, first); });
  REQUIRE(played);
  return s;
}

void play(State& s, std::initializer_list<const char*> moves) {
  for (const char* m : moves) {
    INFO(m);
    REQUIRE_FALSE(s.is_terminal());
    s.apply(move_of(s, m));
  }
}

}  // namespace

TEST_CASE("Lanrick: perft from the start matches the independent model (B9)", "[lanrick][perft]") {
  State s(lanrick());
  const uint64_t expected[] = {4, 8, 320, 10448, 436192};
  for (int d = 1; d <= 5; ++d) CHECK(perft(s, d) == expected[d - 1]);
  // d3: Yellow has 40 partial moves after each of the 8 lines (e8 10, a7 7, h5 10, a1 6, g1 7).
  for (const auto& [line, count] : perft_divide(s, 3)) CHECK(count == 80);
  play(s, {"mark:d5", "decline"});
  CHECK(moves_from(s, "e8").size() == 10);
  CHECK(moves_from(s, "a7").size() == 7);
  CHECK(moves_from(s, "h5").size() == 10);
  CHECK(moves_from(s, "a1").size() == 6);
  CHECK(moves_from(s, "g1").size() == 7);
}

TEST_CASE("Lanrick: the first Mark goes on the empty diagonal's four central squares (Rule 2)", "[lanrick][mark]") {
  State s(lanrick());
  CHECK(s.program().players[s.current_player()].name == "black");
  CHECK(move_strings(s) == std::vector<std::string>{"mark:c6", "mark:d5", "mark:e4", "mark:f3"});
  play(s, {"mark:e4"});
  CHECK(region_cells(s) == sorted({"d3", "e3", "f3", "d4", "e4", "f4", "d5", "e5", "f5"}));
  // Yellow (the non-setter) may claim an interchange, then moves first with 2 squares.
  CHECK(s.program().players[s.current_player()].name == "yellow");
  CHECK(move_strings(s) == std::vector<std::string>{"decline", "interchange"});
  play(s, {"decline"});
  CHECK(s.turn_point().fresh);
  CHECK(var_named(s, "budget") == 2);
  CHECK(s.program().players[s.current_player()].name == "yellow");
}

TEST_CASE("Lanrick: Rendezvous shapes, close and open (Defs 1-3, B2)", "[lanrick][mark]") {
  auto p = lanrick();
  // Close: 9 men on the board -> 8 squares (open); 8 -> 7 (close) and so on.
  auto men = [](int n) {
    const char* cells[] = {"a1B", "c1B", "e1B", "g1B", "a8Y", "c8Y", "e8Y", "g8Y", "h4Y", "h6B"};
    std::string pos;
    for (int i = 0; i < n; ++i) pos += std::string(cells[i]) + " ";
    return pos + ", black to move";
  };
  State s8 = playing(p, men(9), "c5");  // the seed's worked example, Mark c5
  CHECK(region_cells(s8) == sorted({"c8", "f8", "a7", "a5", "h5", "a3", "c1", "g1"}));
  CHECK(region_area(s8).open);
  State s7 = playing(p, men(8), "d5");
  CHECK(region_cells(s7) == sorted({"c6", "d6", "e6", "d5", "c4", "d4", "e4"}));
  CHECK_FALSE(region_area(s7).open);
  State s6 = playing(p, men(7), "c5");
  CHECK(region_cells(s6) == sorted({"c8", "f8", "a7", "a3", "c1", "g1"}));
  State s5 = playing(p, men(6), "d5");
  CHECK(region_cells(s5) == sorted({"c6", "e6", "d5", "c4", "e4"}));
  State s4 = playing(p, men(5), "c5");
  CHECK(region_cells(s4) == sorted({"f8", "a7", "a3", "g1"}));
  // 3: a line of three with the Mark in the middle, its direction chosen by the setter.
  const int ne = s4.program().board->find_direction("ne");
  State s3 = playing(p, men(4), "d5", ne);
  CHECK(region_cells(s3) == sorted({"c4", "d5", "e6"}));
  // Later Marks (Rule 4): any field square for 4-9 squares; for 3, a square with both
  // neighbours along the chosen line, never a corner.
  State later = state_at(p, men(10) + "");
  CHECK(move_strings(later).size() == 36);
  State mark3 = state_at(p, men(4));
  auto marks = move_strings(mark3);
  CHECK(marks.size() == 6 * 8 + 8 * 6 + 36 + 36);
  CHECK(has(marks, "mark:a2:n"));
  CHECK_FALSE(has(marks, "mark:a2:e"));
  CHECK_FALSE(has(marks, "mark:a1:n"));
  CHECK(has(marks, "mark:b1:e"));
  CHECK(has(marks, "mark:d5:se"));
  // A Mark may go on an occupied square (B2).
  CHECK(has(move_strings(state_at(p, "d5B c1B a8Y c8Y e8Y g8Y h4Y a1B e1B g1B, black to move")), "mark:d5"));
}

TEST_CASE("Lanrick: interchange (Rule 5, B4)", "[lanrick][interchange]") {
  auto p = lanrick();
  // 5 v 5: every man changes colour; Yellow then plays the first turn with Black's old men.
  State s(p);
  play(s, {"mark:d5", "interchange"});
  CHECK(owner_at(s, "b8") == 'Y');
  CHECK(owner_at(s, "e8") == 'B');
  CHECK(s.program().players[s.current_player()].name == "yellow");
  CHECK(var_named(s, "budget") == 2);
  // The setter with fewer men names as many of the other's men, in increasing square order.
  State t = state_at(p, "a1B h8B a2Y b2Y c2Y d2Y, black to move");
  play(t, {"mark:d5", "interchange"});
  CHECK(t.program().players[t.current_player()].name == "black");
  CHECK(move_strings(t) == std::vector<std::string>{"take:a2", "take:b2", "take:c2"});
  play(t, {"take:b2"});
  CHECK(move_strings(t) == std::vector<std::string>{"take:c2", "take:d2"});
  uint64_t picks = perft(t, 1);
  CHECK(picks == 2);
  play(t, {"take:d2"});
  CHECK(owner_at(t, "a1") == 'Y');
  CHECK(owner_at(t, "h8") == 'Y');
  CHECK(owner_at(t, "b2") == 'B');
  CHECK(owner_at(t, "d2") == 'B');
  CHECK(owner_at(t, "a2") == 'Y');
  CHECK(t.program().players[t.current_player()].name == "yellow");
  CHECK(t.turn_point().fresh);
  // One pick sequence per choice: C(4, 2) = 6 from the claim.
  State u = state_at(p, "a1B h8B a2Y b2Y c2Y d2Y, black to move");
  play(u, {"mark:d5", "interchange"});
  CHECK(perft(u, 2) == 6);
}

TEST_CASE("Lanrick: the budget is 2 on the first turn, else 5, 4 or 3 (Rule 3)", "[lanrick][turn]") {
  auto p = lanrick();
  CHECK(var_named(playing(p, "a1Y b1Y c1Y d1Y e1Y a8B b8B c8B d8B e8B, yellow to move", "d5", -1, true), "budget") ==
        2);
  CHECK(var_named(playing(p, "a1Y b1Y c1Y d1Y e1Y a8B b8B c8B d8B e8B, yellow to move", "d5"), "budget") == 5);
  CHECK(var_named(playing(p, "a1Y b1Y c1Y d1Y a8B b8B c8B d8B e8B h8B, yellow to move", "d5"), "budget") == 4);
  CHECK(var_named(playing(p, "a1Y b1Y c1Y a8B b8B c8B d8B e8B h8B h1B, yellow to move", "d5"), "budget") == 3);
  // The first turn: 2 squares, then the turn ends by itself.
  State s(p);
  play(s, {"mark:d5", "decline", "h5-f5"});
  CHECK(s.program().players[s.current_player()].name == "black");
  CHECK(var_named(s, "budget") == 5);
  CHECK_FALSE(s.turn_point().fresh);
}

TEST_CASE("Lanrick: straight or slanting along empty squares, each man once, at most 3 (Rules 1, 3)",
          "[lanrick][turn]") {
  auto p = lanrick();
  State s = playing(p, "b2Y c2Y a1Y d4Y e5Y a8B b8B c8B d8B e8B, yellow to move", "f6");
  // b2 has 3 squares north (b3 b4 b5), 1 east is blocked by c2, diagonals...
  CHECK(has(moves_from(s, "b2"), "b2-b5"));
  CHECK_FALSE(has(moves_from(s, "b2"), "b2-b6"));  // 4 squares: more than 3
  CHECK_FALSE(has(moves_from(s, "b2"), "b2-d2"));  // not through c2
  CHECK_FALSE(has(moves_from(s, "b2"), "b2-c4"));  // no turning
  CHECK(cost_of(s, "b2-b5") == 3);
  play(s, {"b2-b4"});
  CHECK(var_named(s, "spent") == 2);
  CHECK(moves_from(s, "b4").empty());  // moved once already
  CHECK(has(move_strings(s), "end"));
  // The rest of the budget (3) caps every move.
  CHECK_FALSE(has(moves_from(s, "c2"), "c2-c6"));
  play(s, {"c2-c5"});
  CHECK(s.program().players[s.current_player()].name == "black");  // budget spent: turn over
}

TEST_CASE("Lanrick: the only man outside may use the whole budget (Rule 3, B10.7)", "[lanrick][turn]") {
  auto p = lanrick();
  // Close 9 on f6: Yellow has only b2 outside; it may go 4 squares (b2-f6 is 4 slanting).
  State s = playing(p, "f5Y g5Y e6Y g6Y b2Y a8B b8B c8B d8B a1B, yellow to move", "f6");
  CHECK(has(moves_from(s, "b2"), "b2-f6"));
  CHECK(cost_of(s, "b2-f6") == 4);
  // With a second man outside, the cap is 3.
  State t = playing(p, "f5Y g5Y e6Y a4Y b2Y a8B b8B c8B d8B a1B, yellow to move", "f6");
  CHECK_FALSE(has(moves_from(t, "b2"), "b2-f6"));
  CHECK(cost_of(t, "b2-e5") == 3);
  CHECK(has(moves_from(t, "b2"), "b2-e2"));
}

TEST_CASE("Lanrick: a turn needs one move - `end` after it - pass when nothing moves (B3, B10.9)", "[lanrick][turn]") {
  auto p = lanrick();
  State s = playing(p, "b2Y c2Y a1Y d4Y e5Y a8B b8B c8B d8B e8B, yellow to move", "f6");
  CHECK_FALSE(has(move_strings(s), "end"));
  CHECK_FALSE(has(move_strings(s), "pass"));
  play(s, {"b2-b3", "end"});
  CHECK(s.program().players[s.current_player()].name == "black");
  // Boxed-in men: pass.
  State boxed = playing(p, "a1Y h1Y a2B b2B b1B h2B g2B g1B, yellow to move", "e5");
  CHECK(move_strings(boxed) == std::vector<std::string>{"pass"});
}

TEST_CASE("Lanrick: border running for an open Rendezvous (Rule 6, B3)", "[lanrick][turn]") {
  auto p = lanrick();
  // Open 8 on c5 (9 men): c8 f8 a7 a5 h5 a3 c1 g1.
  State s = playing(p, "g1Y c1Y a3Y b4Y a5B a7B c8B f8B g6B, yellow to move", "c5");
  CHECK(var_named(s, "budget") == 4);
  CHECK(cost_of(s, "g1-h5") == 1);                 // round the corner, up to the first square h5
  CHECK_FALSE(has(moves_from(s, "g1"), "g1-h6"));  // beyond h5: 6 squares
  CHECK(cost_of(s, "g1-h3") == 1);                 // short of the first square
  CHECK(cost_of(s, "g1-f1") == 1);                 // straight along the edge, or along the ring
  // A man in the field does not run: b4-b1 is 3 squares straight.
  CHECK(cost_of(s, "b4-b1") == 3);
  // Not for a close Rendezvous.
  State close = playing(p, "g1Y c1Y a3Y b4Y a5B a7B c8B f8B, yellow to move", "d5");
  CHECK_FALSE(has(moves_from(close, "g1"), "g1-h5"));
  CHECK(has(moves_from(close, "g1"), "g1-h2"));  // a slanting step
}

TEST_CASE("Lanrick: Carroll's example 1 (B8.1)", "[lanrick][example]") {
  State s = playing(lanrick(), "c6Y d6Y e6Y f6Y d5Y c5B e5B f5B c4B d4B, yellow to move", "d5");
  CHECK(var_named(s, "budget") == 5);
  play(s, {"d5-e4", "e6-d5", "f6-e6"});
  // Full: f5 is removed; Black (4 men against 5) sets the next Mark, of 8 squares.
  CHECK(owner_at(s, "f5") == '-');
  CHECK(s.piece_count(0) == 4);
  CHECK(s.piece_count(1) == 5);
  CHECK(phase_name(s) == "mark");
  CHECK(s.program().players[s.current_player()].name == "black");
  CHECK(move_strings(s).size() == 36);
  play(s, {"mark:c5"});
  CHECK(region_cells(s).size() == 8);
}

TEST_CASE("Lanrick: Carroll's example 2 (B8.2)", "[lanrick][example]") {
  State s = playing(lanrick(), "d6Y e6Y f6Y c5Y d4Y c6B d5B e5B f5B c4B, yellow to move", "d5");
  play(s, {"d4-e4", "c5-d4", "d6-c5", "e6-d6"});
  CHECK(var_named(s, "spent") == 4);
  play(s, {"f6-e6"});
  CHECK(owner_at(s, "f5") == '-');
  CHECK(phase_name(s) == "mark");
  CHECK(s.program().players[s.current_player()].name == "black");
}

TEST_CASE("Lanrick: Carroll's example 3, the open Rendezvous (B8.3)", "[lanrick][example]") {
  State s = playing(lanrick(), "g1Y c1Y a3Y b4Y a5B a7B c8B f8B g6B, yellow to move", "c5");
  CHECK(var_named(s, "budget") == 4);
  for (const char* m : {"g1-h5", "c1-g1", "a3-c1", "b4-a3"}) {
    INFO(m);
    CHECK(cost_of(s, m) == 1);
    play(s, {m});
  }
  CHECK(owner_at(s, "g6") == '-');
  // 4 v 4: Black, who just lost a man, sets the next Mark (7 squares).
  CHECK(phase_name(s) == "mark");
  CHECK(s.program().players[s.current_player()].name == "black");
}

TEST_CASE("Lanrick: all in and not full, convert an outlying enemy man (Rule 7)", "[lanrick][rule]") {
  auto p = lanrick();
  // Close 9 on d5 with 10 men; Yellow gets its last man in while two Black men are out.
  State s = playing(p, "c6Y d6Y e6Y c5Y g2Y d5B e5B a8B h8B c4B, yellow to move", "d5");
  play(s, {"g2-e4"});
  CHECK(phase_name(s) == "convert");
  CHECK(move_strings(s) == std::vector<std::string>{"convert:a8", "convert:h8"});
  play(s, {"convert:h8"});
  CHECK(owner_at(s, "h8") == 'Y');
  CHECK(s.program().players[s.current_player()].name == "black");  // the turn ended
  CHECK(var_named(s, "budget") == 4);                              // Black has 4 men now
}

TEST_CASE("Lanrick: Rules 7/8 at the start of a turn (B10.8)", "[lanrick][rule]") {
  auto p = lanrick();
  // Yellow is already all in when its turn starts.
  State s = playing(p, "c6Y d6Y e6Y c5Y e4Y d5B e5B a8B h8B c4B, yellow to move", "d5");
  CHECK(phase_name(s) == "convert");
}

TEST_CASE("Lanrick: one man left loses (Rule 9)", "[lanrick][rule]") {
  auto p = lanrick();
  const int north = p->board->find_direction("n");
  // Size 3 (4 men) on d4 d5 d6: Yellow gets in, not full, and converts one of Black's two.
  State s = playing(p, "d4Y f3Y a1B h8B, yellow to move", "d5", north);
  CHECK(var_named(s, "budget") == 3);
  play(s, {"f3-d5"});
  REQUIRE(phase_name(s) == "convert");
  play(s, {"convert:a1"});
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == 1);  // yellow
  // Full: Rule 8 takes Black's man outside and leaves him one.
  State t = playing(p, "d4Y f3Y d6B a1B h8B, yellow to move", "e5");  // 5 men: open 4
  CHECK(region_area(t).open);
  State u = playing(p, "d4Y d6Y d5B h8B, yellow to move", "d5", north);
  CHECK(u.is_terminal());  // Yellow is all in at the start: full, h8 goes, Black has one man
  CHECK(u.result().winner == 1);
  CHECK(owner_at(u, "h8") == '-');
}

TEST_CASE("Lanrick: threefold repetition is a draw (B6)", "[lanrick][rule]") {
  State s = playing(lanrick(), "a1Y h1Y g1Y a8B h8B b8B, yellow to move", "d5");
  for (int round = 0; round < 2; ++round) play(s, {"a1-a2", "end", "a8-a7", "end", "a2-a1", "end", "a7-a8", "end"});
  CHECK(s.is_terminal());
  CHECK(s.result().winner == -1);
}

TEST_CASE("Lanrick: apply and undo restore everything, hash included", "[lanrick][state]") {
  State s(lanrick());
  Rng rng(7);
  std::vector<State> trail{s};
  for (int i = 0; i < 300 && !s.is_terminal(); ++i) {
    auto moves = s.legal_moves();
    s.apply(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
    trail.push_back(s);
  }
  while (s.ply() > 0) {
    s.undo();
    REQUIRE(s == trail[s.ply()]);
    REQUIRE(s.hash() == trail[s.ply()].hash());
  }
}

TEST_CASE("Lanrick: random games end within the limit", "[lanrick][random]") {
  auto p = lanrick();
  for (uint64_t seed = 1; seed <= 4; ++seed) CHECK(random_game_to_end(p, seed).ply() <= p->end.ply_limit);
}

TEST_CASE("Lanrick: a complete game to a win, replayed move by move", "[lanrick][game]") {
  // tests/data/lanrick-game.txt: two seeded greedy players; three Rendezvous (9 close on f3,
  // 8 open on c7, 7 close on g2), Rules 7 and 8, and Yellow wins by Rule 9.
  auto p = lanrick();
  std::ifstream in(repo_path("tests/data/lanrick-game.txt"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  State s(p);
  std::vector<int> sizes, men_at_marks;
  int conversions = 0;
  for (const auto& token : record_moves(text)) {
    INFO(token);
    REQUIRE_FALSE(s.is_terminal());
    int men = s.piece_count(0) + s.piece_count(1);
    s.apply(move_of(s, token));
    if (token.rfind("mark:", 0) == 0)
      sizes.push_back(static_cast<int>(region_area(s).cells.size())), men_at_marks.push_back(men);
    if (token.rfind("convert:", 0) == 0) ++conversions;
    CHECK(s.piece_count(0) + s.piece_count(1) >= men - 1);  // one man at most leaves
  }
  CHECK(sizes == std::vector<int>{9, 8, 7});
  CHECK(men_at_marks == std::vector<int>{10, 9, 8});
  CHECK(conversions == 5);
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == 1);  // yellow
  CHECK(s.piece_count(0) <= 1);
  CHECK(s.ply() == 273);
  // The record round-trips.
  std::string record;
  for (const auto& t : history_strings(s)) record += t + " ";
  State again(p);
  std::string error;
  CHECK(replay_record(again, record, error) == 273);
  CHECK(again == s);
}

TEST_CASE("CLI: show marks the Mark and the Rendezvous squares - replay plays the game", "[lanrick][cli]") {
  auto r = run("show rules/lanrick.rules --moves \"mark:d5 decline h5-f5\"");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("6 - - * * * - - -") != std::string::npos);
  CHECK(r.out.find("5 - - * m * Y - -") != std::string::npos);
  CHECK(r.out.find("rendezvous: 9 cells (close), mark d5") != std::string::npos);
  CHECK(r.out.find("budget 5, spent 0") != std::string::npos);
  auto open =
      run("show rules/lanrick.rules --position \"g1Y c1Y a3Y b4Y a5B a7B c8B f8B g6B, black to move\" "
          "--moves \"mark:c5 decline\"");
  INFO(open.out);
  CHECK(open.out.find("1 -  -  Y* -  -  -  Y* -") != std::string::npos);
  CHECK(open.out.find("5 B* -  m  -  -  -  -  *") != std::string::npos);
  auto game = run("replay rules/lanrick.rules tests/data/lanrick-game.txt");
  CHECK(game.out.find("273 moves replayed; yellow wins after 273 plies") != std::string::npos);
  CHECK(run("perft rules/lanrick.rules 4").out.find("10448") == 0);
}

// The rules' evaluation (for the computer players): men, then distance-to the Rendezvous.
TEST_CASE("Lanrick: distance-to(P, R) sums the steps of P's men outside the region", "[lanrick][ai]") {
  auto p = lanrick();
  // The Rendezvous on f3 is e2..g4; men in it count 0, a1 is 4 steps from e2, h8 4 from g4.
  State s = playing(p, "f3B a1B h8B e1Y d4Y b2Y g6Y a7Y c8Y e8Y, black to move", "f3");
  ExpressionEvaluator eval(p->evaluation);
  const double black = 4 * (3 - 7) - (4 + 4) + (1 + 1 + 3 + 2 + 4 + 4 + 4);
  CHECK(eval.evaluate(s, 0) == black);
  CHECK(eval.evaluate(s, 1) == -black);
}

// Random play almost never gathers a side in the Rendezvous (a random playout reaches the
// 3,000-ply limit), so MCTS plays with playouts cut off and scored by the rules' evaluation.
// A strength result: in the optimised build only (the sanitized one runs the same search in
// the players' tests).
TEST_CASE("Lanrick: MCTS with cut-off playouts beats random", "[lanrick][ai][slow][release-only]") {
  MatchConfig m;
  std::string error;
  m.seating = *make_seating(*lanrick(), {"mcts:1000:cutoff:10", "random"}, false, error);
  m.games = 2;  // each seat once
  m.seed = 5;
  auto games = run_match(lanrick(), m);
  MatchReport r = summarize(games, m.seating, error);
  REQUIRE(error.empty());
  CHECK(r.players[0].wins == 2);
  for (const auto& g : games) CHECK(g.plies < 1000);  // won long before the 3,000-ply limit
}

// The real `tabula` binary: exit codes and output.
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

#include "cli_run.hpp"
#include "test_support.hpp"

using namespace tabula::testing;

TEST_CASE("CLI: validate accepts every rules file and board file", "[cli]") {
  auto r = run("validate rules/*.rules boards/*.yaml");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("rules/loa.rules: ok (\"Lines of Action\": 2 players, 1 piece kind, board of 64 cells)") !=
        std::string::npos);
  CHECK(r.out.find("rules/laska.rules: ok (\"Laska\": 2 players, 2 piece kinds, board of 25 cells)") !=
        std::string::npos);
}

TEST_CASE("CLI: validate points at the line and column of an error", "[cli]") {
  auto path =
      temp_rules("broken.rules",
                 "game \"Broken\"\nboard \"" + repo_path("boards/square8.yaml") +
                     "\"\nplayer black\nplayer white\npiece stone\nmove stone {\n  line dirs=fowrad distance=1\n}\n");
  auto r = run("validate " + path);
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("broken.rules:7:13: error: unknown direction 'fowrad'") != std::string::npos);
  CHECK(r.out.find("  line dirs=fowrad distance=1\n") != std::string::npos);
  CHECK(r.out.find("\n              ^\n") != std::string::npos);
}

TEST_CASE("CLI: perft --json", "[cli]") {
  auto r = run("perft rules/loa.rules 2 --json");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("{\"depth\":2,\"nodes\":1244,\"seconds\":") == 0);
}

TEST_CASE("CLI: perft --divide sums to the total", "[cli]") {
  auto r = run("perft rules/loa.rules 2 --divide");
  CHECK(r.status == 0);
  CHECK(r.out.find("b1-b3: ") != std::string::npos);
  CHECK(r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1) == "1244\n");
}

TEST_CASE("CLI: perft --moves counts after a game's moves, knowing its history", "[cli]") {
  // The ko: after these moves Black may not retake e4 (superko); from the same board given
  // as text, without the earlier boards, it may.
  const std::string ko = "B@d5 W@e5 B@c4 W@f4 B@d3 W@e3 B@e4 W@d4";
  CHECK(run("perft rules/go-9x9.rules 1 --moves '" + ko + "'").out == "74\n");
  CHECK(run("perft rules/go-9x9.rules 1 --position '9/9/9/9/3BW4/2BW1W3/3BW4/9/9 black'").out == "75\n");
  auto bad = run("perft rules/go-9x9.rules 1 --moves 'B@d5 B@e5'");
  CHECK(bad.status != 0);
  CHECK_THAT(bad.out, Catch::Contains("--moves:"));
}

TEST_CASE("CLI: moves and show take a position", "[cli]") {
  auto r = run("moves rules/loa.rules --position '8/8/1W1WB3/8/1BWW4/1WW1B3/2W2B2/8 white'");
  CHECK(r.status == 0);
  CHECK(r.out.find("c2-c5\n") != std::string::npos);
  r = run("show rules/loa.rules");
  CHECK(r.status == 0);
  CHECK(r.out.find("8 - B B B B B B -\n7 W - - - - - - W\n") != std::string::npos);
  CHECK(r.out.find("  a b c d e f g h\n") != std::string::npos);
}

TEST_CASE("CLI: a bad position or move is one clear sentence and a non-zero exit", "[cli]") {
  auto r = run("moves rules/loa.rules --position 'not/a/position black'");
  CHECK(r.status == 1);
  CHECK(r.out.rfind("tabula: bad position: ", 0) == 0);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
  auto game = temp_rules("bad-game.txt", "1. b1-b3 a2-c2\n2. b3-b9\n");
  r = run("replay rules/loa.rules " + game);
  CHECK(r.status == 1);
  CHECK(r.out.find("move 3 (b3-b9): 'b9' is not a cell of this board") != std::string::npos);
  r = run("perft rules/loa.rules 0");
  CHECK(r.status != 0);
  r = run("frobnicate");
  CHECK(r.status != 0);
}

TEST_CASE("CLI: play without --players seats a person first against search:2", "[cli]") {
  auto r = run_script("printf 'X@b2\\nquit\\n' | $TABULA play rules/tic-tac-toe.rules");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("Tic-tac-toe: x = human, o = alphabeta:2\n") == 0);
  CHECK(r.out.find("x to move> ") != std::string::npos);
  CHECK(r.out.find("x plays X@b2") != std::string::npos);  // the person's move, then the computer's
  CHECK(r.out.find("o plays O@") != std::string::npos);
  CHECK(r.out.find("[Players \"x = human, o = alphabeta:2\"]") != std::string::npos);
}

TEST_CASE("CLI: play runs a whole game between computer players", "[cli]") {
  auto r = run("play rules/loa.rules --players random,random --seed 3");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("result: ") != std::string::npos);
}

TEST_CASE("CLI: replay a published LOA game", "[cli]") {
  auto r = run("replay rules/loa.rules tests/data/loa-games/shortest_game.txt");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("9 moves replayed; black wins after 9 plies") != std::string::npos);
}

TEST_CASE("CLI: bench --json", "[cli]") {
  auto r = run("bench rules/loa.rules --playouts 20 --json");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("{\"playouts\":20,") == 0);
  CHECK(r.out.find("\"playouts_per_second\":") != std::string::npos);
}

TEST_CASE("CLI: every LOA variant plays a whole random game", "[cli][loa-variants]") {
  for (const char* v : {"scrambled-eggs", "parachute", "rotation", "neighbours", "neighbours-12"}) {
    auto r = run(std::string("play rules/loa-") + v + ".rules --players random,random --seed 5");
    INFO(v << "\n" << r.out);
    CHECK(r.status == 0);
    CHECK(r.out.find("result: ") != std::string::npos);
  }
}

TEST_CASE("CLI: Rotation as a four-player partnership game, one seat each", "[cli][loa-variants]") {
  auto r = run("play rules/loa-rotation.rules --players random,random,random,random --seed 9");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("black-bottom = random, white-right = random, black-top = random, white-left = random") !=
        std::string::npos);
  CHECK(r.out.find("result: ") != std::string::npos);
  r = run("play rules/loa-rotation.rules --players random,random,random");
  CHECK(r.status == 1);
  CHECK(r.out.find("--players: 3 players given, but LOA: Rotation takes 4 (one per seat) or 2 (one per side)") !=
        std::string::npos);
}

TEST_CASE("CLI: show --territory marks each side's territory and prints the scores", "[cli][lanquia]") {
  auto r = run("show rules/lanquia.rules --territory --position 'i6B i8B h6W j7W i11B i13B, Black to move'");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("i - - - - - B - B b b B b B - - - -") != std::string::npos);
  CHECK(r.out.find("black: score 3 (captured 0)") != std::string::npos);
  CHECK(r.out.find("white: score 0 (captured 0)") != std::string::npos);
}

TEST_CASE("CLI: Lanquia plays a whole random game and its small-board variant validates", "[cli][lanquia]") {
  auto r = run("play rules/lanquia.rules --players random,random --seed 2");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("result: ") != std::string::npos);
  r = run("play rules/lanquia-7.rules --players random,random --seed 3");
  CHECK(r.status == 0);
}

TEST_CASE("CLI: Lanko on all three boards with 2, 3 and 4 players, records with the seed's markers", "[cli][lanko]") {
  for (const char* board : {"88", "68", "103"})
    for (const char* players : {"random,random", "S=random,N=random,W+E=random", "random,random,random,random"}) {
      auto r = run(std::string("play rules/lanko-") + board + ".rules --players " + players + " --seed 4");
      INFO(board << " " << players << "\n" << r.out);
      CHECK(r.status == 0);
      CHECK(r.out.find("result: ") != std::string::npos);
      CHECK(r.out.find("[+++]") != std::string::npos);
    }
  auto r = run("play rules/lanko-88.rules --players S=random,N=random,W=random");
  CHECK(r.status == 1);
  CHECK(r.out.find("--players: seat E has no player") != std::string::npos);
}

TEST_CASE("CLI: show --zone marks a board zone, for checking a board by eye", "[cli][lanko]") {
  auto r = run("show rules/lanko-88.rules --zone middle --position 'c4p, S to move'");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find(" 7 - - - - - *   * - - - - -\n") != std::string::npos);
  r = run("show rules/lanko-88.rules --zone nowhere");
  CHECK(r.status == 1);
  CHECK(r.out.find("'nowhere' is not a zone of the board") != std::string::npos);
}

TEST_CASE("CLI: --reference plays the same games with every accelerated path off", "[cli][reference]") {
  // The same perft count, the same seeded random playouts, the same seeded game between
  // players (their search included); only the accelerated paths named differ.
  CHECK(run("perft rules/english-draughts.rules 6 --reference").out == run("perft rules/english-draughts.rules 6").out);
  auto fast = run("bench rules/breakthrough.rules --playouts 300 --seed 3 --json");
  auto plain = run("bench rules/breakthrough.rules --playouts 300 --seed 3 --json --reference");
  REQUIRE(fast.status == 0);
  REQUIRE(plain.status == 0);
  auto after_rate = [](const std::string& json) { return json.substr(json.find("\"average_plies\"")); };
  CHECK(after_rate(fast.out).find("\"wins\":{\"white\":167,\"black\":133},\"draws\":0,\"accelerations\":[\"bitboards\","
                                  "\"masked steps\",\"fused steps\",\"counted moves\",\"plain turns\","
                                  "\"step playouts\"]") != std::string::npos);
  CHECK(after_rate(plain.out).find("\"wins\":{\"white\":167,\"black\":133},\"draws\":0,\"accelerations\":[]") !=
        std::string::npos);
  CHECK(run("bench rules/connect-four.rules --playouts 10 --reference")
            .out.find("accelerated paths: none (reference mode)\n") != std::string::npos);
  auto game = run("play rules/lanquia-7.rules --players alphabeta:1,random --seed 5");
  REQUIRE(game.status == 0);
  CHECK(run("play rules/lanquia-7.rules --players alphabeta:1,random --seed 5 --reference").out == game.out);
}

TEST_CASE("CLI: a rules file anywhere finds a shipped board, and TABULA_BOARDS comes before them", "[cli]") {
  // In a scratch folder with no boards/ beside it: square8.yaml is a shipped board.
  auto rules = run_script(
      "d=$(mktemp -d) && trap 'rm -rf \"$d\"' EXIT && mkdir \"$d/rules\" \"$d/mine\" &&\n"
      "printf 'game \"Anywhere\"\\nboard \"square8.yaml\"\\nplayer black\\nplayer white\\npiece stone\\n"
      "turn {\\n  place stone\\n}\\nno-move draw\\n' > \"$d/rules/anywhere.rules\" &&\n"
      "$TABULA perft \"$d/rules/anywhere.rules\" 1 &&\n"
      // A board of the same name in TABULA_BOARDS is found first: 4 cells, not 64.
      "printf 'rectangle: { files: 2, ranks: 2 }\\n' > \"$d/mine/square8.yaml\" &&\n"
      "TABULA_BOARDS=\"/nonexistent:$d/mine\" $TABULA perft \"$d/rules/anywhere.rules\" 1 &&\n"
      // A board found nowhere names the places it was looked for.
      "sed -i s/square8/elsewhere/ \"$d/rules/anywhere.rules\" && $TABULA validate \"$d/rules/anywhere.rules\"");
  INFO(rules.out);
  CHECK(rules.status == 1);
  CHECK(rules.out.find("64\n4\n") == 0);
  CHECK(rules.out.find("board file 'elsewhere.yaml' not found next to the rules file, in the boards/ folder beside "
                       "its folder, in the current folder, in TABULA_PATH or TABULA_BOARDS or among the shipped "
                       "boards") != std::string::npos);
}

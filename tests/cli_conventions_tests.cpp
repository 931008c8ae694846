// The conventions of the `tabula` command line (docs/CLI.md): --version, exit codes, usage
// errors in one sentence, JSON that keeps what the text shows.
#include <catch2/catch.hpp>
#include <string>

#include "cli_run.hpp"
#include "test_support.hpp"

using namespace tabula::testing;

TEST_CASE("CLI: --version names the version and the git revision", "[cli][conventions]") {
  auto r = run("--version");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.rfind("tabula 0.", 0) == 0);
  CHECK(r.out.find(" (git ") != std::string::npos);
  CHECK(r.out.find("(git unknown)") == std::string::npos);  // the tests run in a checkout
}

TEST_CASE("CLI: usage errors exit 2 with one sentence - --help exits 0", "[cli][conventions]") {
  auto r = run("valdate rules/loa.rules");
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK(r.out.find("tabula: 'valdate' is not a tabula command; did you mean 'validate'?\n") == 0);
  r = run("frobnicate");
  CHECK(r.status == 2);
  CHECK(r.out.find("tabula: 'frobnicate' is not a tabula command\n") == 0);
  r = run("");
  CHECK(r.status == 2);
  r = run("perft rules/loa.rules abc");
  CHECK(r.status == 2);
  CHECK(r.out.find("tabula: depth: 'abc' is not a number; expected a whole number from 1 to 64") == 0);
  r = run("perft rules/loa.rules 99");
  CHECK(r.status == 2);
  CHECK(r.out.find("depth: '99' is out of range: expected a whole number from 1 to 64") != std::string::npos);
  r = run("perft rules/loa.rules 1.5");
  CHECK(r.status == 2);
  CHECK(r.out.find("depth: '1.5' is not a whole number; expected a whole number from 1 to 64") != std::string::npos);
  r = run("bench rules/loa.rules --seconds soon");
  CHECK(r.status == 2);
  CHECK(r.out.find("--seconds: 'soon' is not a number; expected a number from ") != std::string::npos);
  r = run("match rules/loa.rules --players random,random --games many");
  CHECK(r.status == 2);
  CHECK(r.out.find("--games: 'many' is not a number") != std::string::npos);
  r = run("perft --no-such-flag rules/loa.rules 1");
  CHECK(r.status == 2);
  // A misspelt option is offered the command's nearest one (its value is not said apart);
  // a word with no place left is said to be one, with where an option's value goes.
  r = run("perft rules/loa.rules 1 --positoin @x.pos");
  CHECK(r.status == 2);
  CHECK(r.out ==
        "tabula: '--positoin' is not an option of 'perft'; did you mean '--position'?\n"
        "Run 'tabula perft --help' for its options.\n");
  r = run("match rules/loa.rules mcts:100 --players random,random");
  CHECK(r.status == 2);
  CHECK(r.out.find("tabula: 'mcts:100' was not expected: 'match' has no place left for it (an option's value goes "
                   "right after the option, as in --players a,b)") == 0);
  r = run("perft --help");
  CHECK(r.status == 0);
  CHECK(r.out.find("--json") != std::string::npos);
}

TEST_CASE("CLI: wrong input exits 1", "[cli][conventions]") {
  auto r = run("perft tests/data/no-such-file.rules 1");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out == "tabula: cannot open 'tests/data/no-such-file.rules': no such file\n");
  auto bad = temp_rules("bad.rules", "game \"Bad\"\nboard \"nowhere.yaml\"\n");
  r = run("perft " + bad + " 1");
  INFO(r.out);
  CHECK(r.status == 1);
}

TEST_CASE("CLI: perft --divide --json keeps the count of every root move", "[cli][conventions]") {
  auto r = run("perft rules/loa.rules 2 --divide --json");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("{\"depth\":2,\"nodes\":1244,") == 0);
  CHECK(r.out.find("\"divide\":[{\"move\":\"") != std::string::npos);
  // 36 root moves, each with 1244 / 36 replies or so: every one is there.
  size_t moves = 0;
  for (size_t at = 0; (at = r.out.find("{\"move\":", at)) != std::string::npos; ++at) ++moves;
  CHECK(moves == 36);
}

TEST_CASE("CLI: bench --json has the win counts the text shows", "[cli][conventions]") {
  auto r = run("bench rules/loa.rules --playouts 20 --json");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("\"playouts\":20,") != std::string::npos);
  CHECK(r.out.find("\"wins\":{\"black\":") != std::string::npos);
  CHECK(r.out.find(",\"white\":") != std::string::npos);
  CHECK(r.out.find("\"draws\":") != std::string::npos);
}

TEST_CASE("CLI: a rules file named without its folder finds its board in the boards/ folder beside it",
          "[cli][conventions]") {
  // From inside rules/: loa.rules's folder is the current one, its boards are in ../boards.
  auto r = run_command(std::string("cd '") + TABULA_SOURCE_DIR + "/rules' && '" + TABULA_BINARY +
                       "' validate loa.rules loa-rotation.rules 2>&1");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("loa.rules: ok") != std::string::npos);
}

TEST_CASE("CLI: - is standard input wherever a rules file is read", "[cli][conventions]") {
  auto from_file = run("perft rules/loa.rules 2");
  REQUIRE(from_file.status == 0);
  auto from_stdin = run("perft - 2 < rules/loa.rules");
  CHECK(from_stdin.status == 0);
  CHECK(from_stdin.out == from_file.out);
  auto moves_file = run("moves rules/othello.rules");
  REQUIRE(moves_file.status == 0);
  CHECK(run("moves - < rules/othello.rules").out == moves_file.out);
  auto shown = run("show - --json < rules/breakthrough.rules");
  CHECK(shown.status == 0);
  CHECK(shown.out.find("\"legal_moves\":[\"a2-a3\",") != std::string::npos);
  // A rules text on standard input is named stdin.rules in its diagnostics, with the caret.
  auto bad = run_script("printf 'game \"g\"\\nboard \"loa.yaml\"\\nfrobnicate\\n' | \"$TABULA\" perft - 1");
  CHECK(bad.status == 1);
  CHECK(bad.out.find("stdin.rules:3:1") != std::string::npos);
  CHECK(bad.out.find("^") != std::string::npos);
  // Standard input is read once: the second use says what the first read.
  auto twice = run("replay - - < rules/loa.rules");
  CHECK(twice.status == 1);
  CHECK(twice.out.find("standard input can be read once, and it gave the rules; give the game record as a file") !=
        std::string::npos);
  auto human = run("play - --players human,random < rules/loa.rules");
  CHECK(human.status == 1);
  CHECK(human.out.find("a human's moves are read from standard input, which gave the rules") != std::string::npos);
}

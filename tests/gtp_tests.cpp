// GTP both ways: Tabula as an engine (`tabula gtp`, tools/cli/gtp_session) driven as a GUI
// drives one, and engines outside Tabula as players (`gtp:COMMAND`), GNU Go among them.
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "cli/gtp_session.hpp"
#include "cli_run.hpp"
#include "engine/state_drawing.hpp"
#include "engine/text/move_text.hpp"
#include "players/engine_spec.hpp"
#include "players/gtp_vertex.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

struct Said {
  bool ok;
  std::string text;
};

Said say(cli::GtpSession& session, const std::string& command) {
  bool ok = false, quit = false;
  std::string text = session.answer(command, ok, quit);
  return {ok, text};
}

const char* kGnuGo = "/usr/games/gnugo";

}  // namespace

TEST_CASE("GTP: vertices skip I and name rows from 1", "[gtp]") {
  auto go = load_rules(repo_path("rules/go.rules"));
  VertexNames v(*go->board);
  CHECK(v.grid_size() == 19);
  CHECK(v.vertex(go->board->find_cell("a1")) == "A1");
  CHECK(v.vertex(go->board->find_cell("h8")) == "H8");
  CHECK(v.vertex(go->board->find_cell("i9")) == "J9");
  CHECK(v.vertex(go->board->find_cell("s19")) == "T19");
  CHECK(v.cell("t19") == go->board->find_cell("s19"));
  CHECK(v.cell("I5") == -1);
  // A board whose cells are not letter-and-row: the cells' own names.
  auto mill = load_rules(repo_path("rules/nine-mens-morris.rules"));
  VertexNames names(*mill->board);
  CHECK(names.grid_size() == 0);
  CHECK(names.cell(names.vertex(3)) == 3);
}

TEST_CASE("GTP: a session answers as the protocol says", "[gtp]") {
  auto go = load_rules(repo_path("rules/go-9x9.rules"));
  cli::GtpSession gtp(go, repo_path("rules/go-9x9.rules"), "random");
  CHECK(say(gtp, "protocol_version").text == "2");
  CHECK(say(gtp, "known_command genmove").text == "true");
  CHECK(say(gtp, "known_command fly").text == "false");
  Said size = say(gtp, "boardsize 19");
  CHECK_FALSE(size.ok);
  CHECK(size.text == "unacceptable size: these rules are played on 9x9");
  CHECK(say(gtp, "boardsize 9").ok);
  CHECK(say(gtp, "clear_board").ok);
  CHECK(say(gtp, "play b D4").ok);
  Said taken = say(gtp, "play w D4");
  CHECK_FALSE(taken.ok);
  CHECK(taken.text == "illegal move");
  Said turn = say(gtp, "play b E5");
  CHECK_FALSE(turn.ok);
  CHECK(turn.text == "illegal move: it is white's turn");
  CHECK_FALSE(say(gtp, "play w Z1").ok);
  CHECK_FALSE(say(gtp, "launch").ok);
  CHECK(say(gtp, "launch").text == "unknown command");
  Said reply = say(gtp, "genmove w");
  REQUIRE(reply.ok);
  CHECK(reply.text != "D4");
  CHECK(say(gtp, "undo").ok);
  CHECK(say(gtp, "undo").ok);
  CHECK_FALSE(say(gtp, "undo").ok);
  // An empty board is scored with the rules' komi, then with the one the referee sets.
  CHECK(say(gtp, "final_score").text == "W+7.5");
  CHECK(say(gtp, "komi 5.5").ok);
  CHECK(say(gtp, "final_score").text == "W+5.5");
  CHECK(say(gtp, "komi 0").ok);
  CHECK(say(gtp, "final_score").text == "0");
  CHECK_FALSE(say(gtp, "komi lots").ok);
}

TEST_CASE("GTP: moves played over the protocol are the rules' legal moves", "[gtp]") {
  // A referee's random game: every legal move is accepted, and the board the session keeps
  // is the one the same moves give in Tabula.
  auto go = load_rules(repo_path("rules/go-9x9.rules"));
  cli::GtpSession gtp(go, repo_path("rules/go-9x9.rules"), "random");
  VertexNames v(*go->board);
  State s(go);
  Rng rng(7);
  for (int ply = 0; ply < 60 && !s.is_terminal(); ++ply) {
    MoveList legal = s.legal_moves();
    const Move m = legal[rng.below(static_cast<uint32_t>(legal.size()))];
    const std::string colour = s.current_player() == 0 ? "b" : "w";
    const std::string vertex = m.kind == Move::pass ? "pass" : v.vertex(m.to);
    INFO(ply << ": " << s.move_to_string(m));
    REQUIRE(say(gtp, "play " + colour + " " + vertex).ok);
    s.apply(m);
    if (m.kind == Move::place) CHECK_FALSE(say(gtp, "play " + std::string(ply % 2 ? "b" : "w") + " " + vertex).ok);
  }
  Said board = say(gtp, "showboard");
  CHECK(board.text == "\n" + draw_state(s));
}

TEST_CASE("GTP: engine specs", "[gtp]") {
  std::string error;
  auto spec = parse_engine_spec("gtp:tabula gtp go.rules --player mcts:200:time=2s", error);
  REQUIRE(spec);
  CHECK(spec->command == "tabula gtp go.rules --player mcts:200");
  CHECK(spec->seconds == 2);
  CHECK_FALSE(parse_engine_spec("gtp:", error));
  CHECK(error == "'gtp:': gtp needs the command that starts the engine (gtp:gnugo --mode gtp)");
  CHECK_FALSE(parse_engine_spec("gtp:gnugo:time=fast", error));
  CHECK(error == "'gtp:gnugo:time=fast': time= takes a time per move such as 1s or 500ms, not 'fast'");
}

TEST_CASE("GTP: an engine that plays an illegal move or cannot start forfeits its game", "[gtp][cli]") {
  Run r = run("match rules/go-9x9.rules --players 'gtp:tests/data/gtp_fake_engine.sh A1,random' --games 2 --json");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"forfeits\":2") != std::string::npos);
  Run text = run("match rules/go-9x9.rules --players 'gtp:tests/data/gtp_fake_engine.sh A1,random' --games 1");
  CHECK(text.out.find("forfeited: 1 (100.0%; the first, game 0: the engine 'tests/data/gtp_fake_engine.sh A1' "
                      "played 'A1', which is not a legal move here)") != std::string::npos);
  // The forfeit is in the results line, and a replay checks it: the seat that forfeited was
  // the one to move, and the game was not over.
  Run verified = run_script(
      "d=$(mktemp -d) && $TABULA match rules/go-9x9.rules --players 'gtp:tests/data/gtp_fake_engine.sh A1,random' "
      "--games 2 --out $d/f.jsonl > /dev/null && grep -c '\"forfeit\":\"the engine' $d/f.jsonl && "
      "$TABULA merge $d/f.jsonl --verify | grep forfeited; "
      "sed 's/\"winner\":1/\"winner\":0/' $d/f.jsonl > $d/g.jsonl; $TABULA merge $d/g.jsonl --verify; rm -r $d");
  CHECK(verified.out.find("2\nforfeited: 2") != std::string::npos);
  CHECK(verified.out.find("the line says seat 0 won by forfeit, but seat 0 was to move") != std::string::npos);
  Run missing = run("match rules/go-9x9.rules --players 'gtp:no-such-engine-here,random' --games 1");
  CHECK(missing.status == 0);
  CHECK(missing.out.find("the engine 'no-such-engine-here' exited with status 127 (its command was not found, or "
                         "could not be run)") != std::string::npos);
  // Rules whose moves are not placements: said at the first move the engine is to be told.
  Run chess = run("match rules/breakthrough.rules --players 'random,gtp:tests/data/gtp_fake_engine.sh A1' --games 1");
  CHECK(chess.out.find("GTP carries placements and passes only") != std::string::npos);
}

TEST_CASE("GTP: a match starts each engine once per worker, and one that forfeited again", "[gtp][cli]") {
  Run r = run_script(
      "d=$(mktemp -d) && for t in 1 2; do ENGINE_STARTS=$d/go$t $TABULA match rules/go-9x9.rules --players "
      "'gtp:tests/data/gtp_fake_engine.sh pass,random' --games 4 --threads $t > /dev/null; wc -l < $d/go$t; done; "
      "ENGINE_STARTS=$d/ttt $TABULA match rules/tic-tac-toe.rules --players "
      "'gtp:tests/data/gtp_fake_engine.sh pass,random' --games 4 --threads 1 > /dev/null; wc -l < $d/ttt; rm -r $d");
  // Go: four games on one worker start the engine once, on two workers at most twice (once
  // per worker that got a game). Tic-tac-toe
  // has no pass, so each of the four games is forfeited at the engine's first answer, and
  // the engine is started again for the next.
  INFO(r.out);
  CHECK((r.out == "1\n2\n4\n" || r.out == "1\n1\n4\n"));
}

TEST_CASE("GTP: GNU Go plays whole games against Tabula, and Tabula's engine against GNU Go", "[gtp][cli][slow]") {
  REQUIRE(std::filesystem::exists(kGnuGo));  // tools/install-deps installs gnugo
  // GNU Go as a player of `match`; Tabula's own engine (`tabula gtp`) driven by the same
  // client, so both ends of the protocol meet a program that is not Tabula.
  Run r = run(std::string("match rules/go-9x9.rules --players 'gtp:") + kGnuGo + " --mode gtp --level 0,gtp:" +
              TABULA_BINARY + " gtp rules/go-9x9.rules --player mcts:100' --games 2 --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"forfeits\":0") != std::string::npos);
  CHECK(r.out.find("\"games\":2") != std::string::npos);
  // A match that ends, one stopped by Ctrl-C and one killed as Tabula cannot catch: no
  // engine outlives any of them.
  // GNU Go runs under a name of its own here, so other tests' engines are not counted.
  Run stopped = run_script(
      "set -m; d=$(mktemp -d); ln -s /usr/games/gnugo $d/gnugo-in-test; "
      "$TABULA match rules/go-9x9.rules --players \"gtp:$d/gnugo-in-test --mode gtp --level 0,random\" --games 1 "
      "> /dev/null; pgrep -r R,S,D,T -x gnugo-in-test || echo none; for signal in INT KILL; do "
      "$TABULA match rules/go-9x9.rules --players \"gtp:$d/gnugo-in-test --mode gtp --level 0,random\" --games 50 "
      "> /dev/null 2>&1 & pid=$!; sleep 2; pgrep -x gnugo-in-test > /dev/null && echo running; "
      "kill -$signal $pid; wait $pid 2> /dev/null; echo rc=$?; sleep 0.3; pgrep -r R,S,D,T -x gnugo-in-test || "
      "echo none; done; rm -r $d");
  CHECK(stopped.out == "none\nrunning\nrc=130\nnone\nrunning\nrc=137\nnone\n");
}

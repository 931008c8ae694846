// UCI both ways: FEN and UCI moves over the chess rules, Tabula as a UCI engine (`tabula
// uci`, tools/cli/uci_session) driven as a GUI drives one, and Stockfish as a player (`uci:`).
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

#include "cli/fen_text.hpp"
#include "cli/uci_moves.hpp"
#include "cli_run.hpp"
#include "engine/text/position_text.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

State chess_at(const std::shared_ptr<const Program>& chess, const std::string& fen) {
  std::string error;
  auto text = cli::fen_to_position(fen, error);
  INFO(fen << ": " << error);
  REQUIRE(text);
  auto pos = parse_position(*chess, *text, error);
  INFO(*text << ": " << error);
  REQUIRE(pos);
  State s(chess);
  s.set_position(*pos);
  return s;
}

std::set<std::string> uci_moves(const State& s, bool chess960 = false) {
  std::set<std::string> out;
  for (const Move& m : s.legal_moves()) out.insert(cli::uci_move(s, m, chess960));
  return out;
}

}  // namespace

TEST_CASE("UCI: FEN reads and writes as tools/fen does", "[uci]") {
  // The same mapping as the Python tool the docs name, checked against it line by line.
  const std::vector<std::string> fens = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 12 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 1",
  };
  for (const auto& fen : fens) {
    std::string error;
    auto text = cli::fen_to_position(fen, error);
    REQUIRE(text);
    Run tool = run_command(std::string("cd '") + TABULA_SOURCE_DIR + "' && tools/fen to-tabula '" + fen + "'");
    CHECK(tool.out == *text + "\n");
    auto back = cli::position_to_fen(*text, error);
    REQUIRE(back);
    Run tool_back = run_command(std::string("cd '") + TABULA_SOURCE_DIR + "' && tools/fen from-tabula '" + *text + "'");
    CHECK(tool_back.out == *back + "\n");
    // Written back as given, but for a rook that is the outermost on its side: KQkq (X-FEN).
    CHECK(*back == (fen.find("HFhf") == std::string::npos ? fen : fen.substr(0, fen.find("HFhf")) + "KQkq - 2 1"));
  }
  std::string error;
  CHECK_FALSE(cli::fen_to_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", error));
  CHECK(error == "the board has 7 ranks, not 8");
  CHECK_FALSE(cli::fen_to_position("8/8/8/8/8/8/8/8 x - - 0 1", error));
  CHECK(error == "the side to move is 'x', not w or b");
}

TEST_CASE("UCI: moves are squares, castling the king's, promotions lettered", "[uci]") {
  auto chess = load_rules(repo_path("rules/chess.rules"));
  State start(chess);
  CHECK(uci_moves(start) == std::set<std::string>{"a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3",
                                                  "d2d4", "e2e3", "e2e4", "f2f3", "f2f4", "g2g3", "g2g4",
                                                  "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3"});
  State castle = chess_at(chess, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  auto moves = uci_moves(castle);
  CHECK(moves.count("e1g1"));
  CHECK(moves.count("e1c1"));
  CHECK(moves.count("e1f1"));  // the king's first step: no letter though its kind changes
  auto chess960 = uci_moves(castle, true);
  CHECK(chess960.count("e1h1"));
  CHECK(chess960.count("e1a1"));
  State promote = chess_at(chess, "8/P7/8/8/8/8/8/k6K w - - 0 1");
  CHECK(uci_moves(promote) == std::set<std::string>{"a7a8q", "a7a8r", "a7a8b", "a7a8n", "h1h2", "h1g1", "h1g2"});
  std::string error;
  auto m = cli::parse_uci_move(promote, "A7A8N", false, error);
  REQUIRE(m);
  CHECK(promote.move_to_string(*m) == "a7-a8=N");
  CHECK_FALSE(cli::parse_uci_move(promote, "a7a8", false, error));
  CHECK(error == "'a7a8' is not a legal move here");
}

TEST_CASE("UCI: a session answers as a GUI expects", "[uci][cli]") {
  Run r = run_script(
      "( printf 'uci\\nisready\\nposition startpos moves e2e4 e7e5\\ngo depth 2\\n'; sleep 1; "
      "printf 'position fen 8/P7/8/8/8/8/8/k6K w - - 0 1\\ngo depth 1\\n'; sleep 1; "
      "printf 'go infinite\\n'; sleep 0.3; printf 'isready\\nstop\\n'; "
      "printf 'position startpos moves e2e5\\nposition fen 8/8 w\\nflip\\nquit\\n' ) | $TABULA uci rules/chess.rules");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("id name Tabula") != std::string::npos);
  CHECK(r.out.find("uciok\nreadyok\n") != std::string::npos);
  CHECK(r.out.find("info depth 2 score cp") != std::string::npos);
  // The promotion is the best move at depth 1 (a queen), lettered.
  CHECK(r.out.find("bestmove a7a8q") != std::string::npos);
  // Stopped while searching without end: a best move all the same, after readyok.
  CHECK(r.out.find("readyok\n") != r.out.rfind("readyok\n"));
  const size_t after_stop = r.out.rfind("readyok\n");
  CHECK(r.out.find("bestmove", after_stop) != std::string::npos);
  CHECK(r.out.find("info string position ignored from move e2e5: 'e2e5' is not a legal move here") !=
        std::string::npos);
  CHECK(r.out.find("info string position ignored: bad FEN '8/8 w': the board has 2 ranks, not 8") != std::string::npos);
  CHECK(r.out.find("info string unknown command 'flip'") != std::string::npos);
}

TEST_CASE("UCI: Stockfish plays whole games against Tabula's engine", "[uci][cli][slow]") {
  REQUIRE(std::filesystem::exists("/usr/games/stockfish"));  // tools/install-deps installs stockfish
  Run r = run(std::string("match rules/chess.rules --players 'uci:/usr/games/stockfish:UCI_LimitStrength=true:"
                          "UCI_Elo=1350:time=100ms,uci:") +
              TABULA_BINARY + " uci rules/chess.rules:time=100ms' --games 2 --json");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"forfeits\":0") != std::string::npos);
  CHECK(r.out.find("\"games\":2") != std::string::npos);
}

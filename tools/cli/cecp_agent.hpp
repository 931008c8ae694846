#pragma once
// `cecp:COMMAND[:time=T]`: an engine outside Tabula that speaks xboard's Chess Engine
// Communication Protocol (version 2; Fairy-Max, `cecp:/usr/games/fairymax:time=1s`), playing
// one seat of rules whose moves UCI's coordinates write (uci_moves.hpp; castling as the king's
// move) and whose positions are FEN's (fen_text.hpp).
//
// As a GUI drives one: at its first move it is started with `xboard` and `protover 2`, and
// its `feature` lines are answered (`accepted`, or `rejected san`: it is given coordinates)
// until `feature done=1`. Each game begins with `new`, `force`, the time per move (`st`, in
// whole seconds, at least 1) and `setboard FEN` when the game does not start from chess's
// start (an engine without the setboard feature cannot be given one). Each move, in force
// mode, it is told the moves it has not seen (`usermove` when it asked for it), synchronised
// with `ping`, then sent `go`, and must answer `move MOVE`. An illegal move, `resign`, a
// result it claims instead of moving, an `Illegal move` or `Error` answer to a move it was
// told, no answer within the deadline or an engine that died forfeits the game
// (PlayerForfeit), in the engine's own words, as for the gtp: and uci: players.
#include <string>
#include <vector>

#include "players/agent.hpp"
#include "players/engine_process.hpp"

namespace tabula::cli {

class CecpAgent : public Agent {
 public:
  explicit CecpAgent(EngineSpec spec) : spec_(std::move(spec)), process_(spec_.command) {}
  Move choose(State& s) override;
  std::string name() const override { return spec_.text; }
  void release() override;

 private:
  [[noreturn]] void forfeit(const std::string& why);
  void send(const std::string& line);
  // Reads the next line, forfeiting at the deadline; a line that answers a move the engine
  // was told with a refusal (`Illegal move`, `Error`) forfeits too.
  std::string next_line(std::chrono::steady_clock::time_point deadline);
  void start();
  void read_features();

  EngineSpec spec_;
  EngineProcess process_;
  bool ready_ = false;
  bool usermove_ = false, setboard_ = false, ping_ = false;
  int pings_ = 0;
  std::string start_fen_;          // where the engine's game began ("" before a game)
  std::vector<std::string> told_;  // the moves of that game the engine has seen, in coordinates
};

// Makes make_agent build cecp: players (called once by main).
void register_cecp_players();

}  // namespace tabula::cli

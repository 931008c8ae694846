#pragma once
// `uci:COMMAND[:NAME=VALUE...][:time=T]`: an engine outside Tabula that speaks UCI (Stockfish,
// `uci:stockfish:UCI_LimitStrength=true:UCI_Elo=1350`), playing one seat of rules whose
// positions are FEN's (fen_text.hpp) and whose moves are UCI's (uci_moves.hpp). It is started
// at its first move (`uci`, each option as `setoption`, `isready`); each move it is given the
// game as `position fen START moves ...` and asked `go movetime T` (1 s without time=). A
// `bestmove` that is not a legal move, no answer within the deadline or an engine that died
// forfeits the game (PlayerForfeit), as for the gtp: players (players/gtp_agent.hpp).
#include <string>

#include "players/agent.hpp"
#include "players/engine_process.hpp"

namespace tabula::cli {

class UciAgent : public Agent {
 public:
  explicit UciAgent(EngineSpec spec) : spec_(std::move(spec)), process_(spec_.command) {}
  Move choose(State& s) override;
  std::string name() const override { return spec_.text; }
  void release() override { process_.stop(), ready_ = false; }

 private:
  [[noreturn]] void forfeit(const std::string& why);
  // Reads lines until one starts with `word`; returns it.
  std::string wait_for(const std::string& word, std::chrono::milliseconds timeout);
  void start();

  EngineSpec spec_;
  EngineProcess process_;
  bool ready_ = false;
};

// Makes make_agent build uci: players (called once by main).
void register_uci_players();

}  // namespace tabula::cli

#pragma once
// `gtp:COMMAND[:time=T]`: an engine outside Tabula that speaks GTP (its text protocol,
// version 2), playing one seat. At its first move it is started, given the board size (on a
// square grid), a fresh board and the komi of the rules, then every move of the game so far;
// after that each move of the others is sent as `play`, and `genmove` asks for its own. Its
// answer must be one of Tabula's legal moves: anything else (an illegal move, `resign`, no
// answer within the deadline, an engine that died) forfeits the game, with the engine's own
// words (PlayerForfeit). Rules whose moves are not all placements or passes cannot be played
// over GTP, which the first move says.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "players/agent.hpp"
#include "players/engine_process.hpp"
#include "players/engine_spec.hpp"
#include "players/gtp_vertex.hpp"

namespace tabula {

class GtpAgent : public Agent {
 public:
  explicit GtpAgent(EngineSpec spec) : spec_(std::move(spec)), process_(spec_.command) {}
  Move choose(State& s) override;
  std::string name() const override { return spec_.text; }
  void release() override { process_.stop(); }

 private:
  // Sends a command and reads its answer: the text after "= " (nullopt after "? ...", with
  // the engine's words in `error`).
  std::optional<std::string> ask(const std::string& command, std::chrono::milliseconds timeout, std::string& error);
  [[noreturn]] void forfeit(const std::string& why);
  void start_game(const State& s);
  void catch_up(const State& s);
  std::string move_vertex(const State& at, const Move& m);

  EngineSpec spec_;
  EngineProcess process_;
  std::unique_ptr<VertexNames> vertices_;
  std::unique_ptr<State> mirror_;  // the position the engine has
  std::vector<Move> sent_;         // the moves it has
};

}  // namespace tabula

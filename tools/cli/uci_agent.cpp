#include "uci_agent.hpp"

#include <fmt/format.h>
#include <cmath>

#include "engine/text/position_text.hpp"
#include "fen_text.hpp"
#include "uci_moves.hpp"

namespace tabula::cli {
namespace {

using std::chrono::milliseconds;
constexpr milliseconds kSetupTimeout{10000};

}  // namespace

void UciAgent::forfeit(const std::string& why) {
  process_.stop();
  ready_ = false;
  throw PlayerForfeit(fmt::format("the engine '{}' {}", spec_.command, why));
}

std::string UciAgent::wait_for(const std::string& word, milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    auto left = std::chrono::duration_cast<milliseconds>(deadline - std::chrono::steady_clock::now());
    std::string error;
    auto line = process_.read_line(std::max(left, milliseconds(1)), error);
    if (!line) forfeit(error);
    if (line->rfind(word, 0) == 0 && (line->size() == word.size() || (*line)[word.size()] == ' ')) return *line;
  }
}

void UciAgent::start() {
  std::string error;
  if (!process_.start(error)) forfeit(error);
  if (!process_.send("uci", error)) forfeit(error);
  wait_for("uciok", kSetupTimeout);
  for (const auto& [name, value] : spec_.options)
    if (!process_.send(fmt::format("setoption name {} value {}", name, value), error)) forfeit(error);
  if (!process_.send("isready", error)) forfeit(error);
  wait_for("readyok", kSetupTimeout);
  ready_ = true;
}

Move UciAgent::choose(State& s) {
  if (!ready_ || !process_.running()) start();
  std::string error;
  if (s.history().size() <= 1) {  // a new game: its first move, or the second side's first
    if (!process_.send("ucinewgame", error) || !process_.send("isready", error)) forfeit(error);
    wait_for("readyok", kSetupTimeout);
  }
  // The game from where its history starts: the start of the rules, or a position given.
  State from = s;
  while (!from.history().empty()) from.undo();
  auto fen = position_to_fen(position_string(from), error);
  if (!fen) forfeit("cannot be given this position: " + error);
  std::string command = "position fen " + *fen;
  if (!s.history().empty()) command += " moves";
  for (const Move& m : s.history()) {
    command += " " + uci_move(from, m, false);
    from.apply(m);
  }
  const double seconds = spec_.seconds > 0 ? spec_.seconds : 1.0;
  if (!process_.send(command, error) ||
      !process_.send(fmt::format("go movetime {}", std::llround(seconds * 1000)), error))
    forfeit(error);
  const std::string line = wait_for("bestmove", milliseconds(std::llround(seconds * 3000) + 10000));
  const std::string said = line.size() > 9 ? line.substr(9, line.find(' ', 9) - 9) : "";
  auto m = parse_uci_move(s, said, false, error);
  if (!m) forfeit(fmt::format("played '{}', which is not a legal move here", said));
  return *m;
}

void register_uci_players() {
  register_engine_maker("uci", [](const EngineSpec& spec) { return std::make_unique<UciAgent>(spec); });
}

}  // namespace tabula::cli

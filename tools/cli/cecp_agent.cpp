#include "cecp_agent.hpp"

#include <fmt/format.h>
#include <cmath>

#include "engine/text/position_text.hpp"
#include "fen_text.hpp"
#include "uci_moves.hpp"

namespace tabula::cli {
namespace {

using clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
constexpr milliseconds kSetupTimeout{10000};
// A version 1 engine sends no features: the protocol's GUIs wait this long for the first.
constexpr milliseconds kFirstFeature{2000};
// After `feature done=0` an engine may take its time to start (the protocol allows an hour).
constexpr milliseconds kLongStart{60000};
constexpr const char* kChessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

// FEN's first four fields: the board, the side to move, castling and en passant.
std::string placement_of(const std::string& fen) {
  size_t at = 0;
  for (int field = 0; field < 4 && at != std::string::npos; ++field) at = fen.find(' ', at + 1);
  return fen.substr(0, at);
}

// `feature A=1 B="two words" done=1` as (name, value) pairs, quotes taken off.
std::vector<std::pair<std::string, std::string>> features_of(const std::string& line) {
  std::vector<std::pair<std::string, std::string>> out;
  size_t at = line.find(' ');
  while (at != std::string::npos && at < line.size()) {
    at = line.find_first_not_of(' ', at);
    if (at == std::string::npos) break;
    const size_t eq = line.find('=', at);
    if (eq == std::string::npos) break;
    std::string name = line.substr(at, eq - at), value;
    if (eq + 1 < line.size() && line[eq + 1] == '"') {
      const size_t close = line.find('"', eq + 2);
      value = line.substr(eq + 2, close == std::string::npos ? std::string::npos : close - eq - 2);
      at = close == std::string::npos ? close : close + 1;
    } else {
      const size_t end = line.find(' ', eq);
      value = line.substr(eq + 1, end == std::string::npos ? std::string::npos : end - eq - 1);
      at = end;
    }
    out.emplace_back(std::move(name), std::move(value));
  }
  return out;
}

bool starts_word(const std::string& line, const std::string& word) {
  return line.rfind(word, 0) == 0 && (line.size() == word.size() || line[word.size()] == ' ');
}

}  // namespace

void CecpAgent::release() {
  process_.stop();
  ready_ = false;
  start_fen_.clear();
  told_.clear();
}

void CecpAgent::forfeit(const std::string& why) {
  release();
  throw PlayerForfeit(fmt::format("the engine '{}' {}", spec_.command, why));
}

void CecpAgent::send(const std::string& line) {
  std::string error;
  if (!process_.send(line, error)) forfeit(error);
}

std::string CecpAgent::next_line(clock::time_point deadline) {
  std::string error;
  auto left = std::chrono::duration_cast<milliseconds>(deadline - clock::now());
  auto line = process_.read_line(std::max(left, milliseconds(1)), error);
  if (!line) forfeit(error);
  if (line->rfind("Illegal move", 0) == 0 || line->rfind("Error", 0) == 0)
    forfeit(fmt::format("answered '{}' to the moves it was told", *line));
  return *line;
}

void CecpAgent::read_features() {
  auto deadline = clock::now() + kFirstFeature;
  bool any = false;
  while (true) {
    std::string error;
    auto left = std::chrono::duration_cast<milliseconds>(deadline - clock::now());
    auto line = process_.read_line(std::max(left, milliseconds(1)), error);
    if (!line && !any && process_.running()) return;  // a version 1 engine: no features
    if (!line) forfeit(any ? "did not end its features with `feature done=1`: " + error : error);
    if (!starts_word(*line, "feature")) continue;
    if (!any) deadline = clock::now() + kSetupTimeout, any = true;
    for (const auto& [name, value] : features_of(*line)) {
      if (name == "done") {
        if (value == "1") {
          send("accepted done");
          return;
        }
        deadline = clock::now() + kLongStart;
      }
      if (name == "usermove") usermove_ = value == "1";
      if (name == "setboard") setboard_ = value == "1";
      if (name == "ping") ping_ = value == "1";
      if (name == "variants" && value.find("normal") == std::string::npos)
        forfeit(fmt::format("plays the variants '{}', not normal chess", value));
      // Moves are given in coordinates: an engine that asks for SAN is told no, and uses them.
      if (name != "done") send((name == "san" && value == "1" ? "rejected " : "accepted ") + name);
    }
  }
}

void CecpAgent::start() {
  std::string error;
  if (!process_.start(error)) forfeit(error);
  usermove_ = setboard_ = ping_ = false;
  start_fen_.clear();
  told_.clear();
  send("xboard");
  send("protover 2");
  read_features();
  ready_ = true;
}

Move CecpAgent::choose(State& s) {
  if (!ready_ || !process_.running()) start();
  std::string error;
  // The game from where its history starts, and its moves in coordinates.
  State from = s;
  while (!from.history().empty()) from.undo();
  auto fen = position_to_fen(position_string(from), error);
  if (!fen) forfeit("cannot be given this position: " + error);
  std::vector<std::string> moves;
  for (const Move& m : s.history()) {
    moves.push_back(uci_move(from, m, false));
    from.apply(m);
  }
  send("force");  // the moves below are recorded, not answered
  const bool same_game =
      *fen == start_fen_ && told_.size() <= moves.size() && std::equal(told_.begin(), told_.end(), moves.begin());
  if (!same_game) {
    send("new");
    send("force");
    if (spec_.seconds > 0) send(fmt::format("st {}", std::max(1LL, std::llround(std::ceil(spec_.seconds)))));
    send("easy");  // no thinking on the opponent's time
    send("nopost");
    if (placement_of(*fen) != kChessStart) {
      if (!setboard_)
        forfeit(fmt::format(
            "cannot be given the position '{}': it does not take setboard (its feature setboard=1), and the "
            "game does not start from chess's start",
            *fen));
      send("setboard " + *fen);
    }
    start_fen_ = *fen;
    told_.clear();
  }
  for (size_t i = told_.size(); i < moves.size(); ++i) {
    send((usermove_ ? "usermove " : "") + moves[i]);
    told_.push_back(moves[i]);
  }
  if (ping_) {  // every refusal of those moves is read before the engine is asked to move
    const std::string pong = fmt::format("pong {}", ++pings_);
    send(fmt::format("ping {}", pings_));
    for (const auto deadline = clock::now() + kSetupTimeout; next_line(deadline) != pong;) {
    }
  }
  send("go");
  const auto deadline =
      clock::now() +
      (spec_.seconds > 0 ? milliseconds(std::llround(std::ceil(spec_.seconds) * 3000) + 10000) : milliseconds(60000));
  while (true) {
    const std::string line = next_line(deadline);
    if (starts_word(line, "resign")) forfeit("resigned");
    if (starts_word(line, "1-0") || starts_word(line, "0-1") || starts_word(line, "1/2-1/2"))
      forfeit(fmt::format("claimed the result '{}' instead of moving", line));
    if (!starts_word(line, "move")) continue;  // comments, thinking, offers, pongs
    std::string said = line.size() > 5 ? line.substr(5, line.find(' ', 5) - 5) : "";
    const bool white = s.current_player() == 0;
    if (said == "O-O" || said == "0-0") said = white ? "e1g1" : "e8g8";
    if (said == "O-O-O" || said == "0-0-0") said = white ? "e1c1" : "e8c8";
    auto m = parse_uci_move(s, said, false, error);
    if (!m) forfeit(fmt::format("played '{}', which is not a legal move here", said));
    told_.push_back(uci_move(s, *m, false));
    return *m;
  }
}

void register_cecp_players() {
  register_engine_maker("cecp", [](const EngineSpec& spec) { return std::make_unique<CecpAgent>(spec); });
}

}  // namespace tabula::cli

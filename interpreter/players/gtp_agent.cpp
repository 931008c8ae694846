#include "players/gtp_agent.hpp"

#include <fmt/format.h>
#include <cctype>
#include <cmath>

#include "engine/text/text_util.hpp"
#include "engine/turn_machine.hpp"

namespace tabula {
namespace {

using std::chrono::milliseconds;

constexpr milliseconds kSetupTimeout{10000};  // an answer to anything but genmove
constexpr milliseconds kOwnPaceTimeout{60000};

// GTP's two colours: black moves first, as the rules' first side does.
std::string colour_of(int side) { return side == 0 ? "black" : "white"; }

}  // namespace

std::optional<std::string> GtpAgent::ask(const std::string& command, milliseconds timeout, std::string& error) {
  if (!process_.send(command, error)) return std::nullopt;
  // An answer is "=[id] text" or "?[id] text", ended by an empty line; lines before it that
  // are neither (an engine's chatter) are skipped.
  std::string answer;
  bool started = false, failed = false;
  while (true) {
    auto line = process_.read_line(timeout, error);
    if (!line) return std::nullopt;
    if (!started) {
      if (line->empty() || (line->front() != '=' && line->front() != '?')) continue;
      started = true;
      failed = line->front() == '?';
      size_t text = 1;
      while (text < line->size() && std::isdigit(static_cast<unsigned char>((*line)[text]))) ++text;
      answer = line->substr(std::min(line->size(), text + 1));
      continue;
    }
    if (line->empty()) break;
    answer += "\n" + *line;
  }
  if (failed) {
    error = fmt::format("answered '? {}' to '{}'", answer, command);
    return std::nullopt;
  }
  return answer;
}

void GtpAgent::forfeit(const std::string& why) {
  process_.stop();  // a later game starts it afresh, with nothing of this one left to read
  throw PlayerForfeit(fmt::format("the engine '{}' {}", spec_.command, why));
}

std::string GtpAgent::move_vertex(const State& at, const Move& m) {
  if (m.kind == Move::pass) return "pass";
  if (m.kind != Move::place)
    forfeit(fmt::format("cannot be told the move '{}': GTP carries placements and passes only", at.move_to_string(m)));
  return vertices_->vertex(m.to);
}

void GtpAgent::start_game(const State& s) {
  const Program& p = s.program();
  if (p.player_count() != 2)
    forfeit("cannot play these rules: GTP knows two colours, and the rules have " + std::to_string(p.player_count()) +
            " sides");
  if (s.ply() != static_cast<int>(s.history().size()))
    forfeit("cannot be given this game: it starts from a position of its own, and GTP starts from an empty board");
  std::string error;
  if (!process_.start(error)) forfeit(error);
  vertices_ = std::make_unique<VertexNames>(*p.board);  // this game's board (a pooled player may change rules)
  if (vertices_->grid_size() > 0 && !ask(fmt::format("boardsize {}", vertices_->grid_size()), kSetupTimeout, error))
    forfeit(error);
  if (!ask("clear_board", kSetupTimeout, error)) forfeit(error);
  const double komi = (komi_halves(p, 1) - komi_halves(p, 0)) / 2.0;
  if (!ask(fmt::format("komi {}", komi), kSetupTimeout, error)) forfeit(error);
  if (spec_.seconds > 0) {
    // No main time, then byo-yomi periods of one move each of the given time.
    const int seconds = std::max(1, static_cast<int>(std::lround(spec_.seconds)));
    if (!ask(fmt::format("time_settings 0 {} 1", seconds), kSetupTimeout, error)) forfeit(error);
  }
  mirror_ = std::make_unique<State>(s.program_ptr());
  sent_.clear();
}

void GtpAgent::catch_up(const State& s) {
  const auto& history = s.history();
  bool same = mirror_ && sent_.size() <= history.size() && process_.running();
  for (size_t i = 0; same && i < sent_.size(); ++i) same = sent_[i] == history[i];
  if (!same) start_game(s);
  std::string error;
  for (size_t i = sent_.size(); i < history.size(); ++i) {
    const Move& m = history[i];
    const std::string command =
        fmt::format("play {} {}", colour_of(mirror_->current_player()), move_vertex(*mirror_, m));
    if (!ask(command, kSetupTimeout, error)) forfeit(error);
    mirror_->apply(m);
    sent_.push_back(m);
  }
}

Move GtpAgent::choose(State& s) {
  catch_up(s);
  const milliseconds timeout =
      spec_.seconds > 0 ? milliseconds(static_cast<long long>(spec_.seconds * 3000) + 10000) : kOwnPaceTimeout;
  std::string error;
  auto answer = ask("genmove " + colour_of(s.current_player()), timeout, error);
  if (!answer) forfeit(error);
  const std::string said = lower(*answer);
  if (said == "resign") forfeit("resigned");
  MoveList legal = s.legal_moves();
  for (const Move& m : legal) {
    const bool match = said == "pass" ? m.kind == Move::pass : m.kind == Move::place && vertices_->cell(said) == m.to;
    if (!match) continue;
    mirror_->apply(m);
    sent_.push_back(m);
    return m;
  }
  forfeit(fmt::format("played '{}', which is not a legal move here", *answer));
}

}  // namespace tabula

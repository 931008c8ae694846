#include "uci_session.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>
#include <sstream>

#include "cli_support.hpp"
#include "engine/text/position_text.hpp"
#include "fen_text.hpp"
#include "players/alphabeta_agent.hpp"
#include "uci_moves.hpp"

namespace tabula::cli {
namespace {

// `text` as a whole number, or `fallback`.
long long whole_or(const std::string& text, long long fallback) {
  long long v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return ec == std::errc() && end == text.data() + text.size() ? v : fallback;
}

// The number after `key` in `words`, or `fallback`.
long long number_after(const std::vector<std::string>& words, const std::string& key, long long fallback) {
  auto it = std::find(words.begin(), words.end(), key);
  return it == words.end() || it + 1 == words.end() ? fallback : whole_or(*(it + 1), fallback);
}

}  // namespace

UciSession::UciSession(std::shared_ptr<const Program> program, std::ostream& out)
    : program_(std::move(program)), out_(out), state_(program_) {}

UciSession::~UciSession() { stop_search(); }

void UciSession::say(const std::string& line) {
  std::lock_guard<std::mutex> guard(out_lock_);
  out_ << line << "\n" << std::flush;
}

void UciSession::stop_search() {
  stop_ = true;
  if (search_.joinable()) search_.join();
  stop_ = false;
}

void UciSession::set_position(const std::vector<std::string>& words) {
  size_t at = 1;
  State s(program_);
  if (at < words.size() && words[at] == "startpos") {
    ++at;
  } else if (at < words.size() && words[at] == "fen") {
    std::string fen;
    for (++at; at < words.size() && words[at] != "moves"; ++at) fen += (fen.empty() ? "" : " ") + words[at];
    std::string error;
    auto text = fen_to_position(fen, error);
    std::optional<Position> pos;
    if (text) pos = parse_position(*program_, *text, error);
    if (!pos) return say(fmt::format("info string position ignored: bad FEN '{}': {}", fen, error));
    s.set_position(*pos);
  } else {
    return say("info string position ignored: expected `position startpos|fen FEN [moves ...]`");
  }
  if (at < words.size() && words[at] == "moves") {
    for (++at; at < words.size(); ++at) {
      std::string error;
      auto m = s.is_terminal() ? std::nullopt : parse_uci_move(s, words[at], chess960_, error);
      if (!m)
        return say(fmt::format("info string position ignored from move {}: {}", words[at],
                               s.is_terminal() ? "the game is over" : error));
      s.apply(*m);
    }
  }
  state_ = s;
}

void UciSession::go(const std::vector<std::string>& words) {
  stop_search();
  if (state_.is_terminal()) return say("info string the game is over\nbestmove 0000");
  const bool white = state_.current_player() == 0;
  double seconds = 0;
  const long long movetime = number_after(words, "movetime", -1);
  const long long left = number_after(words, white ? "wtime" : "btime", -1);
  if (movetime > 0) {
    seconds = movetime / 1000.0;
  } else if (left >= 0) {
    const long long increment = number_after(words, white ? "winc" : "binc", 0);
    const long long to_go = std::max(1LL, number_after(words, "movestogo", 30));
    seconds = std::max(0.01, (left / static_cast<double>(to_go) + increment * 0.8) / 1000.0);
    seconds = std::min(seconds, left / 2000.0 + 0.001);
  }
  const bool infinite = std::find(words.begin(), words.end(), "infinite") != words.end();
  const int depth = static_cast<int>(std::clamp(number_after(words, "depth", 64), 1LL, 64LL));
  const long long nodes = number_after(words, "nodes", 0);
  if (!infinite && seconds == 0 && depth == 64 && nodes <= 0) seconds = 1;  // a bare `go`
  const uint64_t seed = seed_++;
  // The options as they are now: a `setoption` during the search changes the next one.
  search_ = std::thread([this, seconds, depth, nodes, seed, threads = threads_, hash = hash_mb_, chess960 = chess960_] {
    AlphaBetaAgent agent(depth, seconds, seed);
    agent.set_threads(threads);
    agent.set_table_megabytes(static_cast<size_t>(hash));
    agent.set_stop(&stop_);
    if (nodes > 0) agent.set_node_limit(static_cast<uint64_t>(nodes));
    State s = state_;
    agent.on_depth([&](const AlphaBetaAgent::SearchInfo& info, const Move& best) {
      const long long cp = std::llround(std::clamp(info.value * 100.0, -30000.0, 30000.0));
      say(fmt::format("info depth {} score cp {} nodes {} time {} pv {}", info.depth, cp, info.nodes,
                      std::llround(info.seconds * 1000), uci_move(s, best, chess960)));
    });
    Move m = agent.choose(s);
    say("bestmove " + uci_move(s, m, chess960));
  });
}

void UciSession::command(const std::string& line) {
  std::vector<std::string> words = split_words(line);
  if (words.empty()) return;
  const std::string& name = words[0];
  if (name == "uci") {
    say(fmt::format("id name Tabula {} ({})", TABULA_VERSION, program_->name));
    say("id author the Tabula developers");
    say("option name Threads type spin default 1 min 1 max 64");
    say("option name Hash type spin default 16 min 1 max 256");
    say("option name UCI_Chess960 type check default false");
    say("uciok");
  } else if (name == "isready") {
    say("readyok");
  } else if (name == "ucinewgame") {
    stop_search();
    state_ = State(program_);
  } else if (name == "setoption") {
    // setoption name NAME [value VALUE]
    auto value_at = std::find(words.begin(), words.end(), "value");
    std::string option, value;
    for (auto it = words.begin() + std::min<size_t>(2, words.size()); it < value_at; ++it)
      option += (option.empty() ? "" : " ") + *it;
    for (auto it = value_at == words.end() ? value_at : value_at + 1; it < words.end(); ++it)
      value += (value.empty() ? "" : " ") + *it;
    if (option == "UCI_Chess960") chess960_ = value == "true";
    else if (option == "Threads") threads_ = static_cast<int>(std::clamp(whole_or(value, 1), 1LL, 64LL));
    else if (option == "Hash") hash_mb_ = static_cast<int>(std::clamp(whole_or(value, 16), 1LL, 256LL));
    else say(fmt::format("info string unknown option '{}'", option));
  } else if (name == "position") {
    stop_search();
    set_position(words);
  } else if (name == "go") {
    go(words);
  } else if (name == "stop") {
    stop_search();
  } else if (name == "ponderhit" || name == "debug" || name == "register") {
    // nothing to do: Tabula does not ponder, keeps no debug mode and needs no registration
  } else {
    say(fmt::format("info string unknown command '{}'", name));
  }
}

void UciSession::run(std::istream& in) {
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (split_words(line) == std::vector<std::string>{"quit"}) break;
    command(line);
  }
  stop_search();
}

}  // namespace tabula::cli

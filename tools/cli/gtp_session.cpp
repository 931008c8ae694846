#include "gtp_session.hpp"

#include <fmt/format.h>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli_support.hpp"
#include "diag/source_registry.hpp"
#include "engine/state_drawing.hpp"
#include "engine/text/text_util.hpp"
#include "engine/turn_machine.hpp"
#include "lang/game_loader.hpp"
#include "players/agent_spec.hpp"

namespace tabula::cli {
namespace {

const std::vector<std::string> kCommands = {
    "protocol_version", "name",        "version",       "known_command", "list_commands", "quit",
    "boardsize",        "clear_board", "komi",          "play",          "genmove",       "undo",
    "final_score",      "showboard",   "time_settings", "time_left"};

// The protocol's preprocessing: control characters other than tab and line feed go, a tab
// is a space, and '#' starts a comment.
std::string clean(const std::string& raw) {
  std::string line;
  for (char c : raw) {
    if (c == '#') break;
    if (c == '\t') line += ' ';
    else if (static_cast<unsigned char>(c) >= 32 && c != 127) line += c;
  }
  return line;
}

std::optional<double> decimal(const std::string& text) {
  double v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::string colour_name(int side) { return side == 0 ? "black" : "white"; }

}  // namespace

GtpSession::GtpSession(std::shared_ptr<const Program> program, std::string rules_path, std::string player)
    : program_(std::move(program)),
      rules_path_(std::move(rules_path)),
      player_spec_(std::move(player)),
      state_(program_),
      vertices_(std::make_unique<VertexNames>(*program_->board)) {}

Agent& GtpSession::agent() {
  if (!agent_) {
    std::string spec = player_spec_, error;
    if (seconds_per_move_ > 0) {
      // A player with a time per move is given the protocol's time instead.
      auto parsed = parse_agent_spec(spec, error);
      if (parsed && parsed->seconds > 0) {
        parsed->seconds = std::clamp(seconds_per_move_, 0.001, 3600.0);
        spec = parsed->text();
      }
    }
    agent_ = make_agent(spec, seed_++, error);
    if (!agent_) throw std::invalid_argument(error);
  }
  return *agent_;
}

int GtpSession::colour(const std::string& word) const {
  const std::string w = lower(word);
  if (w == "b" || w == "black") return 0;
  if (w == "w" || w == "white") return 1;
  return -1;
}

std::string GtpSession::play(const std::vector<std::string>& args, bool& ok) {
  ok = false;
  if (args.size() != 2) return "syntax error: expected `play COLOUR VERTEX`";
  const int side = colour(args[0]);
  if (side < 0) return "syntax error: the colour is black or white (b, w)";
  if (state_.is_terminal()) return "illegal move: the game is over";
  if (side != state_.current_player()) return fmt::format("illegal move: it is {}'s turn", colour_name(1 - side));
  const std::string vertex = lower(args[1]);
  const int cell = vertex == "pass" ? -1 : vertices_->cell(vertex);
  if (vertex != "pass" && cell < 0) return fmt::format("syntax error: no vertex '{}' on this board", args[1]);
  for (const Move& m : state_.legal_moves()) {
    if (cell < 0 ? m.kind != Move::pass : (m.kind != Move::place || m.to != cell)) continue;
    state_.apply(m);
    ok = true;
    return "";
  }
  return "illegal move";
}

std::string GtpSession::genmove(const std::vector<std::string>& args, bool& ok) {
  ok = false;
  if (args.size() != 1) return "syntax error: expected `genmove COLOUR`";
  const int side = colour(args[0]);
  if (side < 0) return "syntax error: the colour is black or white (b, w)";
  ok = true;
  if (state_.is_terminal()) return "pass";  // nothing is left to play; the referee scores
  if (side != state_.current_player()) {
    ok = false;
    return fmt::format("it is {}'s turn, not {}'s", colour_name(state_.current_player()), colour_name(side));
  }
  Move m = agent().choose(state_);
  const std::string vertex = m.kind == Move::pass ? "pass" : m.kind == Move::place ? vertices_->vertex(m.to) : "";
  if (vertex.empty()) {
    ok = false;
    return fmt::format("the move '{}' is not a placement or a pass, which GTP cannot carry", state_.move_to_string(m));
  }
  state_.apply(m);
  return vertex;
}

// A komi other than the rules' is a variant of them, made in memory: the game starts again
// with it, as `komi` is sent before a game.
std::string GtpSession::set_komi(const std::vector<std::string>& args, bool& ok) {
  ok = false;
  auto komi = args.size() == 1 ? decimal(args[0]) : std::nullopt;
  if (!komi) return "syntax error: expected `komi NUMBER`";
  const int halves = static_cast<int>(std::lround(*komi * 2));
  if (std::abs(*komi * 2 - halves) > 1e-9) return "syntax error: komi is a whole or half number";
  if (komi_halves(*program_, 1) - komi_halves(*program_, 0) == halves) return ok = true, "";
  if (program_->end.score.empty()) return "these rules are not decided by a score: a komi cannot apply";
  namespace fs = std::filesystem;
  const std::string base = fs::absolute(rules_path_).string();
  SourceFile variant{(fs::path(base).parent_path() / "gtp-komi.rules").string(),
                     fmt::format("variant \"{}\" extends \"{}\"\nkomi {}={}\n", program_->name, base,
                                 program_->players[halves >= 0 ? 1 : 0].name, std::abs(halves) / 2.0)};
  Diagnostics diags;
  SourceRegistry sources;
  auto program = load_program(variant, diags, sources);
  if (!program) return "cannot give these rules that komi";
  program_ = program;
  state_ = State(program_);
  vertices_ = std::make_unique<VertexNames>(*program_->board);
  agent_.reset();
  ok = true;
  return "";
}

std::string GtpSession::final_score(bool& ok) const {
  ok = true;
  if (!program_->end.score.empty()) {
    const int64_t difference = score_halves(state_, 0) - score_halves(state_, 1);
    if (difference == 0) return "0";
    const int64_t lead = std::abs(difference);
    return fmt::format("{}+{}{}", difference > 0 ? "B" : "W", lead / 2, lead % 2 ? ".5" : "");
  }
  GameResult r = state_.result();
  if (!r.over) return ok = false, "cannot score: the game is not over and the rules keep no score";
  if (r.winner < 0) return "0";
  return r.winner == 0 ? "B+R" : "W+R";  // decided without points, as SGF writes a resignation's result
}

std::string GtpSession::time_settings(const std::vector<std::string>& args, bool& ok) {
  ok = false;
  if (args.size() != 3) return "syntax error: expected `time_settings MAIN BYO_YOMI STONES`";
  auto main_time = decimal(args[0]), byo_yomi = decimal(args[1]), stones = decimal(args[2]);
  if (!main_time || !byo_yomi || !stones || *main_time < 0 || *byo_yomi < 0 || *stones < 0)
    return "syntax error: expected three numbers of seconds, seconds and stones";
  // Within the byo-yomi's time a stone; with main time alone, a thirtieth of it a move.
  double per_move = *stones > 0 ? *byo_yomi / *stones : *main_time / 30;
  if (*main_time > 0 && *stones > 0) per_move += *main_time / 30;
  seconds_per_move_ = per_move > 0 ? per_move * 0.9 : 0;
  agent_.reset();
  ok = true;
  return "";
}

std::string GtpSession::answer(const std::string& command, bool& ok, bool& quit) {
  ok = true;
  std::vector<std::string> w = split_words(command);
  const std::string name = w.empty() ? "" : w[0];
  std::vector<std::string> args(w.begin() + (w.empty() ? 0 : 1), w.end());
  if (name == "protocol_version") return "2";
  if (name == "name") return "Tabula";
  if (name == "version") return fmt::format("{} ({})", TABULA_VERSION, program_->name);
  if (name == "known_command")
    return args.size() == 1 && std::find(kCommands.begin(), kCommands.end(), args[0]) != kCommands.end() ? "true"
                                                                                                         : "false";
  if (name == "list_commands") {
    std::string out;
    for (const auto& c : kCommands) out += (out.empty() ? "" : "\n") + c;
    return out;
  }
  if (name == "quit") return quit = true, "";
  if (name == "boardsize") {
    if (args.size() != 1 || !decimal(args[0])) return ok = false, "syntax error: expected `boardsize N`";
    if (vertices_->grid_size() > 0 && args[0] == std::to_string(vertices_->grid_size())) return "";
    return ok = false, vertices_->grid_size() > 0
                           ? fmt::format("unacceptable size: these rules are played on {}x{}", vertices_->grid_size(),
                                         vertices_->grid_size())
                           : std::string("unacceptable size: these rules' board is not a square grid");
  }
  if (name == "clear_board") {
    state_ = State(program_);
    if (agent_) agent_->release();
    return "";
  }
  if (name == "komi") return set_komi(args, ok);
  if (name == "play") return play(args, ok);
  if (name == "genmove") return genmove(args, ok);
  if (name == "undo") {
    if (state_.history().empty()) return ok = false, "cannot undo";
    state_.undo();
    return "";
  }
  if (name == "final_score") return final_score(ok);
  if (name == "showboard") return "\n" + draw_state(state_);
  if (name == "time_settings") return time_settings(args, ok);
  if (name == "time_left") {
    auto left = args.size() == 3 ? decimal(args[1]) : std::nullopt;
    auto stones = args.size() == 3 ? decimal(args[2]) : std::nullopt;
    if (!left || !stones) return ok = false, "syntax error: expected `time_left COLOUR SECONDS STONES`";
    const double per_move = *stones > 0 ? *left / *stones : *left / 30;
    if (per_move > 0 && std::abs(per_move * 0.9 - seconds_per_move_) > 0.05) {
      seconds_per_move_ = per_move * 0.9;
      agent_.reset();
    }
    return "";
  }
  ok = false;
  return "unknown command";
}

void GtpSession::run(std::istream& in, std::ostream& out) {
  for (std::string raw; std::getline(in, raw);) {
    std::string line = clean(raw);
    size_t first = line.find_first_not_of(' ');
    if (first == std::string::npos) continue;
    line = line.substr(first);
    std::string id;
    while (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) id += line[0], line.erase(0, 1);
    bool ok = true, quit = false;
    std::string text;
    try {
      text = answer(line, ok, quit);
    } catch (const std::exception& e) {  // a rule's error while playing, a bad player spec
      ok = false;
      text = e.what();
    }
    // An answer's lines may not be empty: that would end it.
    std::string body;
    for (size_t start = 0; start <= text.size();) {
      size_t end = std::min(text.find('\n', start), text.size());
      std::string part = text.substr(start, end - start);
      if (!part.empty() || start == 0) body += (start == 0 ? "" : "\n") + (part.empty() && start != 0 ? " " : part);
      start = end + 1;
    }
    out << (ok ? "=" : "?") << id << (body.empty() ? "" : " ") << body << "\n\n" << std::flush;
    if (quit) return;
  }
}

}  // namespace tabula::cli

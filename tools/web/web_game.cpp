#include "web_game.hpp"

#include <fmt/format.h>

#include <charconv>

#include "cli/cli_support.hpp"
#include "engine/notes.hpp"
#include "engine/state_picture.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "engine/turn_machine.hpp"
#include "picture/board_svg.hpp"
#include "players/agent.hpp"

namespace tabula::web {

class LoadedRules {
 public:
  std::shared_ptr<const Program> program;
  GameInfo info;
};

std::shared_ptr<const LoadedRules> load_rules(const std::string& path, const std::string& id) {
  auto rules = std::make_shared<LoadedRules>();
  rules->program = cli::load_rules_or_fail(path);
  const Program& p = *rules->program;
  GameInfo& g = rules->info;
  g.id = id, g.file = path, g.name = p.name, g.has_score = !p.end.score.empty();
  for (const auto& side : p.players) g.sides.push_back(side.name);
  for (const auto& seat : p.seats) g.seats.push_back({seat.name, seat.side});
  return rules;
}

const GameInfo& info(const LoadedRules& rules) { return rules.info; }

namespace {

// "2s", "1.5s", "500ms" -> seconds (the forms the player specs take, docs/AI.md).
std::optional<double> seconds_of(std::string_view text) {
  double scale = 1;
  if (text.size() > 2 && text.substr(text.size() - 2) == "ms") text.remove_suffix(2), scale = 0.001;
  else if (text.size() > 1 && text.back() == 's') text.remove_suffix(1);
  else return std::nullopt;
  double v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v * scale;
}

// The spec a computer seat is made from: the given one, bounded by `move_seconds`.
std::string bounded_spec(const std::string& spec, double move_seconds, std::string& error) {
  std::string why = check_agent_spec(spec);
  if (!why.empty()) {
    error = why;
    return "";
  }
  std::string kind = spec.substr(0, spec.find(':'));
  std::string arg = kind.size() < spec.size() ? spec.substr(kind.size() + 1) : "";
  std::string limit = fmt::format("{}s", move_seconds);
  if (kind == "random") return spec;
  if (kind == "mc" || (kind == "mcts" && !seconds_of(arg))) {
    error = fmt::format(
        "'{}' has no time bound; the web board gives a computer player at most {} per move: "
        "use mcts:{} (or alphabeta:D, random)",
        spec, limit, limit);
    return "";
  }
  if (kind == "search") return fmt::format("alphabeta:{}:{}", arg.empty() ? "2" : arg, limit);
  std::string time = arg.substr(arg.find(':') == std::string::npos ? 0 : arg.find(':') + 1);
  if (auto t = seconds_of(time)) {  // mcts:TIME, alphabeta:D:TIME, alphabeta:TIME
    if (*t > move_seconds + 1e-9) {
      error = fmt::format("'{}' thinks longer than the {} per move this server allows (--move-time)", spec, limit);
      return "";
    }
    return spec;
  }
  return fmt::format("alphabeta:{}:{}", arg, limit);  // alphabeta:D
}

std::string cell_name(const Program& p, int cell) { return cell >= 0 ? p.board->cell(cell).name : ""; }

const char* kind_name(const Move& m) {
  switch (m.kind) {
    case Move::place: return "place";
    case Move::pass: return "pass";
    case Move::decision: return "decision";
    default: return "piece";
  }
}

}  // namespace

std::string check_player(const std::string& spec, double move_seconds) {
  if (spec == "human") return "";
  std::string error;
  bounded_spec(spec, move_seconds, error);
  return error;
}

struct WebGame::Impl {
  std::shared_ptr<const LoadedRules> rules;
  State state;
  State start;                         // for the record: the moves are written from here
  bool from_position = false;          // `start` is a given position, not the game's start
  std::vector<std::string> computers;  // per seat, the computer player's spec; "": a person
  uint64_t seed = 0;
};

namespace {

// A seat's computer player for the move at `ply`: made anew for every move, so that no
// search (an MCTS tree, a transposition table) outlives the move it chose; seeded from the
// game's seed, the seat and the ply, so a seeded game is the same game again.
std::unique_ptr<Agent> player_for_move(const std::string& spec, uint64_t seed, int seat, int ply, std::string& why) {
  return make_agent(spec, seed + static_cast<uint64_t>(seat) * 7919 + static_cast<uint64_t>(ply) * 104729, why);
}

}  // namespace

WebGame::WebGame(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
WebGame::~WebGame() = default;

std::unique_ptr<WebGame> WebGame::create(std::shared_ptr<const LoadedRules> rules,
                                         const std::vector<std::string>& players, const std::string& position,
                                         uint64_t seed, double move_seconds, std::string& error) {
  const Program& p = *rules->program;
  if (static_cast<int>(players.size()) != p.seat_count()) {
    error = fmt::format("{} has {} seats, but {} players were given", p.name, p.seat_count(), players.size());
    return nullptr;
  }
  State s(rules->program);
  if (!position.empty()) {
    auto pos = parse_position(p, position, error);
    if (!pos) {
      error = "bad position: " + error;
      return nullptr;
    }
    s.set_position(*pos);
  }
  auto impl = std::make_unique<Impl>(Impl{rules, s, s, !position.empty(), {}, seed});
  std::vector<std::string> names;
  for (size_t seat = 0; seat < players.size(); ++seat) {
    if (players[seat] == "human") {
      impl->computers.emplace_back();
      names.push_back("human");
      continue;
    }
    std::string why, spec = bounded_spec(players[seat], move_seconds, why);
    auto agent = spec.empty() ? nullptr : make_agent(spec, seed, why);
    if (!agent) {
      error = fmt::format("seat {}: {}", p.seats[seat].name, why);
      return nullptr;
    }
    names.push_back(agent->name());
    impl->computers.push_back(agent->name());
  }
  auto game = std::unique_ptr<WebGame>(new WebGame(std::move(impl)));
  game->player_names_ = std::move(names);
  return game;
}

const GameInfo& WebGame::info() const { return impl_->rules->info; }
bool WebGame::over() const { return impl_->state.is_terminal(); }
int WebGame::seat_to_move() const { return over() ? -1 : impl_->state.current_seat(); }
bool WebGame::human_to_move() const { return !over() && impl_->computers[impl_->state.current_seat()].empty(); }
bool WebGame::can_undo() const { return !impl_->state.history().empty(); }

std::string WebGame::play(const std::string& text) {
  std::string error;
  auto m = parse_move(impl_->state, text, error);
  if (!m) return error;
  try {
    impl_->state.apply(*m);
  } catch (const IllegalMove& e) {
    return fmt::format("'{}' is not legal: {}", text, e.what());
  }
  return "";
}

std::string WebGame::play_computer() {
  State& s = impl_->state;
  if (s.is_terminal()) return "the game is over";
  const int seat = s.current_seat();
  const std::string& spec = impl_->computers[seat];
  if (spec.empty()) return fmt::format("seat {} is played by a person", s.program().seats[seat].name);
  std::string why;
  auto player = player_for_move(spec, impl_->seed, seat, s.ply(), why);  // freed with its search below
  if (!player) return why;  // cannot happen: the spec made a player when the game began
  Move m = player->choose(s);
  s.apply(m);
  return "";
}

bool WebGame::undo() {
  State& s = impl_->state;
  if (s.history().empty()) return false;
  s.undo();
  bool anyone = false;
  for (const auto& spec : impl_->computers) anyone = anyone || spec.empty();
  while (anyone && !s.history().empty() && !impl_->computers[s.current_seat()].empty()) s.undo();
  return true;
}

namespace {

// The numbered move list `tabula replay` reads: a number before each round of seats, passes
// as the rules write them, and the players and the result as comments (in parentheses).
// `movers` gets the seat that made each move.
std::string record_text(State replay, bool from_position, const std::vector<Move>& moves,
                        const std::vector<std::string>& players, std::vector<int>& movers) {
  const Program& p = replay.program();
  std::string out = fmt::format("({}:", p.name);
  for (int seat = 0; seat < p.seat_count(); ++seat)
    out += fmt::format("{} {} {}", seat ? "," : "", p.seats[seat].name, players[seat]);
  out += ")\n";
  if (from_position) out += fmt::format("(from the position {}: replay with --position)\n", position_string(replay));
  int number = 0, previous_seat = -1;
  std::string line;
  for (const Move& m : moves) {
    if (replay.current_seat() == 0 && previous_seat != 0) line += fmt::format("{}. ", ++number);
    previous_seat = replay.current_seat();
    movers.push_back(previous_seat);
    line += (m.kind == Move::pass ? p.notation.pass : replay.move_to_string(m)) + " ";
    replay.apply(m);
    if (line.size() > 80) out += line.substr(0, line.size() - 1) + "\n", line.clear();
  }
  if (!line.empty()) out += line.substr(0, line.size() - 1) + "\n";
  if (replay.is_terminal()) out += fmt::format("({})\n", tabula::result_sentence(replay));
  return out;
}

}  // namespace

GameView WebGame::view() const {
  const State& s = impl_->state;
  const Program& p = s.program();
  GameView v;
  PictureOptions picture = picture_options(s);
  picture.caption = picture_caption(s);
  SvgParts parts = board_svg_parts(*p.board, cell_views(s), picture);
  v.svg = svg_open(parts, false) + parts.board + parts.state + "</svg>\n";  // an element of the page
  v.over = s.is_terminal();
  v.ply = s.ply();
  if (v.over) {
    v.winner = s.result().winner;
    v.status = tabula::result_sentence(s);
  } else {
    v.seat_to_move = s.current_seat();
    v.status = fmt::format("{} to move", p.seats[s.current_seat()].name);
    for (const Move& m : s.legal_moves()) {
      MoveView mv{m.kind == Move::pass ? p.notation.pass : s.move_to_string(m),
                  kind_name(m),
                  cell_name(p, m.from),
                  cell_name(p, m.to),
                  {}};
      for (int c : move_cells(m)) mv.cells.push_back(cell_name(p, c));
      v.moves.push_back(std::move(mv));
    }
  }
  v.history = history_strings(s);
  if (!p.end.score.empty())
    for (int side = 0; side < p.player_count(); ++side) v.scores.push_back({p.players[side].name, score(s, side)});
  v.notes = describe(s).lines;
  v.position = position_string(s);
  v.record = record_text(impl_->start, impl_->from_position, s.history(), player_names_, v.movers);
  return v;
}

}  // namespace tabula::web

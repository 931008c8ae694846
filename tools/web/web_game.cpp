#include "web_game.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>
#include <sstream>

#include "cli/cli_support.hpp"
#include "cli/record_io.hpp"
#include "diag/render.hpp"
#include "engine/notes.hpp"
#include "engine/state_picture.hpp"
#include "engine/text/game_record.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "engine/turn_machine.hpp"
#include "kernels/flanking.hpp"
#include "lang/game_loader.hpp"
#include "picture/board_svg.hpp"
#include "players/agent.hpp"

namespace tabula::web {

class LoadedRules {
 public:
  std::shared_ptr<const Program> program;
  RulesIdentity identity;  // what a game's record names (its Rules and RulesHash tags)
  GameInfo info;
};

namespace {

std::vector<std::string> cell_names(const Program& p, const std::vector<uint8_t>& mask) {
  std::vector<std::string> names;
  for (size_t c = 0; c < mask.size(); ++c)
    if (mask[c]) names.push_back(p.board->cell(static_cast<int>(c)).name);
  return names;
}

// The words of the statement at `at`, and of the lines a backslash at a line's end continues it on.
void add_statement_words(const SourcePos& at, const std::map<std::string, std::string>& sources,
                         std::set<std::string>& words) {
  auto file = sources.find(at.file);
  if (file == sources.end() || at.line < 1) return;
  std::istringstream in(file->second);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (n < at.line) continue;
    std::string code = line.substr(0, line.find('#'));
    std::string word;
    for (char ch : code + ' ') {
      if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_') word += ch;
      else if (!word.empty()) words.insert(word), word.clear();
    }
    size_t end = code.find_last_not_of(" \t\r");
    if (end == std::string::npos || code[end] != '\\') break;
  }
}

// The zones the rules name (declared ones, the board zones their goals, moves and seats
// read): one view when a zone is the same for every side, else one per side. A zone whose
// name is a word of an end rule or of the score is in a goal (what the page shows first).
std::vector<ZoneView> named_zones(const Program& p, const std::map<std::string, std::string>& sources) {
  std::set<std::string> goal_words;
  for (const EndRule& rule : p.end.after_move) add_statement_words(rule.pos, sources, goal_words);
  for (const ScoreTerm& term : p.end.score) add_statement_words(term.pos, sources, goal_words);
  std::vector<ZoneView> out;
  for (const ZoneDef& z : p.zones) {
    bool in_goal = goal_words.count(z.name) > 0;
    bool same = std::all_of(z.cells.begin(), z.cells.end(), [&](const auto& c) { return c == z.cells.front(); });
    if (same) {
      out.push_back({z.name, "", cell_names(p, z.cells.front()), in_goal});
      continue;
    }
    for (size_t side = 0; side < z.cells.size(); ++side)
      out.push_back({z.name, p.players[side].name, cell_names(p, z.cells[side]), in_goal});
  }
  return out;
}

}  // namespace

RulesLoad load_rules(const std::string& path, const std::string& id) {
  Diagnostics diags;
  SourceRegistry sources;
  auto program = load_program(path, diags, sources);
  RulesLoad out;
  out.diagnostics = render_all(diags, sources);
  for (const auto& [file, source] : sources.files()) out.sources[file] = source.text;
  if (!program) return out;
  auto rules = std::make_shared<LoadedRules>();
  rules->program = program;
  std::vector<std::string> texts;
  for (const auto& [file, text] : out.sources) texts.push_back(text);
  rules->identity = RulesIdentity{program->name, path, rules_hash(texts)};
  const Program& p = *program;
  GameInfo& g = rules->info;
  g.id = id, g.file = path, g.name = p.name, g.has_score = !p.end.score.empty();
  for (const auto& side : p.players) g.sides.push_back(side.name);
  for (const auto& seat : p.seats) g.seats.push_back({seat.name, seat.side});
  if (auto it = out.sources.find(path); it != out.sources.end()) g.text = it->second;
  g.zones = named_zones(p, out.sources);
  g.has_territory = std::any_of(p.end.score.begin(), p.end.score.end(),
                                [](const ScoreTerm& t) { return t.kind == ScoreTerm::Kind::territory; });
  out.rules = std::move(rules);
  return out;
}

const GameInfo& info(const LoadedRules& rules) { return rules.info; }
GameInfo& info(LoadedRules& rules) { return rules.info; }

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
  if (is_engine_spec(spec)) {  // its command would be a shell line a web page chose
    error = fmt::format("'{}': the web board runs no engine outside Tabula (a page could start any program)", spec);
    return "";
  }
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
  State start;                         // where the moves were played from (the movers are counted from it)
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
  auto impl = std::make_unique<Impl>(Impl{rules, s, s, {}, seed});
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

// The seat that made each of `moves`, played from `replay`.
std::vector<int> movers_of(State replay, const std::vector<Move>& moves) {
  std::vector<int> movers;
  for (const Move& m : moves) {
    movers.push_back(replay.current_seat());
    replay.apply(m);
  }
  return movers;
}

// The counts the rules keep: counters (captures, turns) and reserves.
std::vector<CounterView> counter_views(const State& s) {
  const Program& p = s.program();
  std::vector<CounterView> out;
  std::vector<bool> shown(p.vars.size(), false);
  for (int v = 0; v < p.vars.size(); ++v)
    if (p.vars.specs[v].role == VarSpec::Role::counter) shown[v] = true;
  for (int v : p.reserve_var)
    if (v >= 0) shown[v] = true;
  for (int v = 0; v < p.vars.size(); ++v)
    if (shown[v]) out.push_back({p.vars.specs[v].name, s.var(v)});
  return out;
}

// Each side's territory now (the empty cells only its pieces flank).
std::vector<ZoneView> territory_views(const State& s) {
  const Program& p = s.program();
  auto owners = territory_owners(p, s.tops());
  std::vector<ZoneView> out;
  for (int side = 0; side < p.player_count(); ++side) {
    ZoneView z{"territory", p.players[side].name, {}, false};
    for (int c = 0; c < p.board->cell_count(); ++c)
      if (owners[c] == side) z.cells.push_back(p.board->cell(c).name);
    out.push_back(std::move(z));
  }
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
    for (int side = 0; side < p.player_count(); ++side)
      v.scores.push_back({p.players[side].name, static_cast<double>(score(s, side)) + komi_halves(p, side) / 2.0});
  v.counters = counter_views(s);
  v.notes = describe(s).lines;
  v.position = position_string(s);
  v.movers = movers_of(impl_->start, s.history());
  std::string players;  // as `play --out` names them
  for (int seat = 0; seat < p.seat_count(); ++seat)
    players += fmt::format("{}{} = {}", seat ? ", " : "", p.seats[seat].name, player_names_[seat]);
  v.record = write_record(s, cli::record_tags(impl_->rules->identity, players, impl_->seed));
  if (impl_->rules->info.has_territory) v.territory = territory_views(s);
  return v;
}

}  // namespace tabula::web

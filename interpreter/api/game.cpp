// Game: loading a rules file (or text) and what a loaded game tells about itself.
#include <fmt/format.h>
#include <algorithm>

#include "api/facade.hpp"
#include "api/observation.hpp"
#include "diag/render.hpp"
#include "engine/perft.hpp"
#include "engine/text/position_text.hpp"
#include "lang/file_search.hpp"
#include "lang/game_loader.hpp"

#ifndef TABULA_VERSION
#error "the build defines TABULA_VERSION (CMakeLists.txt)"
#endif

namespace tabula {
namespace {

// Loads through `load` from `sources` (the file system, or given texts); `entry` is the path
// of the rules file or text, which comes first in the game's sources.
template <class Load>
LoadResult load_with(const std::string& entry, SourceRegistry sources, Load&& load) {
  Diagnostics diags;
  std::shared_ptr<const Program> program = load(diags, sources);
  LoadResult out;
  for (const Diagnostic& d : diags.items())
    out.diagnostics.push_back({severity_name(d.severity), d.pos.file, d.pos.line, d.pos.column, d.message});
  out.rendered = render_all(diags, sources);
  if (!program) return out;
  std::vector<SourceText> read;
  if (const SourceFile* first = sources.find(entry)) read.push_back({first->path, first->text});
  for (const auto& [path, file] : sources.files())
    if (path != entry) read.push_back({path, file.text});
  out.game = detail::GameImpl::handle(std::make_shared<const detail::GameImpl>(program, std::move(read)));
  return out;
}

// A load refused before anything is read: one error, without a place.
LoadResult refused(const std::string& file, const std::string& message) {
  LoadResult out;
  out.diagnostics.push_back({"error", file, 0, 0, message});
  out.rendered = (file.empty() ? "" : file + ": ") + "error: " + message + "\n";
  return out;
}

// Texts given in place of files have the limit of the files (diag/source_file.hpp): what
// is built from a text grows with it.
std::string too_large(const std::string& text) {
  if (text.size() <= kMaxInputBytes) return "";
  return fmt::format("the text has {} bytes, more than the {} limit for a rules, board or weights file", text.size(),
                     kMaxInputText);
}

}  // namespace

LoadResult load_game(const std::string& path) { return detail::load_file(path, LoadSettings{}); }

std::string find_rules(const std::string& name) { return find_rules_file(name); }

std::string rules_suggestion(const std::string& name) {
  std::string said = search_suggestion(name, SearchedKind::rules, "", SourceRegistry{});
  return said.empty() ? "" : said.substr(2);  // without the leading "; "
}

LoadResult detail::load_file(const std::string& path, const LoadSettings& settings) {
  return load_with(path, {}, [&](Diagnostics& d, SourceRegistry& s) {
    return load_program(path, d, s, nullptr, LoadOptions{settings.reference});
  });
}

LoadResult load_game_from_text(const std::string& text, const std::string& name) {
  return load_game_from_text(text, name, LoadSettings{});
}

LoadResult load_game_from_text(const std::string& text, const std::string& name, const LoadSettings& settings) {
  if (auto why = too_large(text); !why.empty()) return refused(name, why);
  return load_with(name, {}, [&](Diagnostics& d, SourceRegistry& s) {
    return load_program(SourceFile{name, text}, d, s, nullptr, LoadOptions{settings.reference});
  });
}

LoadResult load_game_from_sources(const std::vector<SourceText>& sources) {
  return load_game_from_sources(sources, LoadSettings{});
}

LoadResult load_game_from_sources(const std::vector<SourceText>& sources, const LoadSettings& settings) {
  if (sources.empty()) return refused("", "no source files were given");
  for (const SourceText& s : sources)
    if (auto why = too_large(s.text); !why.empty()) return refused(s.path, why);
  std::vector<SourceFile> given;
  for (const SourceText& s : sources) given.emplace_back(s.path, s.text);
  const SourceFile entry = given.front();
  return load_with(entry.path, SourceRegistry(given), [&](Diagnostics& d, SourceRegistry& s) {
    return load_program(entry, d, s, nullptr, LoadOptions{settings.reference});
  });
}

std::string version() { return TABULA_VERSION; }

using detail::GameImpl;

const std::string& Game::name() const { return impl_->program->name; }
const std::string& Game::rules_path() const { return impl_->program->rules_path; }
bool Game::reference() const { return impl_->program->reference; }
int Game::num_players() const { return impl_->program->player_count(); }
int Game::num_seats() const { return impl_->program->seat_count(); }
int Game::num_cells() const { return impl_->program->cells; }
bool Game::stacking() const { return impl_->program->stacking; }
int Game::max_game_length() const { return impl_->program->end.ply_limit; }

std::vector<std::string> Game::player_names() const {
  std::vector<std::string> out;
  for (const auto& p : impl_->program->players) out.push_back(p.name);
  return out;
}

std::vector<std::string> Game::seat_names() const {
  std::vector<std::string> out;
  for (const auto& s : impl_->program->seats) out.push_back(s.name);
  return out;
}

std::vector<int> Game::seat_players() const {
  std::vector<int> out;
  for (const auto& s : impl_->program->seats) out.push_back(s.side);
  return out;
}

std::vector<std::string> Game::kind_names() const {
  std::vector<std::string> out;
  for (const auto& k : impl_->program->kinds) out.push_back(k.name);
  return out;
}

Action Game::num_distinct_actions() const { return impl_->actions.size(); }
ActionLayout Game::action_layout() const { return impl_->actions.layout(); }
ObservationLayout Game::observation_layout() const { return impl_->observation; }
std::vector<int> Game::observation_tensor_shape() const { return {impl_->observation.planes, impl_->program->cells}; }
std::vector<int> Game::spatial_observation_shape() const {
  const ObservationLayout& l = impl_->observation;
  if (l.rows == 0) return {};
  return {l.planes + (l.on_board_plane ? 1 : 0), l.rows, l.columns};
}

BoardDescription Game::board() const {
  const Program& p = *impl_->program;
  const BoardGraph& b = *p.board;
  BoardDescription out;
  out.name = b.name;
  for (int c = 0; c < b.cell_count(); ++c) out.cells.push_back({b.cell(c).name, b.cell(c).x, b.cell(c).y});
  for (int d = 0; d < b.direction_count(); ++d) out.directions.push_back(b.direction(d).name);
  for (int c = 0; c < b.cell_count(); ++c)
    for (int d = 0; d < b.direction_count(); ++d)
      if (int to = b.neighbour(c, d); to != kNoCell) out.links.push_back({c, to, d});
  for (const auto& [name, cells] : b.zones()) out.board_zones.push_back({name, {cells}});
  for (const ZoneDef& z : p.zones) {
    BoardZone zone{z.name, {}};
    for (const auto& per_player : z.cells) {
      std::vector<int> cells;
      for (int c = 0; c < static_cast<int>(per_player.size()); ++c)
        if (per_player[c]) cells.push_back(c);
      zone.cells.push_back(std::move(cells));
    }
    out.rule_zones.push_back(std::move(zone));
  }
  return out;
}

GameState Game::new_initial_state() const {
  return detail::StateImpl::handle(std::make_unique<detail::StateImpl>(impl_, State(impl_->program)));
}

std::optional<GameState> Game::new_state(std::string_view position, std::string& error) const {
  auto parsed = parse_position(*impl_->program, position, error);
  if (!parsed) return std::nullopt;
  State s(impl_->program);
  s.set_position(*parsed);
  auto state = std::make_unique<detail::StateImpl>(impl_, std::move(s));
  state->start = std::string(position);
  return detail::StateImpl::handle(std::move(state));
}

uint64_t Game::perft(int depth, const std::atomic<bool>* stop) const { return new_initial_state().perft(depth, stop); }

const std::vector<SourceText>& Game::sources() const { return impl_->sources; }

// The texts decide the game, not how their paths were spelled (`rules/x.rules`, or an
// absolute path to the same file).
bool Game::operator==(const Game& other) const {
  if (impl_ == other.impl_) return true;
  const auto& a = impl_->sources;
  const auto& b = other.impl_->sources;
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](const SourceText& x, const SourceText& y) { return x.text == y.text; });
}

GameParameters Game::parameters() const {
  const EndRules& e = impl_->program->end;
  return {{"plies", std::to_string(e.ply_limit)},
          {"repetition", !e.repetition       ? "off"
                         : e.repetition_ends ? "end"
                                             : "draw"},
          {"quiet-moves-draw", std::to_string(e.quiet_limit)}};
}

}  // namespace tabula

// GameState: the public state over the engine's State, with the action numbering kept per
// position (StateImpl::legal) so a Python loop generates the moves once a ply.
#include <fmt/format.h>
#include <algorithm>
#include <stdexcept>

#include "api/facade.hpp"
#include "api/observation.hpp"
#include "engine/perft.hpp"
#include "engine/state_drawing.hpp"
#include "engine/state_picture.hpp"
#include "engine/text/game_record.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "picture/board_svg.hpp"

namespace tabula {

static_assert(kMaxPerftDepth == kMaxPerftPlies, "the facade and the command line take the same perft depths");
namespace detail {

const StateImpl::Legal& StateImpl::legal() const {
  if (legal_valid_) return legal_;
  engine_call([&] {
    state.legal_moves(legal_.moves);
    game->actions.encode(state, legal_.moves, legal_.actions);
  });
  legal_.sorted.resize(legal_.moves.size());
  for (size_t i = 0; i < legal_.moves.size(); ++i) legal_.sorted[i] = {legal_.actions[i], static_cast<int>(i)};
  std::sort(legal_.sorted.begin(), legal_.sorted.end());
  legal_valid_ = true;
  return legal_;
}

int StateImpl::find(Action action) const {
  const auto& sorted = legal().sorted;
  auto it = std::lower_bound(sorted.begin(), sorted.end(), std::pair<Action, int>{action, -1});
  return it != sorted.end() && it->first == action ? it->second : -1;
}

void StateImpl::play(int index) {
  Action action = legal_.actions[index];
  engine_call([&] { state.apply_unchecked(legal_.moves[index]); });
  history.push_back(action);
  legal_valid_ = false;
}

void StateImpl::undo() {
  if (history.empty()) throw std::logic_error("undo: no move has been played in this state");
  state.undo();
  history.pop_back();
  legal_valid_ = false;
}

}  // namespace detail

using detail::engine_call;
using detail::StateImpl;

GameState::GameState(std::unique_ptr<StateImpl> impl) : impl_(std::move(impl)) {}
GameState::GameState(const GameState& other) : impl_(std::make_unique<StateImpl>(*other.impl_)) {}
GameState::GameState(GameState&& other) noexcept = default;
GameState& GameState::operator=(const GameState& other) {
  if (this != &other) impl_ = std::make_unique<StateImpl>(*other.impl_);
  return *this;
}
GameState& GameState::operator=(GameState&& other) noexcept = default;
GameState::~GameState() = default;

Game GameState::game() const { return detail::GameImpl::handle(impl_->game); }

int GameState::current_player() const { return is_terminal() ? kTerminalPlayer : impl_->state.current_player(); }
int GameState::current_seat() const { return impl_->state.current_seat(); }
int GameState::ply() const { return impl_->state.ply(); }

std::vector<std::string> GameState::legal_moves() const {
  const auto& legal = impl_->legal();
  std::vector<std::string> out;
  out.reserve(legal.moves.size());
  for (const Move& m : legal.moves) out.push_back(move_text(impl_->state, m));
  return out;
}

std::vector<Action> GameState::legal_actions() const {
  const auto& legal = impl_->legal();
  std::vector<Action> out(legal.sorted.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = legal.sorted[i].first;
  return out;
}

namespace {

IllegalMoveError not_legal(const State& s, Action action) {
  if (s.is_terminal()) return IllegalMoveError(fmt::format("action {} cannot be played: the game is over", action));
  return IllegalMoveError(fmt::format("action {} is not legal in this position ({} to move)", action,
                                      s.program().seats[s.current_seat()].name));
}

}  // namespace

std::string GameState::action_to_string(Action action) const {
  int i = impl_->find(action);
  if (i < 0) throw not_legal(impl_->state, action);
  return move_text(impl_->state, impl_->legal().moves[i]);
}

std::optional<Action> GameState::string_to_action(std::string_view text, std::string& error) const {
  auto move = engine_call([&] { return parse_move(impl_->state, text, error); });
  if (!move) return std::nullopt;
  const auto& legal = impl_->legal();
  for (size_t i = 0; i < legal.moves.size(); ++i)
    if (legal.moves[i] == *move) return legal.actions[i];
  error = fmt::format("'{}' is not a legal move in this position", text);
  return std::nullopt;
}

bool GameState::is_legal(Action action) const { return impl_->find(action) >= 0; }

void GameState::apply_action(Action action) {
  int i = impl_->find(action);
  if (i < 0) throw not_legal(impl_->state, action);
  impl_->play(i);
}

bool GameState::apply_move(std::string_view text, std::string& error) {
  auto action = string_to_action(text, error);
  if (!action) return false;
  impl_->play(impl_->find(*action));
  return true;
}

void GameState::undo() { impl_->undo(); }

bool GameState::is_terminal() const {
  return engine_call([&] { return impl_->state.is_terminal(); });
}
std::vector<double> GameState::returns() const {
  return engine_call([&] { return impl_->state.returns(); });
}
int GameState::winner() const {
  GameResult r = engine_call([&] { return impl_->state.result(); });
  return r.over ? r.winner : -1;
}
std::string GameState::result_text() const {
  return engine_call([&] { return result_sentence(impl_->state); });
}

std::vector<Action> GameState::history() const { return impl_->history; }

// Only the moves played through this GameState: a state set from text starts with none.
std::vector<std::string> GameState::history_strings() const { return tabula::history_strings(impl_->state); }
std::string GameState::record() const {
  return engine_call([&] { return record_movetext(impl_->state); });
}
std::string GameState::to_string() const { return draw_state(impl_->state); }

std::string GameState::svg(const std::string& targets_of) const {
  const State& s = impl_->state;
  PictureOptions picture = picture_options(s);
  picture.caption = picture_caption(s);
  if (!targets_of.empty()) {
    int cell = s.program().board->find_cell(targets_of);
    if (cell == kNoCell) throw std::invalid_argument("'" + targets_of + "' is not a cell of this board");
    if (!s.at(cell)) throw std::invalid_argument("there is no piece on " + targets_of);
    picture.targets_from = cell;
    picture.targets = target_cells(s, cell);
  }
  return board_svg(*s.program().board, cell_views(s), picture);
}
std::string GameState::position_text() const { return position_string(impl_->state); }
uint64_t GameState::hash() const { return impl_->state.hash(); }

void GameState::observation_tensor(int player, float* out, size_t size) const {
  detail::fill_observation(impl_->state, impl_->game->observation_plan, player, out, size);
}

std::vector<float> GameState::observation_tensor(int player) const {
  const Program& p = impl_->state.program();
  std::vector<float> out(static_cast<size_t>(impl_->game->observation_plan.planes) * p.cells);
  observation_tensor(player, out.data(), out.size());
  return out;
}

void GameState::spatial_observation_tensor(int player, float* out, size_t size) const {
  detail::fill_spatial_observation(impl_->state, impl_->game->observation_plan, impl_->game->observation, player, out,
                                   size);
}

uint64_t GameState::perft(int depth, const std::atomic<bool>* stop) const {
  if (depth < 1 || depth > kMaxPerftDepth)
    throw std::invalid_argument(
        fmt::format("perft: depth {} is out of range: expected a whole number from 1 to {}", depth, kMaxPerftDepth));
  State copy = impl_->state;
  PerftCount count = engine_call([&] { return tabula::perft(copy, depth, PerftOptions{false, stop}); });
  if (!count.complete) throw Interrupted(fmt::format("perft {} stopped before the count was done", depth));
  return count.leaves;
}

bool GameState::operator==(const GameState& other) const {
  return (impl_->game == other.impl_->game || game() == other.game()) && impl_->state == other.impl_->state;
}

}  // namespace tabula

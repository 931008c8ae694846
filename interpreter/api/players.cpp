// Bot, random playouts and matches: the engine's players and match runner behind the facade.
#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <thread>

#include "api/call_threads.hpp"
#include "api/facade.hpp"
#include "players/playouts.hpp"
#include "studies/match.hpp"
#include "studies/match_report.hpp"
#include "studies/study.hpp"
#include "tabula/players.hpp"
#include "util/parallel.hpp"

namespace tabula {

using detail::engine_call;
using detail::StateImpl;

Bot::Bot(std::unique_ptr<detail::BotImpl> impl) : impl_(std::move(impl)) {}
Bot::Bot(Bot&& other) noexcept = default;
Bot& Bot::operator=(Bot&& other) noexcept = default;
Bot::~Bot() = default;

std::optional<Bot> Bot::create(const std::string& spec, uint64_t seed, std::string& error) {
  auto agent = make_agent(spec, seed, error);
  if (!agent) return std::nullopt;
  return Bot(std::make_unique<detail::BotImpl>(detail::BotImpl{std::move(agent)}));
}

std::string Bot::name() const { return impl_->agent->name(); }
bool Bot::has_outside_evaluator() const { return impl_->outside_evaluator; }

Action Bot::step(GameState& state) {
  StateImpl& s = StateImpl::of(state);
  if (s.state.is_terminal()) throw IllegalMoveError(fmt::format("{} cannot move: the game is over", name()));
  // The agent may play moves while it thinks but leaves the state as it found it.
  Move chosen = engine_call([&] { return impl_->agent->choose(s.state); });
  const auto& legal = s.legal();
  for (size_t i = 0; i < legal.moves.size(); ++i)
    if (legal.moves[i] == chosen) return legal.actions[i];
  throw std::logic_error(fmt::format("{} chose a move that is not legal", name()));
}

std::pair<Action, Bot::Policy> Bot::step_with_policy(GameState& state, double temperature) {
  if (!(temperature >= 0) || !std::isfinite(temperature))
    throw std::invalid_argument(fmt::format("temperature {} is not a finite number of 0 or more", temperature));
  impl_->agent->want_policy(true);
  Action chosen = step(state);
  const auto& legal = StateImpl::of(state).legal();
  const tabula::Policy& p = impl_->agent->policy();
  // Each legal move's weight and probability, by its index in legal.moves.
  std::vector<double> weights(legal.moves.size(), 0.0), probabilities(legal.moves.size(), 0.0);
  Policy out;
  if (p.kind == tabula::Policy::Kind::none || p.moves.empty()) {
    out.kind = "uniform";
    weights.assign(legal.moves.size(), 1.0);
    probabilities.assign(legal.moves.size(), 1.0 / static_cast<double>(legal.moves.size()));
  } else {
    out.kind = p.kind == tabula::Policy::Kind::visits ? "visits" : "values";
    const std::vector<double> chance = p.probabilities(temperature);
    for (size_t i = 0; i < p.moves.size(); ++i) {
      auto at = std::find(legal.moves.begin(), legal.moves.end(), p.moves[i].move);
      if (at == legal.moves.end()) throw std::logic_error(fmt::format("{} weighed a move that is not legal", name()));
      auto k = static_cast<size_t>(at - legal.moves.begin());
      weights[k] = p.moves[i].weight;
      probabilities[k] = chance[i];
    }
  }
  for (const auto& [action, index] : legal.sorted) {  // in legal_actions() order
    out.actions.push_back(action);
    out.weights.push_back(weights[static_cast<size_t>(index)]);
    out.probabilities.push_back(probabilities[static_cast<size_t>(index)]);
  }
  return {chosen, out};
}

PlayoutStatistics random_playouts(const GameState& start, uint64_t playouts, uint64_t seed, int threads,
                                  const std::atomic<bool>* stop) {
  using clock = std::chrono::steady_clock;
  detail::check_threads(threads, "random playouts");
  const State& from = StateImpl::of(start).state;
  const int sides = from.program().player_count();
  auto begin = clock::now();
  std::atomic<uint64_t> next{0};
  std::vector<PlayoutStatistics> per_thread(threads);
  std::atomic<bool> failed{false};
  auto work = [&](int t) {
    PlayoutStatistics& st = per_thread[t];
    st.wins.assign(sides, 0);
    MoveSample scratch;
    State blank = from;  // nothing is undone in a playout: no journal, no history to copy
    blank.stop_journal();
    blank.stop_hashing();
    State game = blank;
    for (uint64_t i; !failed && !(stop && *stop) && (i = next.fetch_add(1)) < playouts;) {
      Rng rng = detail::playout_rng(seed, i);
      PlayoutEnd end;
      random_ending(blank, game, rng, scratch, end);
      st.plies += end.plies;
      const GameResult r = end.result;
      ++st.playouts;
      if (r.winner >= 0) ++st.wins[r.winner];
      else ++st.draws;
    }
  };
  engine_call([&] { run_parallel(threads, work, failed); });
  if (stop && *stop && next.load() < playouts)
    throw Interrupted(fmt::format("random playouts stopped before all {} were played", playouts));
  PlayoutStatistics total;
  total.wins.assign(sides, 0);
  for (const auto& st : per_thread) {
    total.playouts += st.playouts;
    total.plies += st.plies;
    total.draws += st.draws;
    for (int i = 0; i < sides; ++i) total.wins[i] += st.wins[i];
  }
  total.seconds = std::chrono::duration<double>(clock::now() - begin).count();
  return total;
}

PlayoutStatistics random_playouts(const Game& game, uint64_t playouts, uint64_t seed, int threads,
                                  const std::atomic<bool>* stop) {
  return random_playouts(game.new_initial_state(), playouts, seed, threads, stop);
}

namespace {

MatchTally tally_of(const MatchReport& r, const Tally& t) {
  Interval ci = r.win_interval(t);
  return {t.name, t.games, t.wins, t.draws, t.losses, t.win_rate(), ci.low, ci.high, t.seconds_per_move()};
}

}  // namespace

std::optional<MatchResult> match(const Game& game, const MatchOptions& options, std::string& error) {
  const auto& program = detail::GameImpl::of(game).program;
  error.clear();
  if (options.games < 1) return error = "a match needs at least one game", std::nullopt;
  if (options.threads < 1 || options.threads > kMaxThreads)
    return error = fmt::format("a match takes 1 to {} threads, not {}", kMaxThreads, options.threads), std::nullopt;
  if (options.max_plies < 0) return error = "max_plies must be 0 (the rules' limit) or more", std::nullopt;
  auto seating = make_seating(*program, options.players, options.round_robin, error);
  if (!seating) return std::nullopt;
  MatchConfig config;
  config.seating = *seating;
  config.games = options.games;
  if (seating->round_robin) {
    if (int64_t{options.games} * seating->pairs() > kMaxGames)
      return error = fmt::format("{} games per pair of {} players is more than {}", options.games,
                                 seating->players.size(), kMaxGames),
             std::nullopt;
    config.games = options.games * seating->pairs();
  }
  config.seed = options.seed;
  config.threads = options.threads;
  config.max_plies = options.max_plies;
  // The stop flag is read as each game ends (a game in play runs to its end).
  auto stop_check = [&](const GameRecord&) {
    if (options.stop && *options.stop) throw Interrupted("the match stopped before all its games were played");
  };
  if (options.stop && *options.stop) throw Interrupted("the match stopped before it began");
  auto records = engine_call([&] { return run_match(program, config, stop_check); });
  MatchReport report = summarize(records, config.seating, error);
  if (!error.empty()) return std::nullopt;
  MatchResult out;
  out.rules = report.rules;
  out.games = report.games;
  out.draws = report.draws;
  out.cut = report.cut;
  for (const Tally& t : report.players) out.players.push_back(tally_of(report, t));
  for (const Tally& t : report.per_seat) out.per_seat.push_back(tally_of(report, t));
  for (const Tally& t : report.per_side) out.per_side.push_back(tally_of(report, t));
  out.seat_names = report.seat_names;
  out.distinct_games = report.distinct_games;
  out.effective_games = report.effective_games;
  for (const Rating& r : report.ratings) out.ratings.push_back({r.name, r.elo, r.ci.low, r.ci.high});
  Interval first = report.first_player_interval();
  out.first_player_share = report.first_player_share();
  out.first_player_low = first.low;
  out.first_player_high = first.high;
  out.fair_share = report.fair_share();
  out.mean_plies = report.length.mean();
  out.stddev_plies = report.length.stddev();
  out.min_plies = report.length.min();
  out.max_plies = report.length.max();
  out.branching = report.branching;
  for (const GameRecord& g : records)
    out.records.push_back({g.game, g.seed, g.seats, g.winner, g.plies, g.cut, g.moves, g.forfeit});
  out.text = report_text(report);
  out.json = json_text(report_json(report));
  out.csv = report_csv(report);
  return out;
}

}  // namespace tabula

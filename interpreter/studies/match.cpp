#include "studies/match.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <unordered_set>

#include "engine/state.hpp"
#include "players/agent.hpp"
#include "studies/seating.hpp"
#include "util/parallel.hpp"
#include "util/rng.hpp"

namespace tabula {

uint64_t game_seed(uint64_t match_seed, int game) {
  Rng mix(match_seed ^ (0xD1B54A32D192ED03ULL * static_cast<uint64_t>(game + 1)));
  return mix.next() & ((uint64_t{1} << 53) - 1);  // exact as a JSON number everywhere
}

GameRecord play_game(std::shared_ptr<const Program> program, const std::vector<std::string>& seats, int game,
                     uint64_t seed, int max_plies, EnginePool* engines) {
  using clock = std::chrono::steady_clock;
  GameRecord g;
  g.game = game;
  g.seed = seed;
  g.rules = program->name;
  g.seats = seats;
  g.seconds.assign(seats.size(), 0.0);
  g.moves_made.assign(seats.size(), 0);
  // One agent per seat; a person named for several seats (`W+E=...`) is one agent for all.
  std::vector<std::unique_ptr<Agent>> owned;
  std::vector<Agent*> agents(seats.size(), nullptr);
  for (size_t s = 0; s < seats.size(); ++s) {
    if (seats_end(seats[s]) != std::string::npos)
      for (size_t t = 0; t < s && !agents[s]; ++t)
        if (seats[t] == seats[s]) agents[s] = agents[t];
    if (agents[s]) continue;
    std::string error;
    const std::string spec = spec_of(seats[s]);
    if (engines && is_engine_spec(spec)) {
      auto& kept = (*engines)[spec];
      if (!kept) kept = make_agent(spec, 0, error);
      if (!kept) throw std::invalid_argument(error);
      agents[s] = kept.get();
      continue;
    }
    owned.push_back(make_agent(spec, Rng(seed + s).next(), error));
    if (!owned.back()) throw std::invalid_argument(error);
    agents[s] = owned.back().get();
  }
  State state(program);
  MoveList legal;
  while (!state.is_terminal()) {
    if (max_plies > 0 && state.ply() >= max_plies) {
      g.cut = true;
      break;
    }
    int seat = state.current_seat();
    state.legal_moves(legal);
    g.legal_moves += legal.size();
    auto start = clock::now();
    Move m;
    try {
      m = agents[seat]->choose(state);
    } catch (const PlayerForfeit& e) {
      // The game is lost for the seat's side; with more than two seats there is no one
      // winner to name, and the match stops with the reason.
      if (seats.size() != 2) throw std::invalid_argument(fmt::format("seat {} forfeited: {}", seat, e.what()));
      g.seconds[seat] += std::chrono::duration<double>(clock::now() - start).count();
      g.forfeit = e.what();
      g.winner = 1 - seat;
      g.plies = state.ply();
      for (auto& a : owned) a->release();
      return g;
    }
    g.seconds[seat] += std::chrono::duration<double>(clock::now() - start).count();
    ++g.moves_made[seat];
    if (!g.moves.empty()) g.moves += ' ';
    g.moves += state.move_to_string(m);
    state.apply_unchecked(m);
  }
  for (auto& a : owned) a->release();  // an outside engine stops with its game
  GameResult r = state.result();
  g.winner = r.over ? r.winner : -1;
  g.plies = state.ply();
  // A draw at the rules' ply limit is the limit's doing, not the position's.
  if (r.over && r.winner < 0 && state.ply() >= program->end.ply_limit) g.cut = true;
  return g;
}

std::vector<GameRecord> run_match(std::shared_ptr<const Program> program, const MatchConfig& config,
                                  const std::function<void(const GameRecord&)>& on_game, const std::vector<int>& skip) {
  std::unordered_set<int> done(skip.begin(), skip.end());
  auto start = std::chrono::steady_clock::now();
  // The shard's k-th game is shard_index + k * shard_count, handed out in order without a
  // list of them all (a shard may hold millions of games).
  std::atomic<int64_t> next{0};
  std::mutex lock;
  std::vector<GameRecord> results;
  std::atomic<bool> stop{false};
  auto next_game = [&]() -> int {
    while (!stop) {
      int64_t g = config.shard_index + next.fetch_add(1) * int64_t{config.shard_count};
      if (g >= config.games) return -1;
      if (!done.count(static_cast<int>(g))) return static_cast<int>(g);
    }
    return -1;
  };
  auto work = [&](int) {
    EnginePool engines;  // this worker's outside engines, started once
    while (true) {
      if (config.seconds > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= config.seconds)
        return;
      if (config.interrupt && config.interrupt->load()) return;
      int g = next_game();
      if (g < 0) return;
      GameRecord record =
          play_game(program, config.seating.seats_of_game(g), g, game_seed(config.seed, g), config.max_plies, &engines);
      std::lock_guard<std::mutex> guard(lock);
      results.push_back(record);
      if (on_game) on_game(record);
    }
  };
  run_parallel(std::max(1, config.threads), work, stop);
  std::sort(results.begin(), results.end(), [](const GameRecord& a, const GameRecord& b) { return a.game < b.game; });
  return results;
}

}  // namespace tabula

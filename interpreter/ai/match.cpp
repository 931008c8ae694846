#include "ai/match.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <unordered_set>

#include "ai/agent.hpp"
#include "ai/rng.hpp"
#include "engine/state.hpp"

namespace tabula {

uint64_t game_seed(uint64_t match_seed, int game) {
  Rng mix(match_seed ^ (0xD1B54A32D192ED03ULL * static_cast<uint64_t>(game + 1)));
  return mix.next() & ((uint64_t{1} << 53) - 1);  // exact as a JSON number everywhere
}

std::vector<std::string> seats_for_game(const std::vector<std::string>& players, int game, int seat_count) {
  int specs = static_cast<int>(players.size());
  if (seat_count > 0 && seat_count < specs) {  // a round robin of pairs
    int pairs = pair_count(specs), pair = game % pairs, round = game / pairs;
    int first = 0;
    while (pair >= specs - 1 - first) pair -= specs - 1 - first, ++first;
    int second = first + 1 + pair;
    if (round % 2) std::swap(first, second);
    return {players[static_cast<size_t>(first)], players[static_cast<size_t>(second)]};
  }
  std::vector<std::string> seats(players.size());
  for (size_t s = 0; s < players.size(); ++s) seats[s] = players[(s + static_cast<size_t>(game)) % players.size()];
  return seats;
}

std::string check_players(const Program& program, const std::vector<std::string>& players) {
  int given = static_cast<int>(players.size()), sides = program.player_count();
  if (given < sides || (given > sides && sides != 2))
    return fmt::format("{} player{} given, but {} has {} seats{}", given, given == 1 ? "" : "s", program.name, sides,
                       given > sides ? " (a round robin of more players needs a game of two sides)" : "");
  if (given > 64) return fmt::format("{} players given; a round robin takes at most 64", given);
  if (given > sides)
    for (size_t i = 0; i < players.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (players[i] == players[j])
          return fmt::format("'{}' is given twice; in a round robin each player spec plays once", players[i]);
  for (const auto& p : players)
    if (auto error = check_agent_spec(p); !error.empty()) return error;
  return "";
}

GameRecord play_game(std::shared_ptr<const Program> program, const std::vector<std::string>& seats, int game,
                     uint64_t seed, int max_plies) {
  using clock = std::chrono::steady_clock;
  GameRecord g;
  g.game = game;
  g.seed = seed;
  g.rules = program->name;
  g.seats = seats;
  g.seconds.assign(seats.size(), 0.0);
  g.moves_made.assign(seats.size(), 0);
  std::vector<std::unique_ptr<Agent>> agents;
  for (size_t s = 0; s < seats.size(); ++s) {
    std::string error;
    agents.push_back(make_agent(seats[s], Rng(seed + s).next(), error));
    if (!agents.back()) throw std::invalid_argument(error);
  }
  State state(program);
  MoveList legal;
  while (!state.is_terminal()) {
    if (max_plies > 0 && state.ply() >= max_plies) {
      g.cut = true;
      break;
    }
    int seat = state.current_player();
    state.legal_moves(legal);
    g.legal_moves += legal.size();
    auto start = clock::now();
    Move m = agents[seat]->choose(state);
    g.seconds[seat] += std::chrono::duration<double>(clock::now() - start).count();
    ++g.moves_made[seat];
    if (!g.moves.empty()) g.moves += ' ';
    g.moves += state.move_to_string(m);
    state.apply_unchecked(m);
  }
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
  std::exception_ptr failure;
  std::atomic<bool> stop{false};
  auto next_game = [&]() -> int {
    while (!stop) {
      int64_t g = config.shard_index + next.fetch_add(1) * int64_t{config.shard_count};
      if (g >= config.games) return -1;
      if (!done.count(static_cast<int>(g))) return static_cast<int>(g);
    }
    return -1;
  };
  auto work = [&] {
    try {
      while (true) {
        if (config.seconds > 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= config.seconds)
          return;
        int g = next_game();
        if (g < 0) return;
        GameRecord record = play_game(program, seats_for_game(config.players, g, config.seats), g,
                                      game_seed(config.seed, g), config.max_plies);
        std::lock_guard<std::mutex> guard(lock);
        results.push_back(record);
        if (on_game) on_game(record);
      }
    } catch (...) {
      std::lock_guard<std::mutex> guard(lock);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, config.threads); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  std::sort(results.begin(), results.end(), [](const GameRecord& a, const GameRecord& b) { return a.game < b.game; });
  return results;
}

}  // namespace tabula

#include "results_verify.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <mutex>

#include "cli_support.hpp"
#include "engine/text/game_record.hpp"
#include "engine/text/move_text.hpp"
#include "util/parallel.hpp"

namespace tabula::cli {
namespace {

std::string result_words(const Program& p, int winner) {
  return winner < 0 ? std::string("a draw") : fmt::format("a win of {}", p.players.at(winner).name);
}

// "" or why the game's line is not what its moves give.
std::string check_game(std::shared_ptr<const Program> program, const GameRecord& g, int max_plies) {
  const Program& p = *program;
  State s(program);
  MoveList legal;
  uint64_t legal_moves = 0;
  std::vector<int> moves_made(g.moves_made.size(), 0);
  std::string error;
  size_t start = 0;
  int ply = 0;
  while (start < g.moves.size()) {
    size_t end = std::min(g.moves.find(' ', start), g.moves.size());
    std::string text = g.moves.substr(start, end - start);
    start = end + 1;
    if (text.empty()) continue;
    if (s.is_terminal()) return fmt::format("move {} ({}) comes after the end of the game", ply + 1, text);
    s.legal_moves(legal);
    legal_moves += legal.size();
    auto m = parse_move(s, text, error);
    if (!m) return fmt::format("move {} ({}) does not replay: {}", ply + 1, text, error);
    int seat = s.current_player();
    if (seat >= 0 && seat < static_cast<int>(moves_made.size())) ++moves_made[seat];
    s.apply(*m);
    ++ply;
  }
  if (ply != g.plies) return fmt::format("the line says {} plies, but its moves are {}", g.plies, ply);
  GameResult r = s.result();
  if (!g.forfeit.empty()) {
    // The seat to move gave the game up before the rules ended it (its legal moves were
    // counted before it did).
    if (r.over)
      return fmt::format("the line says a seat forfeited, but its moves end the game ({})", result_words(p, r.winner));
    if (g.winner != 1 - s.current_seat())
      return fmt::format("the line says seat {} won by forfeit, but seat {} was to move", g.winner, s.current_seat());
    s.legal_moves(legal);
    legal_moves += legal.size();
  } else if (!r.over) {
    if (!(g.cut && max_plies > 0 && ply >= max_plies && g.winner < 0))
      return fmt::format("the moves stop after {} plies without an end, but the line says {}{}", ply,
                         result_words(p, g.winner), g.cut ? " cut by a ply limit it does not reach" : "");
  } else {
    bool cut = r.winner < 0 && ply >= p.end.ply_limit;
    if (r.winner != g.winner || cut != g.cut)
      return fmt::format("the line says {}{}, but its moves end in {}{}", result_words(p, g.winner),
                         g.cut ? " (cut)" : "", result_words(p, r.winner), cut ? " at the rules' ply limit" : "");
  }
  if (legal_moves != g.legal_moves)
    return fmt::format("the line counts {} legal moves over its plies, its moves give {}", g.legal_moves, legal_moves);
  if (moves_made != g.moves_made) return "the line's moves per seat are not those of its moves";
  return "";
}

}  // namespace

std::string verify_games(std::shared_ptr<const Program> program, const StudyGames& games, int threads) {
  const auto phases = games.study->phases();
  std::vector<std::pair<int, const GameRecord*>> all;  // phase, game
  for (size_t ph = 0; ph < games.phases.size(); ++ph)
    for (const GameRecord& g : games.phases[ph]) all.emplace_back(static_cast<int>(ph), &g);
  std::atomic<size_t> next{0};
  std::mutex lock;
  size_t first_bad = all.size();
  std::string problem;
  std::atomic<bool> stop{false};
  auto work = [&](int) {
    for (size_t i; !stop && (i = next.fetch_add(1)) < all.size();) {
      {
        std::lock_guard guard(lock);
        if (i > first_bad) return;
      }
      const auto& [phase, g] = all[i];
      std::string why;
      try {
        why = check_game(program, *g, games.study->max_plies);
      } catch (const std::exception& e) {  // a rule's fault or an engine limit met on the way
        why = e.what();
      }
      if (why.empty()) continue;
      std::lock_guard guard(lock);
      if (i < first_bad) {
        first_bad = i;
        problem = fmt::format("game {} of the {} (seed {}) does not replay to its results line: {}", g->game,
                              phases.at(phase).name, g->seed, why);
      }
    }
  };
  run_parallel(std::max(1, threads), work, stop);
  return problem;
}

ReadBack check_read_back(std::shared_ptr<const Program> program, std::shared_ptr<const Study> study,
                         const std::vector<std::vector<GameRecord>>& finished, const std::string& path,
                         const RulesIdentity& rules, bool verify, int threads, std::string_view command) {
  ReadBack r;
  for (const auto& phase : finished) r.games += static_cast<int>(phase.size());
  if (r.games == 0) return r;
  const char* plural = r.games == 1 ? "" : "s";
  if (!verify) {
    r.verified = false;
    r.sentence = fmt::format("not verified: {} game{} read back from {} were not replayed ({} --verify replays them)\n",
                             r.games, plural, path, command);
    return r;
  }
  StudyGames games;
  games.study = std::move(study);
  games.phases = finished;
  if (std::string problem = verify_games(program, games, threads); !problem.empty())
    throw UserError{"--verify: " + problem + "; nothing is reported"};
  r.sentence = fmt::format("verified: the {} game{} read back from {} replay to their results under {} (hash {})\n",
                           r.games, plural, path, rules.file, rules.hash);
  return r;
}

}  // namespace tabula::cli

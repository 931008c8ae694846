#include "players/playouts.hpp"

#include <atomic>
#include <chrono>

#include "engine/state.hpp"
#include "util/parallel.hpp"
#include "util/rng.hpp"

namespace tabula {

// There are no legal moves exactly when the game is over (is_terminal): a game where a side
// without a move passes gets a pass move. So one count per ply both ends the game and picks
// the move; is_terminal() would generate the moves a second time in `no-move lose` games.
// The moves are counted and only the one drawn is written (engine/sample.hpp): the same
// count and move as legal_moves, so the same games.
int play_randomly(State& s, Rng& rng, MoveSample& scratch) { return play_randomly(s, rng, scratch, 0); }

int play_randomly(State& s, Rng& rng, MoveSample& scratch, int max_plies) {
  int applied = 0;
  while (max_plies <= 0 || applied < max_plies) {
    const uint32_t n = count_moves(s, scratch);
    if (n == 0) break;
    s.apply_unchecked(nth_move(scratch, rng.below(n)));
    ++applied;
  }
  return applied;
}

namespace {

// A playout that gives up when `stop` is set; false then.
bool play_randomly(State& s, Rng& rng, MoveSample& scratch, const std::atomic<bool>* stop) {
  if (!stop) return play_randomly(s, rng, scratch), true;
  for (;;) {
    if (stop->load(std::memory_order_relaxed)) return false;
    const uint32_t n = count_moves(s, scratch);
    if (n == 0) return true;
    s.apply_unchecked(nth_move(scratch, rng.below(n)));
  }
}

}  // namespace

bool random_ending(const State& from, State& scratch, Rng& rng, MoveSample& moves, PlayoutEnd& end,
                   const std::atomic<bool>* stop) {
  if (kernel_playout(from, rng, end)) return true;
  scratch = from;
  if (from.program().playout_kernel) {
    int opening = 0;  // the opening's moves, one by one: a kernel plays from the first turn
    for (uint32_t n; scratch.turn_point().segment != TurnPoint::turn && (n = count_moves(scratch, moves)) > 0;
         ++opening)
      scratch.apply_unchecked(nth_move(moves, rng.below(n)));
    if (opening > 0 && kernel_playout(scratch, rng, end)) {
      end.plies += opening;
      return true;
    }
  }
  if (!play_randomly(scratch, rng, moves, stop)) return false;
  end = {scratch.result(), scratch.ply() - from.ply()};
  return true;
}

PlayoutStats run_playouts(std::shared_ptr<const Program> program, double seconds, uint64_t max_playouts, int threads,
                          uint64_t seed, const std::atomic<bool>* stop) {
  using clock = std::chrono::steady_clock;
  auto start = clock::now();
  std::atomic<uint64_t> started{0};
  std::vector<PlayoutStats> per_thread(threads);
  // An error in one thread (an engine limit, a rule's arithmetic) stops them all and is
  // rethrown by run_parallel: never a terminated process, never a count that hides it.
  std::atomic<bool> failed{false};
  auto work = [&](int t) {
    Rng rng(seed * 1000003 + t);
    MoveSample moves;
    PlayoutStats st;  // local: threads share no cache line until the end
    st.wins.assign(program->player_count(), 0);
    // One state per thread, reset by assignment: its vectors keep their capacity, so a
    // long run allocates nothing after the first playouts. Nothing is undone: no journal.
    State start_position(program);
    start_position.stop_journal();
    start_position.stop_hashing();
    State game = start_position;
    while (!failed.load(std::memory_order_relaxed) && !(stop && stop->load(std::memory_order_relaxed))) {
      if (max_playouts && started.fetch_add(1) >= max_playouts) break;
      if (!max_playouts && std::chrono::duration<double>(clock::now() - start).count() >= seconds) break;
      PlayoutEnd end;
      if (!random_ending(start_position, game, rng, moves, end, stop)) break;  // stopped: the game is not counted
      const GameResult r = end.result;
      ++st.playouts;
      st.plies += start_position.ply() + end.plies;
      if (r.winner >= 0) ++st.wins[r.winner];
      else ++st.draws;
    }
    per_thread[t] = std::move(st);
  };
  run_parallel(threads, work, failed);
  PlayoutStats total;
  total.wins.assign(program->player_count(), 0);
  for (const auto& st : per_thread) {
    total.playouts += st.playouts;
    total.plies += st.plies;
    total.draws += st.draws;
    for (size_t i = 0; i < st.wins.size(); ++i) total.wins[i] += st.wins[i];
  }
  total.seconds = std::chrono::duration<double>(clock::now() - start).count();
  return total;
}

}  // namespace tabula

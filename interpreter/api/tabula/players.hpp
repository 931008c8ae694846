#pragma once
// Computer players and batch work at native speed: a Bot chooses moves; random playouts and
// matches run many games on threads and report what the CLI's `bench` and `match` report.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tabula/export.hpp"
#include "tabula/game.hpp"
#include "tabula/game_state.hpp"

namespace tabula {

namespace detail {
struct BotImpl;
}

class OutsideEvaluator;

// A computer player from a spec (docs/AI.md): random, mc:N, mcts:N, mcts:1s, puct:N, alphabeta:D,
// alphabeta:D:1s, search:D. Reproducible from its seed when its budget is not a time.
class TABULA_API Bot {
 public:
  // nullopt and `error` set for a spec that names no player.
  static std::optional<Bot> create(const std::string& spec, uint64_t seed, std::string& error);
  // A PUCT player (`puct:N`, `puct:1s`, options batch:B, explore:C) that values positions
  // with `evaluator` instead of the rules' evaluation; nullopt and `error` for another spec.
  static std::optional<Bot> create(const std::string& spec, uint64_t seed, std::shared_ptr<OutsideEvaluator> evaluator,
                                   std::string& error);
  Bot(Bot&& other) noexcept;
  Bot& operator=(Bot&& other) noexcept;
  ~Bot();

  // The action this player chooses in `state` (which is left as it was). IllegalMoveError when
  // the game is over.
  Action step(GameState& state);

  // The weight the player gave each legal move in its last step, for learning targets: MCTS's
  // visits, alpha-beta's and flat Monte Carlo's move values (each root move near the best is
  // then searched with an open window), and for a player that keeps none (random) every move
  // alike. `probabilities` are those weights under a temperature, as the opening temperature
  // samples them (docs/AI.md, "Policies"): 0 gives the best moves, shared equally.
  struct Policy {
    std::string kind;             // "visits", "values" or "uniform"
    std::vector<Action> actions;  // the legal actions, in GameState::legal_actions order
    std::vector<double> weights;  // visits or values (0 for a move the player did not weigh)
    std::vector<double> probabilities;
  };
  // step, and the policy behind its choice under `temperature` (0 or more; a finite number).
  // From the first call on, this Bot searches for comparable values at every step (an
  // alpha-beta Bot then costs a little more per move).
  std::pair<Action, Policy> step_with_policy(GameState& state, double temperature = 1.0);
  std::string name() const;  // the spec that makes this player again
  // Whether an OutsideEvaluator values its positions (then its spec alone does not make it again).
  bool has_outside_evaluator() const;

 private:
  explicit Bot(std::unique_ptr<detail::BotImpl> impl);
  std::unique_ptr<detail::BotImpl> impl_;
};

// A player whose choices are made outside the engine (a Python object): a match asks it for
// an action in a copy of each position it is to play. An action that is not legal there
// loses that game (a forfeit, reported with the player's name in the match); an exception
// from step() stops the match and reaches its caller.
class TABULA_API OutsidePlayer {
 public:
  virtual ~OutsidePlayer();
  virtual Action step(const GameState& state) = 0;
};

// An evaluation written outside the engine (a Python network) for PUCT players: for a batch
// of positions, each one's value for its side to move, in [-1, 1], and when it gives a policy,
// num_distinct_actions priors per position (only the legal actions' are read, and scaled to
// sum to 1). An exception stops the search and reaches the Bot's caller.
class TABULA_API OutsideEvaluator {
 public:
  virtual ~OutsideEvaluator();
  virtual bool gives_policy() const = 0;
  // `values`: states.size() floats; `priors`: states.size() * num_distinct_actions floats
  // (null when gives_policy() is false).
  virtual void evaluate(const std::vector<GameState>& states, float* values, float* priors) = 0;
};

// While it lives, `name` is a player spec that `match` and `Bot::create` take, and it seats
// `player` (every game and every seat named so share the one object). The name must be no
// other spec (std::invalid_argument when it is taken, or parses as a spec).
class TABULA_API OutsidePlayerSeat {
 public:
  OutsidePlayerSeat(std::string name, std::shared_ptr<OutsidePlayer> player);
  ~OutsidePlayerSeat();
  OutsidePlayerSeat(const OutsidePlayerSeat&) = delete;
  OutsidePlayerSeat& operator=(const OutsidePlayerSeat&) = delete;
  const std::string& name() const { return name_; }

 private:
  std::string name_;
};

struct PlayoutStatistics {
  uint64_t playouts = 0;
  uint64_t plies = 0;  // summed over the playouts
  double seconds = 0;
  std::vector<uint64_t> wins;  // per side
  uint64_t draws = 0;
};

// The most threads one call starts (random playouts, a match), as the CLI's --threads.
inline constexpr int kMaxThreads = 256;

// `playouts` games of uniformly random moves from `start`, on `threads` threads (1 to
// kMaxThreads, std::invalid_argument otherwise; LimitError when the system cannot start
// them). Playout i draws from its own generator, seeded from `seed` and i, so the statistics
// depend on the seed and not on the number of threads. Interrupted when `stop` is set first.
TABULA_API PlayoutStatistics random_playouts(const GameState& start, uint64_t playouts, uint64_t seed, int threads = 1,
                                             const std::atomic<bool>* stop = nullptr);
TABULA_API PlayoutStatistics random_playouts(const Game& game, uint64_t playouts, uint64_t seed, int threads = 1,
                                             const std::atomic<bool>* stop = nullptr);

struct MatchOptions {
  // One spec per seat or per side (rotating every game), or by seat name ("S=mcts:1s",
  // "W+E=random": the same seats every game), as `tabula match --players` (docs/AI.md).
  std::vector<std::string> players;
  int games = 100;
  uint64_t seed = 1;
  int threads = 1;
  int max_plies = 0;  // stop a game as a draw (counted as cut) after this many plies; 0: the rules' limit
  // When set, no game starts and the match throws Interrupted once the games in play end.
  const std::atomic<bool>* stop = nullptr;
  bool round_robin = false;  // every pair of the specs, both ways (games of two seats); `games` per pair
};

// A player spec's (or a seat's) results, with the 95% Wilson interval of its win rate.
struct MatchTally {
  std::string name;
  int games = 0, wins = 0, draws = 0, losses = 0;
  double win_rate = 0, win_low = 0, win_high = 0;
  double seconds_per_move = 0;
};

struct MatchGame {
  int game = 0;
  uint64_t seed = 0;
  std::vector<std::string> seats;  // the spec playing each side; the first moves first
  int winner = -1;                 // the winning side, -1 for a draw
  int plies = 0;
  bool cut = false;     // drawn by a ply limit
  std::string moves;    // space-separated move text
  std::string forfeit;  // why the loser lost without the rules' end (an illegal action, ...); "" otherwise
};

// The statistics `tabula match` reports, and the games.
struct MatchResult {
  std::string rules;
  int games = 0, draws = 0, cut = 0;
  std::vector<MatchTally> players;   // per spec, in the order first met
  std::vector<MatchTally> per_seat;  // "seat 1", "seat 2", ... (seat_names says which)
  std::vector<std::string> seat_names;
  std::vector<MatchTally> per_side;                    // "side 1", "side 2", ...
  double first_player_share = 0;                       // the first seat's side's wins among decisive games
  double first_player_low = 0, first_player_high = 0;  // its 95% Wilson interval (on the effective games)
  double fair_share = 0;                               // 1 / sides
  int distinct_games = 0;                              // distinct move sequences
  double effective_games = 0;                          // Kish's effective sample size of the games
  struct Rating {
    std::string name;
    double elo = 0, low = 0, high = 0;  // maximum likelihood, average 0, 95% interval
  };
  std::vector<Rating> ratings;  // games of two seats with two specs or more
  double mean_plies = 0, stddev_plies = 0, min_plies = 0, max_plies = 0;
  double branching = 0;            // legal moves per position
  std::vector<MatchGame> records;  // sorted by game
  std::string text, json, csv;     // the report as `tabula match` prints it (plain, --json, --csv)
};

// nullopt and `error` set for player specs the game cannot use, or threads not from 1 to
// kMaxThreads.
TABULA_API std::optional<MatchResult> match(const Game& game, const MatchOptions& options, std::string& error);

}  // namespace tabula

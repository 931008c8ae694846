// Computer players, matches and their statistics. Everything is seeded; no assertion
// depends on timing.
#include <catch2/catch.hpp>

#include "player_test_support.hpp"
#include "players/agent.hpp"
#include "players/agent_spec.hpp"
#include "players/alphabeta_agent.hpp"
#include "players/evaluator.hpp"
#include "players/mcts_agent.hpp"
#include "players/player_defaults.hpp"
#include "studies/match.hpp"
#include "studies/match_record.hpp"
#include "studies/match_report.hpp"
#include "studies/statistics.hpp"
#include "studies/variant_analysis.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> endless_shuffle() {
  static auto p = load_rules(repo_path("tests/data/endless-shuffle.rules"));
  return p;
}
std::shared_ptr<const Program> three_players() {
  static auto p = load_rules(repo_path("tests/data/three-players.rules"));
  return p;
}

std::unique_ptr<Agent> agent(const std::string& spec, uint64_t seed = 1) {
  std::string error;
  auto a = make_agent(spec, seed, error);
  INFO(error);
  REQUIRE(a);
  return a;
}

// Timings differ from run to run; everything else in a record must not.
GameRecord without_timing(GameRecord g) {
  for (auto& s : g.seconds) s = 0;
  return g;
}

}  // namespace

TEST_CASE("Wilson intervals", "[ai]") {
  Interval half = wilson_interval(5, 10);
  CHECK(half.low == Approx(0.236590).epsilon(1e-5));
  CHECK(half.high == Approx(0.763410).epsilon(1e-5));
  Interval none = wilson_interval(0, 10);
  CHECK(none.low == 0);
  CHECK(none.high == Approx(0.277540).epsilon(1e-5));
  Interval all = wilson_interval(10, 10);
  CHECK(all.low == Approx(1 - 0.277540).epsilon(1e-5));
  CHECK(all.high == 1);
  Interval empty = wilson_interval(0, 0);
  CHECK(empty.low == 0);
  CHECK(empty.high == 1);
  // Narrower with more games, always around the observed rate.
  Interval many = wilson_interval(500, 1000);
  CHECK(many.high - many.low < half.high - half.low);
  CHECK(many.low < 0.5);
  CHECK(many.high > 0.5);
}

TEST_CASE("Summary: mean, stddev, min, max", "[ai]") {
  Summary s;
  for (double x : {2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0}) s.add(x);
  CHECK(s.count() == 8);
  CHECK(s.mean() == Approx(5));
  CHECK(s.stddev() == Approx(2));
  CHECK(s.min() == 2);
  CHECK(s.max() == 9);
}

TEST_CASE("Player specs", "[ai]") {
  for (std::string spec : {"random", "mc:10", "mcts:100", "mcts:1s", "mcts:250ms", "alphabeta:3", "alphabeta:4:500ms",
                           "alphabeta:2s", "search", "search:3"})
    CHECK(check_agent_spec(spec) == "");
  CHECK(agent("search")->name() == "alphabeta:2");
  CHECK(agent("search:3")->name() == "alphabeta:3");
  CHECK(agent("mcts:250ms")->name() == "mcts:250ms");
  CHECK(agent("alphabeta:4:500ms")->name() == "alphabeta:4:500ms");
  for (std::string spec :
       {"randomly", "mc:0", "mcts:", "mcts:fast", "alphabeta:0", "alphabeta:65", "alphabeta:3:1h", "search:x", "mc"})
    CHECK(check_agent_spec(spec) != "");
  CHECK(check_agent_spec("minimax").find("unknown player 'minimax'") == 0);
  // A misspelt kind or option is offered the nearest one.
  CHECK(check_agent_spec("mcst:100").find("unknown player 'mcst:100' (did you mean 'mcts'?); expected") == 0);
  CHECK(check_agent_spec("mcts:100:explroe:0.3").find("'explroe' is not one of them; did you mean 'explore'?") !=
        std::string::npos);
  CHECK(check_agent_spec("wizard").find("did you mean") == std::string::npos);  // nothing near
}

TEST_CASE("Player specs: the MCTS playout cut-off", "[ai]") {
  CHECK(agent("mcts:100:cutoff:40")->name() == "mcts:100:cutoff:40");
  CHECK(agent("mcts:1s:cutoff:5")->name() == "mcts:1s:cutoff:5");
  // 0: playouts to the end, which is not always the default (the rules choose it)
  CHECK(agent("mcts:100:cutoff:0")->name() == "mcts:100:cutoff:0");
  for (std::string spec : {"mcts:100:cutoff:", "mcts:100:cutoff:x", "mcts:100:cutoff:-1", "mcts:100:cutoff:100001",
                           "mcts:100:cut:5", "mcts:100:5", "mcts::cutoff:5", "mcts:100:cutoff:5:6"})
    CHECK(check_agent_spec(spec).find("'" + spec + "'") == 0);
}

TEST_CASE("Alpha-beta finds the win in one", "[ai]") {
  for (int depth = 1; depth <= 4; ++depth)
    for (uint64_t seed : {1, 2, 3}) {
      auto s = state_at(loa(), kWinInOne);
      AlphaBetaAgent a(depth, 0, seed);
      Move m = a.choose(s);
      INFO("depth " << depth << " seed " << seed);
      CHECK(s.move_to_string(m) == "c2-c5");
      CHECK(a.last_search().value > kEvalWin / 2);
      CHECK(s.ply() == 0);  // the search restored the position
    }
}

TEST_CASE("MCTS and flat Monte Carlo find the win in one", "[ai]") {
  for (uint64_t seed : {1, 2, 3}) {
    auto s = state_at(loa(), kWinInOne);
    CHECK(s.move_to_string(agent("mcts:1000", seed)->choose(s)) == "c2-c5");
    CHECK(s.move_to_string(agent("mc:5", seed)->choose(s)) == "c2-c5");
    CHECK(s.ply() == 0);
  }
}

TEST_CASE("PUCT over the rules' evaluation: specs, the win in one, its visits as the policy", "[ai]") {
  for (std::string spec :
       {"puct:100", "puct:1s", "puct:200:batch:1", "puct:50:explore:2.5:batch:64", "puct:100:temp:1"})
    CHECK(check_agent_spec(spec) == "");
  CHECK(agent("puct:200:batch:16")->name() == "puct:200:batch:16");
  for (std::string spec : {"puct", "puct:0", "puct:100:batch:0", "puct:100:batch:5000", "puct:100:rave:10"})
    CHECK(check_agent_spec(spec).find("'" + spec + "'") == 0);
  for (int batch : {1, 8, 64}) {
    auto s = state_at(loa(), kWinInOne);
    auto a = agent("puct:300:batch:" + std::to_string(batch));
    CHECK(s.move_to_string(a->choose(s)) == "c2-c5");  // the game's end is found in the tree
    CHECK(s.ply() == 0);
    double visits = 0;
    for (const auto& e : a->policy().moves) visits += e.weight;
    CHECK(a->policy().kind == Policy::Kind::visits);
    CHECK(visits == 299);  // every iteration but the root's own valuation
  }
}

TEST_CASE("puct:300 beats random in Connect Four", "[ai]") {
  static auto c4 = load_rules(repo_path("rules/connect-four.rules"));
  MatchConfig m;
  m.seating = seating(c4, {"puct:300", "random"});
  m.games = 10;
  m.seed = 5;
  std::string error;
  MatchReport r = summarize(run_match(c4, m), m.seating, error);
  REQUIRE(error.empty());
  CHECK(r.players[0].name == "puct:300");
  CHECK(r.players[0].wins >= 9);
}

TEST_CASE("alphabeta:2 beats random in LOA", "[ai]") {
  MatchConfig m;
  m.seating = seating(loa(), {"alphabeta:2", "random"});
  m.games = 10;
  m.seed = 2024;
  auto games = run_match(loa(), m);
  std::string error;
  MatchReport r = summarize(games, m.seating, error);
  REQUIRE(error.empty());
  REQUIRE(r.players.size() == 2);
  CHECK(r.players[0].name == "alphabeta:2");
  CHECK(r.players[0].wins >= 9);
}

TEST_CASE("Games are reproducible from the seed", "[ai]") {
  for (std::string spec : {"random", "mc:2", "mcts:50", "alphabeta:2"}) {
    GameRecord a = play_game(loa(), {spec, "random"}, 0, 77, 40);
    GameRecord b = play_game(loa(), {spec, "random"}, 0, 77, 40);
    GameRecord c = play_game(loa(), {spec, "random"}, 0, 78, 40);
    INFO(spec);
    CHECK(a.moves == b.moves);
    CHECK(a.moves != c.moves);
  }
}

TEST_CASE("MCTS reuses its tree when the moves played are in it", "[ai]") {
  State s(loa());
  std::string error;
  MctsAgent mcts(*parse_agent_spec("mcts:300", error), 5);
  s.apply(mcts.choose(s));
  CHECK(mcts.last_search().reused_visits == 0);
  s.apply(mcts.choose(s));  // the same player replies: its first move is the new root
  CHECK(mcts.last_search().reused_visits > 0);
  s.apply(mcts.choose(s));
  CHECK(mcts.last_search().reused_visits > 0);
  // A different game: nothing to reuse.
  State other(loa());
  other.apply(other.legal_moves().back());
  other.apply(other.legal_moves().back());
  mcts.choose(other);
  CHECK(mcts.last_search().reused_visits == 0);
}

TEST_CASE("Rules-derived evaluation", "[ai]") {
  RulesEvaluator loa_eval(*loa());
  CHECK(loa_eval.uses_connection());
  State s(loa());
  CHECK(loa_eval.material(s, 0) == 0);
  // Black has 36 moves at the start; White, after a null move, as many by symmetry.
  CHECK(loa_eval.mobility(s, 0) == 0);
  CHECK(s.ply() == 0);
  auto win = state_at(loa(), kWinInOne);
  uint64_t hash = win.hash();
  double white = loa_eval.evaluate(win, 1), black = loa_eval.evaluate(win, 0);
  CHECK(win.hash() == hash);       // null moves are undone
  CHECK(white == Approx(-black));  // two players: what one gains the other loses
  CHECK(loa_eval.gathering(win, 1) == Approx(-loa_eval.gathering(win, 0)));
  CHECK_FALSE(RulesEvaluator(*second_player_wins()).uses_connection());
  State tiny(second_player_wins());
  CHECK(RulesEvaluator(*second_player_wins()).material(tiny, 0) == 0);
}

TEST_CASE("The evaluation hook: an expression from the rules", "[ai]") {
  // `evaluate EXPR` in the rules: the expression is what computer players maximise.
  auto rules_with = [](const std::string& name, const std::string& expr) {
    return load_rules(temp_rules(
        name, "variant \"LOA evaluated\" extends \"" + repo_path("rules/loa.rules") + "\"\nevaluate " + expr + "\n"));
  };
  auto counted = rules_with("evaluate-count.rules", "pieces(mover)");
  REQUIRE_FALSE(counted->evaluation.empty());
  ExpressionEvaluator count(counted->evaluation);
  State s(counted);
  CHECK(count.evaluate(s, 0) == 12);
  auto more = rules_with("evaluate-more.rules", "pieces(mover) > 11");
  CHECK(ExpressionEvaluator(more->evaluation).evaluate(State(more), 1) == 1);
  CHECK(make_evaluator(*counted)->evaluate(s, 0) == 12);
  // Any Evaluator plugs into the search player.
  auto s2 = state_at(counted, kWinInOne);
  AlphaBetaAgent a(2, 0, 1, std::make_shared<ExpressionEvaluator>(counted->evaluation));
  CHECK(s2.move_to_string(a.choose(s2)) == "c2-c5");
  // MCTS trusts a stated evaluation by default: its playouts are cut off and scored by it.
  CHECK(default_mcts_settings(*counted).cutoff == 2);
  CHECK(default_mcts_settings(*counted).minimax == Approx(0.6));
  CHECK(default_mcts_settings(*loa()).cutoff == 2);  // its tuned weights are trusted too
  std::string error;
  MctsAgent informed(*parse_agent_spec("mcts:50", error), 1);
  auto s3 = state_at(counted, kWinInOne);
  CHECK(s3.move_to_string(informed.choose(s3)) == "c2-c5");
  CHECK(informed.settings().cutoff == 2);
  MctsAgent own_choice(*parse_agent_spec("mcts:50:cutoff:0", error), 1);
  own_choice.choose(s3);
  CHECK(own_choice.settings().cutoff == 0);  // a spec's option still wins over the default
}

TEST_CASE("Match statistics on a game with a known answer", "[ai]") {
  // Every move is forced: the second seat wins in 2 plies, whoever sits there.
  MatchConfig m;
  m.seating = seating(second_player_wins(), {"alphabeta:2", "random"});
  m.games = 10;
  auto games = run_match(second_player_wins(), m);
  REQUIRE(games.size() == 10);
  for (int g = 0; g < 10; ++g) {
    CHECK(games[g].game == g);
    CHECK(games[g].seats == (g % 2 ? std::vector<std::string>{"random", "alphabeta:2"}
                                   : std::vector<std::string>{"alphabeta:2", "random"}));
    CHECK(games[g].winner == 1);
    CHECK(games[g].moves == "a1-b1 c1xb1");
  }
  std::string error;
  MatchReport r = summarize(games, m.seating, error);
  CHECK(r.games == 10);
  CHECK(r.players[0].wins == 5);
  CHECK(r.players[0].losses == 5);
  CHECK(r.players[0].win_interval().low == Approx(0.236590).epsilon(1e-5));
  CHECK(r.per_seat[0].wins == 0);
  CHECK(r.per_seat[1].wins == 10);
  CHECK(r.first_player_share() == 0);
  // Ten times the same game is one distinct game: the report's intervals count it once.
  CHECK(r.distinct_games == 1);
  CHECK(r.effective_games == 1);
  CHECK(r.first_player_interval().high == Approx(wilson_interval(0, 1).high));
  CHECK(r.win_interval(r.players[0]).low == Approx(wilson_interval(0.5, 1).low));
  CHECK(r.draws == 0);
  CHECK(r.cut == 0);
  CHECK(r.length.mean() == 2);
  CHECK(r.length.stddev() == 0);
  CHECK(r.branching == 1);
  CHECK(r.players[0].moves == 10);  // one move in each game, from either seat
}

TEST_CASE("Games cut by the ply limit", "[ai]") {
  MatchConfig m;
  m.seating = seating(endless_shuffle(), {"random", "mcts:20"});
  m.games = 4;
  std::string error;
  MatchReport r = summarize(run_match(endless_shuffle(), m), m.seating, error);
  CHECK(r.draws == 4);
  CHECK(r.cut == 4);
  CHECK(r.length.min() == 6);
  CHECK(r.length.max() == 6);
  // The match's own limit cuts earlier.
  m.max_plies = 3;
  r = summarize(run_match(endless_shuffle(), m), m.seating, error);
  CHECK(r.cut == 4);
  CHECK(r.length.max() == 3);
}

TEST_CASE("Shards replay exactly the games of the whole match", "[ai]") {
  MatchConfig m;
  m.seating = seating(loa(), {"alphabeta:1", "mc:1"});
  m.games = 7;
  m.seed = 9;
  m.max_plies = 30;
  auto whole = run_match(loa(), m);
  std::vector<GameRecord> merged;
  for (int i = 0; i < 3; ++i) {
    MatchConfig shard = m;
    shard.shard_index = i;
    shard.shard_count = 3;
    shard.threads = 2;
    for (const auto& g : run_match(loa(), shard)) {
      CHECK(g.game % 3 == i);
      merged.push_back(g);
    }
  }
  std::sort(merged.begin(), merged.end(), [](const auto& a, const auto& b) { return a.game < b.game; });
  REQUIRE(merged.size() == whole.size());
  for (size_t i = 0; i < whole.size(); ++i) CHECK(without_timing(merged[i]) == without_timing(whole[i]));
}

TEST_CASE("Result lines round-trip through JSON", "[ai]") {
  GameRecord g = play_game(loa(), {"random", "random"}, 3, game_seed(1, 3), 20);
  auto study = std::make_shared<const Study>(
      Study::match(RulesIdentity{"Lines of Action", "rules/loa.rules", "0123456789abcdef"},
                   seating(loa(), {"random", "random"}), 1, 20));
  ResultLine line{GameOrigin{study, 0, {8}, 1, 2}, g};
  std::string error;
  auto back = parse_result_line(to_json_line(line), error);
  INFO(error);
  REQUIRE(back);
  for (size_t i = 0; i < g.seconds.size(); ++i) CHECK(back->game.seconds[i] == Approx(g.seconds[i]).margin(1e-6));
  CHECK(without_timing(back->game) == without_timing(g));
  CHECK(back->origin.study->difference(*study).empty());
  CHECK(back->origin.study->rules.file == "rules/loa.rules");
  CHECK(back->origin.games == std::vector<int>{8});
  CHECK(back->origin.shard_index == 1);
  CHECK(back->origin.shard_count == 2);
  CHECK_FALSE(parse_result_line("{\"game\":1}", error));
  CHECK(error == "no \"study\" field");
  CHECK_FALSE(parse_result_line("not json", error));
  CHECK(error == "expected a value at column 2");
}

TEST_CASE("An analysis's results lines name their phase", "[ai]") {
  AnalysisConfig c;
  c.games = 4;
  c.skill_games = 2;
  c.good_games = 2;
  c.strong_player = "alphabeta:2";
  auto study = std::make_shared<const Study>(analysis_study(
      *second_player_wins(), c, RulesIdentity{second_player_wins()->name, "x.rules", "0123456789abcdef"}));
  auto games = play_analysis(second_player_wins(), c);
  REQUIRE(games.size() == 3);
  REQUIRE(games[1].size() == 2);
  CHECK(games[1][0].seats == std::vector<std::string>{"alphabeta:2", "random"});
  CHECK(games[2][0].seats == std::vector<std::string>{"alphabeta:2:temp:1", "alphabeta:2:temp:1"});
  ResultLine line{GameOrigin{study, 1, {4, 2, 2}, 0, 1}, games[1][1]};
  std::string text = to_json_line(line), error;
  CHECK(text.find("\"phase\":\"skill\",\"games\":4,\"skill_games\":2,\"good_games\":2,") != std::string::npos);
  auto back = parse_result_line(text, error);
  INFO(error);
  REQUIRE(back);
  CHECK(back->origin.phase == 1);
  CHECK(without_timing(back->game) == without_timing(games[1][1]));
  // The same game said to be of the random phase has the wrong seed and seats for it.
  std::string moved = text;
  moved.replace(moved.find("\"skill\""), 7, "\"random\"");
  CHECK_FALSE(parse_result_line(moved, error));
  CHECK(error.find("game 1's seed is ") == 0);
}

TEST_CASE("Three players: MCTS, paranoid alpha-beta and random", "[ai]") {
  MatchConfig m;
  m.seating = seating(three_players(), {"mcts:30", "alphabeta:2", "random"});
  m.games = 3;
  auto games = run_match(three_players(), m);
  REQUIRE(games.size() == 3);
  CHECK(games[1].seats == std::vector<std::string>{"alphabeta:2", "random", "mcts:30"});
  std::string error;
  MatchReport r = summarize(games, m.seating, error);
  CHECK(r.seats == 3);
  CHECK(r.fair_share() == Approx(1.0 / 3));
  int total = 0;
  for (const auto& t : r.players) total += t.games;
  CHECK(total == 9);
}

TEST_CASE("Variant analysis verdicts", "[ai]") {
  AnalysisConfig c;
  c.games = 10;
  c.skill_games = 4;
  c.good_games = 4;
  c.strong_player = "alphabeta:2";
  c.solve_positions = 0;  // the verdicts measured from games (the proven ones: below)
  Analysis a = analyze_variant(second_player_wins(), c);
  REQUIRE(a.verdicts.size() == 11);
  // Every game is the same forced game: one distinct game, so one independent observation;
  // and four games are a handful, whichever way they went: no finding.
  const Verdict& balance = *a.verdict("balance");
  CHECK(balance.verdict == "not-measured");
  CHECK(balance.fields["share"] == 0);
  CHECK(balance.fields["points_share"] == 0);
  CHECK(balance.fields["games"] == 4);
  CHECK(balance.fields["distinct_games"] == 1);
  CHECK(balance.fields["players"] == "alphabeta:2:temp:1 in every seat");
  CHECK(balance.text.find(": too few games to tell (4, fewer than 10)") != std::string::npos);
  CHECK(a.verdict("ending")->verdict == "games-finish");
  CHECK(a.verdict("length")->verdict == "very-short");
  CHECK(a.verdict("branching")->verdict == "very-narrow");
  CHECK(a.verdict("skill")->fields["share"] == 0.5);
  CHECK(a.verdict("decisiveness")->verdict == "decisive");
  CHECK(balance.fields["proven"] == false);
  CHECK(balance.text.find("(measured over games, not proven: the solver was not asked") != std::string::npos);
  // With the solver: the truth (every game is forced, and the second player wins it).
  c.solve_positions = 1000;
  Analysis proven = analyze_variant(second_player_wins(), c);
  const Verdict& truth = *proven.verdict("balance");
  CHECK(truth.verdict == "second-player-win");
  CHECK(truth.fields["proven"] == true);
  CHECK(truth.fields["found_by_good_play"] == 1.0);
  CHECK(truth.text.find("a second-player win, proven by the solver") == 0);
}

TEST_CASE("Alpha-beta finds the seed's forcing Laska attack and wins with it", "[ai][laska]") {
  // Seed 001, Endings: "c3BW c5BW e3WWBB, White to move wins: 1. e3-d4!" (an attack that
  // forces Black's take and White's retake; 1. e3-d2? loses).
  auto p = load_rules(repo_path("rules/laska.rules"));
  auto s = state_at(p, "c3BW c5BW e3WWBB, White to move");
  std::string error;
  auto white = make_agent("alphabeta:6", 1, error);
  auto black = make_agent("alphabeta:6", 2, error);
  REQUIRE(white);
  Move first = white->choose(s);
  CHECK(s.move_to_string(first) == "e3-d4");
  s.apply(first);
  while (!s.is_terminal()) s.apply((s.current_player() == 0 ? white : black)->choose(s));
  CHECK(s.result().winner == 0);
}

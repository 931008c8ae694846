// Studies under good play and the players they use: seats and seatings, games that are really
// different (temperature, distinct games, effective sample size), the comparison's tests,
// the solver and the options of MCTS, the evaluation's terms, weights files and tuning.
// Everything is seeded; no assertion depends on timing.
#include <catch2/catch.hpp>
#include <filesystem>

#include "engine/position_features.hpp"
#include "engine/text/game_record.hpp"
#include "lang/weights_file.hpp"
#include "player_test_support.hpp"
#include "players/agent.hpp"
#include "players/agent_spec.hpp"
#include "players/alphabeta_agent.hpp"
#include "players/evaluator.hpp"
#include "players/mcts_agent.hpp"
#include "players/opening_temperature.hpp"
#include "studies/evaluation_tuning.hpp"
#include "studies/game_measures.hpp"
#include "studies/match.hpp"
#include "studies/match_report.hpp"
#include "studies/seating.hpp"
#include "studies/variant_analysis.hpp"
#include "studies/variant_comparison.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> rules(const std::string& name) { return load_rules(repo_path("rules/" + name)); }
std::shared_ptr<const Program> lanko() {
  static auto p = rules("lanko-88.rules");
  return p;
}

std::string seating_error(std::shared_ptr<const Program> p, std::vector<std::string> players, bool rr = false) {
  std::string error;
  CHECK_FALSE(make_seating(*p, players, rr, error));
  return error;
}

AgentSpec spec(const std::string& text) {
  std::string error;
  auto s = parse_agent_spec(text, error);
  INFO(error);
  REQUIRE(s);
  return *s;
}

}  // namespace

TEST_CASE("Seatings: one spec per seat rotates, one per side plays all its seats", "[studies][seats]") {
  Seating two = seating(loa(), {"mc:1", "random"});
  CHECK(two.seats_of_game(0) == std::vector<std::string>{"mc:1", "random"});
  CHECK(two.seats_of_game(1) == std::vector<std::string>{"random", "mc:1"});
  // Lanko: seats S, W, N, E; sides white (S, N) and black (W, E).
  Seating per_seat = seating(lanko(), {"mc:1", "mc:2", "mc:3", "random"});
  CHECK(per_seat.seats() == 4);
  CHECK(per_seat.sides() == 2);
  CHECK(per_seat.seats_of_game(0) == std::vector<std::string>{"mc:1", "mc:2", "mc:3", "random"});
  CHECK(per_seat.seats_of_game(1) == std::vector<std::string>{"mc:2", "mc:3", "random", "mc:1"});
  Seating per_side = seating(lanko(), {"mc:1", "random"});
  CHECK(per_side.seats_of_game(0) == std::vector<std::string>{"mc:1", "random", "mc:1", "random"});
  CHECK(per_side.seats_of_game(1) == std::vector<std::string>{"random", "mc:1", "random", "mc:1"});
}

TEST_CASE("Seatings: seats by name, for fewer people than seats", "[studies][seats]") {
  Seating three = seating(lanko(), {"S=mc:1", "W+E=random", "N=mc:2"});
  CHECK(three.named());
  for (int g : {0, 1, 5})
    CHECK(three.seats_of_game(g) == std::vector<std::string>{"S=mc:1", "W+E=random", "N=mc:2", "W+E=random"});
  Seating two = seating(lanko(), {"S+N=mc:1", "W+E=random"});
  CHECK(two.seats_of_game(0) == std::vector<std::string>{"S+N=mc:1", "W+E=random", "S+N=mc:1", "W+E=random"});
  CHECK(spec_of("W+E=random") == "random");
  CHECK(seating_error(lanko(), {"S=mc:1", "W+E=random"}) == "seat N has no player");
  CHECK(seating_error(lanko(), {"S+W=mc:1", "N+E=random"}) ==
        "'S+W' joins seats of two sides; one player may only play partners' seats");
  CHECK(seating_error(lanko(), {"S=mc:1", "X=random", "N+W+E=random"}).find("'X' is not a seat of Lanko-88") == 0);
  CHECK(seating_error(lanko(), {"S=mc:1", "S+N=random", "W+E=random"}) == "seat S is given two players");
  CHECK(seating_error(lanko(), {"S=mc:1", "random", "N+W+E=random"}).find("'random' names no seats") == 0);
  CHECK(seating_error(lanko(), {"random", "random", "random"}) ==
        "3 players given, but Lanko-88 takes 4 (one per seat) or 2 (one per side); or name the seats (S, W, N, E) "
        "each player plays: S=mcts:1s,...");
  CHECK(seating_error(lanko(), {"S=mcts:fast", "W+E=random", "N=random"}).find("'mcts:fast'") == 0);
}

TEST_CASE("Seatings: a round robin only when asked", "[studies][seats]") {
  CHECK(seating_error(loa(), {"random", "mc:1", "mc:2"}) ==
        "3 players given, but Lines of Action takes 2 (one per seat); add --round-robin for a round robin of every "
        "pair");
  Seating rr = seating(loa(), {"random", "mc:1", "mc:2"}, true);
  CHECK(rr.pairs() == 3);
  CHECK(rr.seats_of_game(0) == std::vector<std::string>{"random", "mc:1"});
  CHECK(rr.seats_of_game(3) == std::vector<std::string>{"mc:1", "random"});
  CHECK(seating_error(lanko(), {"random", "mc:1"}, true) == "a round robin needs a game of two seats; Lanko-88 has 4");
  CHECK(seating_error(loa(), {"random", "random"}, true) ==
        "'random' is given twice; in a round robin each player spec plays once");
}

TEST_CASE("Lanko with a player per seat: every seat and side reported", "[studies][seats][lanko]") {
  MatchConfig m;
  m.seating = seating(lanko(), {"S=random", "W=mc:1", "N=alphabeta:1", "E=random"});
  m.games = 2;
  m.seed = 3;
  m.max_plies = 40;
  auto games = run_match(lanko(), m);
  REQUIRE(games.size() == 2);
  std::string error;
  MatchReport r = summarize(games, m.seating, error);
  REQUIRE(error.empty());
  CHECK(r.seats == 4);
  CHECK(r.sides == 2);
  CHECK(r.seat_names == std::vector<std::string>{"S", "W", "N", "E"});
  REQUIRE(r.per_seat.size() == 4);
  REQUIRE(r.per_side.size() == 2);
  REQUIRE(r.players.size() == 4);
  CHECK(r.players[1].name == "W=mc:1");
  for (const auto& t : r.per_seat) CHECK(t.games == 2);
  // Each seat's moves are its own; partners share their side's result.
  CHECK(r.per_seat[0].wins == r.per_seat[2].wins);
  CHECK(r.per_seat[1].wins == r.per_seat[3].wins);
  CHECK(r.per_side[0].wins == r.per_seat[0].wins);
  int moves = 0;
  for (const auto& t : r.per_seat) moves += static_cast<int>(t.moves);
  CHECK(moves == games[0].plies + games[1].plies);
  CHECK(report_text(r).find("seat 2 (W)") != std::string::npos);
}

TEST_CASE("Lanko for three and for two people: one person is one player", "[studies][seats][lanko]") {
  MatchConfig m;
  m.seating = seating(lanko(), {"S=random", "W+E=mc:1", "N=random"});
  m.games = 2;
  m.max_plies = 24;
  auto games = run_match(lanko(), m);
  std::string error;
  MatchReport r = summarize(games, m.seating, error);
  REQUIRE(r.players.size() == 3);
  CHECK(r.players[1].name == "W+E=mc:1");
  CHECK(r.players[1].games == 2);  // once a game, though it plays two seats
  CHECK(r.players[1].moves == r.per_seat[1].moves + r.per_seat[3].moves);
  m.seating = seating(lanko(), {"S+N=random", "W+E=random"});
  r = summarize(run_match(lanko(), m), m.seating, error);
  REQUIRE(r.players.size() == 2);
  CHECK(r.players[0].games == 2);
}

TEST_CASE("Player specs: budgets, options, the canonical text", "[studies][players]") {
  CHECK(spec("mc:100ms").seconds == Approx(0.1));
  CHECK(spec("mc:100ms").text() == "mc:100ms");
  CHECK(spec("mcts:1s:threads:2:solver:off").text() == "mcts:1s:solver:off:threads:2");
  CHECK(spec("alphabeta:100ms").text() == "alphabeta:100ms");
  CHECK(spec("alphabeta:3:250ms").text() == "alphabeta:3:250ms");
  CHECK(spec("auto:100ms:temp:1").text() == "auto:100ms:temp:1");
  // A count for auto: positions a move (a budget the same on every machine).
  CHECK(spec("auto:50000:temp:1").text() == "auto:50000:temp:1");
  CHECK(spec("auto:50000").count == 50000);
  CHECK(spec("alphabeta:64:nodes:20000").text() == "alphabeta:64:nodes:20000");
  CHECK(spec("alphabeta:2:temp:0.5:temp-plies:4").option("temp-plies", 0) == 4);
  std::string error;
  for (std::string bad :
       {"auto:0", "auto:1000000001", "auto", "mc:0ms", "mcts:100:nodes:5", "mcts:100:threads:0", "mcts:100:threads:65",
        "random:1", "mc:2:threads:2", "mcts:100:temp:1:temp:2", "mcts:100:solver:maybe", "mcts:100:rave"}) {
    INFO(bad);
    CHECK_FALSE(parse_agent_spec(bad, error));
    CHECK(error.find("'" + bad + "'") == 0);
  }
  CHECK_FALSE(parse_agent_spec("mcts:100:threads:2:temp:1:explore:x", error));
  CHECK(error ==
        "'mcts:100:threads:2:temp:1:explore:x': the option explore takes a number from 0 to 10 (the exploration "
        "constant of UCT (mcts) or PUCT (puct))");
}

TEST_CASE("Every player is legal, seeded and within its budget", "[studies][players]") {
  for (std::string text : {"mc:3", "mcts:200", "mcts:200:rave:300", "mcts:200:bias:1", "mcts:200:minimax:0.5:cutoff:2",
                           "mcts:200:solver:off", "mcts:200:threads:1", "alphabeta:2", "alphabeta:2:temp:1",
                           "mcts:200:temp:1", "mc:2:temp:1"}) {
    INFO(text);
    GameRecord a = play_game(loa(), {text, "random"}, 0, 77, 30);
    GameRecord b = play_game(loa(), {text, "random"}, 0, 77, 30);
    CHECK(a.moves == b.moves);  // a count budget on one thread is reproducible, temperature included
    State s(loa());
    std::string error;
    REQUIRE(replay_record(s, a.moves, error) == a.plies);
  }
  MctsAgent m(spec("mcts:300:threads:3"), 1);
  State s(loa());
  m.choose(s);
  CHECK(m.last_search().iterations == 300);  // the threads claim the count's iterations one by one
}

TEST_CASE("MCTS's solver proves wins and losses", "[studies][players]") {
  auto s = state_at(loa(), kWinInOne);
  MctsAgent m(spec("mcts:2000"), 3);
  CHECK(s.move_to_string(m.choose(s)) == "c2-c5");
  CHECK(m.last_search().solved);
  CHECK(m.policy().proven_wins.size() == 1);
  // On a line of four, the first stone (b1, moving to a1 or c1) cannot escape the second
  // (d1, taking by stepping on it): both first moves lose, and the root is proven lost.
  auto chase = load_rules(temp_rules("chase.rules", "game \"Chase\"\nboard \"" + repo_path("tests/data/line4.yaml") +
                                                        "\"\nplayer first symbol=F\nplayer second symbol=S\npiece "
                                                        "stone\nsetup {\n  first stone: b1\n  second stone: d1\n}\n"
                                                        "move stone {\n  step dirs=orthogonal land=empty|enemy\n}\n"
                                                        "after-move {\n  win mover if pieces(opponent) == 0\n}\n"
                                                        "limit plies=40\n"));
  State start(chase);
  REQUIRE(start.legal_moves().size() == 2);
  MctsAgent loser(spec("mcts:3000"), 1);
  loser.choose(start);
  CHECK(loser.last_search().solved);
  CHECK(loser.policy().proven_wins.empty());
  MctsAgent plain(spec("mcts:2000:solver:off:cutoff:0:explore:1:minimax:0"), 3);
  auto s2 = state_at(loa(), kWinInOne);
  CHECK(s2.move_to_string(plain.choose(s2)) == "c2-c5");
  CHECK_FALSE(plain.last_search().solved);
}

TEST_CASE("Informed MCTS proves the games its expansion ends, before any iteration", "[studies][players]") {
  // Evaluating the children makes each move: a move that wins is seen there, so the root is
  // proven when it is expanded and no iteration is spent; without the evaluation (plain
  // MCTS), proving the same win takes iterations that reach the move.
  for (uint64_t seed : {1, 2, 3}) {
    auto s = state_at(loa(), kWinInOne);
    MctsAgent informed(spec("mcts:1000:cutoff:2:explore:0.3:minimax:0.6"), seed);
    CHECK(s.move_to_string(informed.choose(s)) == "c2-c5");
    CHECK(informed.last_search().solved);
    CHECK(informed.last_search().iterations == 0);
    MctsAgent plain(spec("mcts:1000:cutoff:0:explore:1:minimax:0"), seed);
    CHECK(s.move_to_string(plain.choose(s)) == "c2-c5");
    CHECK(plain.last_search().iterations > 0);
  }
  // With the solver off, the win is not proven but is the move's prior: still chosen.
  auto s = state_at(loa(), kWinInOne);
  MctsAgent unproven(spec("mcts:50:cutoff:2:minimax:0.6:solver:off"), 1);
  CHECK(s.move_to_string(unproven.choose(s)) == "c2-c5");
  CHECK_FALSE(unproven.last_search().solved);
}

TEST_CASE("Policies: visits and values, and their temperature", "[studies][players]") {
  Policy p;
  p.kind = Policy::Kind::visits;
  p.moves = {{Move(), 30}, {Move(), 10}, {Move(), 0}};
  auto q = p.probabilities(1);
  CHECK(q[0] == Approx(0.75));
  CHECK(q[1] == Approx(0.25));
  CHECK(q[2] == 0);
  q = p.probabilities(0.5);  // visits squared
  CHECK(q[0] == Approx(0.9));
  q = p.probabilities(0);
  CHECK(q[0] == 1);
  p.kind = Policy::Kind::values;
  p.scale = 2;
  p.moves = {{Move(), 4}, {Move(), 2}};
  q = p.probabilities(1);
  CHECK(q[0] / q[1] == Approx(std::exp(1.0)));
  auto s = state_at(loa(), kWinInOne);
  AlphaBetaAgent a(2, 0, 1);
  a.want_policy(true);
  a.choose(s);
  CHECK(a.policy().kind == Policy::Kind::values);
  CHECK(a.policy().moves.size() == s.legal_moves().size());
  REQUIRE(a.policy().proven_wins.size() == 1);
  CHECK(s.move_to_string(a.policy().proven_wins[0]) == "c2-c5");
}

TEST_CASE("An opening temperature asks for the policy only while it draws from it", "[studies][players]") {
  // The policy costs alpha-beta nodes (root moves near the best searched with an open
  // window): past the opening the search is the plain one, node for node.
  auto nodes = [](State s, bool wanted) {
    AlphaBetaAgent a(3, 0, 1);
    a.want_policy(wanted);
    a.choose(s);
    return a.last_search().nodes;
  };
  auto nodes_under_temperature = [](State s, bool wanted_outside) {
    auto inner = std::make_unique<AlphaBetaAgent>(3, 0, 1);
    const AlphaBetaAgent* searched = inner.get();
    OpeningTemperature t(std::move(inner), 1.0, 2, 0.5, 7, "alphabeta:3:temp:1:temp-plies:2");
    if (wanted_outside) t.want_policy(true);
    t.choose(s);
    return searched->last_search().nodes;
  };
  State opening(loa());
  State later(loa());
  later.apply(later.legal_moves()[0]);
  later.apply(later.legal_moves()[0]);
  REQUIRE(nodes(opening, true) > nodes(opening, false));
  CHECK(nodes_under_temperature(opening, false) == nodes(opening, true));
  CHECK(nodes_under_temperature(later, false) == nodes(later, false));
  CHECK(nodes_under_temperature(later, true) == nodes(later, true));  // a learner still gets it
}

TEST_CASE("The temperature's margin never draws a move far less likely than the best", "[studies][players]") {
  Policy visits;
  visits.kind = Policy::Kind::visits;
  visits.moves = {{Move(), 100}, {Move(), 60}, {Move(), 10}};
  auto p = visits.probabilities(1, 0.5);
  CHECK(p[0] == Approx(100.0 / 160));
  CHECK(p[1] == Approx(60.0 / 160));
  CHECK(p[2] == 0);
  CHECK(visits.probabilities(1)[2] == Approx(10.0 / 170));  // no margin: every move
  Policy values;
  values.kind = Policy::Kind::values;
  values.scale = 1;
  values.moves = {{Move(), 0}, {Move(), -0.5}, {Move(), -3}};
  p = values.probabilities(1, 0.5);
  CHECK(p[1] == Approx(std::exp(-0.5) / (1 + std::exp(-0.5))));
  CHECK(p[2] == 0);
  // The spec's default margin is 0.5, and temp-margin:0 draws from every move.
  std::string error;
  CHECK(parse_agent_spec("mcts:100:temp:1:temp-margin:0", error));
  CHECK_FALSE(parse_agent_spec("mcts:100:temp:1:temp-margin:2", error));
}

TEST_CASE("Games that are really different: an opening temperature", "[studies][players]") {
  MatchConfig m;
  m.seating = seating(loa(), {"alphabeta:1", "alphabeta:1"});
  m.games = 8;
  m.max_plies = 20;
  std::string error;
  MatchReport plain = summarize(run_match(loa(), m), m.seating, error);
  m.seating = seating(loa(), {"alphabeta:1:temp:1", "alphabeta:1:temp:1"});
  MatchReport varied = summarize(run_match(loa(), m), m.seating, error);
  CHECK(plain.distinct_games < 8);  // deterministic players repeat themselves...
  CHECK(plain.effective_games < 8);
  CHECK(report_text(plain).find("warning: the 8 games are") != std::string::npos);
  CHECK(varied.distinct_games == 8);  // ...drawing the opening from the policy does not
  CHECK(varied.effective_games == 8);
  CHECK(report_text(varied).find("warning") == std::string::npos);
}

TEST_CASE("The comparison's tests", "[studies]") {
  CHECK(two_proportion_p(50, 100, 50, 100) == Approx(1));
  CHECK(two_proportion_p(60, 100, 40, 100) == Approx(0.004678).epsilon(1e-3));  // z = 2.828
  CHECK(welch_p(10, 2, 50, 10, 2, 50) == Approx(1));
  CHECK(welch_p(10, 2, 100, 11, 2, 100) == Approx(0.000407).epsilon(1e-2));  // z = 3.54
  auto h = holm({0.01, 0.04, 0.03});
  CHECK(h[0] == Approx(0.03));
  CHECK(h[2] == Approx(0.06));
  CHECK(h[1] == Approx(0.06));  // never below the smaller one before it
}

TEST_CASE("The evaluation's terms come from the rules' goals", "[studies][evaluation]") {
  // The terms point into their program (its goals' value functions): each program is kept.
  const auto loa_rules = loa(), hex_rules = rules("hex.rules"), breakthrough_rules = rules("breakthrough.rules"),
             gomoku_rules = rules("gomoku.rules");
  PositionFeatures loa_terms(*loa_rules);
  CHECK(loa_terms.names() == "material, mobility, centre, groups, scatter");
  PositionFeatures hex(*hex_rules);
  CHECK(hex.index("progress.connects") >= 0);
  PositionFeatures breakthrough(*breakthrough_rules);
  CHECK(breakthrough.index("progress.pieces-in") >= 0);
  CHECK(breakthrough.index("goal.pieces-in") >= 0);
  PositionFeatures gomoku(*gomoku_rules);
  CHECK(gomoku.default_weight(static_cast<size_t>(gomoku.index("goal.longest-row"))) == 1);
  // Progress toward a chain: the empty cells still to fill, for each side.
  State s(hex_rules);
  std::vector<double> raw;
  hex.compute(s, raw);
  const size_t k = hex.size(), i = static_cast<size_t>(hex.index("progress.connects"));
  CHECK(raw[i] == -11);
  CHECK(raw[k + i] == -11);
  s.apply(move_of(s, "R@f6"));
  hex.compute(s, raw);
  CHECK(raw[i] == -10);
}

TEST_CASE("Weights files: read back what tune writes, errors at the line", "[studies][evaluation]") {
  const auto dir = std::filesystem::temp_directory_path() / "tabula-weights";
  std::filesystem::create_directories(dir);
  const std::string base = "variant \"LOA tuned\" extends \"" + repo_path("rules/loa.rules") + "\"\n";
  {
    std::ofstream(dir / "tuned.rules") << base;
    std::ofstream(dir / "tuned.weights") << weights_text({"a header"}, {{"groups", -3.5}, {"mobility", 0.25}});
    auto p = load_rules((dir / "tuned.rules").string());
    REQUIRE(p->evaluation_weights.size() == 2);
    CHECK(p->evaluation_weights[0] == std::pair<std::string, double>{"groups", -3.5});
    RulesEvaluator e(*p);
    CHECK(e.weights()[static_cast<size_t>(e.features().index("groups"))] == -3.5);
    CHECK(e.weights()[static_cast<size_t>(e.features().index("material"))] == -0.5);  // untuned: the default
  }
  std::ofstream(dir / "bad.rules") << base;
  std::ofstream(dir / "bad.weights") << "# comment\ngroupz 1\nmobility x\n";
  Diagnostics diags;
  SourceRegistry sources;
  CHECK_FALSE(load_program((dir / "bad.rules").string(), diags, sources));
  const std::string text = render_all(diags, sources);
  CHECK(text.find("bad.weights:2:1: error: 'groupz' is not a term of this game's evaluation; its terms are material, "
                  "mobility, centre, groups, scatter") != std::string::npos);
  CHECK(text.find("bad.weights:3:10: error: expected the weight of 'mobility', a number") != std::string::npos);
  // The players' lines: a kind that is no player, options with a blank, a line given twice.
  std::ofstream(dir / "players.rules") << base;
  std::ofstream(dir / "players.weights") << "auto minimax\nmcts c:1 d:2\nauto mcts\nauto mc\n";
  Diagnostics player_diags;
  SourceRegistry player_sources;
  CHECK_FALSE(load_program((dir / "players.rules").string(), player_diags, player_sources));
  const std::string players = render_all(player_diags, player_sources);
  CHECK(players.find("players.weights:1:1: error: expected `auto KIND[:OPTIONS]`, KIND one of mcts, alphabeta, mc "
                     "(auto:TIME plays as it)") != std::string::npos);
  CHECK(players.find("players.weights:2:1: error: expected `mcts OPTIONS`: NAME:VALUE pairs of MCTS's options") !=
        std::string::npos);
  CHECK(players.find("players.weights:4:1: error: 'auto' is given twice") != std::string::npos);
}

TEST_CASE("Tuning: logistic fits and seeded self-play", "[studies][evaluation]") {
  // y = 1 when 2 a - b > 0: the fit recovers the ratio of the weights.
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  for (int i = -10; i <= 10; ++i)
    for (int j = -10; j <= 10; ++j) x.push_back({double(i), double(j)}), y.push_back(2 * i - j > 0 ? 1 : 0);
  auto w = fit_logistic(x, y, 0.0001);
  CHECK(w[0] > 0);
  CHECK(w[1] < 0);
  CHECK(w[0] / -w[1] == Approx(2).epsilon(0.15));
  TuningConfig c;
  c.games = 6;
  c.rounds = 1;
  c.max_plies = 40;
  c.check_games = 4;
  c.check_depth = 2;
  auto p = rules("breakthrough.rules");
  TuningResult a = tune_evaluation(p, c), b = tune_evaluation(p, c);
  CHECK(a.weights == b.weights);
  CHECK(a.positions > 100);
  CHECK(a.loss < a.loss_uninformed);
  // The check match: seeded like the rounds, its points a share of its games.
  CHECK(a.check_games == 0);
  CHECK(a.check_passed());  // not played: nothing against
  play_check_match(p, c, a);
  play_check_match(p, c, b);
  CHECK(a.check_games == 4);
  CHECK(a.check_fair_points == 2);
  CHECK(a.check_points >= 0);
  CHECK(a.check_points <= 4);
  CHECK(a.check_points == b.check_points);
  CHECK(a.check_passed() == (a.check_points > 2));
  c.threads = 2;
  TuningResult threaded = tune_evaluation(p, c);
  play_check_match(p, c, threaded);
  CHECK(threaded.weights == a.weights);  // threads do not change the games
  CHECK(threaded.check_points == a.check_points);
  // Tuning starts from the untuned weights, not from those the rules already have.
  const std::string variant =
      temp_rules("bt-tuned.rules", "variant \"BT\" extends \"" + repo_path("rules/breakthrough.rules") + "\"\n");
  std::ofstream(std::filesystem::path(variant).replace_extension(".weights"))
      << weights_text({"weights far from the fit"}, {{"material", 7.0}, {"mobility", -3.0}});
  auto tuned_already = load_rules(variant);
  REQUIRE(tuned_already->evaluation_weights.size() == 2);
  c.threads = 1;
  c.check_games = 0;
  CHECK(tune_evaluation(tuned_already, c).weights == a.weights);
}

TEST_CASE("Game measures from replayed games", "[studies]") {
  MatchConfig m;
  m.seating = seating(second_player_wins(), {"random", "random"});
  m.games = 3;
  auto games = run_match(second_player_wins(), m);
  GameMeasures g = measure_games(second_player_wins(), games, true);
  CHECK(g.games == 3);
  CHECK(g.branching_by_tenth[0] == 1);
  CHECK(g.board_used == 1);  // a1 to b1, then c1 takes on b1
  bool ended_by_rule = false;
  for (const auto& r : g.rules)
    if (r.what.find("the end rule at") == 0) ended_by_rule = r.games == 3;
  CHECK(ended_by_rule);
  // LOA's every ply is a move of its `move` step, made by its movement: both fire in every game.
  auto loa = load_rules(repo_path("rules/loa.rules"));
  MatchConfig lm;
  lm.seating = seating(loa, {"random", "random"});
  lm.games = 2;
  lm.max_plies = 30;
  GameMeasures lg = measure_games(loa, run_match(loa, lm), false);
  int steps = 0;
  for (const auto& r : lg.rules)
    if (r.what == "the turn step 'move'") {
      ++steps;
      CHECK(r.games == 2);
    }
  CHECK(steps == 1);
  GameRecord bad = games[0];
  bad.moves = "a1-b1 a1-b1";
  CHECK_THROWS_WITH(measure_games(second_player_wins(), {bad}, false),
                    Catch::Contains("game 0: move 2 'a1-b1' does not replay"));
}

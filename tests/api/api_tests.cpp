// The public C++ API (interpreter/api/tabula), through its installed headers only: this
// program links libtabula and nothing of the engine, as a user's program does.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <set>
#include <tabula/tabula.hpp>

namespace {

const std::string kRules = std::string(TABULA_SOURCE_DIR) + "/rules/";

tabula::Game load(const std::string& file) {
  tabula::LoadResult r = tabula::load_game(kRules + file);
  INFO(r.rendered);
  REQUIRE(r.game);
  return *r.game;
}

// Plays uniformly random legal actions (from the Bot "random") until the game ends, calling
// `visit` on every position first.
template <class Visit>
tabula::GameState play_random(const tabula::Game& g, uint64_t seed, Visit&& visit) {
  std::string error;
  auto bot = tabula::Bot::create("random", seed, error);
  REQUIRE(bot);
  tabula::GameState s = g.new_initial_state();
  while (!s.is_terminal()) {
    visit(s);
    s.apply_action(bot->step(s));
  }
  return s;
}

}  // namespace

TEST_CASE("a game loads and counts its move sequences", "[api]") {
  tabula::Game g = load("loa.rules");
  CHECK(g.name() == "Lines of Action");
  CHECK(g.num_players() == 2);
  CHECK(g.num_cells() == 64);
  CHECK(g.perft(1) == 36);
  CHECK(g.perft(3) == 44952);
  CHECK(g.new_initial_state().legal_moves().size() == 36);
  CHECK(tabula::version().find('.') != std::string::npos);
}

TEST_CASE("a game loads in reference mode, the same game with every accelerated path off", "[api]") {
  tabula::LoadSettings reference;
  reference.reference = true;
  tabula::LoadResult r = tabula::load_game(kRules + "laska.rules", {}, reference);
  INFO(r.rendered);
  REQUIRE(r.game);
  tabula::Game fast = load("laska.rules");
  CHECK(r.game->reference());
  CHECK_FALSE(fast.reference());
  CHECK(r.game->perft(4) == fast.perft(4));
  // Its texts load it again in the same mode, and so does a variant with parameters.
  tabula::LoadResult again = tabula::load_game_from_sources(r.game->sources(), reference);
  REQUIRE(again.game);
  CHECK(again.game->reference());
  tabula::LoadResult limited = tabula::load_game(kRules + "laska.rules", {{"plies", "300"}}, reference);
  REQUIRE(limited.game);
  CHECK(limited.game->reference());
  CHECK(limited.game->max_game_length() == 300);
}

TEST_CASE("rules that do not load give every diagnostic with its place", "[api]") {
  tabula::LoadResult r = tabula::load_game_from_text(
      "game \"Broken\"\nboard \"square8.yaml\"\nplayer black\nfrobnicate\n", kRules + "broken.rules");
  REQUIRE_FALSE(r.game);
  REQUIRE_FALSE(r.diagnostics.empty());
  auto at_line_4 = std::find_if(r.diagnostics.begin(), r.diagnostics.end(), [](const auto& d) { return d.line == 4; });
  REQUIRE(at_line_4 != r.diagnostics.end());
  CHECK(at_line_4->column == 1);
  CHECK(at_line_4->file == kRules + "broken.rules");
  CHECK(at_line_4->severity == "error");
  CHECK(r.rendered.find(kRules + "broken.rules:4:1: error: ") != std::string::npos);
  CHECK(r.rendered.find("frobnicate\n  ^") != std::string::npos);

  tabula::LoadResult missing = tabula::load_game(kRules + "no-such.rules");
  REQUIRE_FALSE(missing.game);
  CHECK(missing.rendered.find("cannot open rules file") != std::string::npos);
}

TEST_CASE("moves are played as text and as actions, and undone", "[api]") {
  tabula::Game g = load("loa.rules");
  tabula::GameState s = g.new_initial_state();
  std::string error;
  CHECK_FALSE(s.apply_move("a1-a3", error));
  CHECK(error.find("no piece on a1") != std::string::npos);
  CHECK(s.ply() == 0);
  uint64_t start = s.hash();
  REQUIRE(s.apply_move("b1-b3", error));
  CHECK(s.history_strings() == std::vector<std::string>{"b1-b3"});
  CHECK(s.record() == "1. b1-b3");
  tabula::GameState copy = s.clone();
  auto action = copy.string_to_action("h2-f2", error);
  REQUIRE(action);
  copy.apply_action(*action);
  CHECK(copy.ply() == 2);
  CHECK(s.ply() == 1);
  CHECK_THROWS_AS(s.apply_action(-5), tabula::IllegalMoveError);
  CHECK_THROWS_AS(s.action_to_string(g.num_distinct_actions()), tabula::IllegalMoveError);
  s.undo();
  CHECK(s.hash() == start);
  CHECK_THROWS_AS(s.undo(), std::logic_error);
  auto again = g.new_state(copy.position_text(), error);
  REQUIRE(again);
  CHECK(again->hash() == copy.hash());
  CHECK_FALSE(g.new_state("not a position", error));
  CHECK_FALSE(error.empty());
}

TEST_CASE("every legal action of random games goes to text and back, on every rules file", "[api]") {
  for (const auto& entry : std::filesystem::directory_iterator(kRules)) {
    if (entry.path().extension() != ".rules") continue;
    tabula::Game g = load(entry.path().filename().string());
    INFO(g.name());
    int visited = 0;
    play_random(g, 17, [&](const tabula::GameState& s) {
      if (s.ply() % 5 != 0) return;
      std::vector<tabula::Action> actions = s.legal_actions();
      REQUIRE(std::is_sorted(actions.begin(), actions.end()));
      REQUIRE(std::set<tabula::Action>(actions.begin(), actions.end()).size() == actions.size());
      REQUIRE(actions.size() == s.legal_moves().size());
      for (tabula::Action a : actions) {
        REQUIRE(a >= 0);
        REQUIRE(a < g.num_distinct_actions());
        std::string error;
        auto back = s.string_to_action(s.action_to_string(a), error);
        INFO(s.action_to_string(a) << ": " << error);
        REQUIRE(back);
        REQUIRE(*back == a);
      }
      ++visited;
    });
    CHECK(visited > 0);
  }
}

TEST_CASE("the observation tensor holds the pieces, seen by either side, and whose turn it is", "[api]") {
  tabula::Game g = load("loa.rules");
  tabula::GameState s = g.new_initial_state();
  const std::vector<std::string> names{"top +0 stone",    "top +1 stone",    "to move: black",  "to move: white",
                                       "observer: black", "observer: white", "passes in a row", "plies"};
  REQUIRE(g.observation_tensor_shape() == std::vector<int>{8, 64});
  CHECK(g.observation_layout().plane_names == names);
  std::vector<float> black = s.observation_tensor(0), white = s.observation_tensor(1);
  REQUIRE(black.size() == 8 * 64);
  CHECK(std::count(black.begin(), black.begin() + 64, 1.0f) == 12);
  CHECK(std::equal(black.begin(), black.begin() + 64, white.begin() + 64));
  CHECK(std::count(black.begin() + 2 * 64, black.begin() + 3 * 64, 1.0f) == 64);  // black to move
  CHECK(std::count(white.begin() + 5 * 64, white.begin() + 6 * 64, 1.0f) == 64);  // white observes
  CHECK_THROWS_AS(s.observation_tensor(2), std::out_of_range);
  float small[3];
  CHECK_THROWS_AS(s.observation_tensor(0, small, 3), std::out_of_range);

  REQUIRE(g.spatial_observation_shape() == std::vector<int>{8, 8, 8});
  std::vector<float> grid(8 * 64);
  s.spatial_observation_tensor(0, grid.data(), grid.size());
  CHECK(grid[7 * 8 + 1] == 1.0f);  // b1: the last row, the second column
  CHECK(grid[0] == 0.0f);          // a8
  CHECK_THROWS_AS(s.spatial_observation_tensor(0, small, 3), std::out_of_range);
}

TEST_CASE("bots choose legal moves, reproducibly, and leave the state alone", "[api]") {
  tabula::Game g = load("laska.rules");
  std::string error;
  CHECK_FALSE(tabula::Bot::create("nonsense:3", 1, error));
  CHECK_FALSE(error.empty());
  auto a = tabula::Bot::create("mcts:200", 5, error), b = tabula::Bot::create("mcts:200", 5, error);
  REQUIRE(a);
  REQUIRE(b);
  tabula::GameState s = g.new_initial_state();
  uint64_t before = s.hash();
  tabula::Action chosen = a->step(s);
  CHECK(b->step(s) == chosen);
  CHECK(s.hash() == before);
  auto legal = s.legal_actions();
  CHECK(std::find(legal.begin(), legal.end(), chosen) != legal.end());
  tabula::GameState over = play_random(g, 3, [](const tabula::GameState&) {});
  CHECK(over.current_player() == tabula::kTerminalPlayer);
  CHECK_THROWS_AS(a->step(over), tabula::IllegalMoveError);
}

namespace {

// An outside player that plays the lowest legal action, or an action that is never legal.
struct LowestAction : tabula::OutsidePlayer {
  explicit LowestAction(bool cheat) : cheat(cheat) {}
  tabula::Action step(const tabula::GameState& state) override {
    ++steps;
    return cheat ? -7 : state.legal_actions().front();
  }
  bool cheat;
  std::atomic<int> steps{0};
};

}  // namespace

TEST_CASE("an outside player sits in a match while its seat lives, and forfeits an illegal action", "[api]") {
  tabula::Game g = load("tic-tac-toe.rules");
  std::string error;
  auto lowest = std::make_shared<LowestAction>(false);
  {
    tabula::OutsidePlayerSeat seat("outside:lowest", lowest);
    CHECK_THROWS_AS(tabula::OutsidePlayerSeat("outside:lowest", lowest), std::invalid_argument);
    CHECK_THROWS_AS(tabula::OutsidePlayerSeat("random", lowest), std::invalid_argument);
    auto r = tabula::match(g, {{"outside:lowest", "random"}, 6, 3, 2}, error);
    REQUIRE(r);
    CHECK(r->players[0].name == "outside:lowest");
    int moves = 0;
    for (const auto& game : r->records) moves += (game.plies + (game.seats[0] == "outside:lowest" ? 1 : 0)) / 2;
    CHECK(lowest->steps == moves);
  }
  CHECK_FALSE(tabula::match(g, {{"outside:lowest", "random"}, 2}, error));  // the seat is gone
  auto cheat = std::make_shared<LowestAction>(true);
  tabula::OutsidePlayerSeat seat("outside:cheat", cheat);
  auto r = tabula::match(g, {{"outside:cheat", "random"}, 2}, error);
  REQUIRE(r);
  CHECK(r->players[0].losses == 2);
  for (const auto& game : r->records)
    CHECK(game.forfeit.find("outside:cheat chose action -7, which is not legal at ply") == 0);
}

TEST_CASE("random playouts depend on the seed, not on the threads", "[api]") {
  tabula::Game g = load("loa.rules");
  tabula::PlayoutStatistics one = tabula::random_playouts(g, 24, 8, 1), two = tabula::random_playouts(g, 24, 8, 2);
  CHECK(one.playouts == 24);
  CHECK(one.plies == two.plies);
  CHECK(one.wins == two.wins);
  CHECK(one.wins[0] + one.wins[1] + one.draws == 24);
  CHECK_THROWS_AS(tabula::random_playouts(g, 24, 8, 0), std::invalid_argument);
}

TEST_CASE("a match reports as the CLI does", "[api]") {
  tabula::Game g = load("loa.rules");
  std::string error;
  CHECK_FALSE(tabula::match(g, {{"random"}, 2}, error));
  CHECK(error.find("seats") != std::string::npos);
  auto r = tabula::match(g, {{"random", "random"}, 4, 2, 2}, error);
  REQUIRE(r);
  CHECK(r->games == 4);
  CHECK(r->records.size() == 4);
  CHECK(r->per_seat.size() == 2);
  CHECK(r->per_seat[0].wins + r->per_seat[1].wins + r->draws == 4);
  CHECK(r->text.find("Lines of Action: 4 games") == 0);
  CHECK(r->json.find("\"games\":4") != std::string::npos);
}

// The facade's calls for a game and its states as data: loading with parameters, the texts a
// game was read from and loading from them, serialized states, equality, and the bounds and
// stop flags of long calls.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <tabula/tabula.hpp>

namespace {

const std::string kRules = std::string(TABULA_SOURCE_DIR) + "/rules/";

tabula::Game load(const std::string& file, const tabula::GameParameters& parameters = {}) {
  tabula::LoadResult r = tabula::load_game(kRules + file, parameters);
  INFO(r.rendered);
  REQUIRE(r.game);
  return *r.game;
}

std::string parameter(const tabula::Game& g, const std::string& name) {
  for (const auto& [n, v] : g.parameters())
    if (n == name) return v;
  return "(none)";
}

}  // namespace

TEST_CASE("parameters load a variant of the rules made in memory", "[api]") {
  tabula::Game plain = load("laska.rules");
  CHECK(parameter(plain, "plies") == "1000");
  CHECK(parameter(plain, "repetition") == "off");
  tabula::Game g = load("laska.rules", {{"plies", "40"}, {"repetition-draw", "on"}, {"quiet-moves-draw", "12"}});
  CHECK(g.name() == "Laska (plies=40,repetition-draw=on,quiet-moves-draw=12)");
  CHECK(g.rules_path() == kRules + "laska(plies=40,repetition-draw=on,quiet-moves-draw=12).rules");
  CHECK(g.max_game_length() == 40);
  CHECK(parameter(g, "repetition") == "draw");
  CHECK(parameter(g, "quiet-moves-draw") == "12");
  CHECK(g.perft(3) == plain.perft(3));
  CHECK(g != plain);
}

TEST_CASE("a parameter that is not a word, or given twice, is refused before any rules text", "[api]") {
  tabula::LoadResult bad = tabula::load_game(kRules + "loa.rules", {{"plies", "3\nsetup {}"}});
  REQUIRE_FALSE(bad.game);
  CHECK(bad.rendered.find("parameter plies=3\\x0asetup {}: a parameter's name and value are words") !=
        std::string::npos);
  tabula::LoadResult twice = tabula::load_game(kRules + "loa.rules", {{"plies", "3"}, {"plies", "4"}});
  REQUIRE_FALSE(twice.game);
  CHECK(twice.diagnostics.at(0).message == "parameter 'plies' is given twice");
  tabula::LoadResult unknown = tabula::load_game(kRules + "loa.rules", {{"colour", "red"}});
  REQUIRE_FALSE(unknown.game);
  CHECK(unknown.diagnostics.at(0).line == 2);
  CHECK(unknown.rendered.find("unknown argument 'colour' for 'option'") != std::string::npos);
}

TEST_CASE("a game made from its sources needs none of its files", "[api]") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "tabula-api-sources";
  fs::remove_all(dir);
  fs::create_directories(dir / "rules");
  fs::create_directories(dir / "boards");
  fs::copy_file(kRules + "loa.rules", dir / "rules/loa.rules");
  fs::copy_file(kRules + "loa-rotation.rules", dir / "rules/loa-rotation.rules");
  fs::copy_file(std::string(TABULA_SOURCE_DIR) + "/boards/square8.yaml", dir / "boards/square8.yaml");
  tabula::LoadResult loaded = tabula::load_game((dir / "rules/loa-rotation.rules").string());
  REQUIRE(loaded.game);
  const tabula::Game& g = *loaded.game;
  REQUIRE(g.sources().size() == 3);
  CHECK(g.sources()[0].path == (dir / "rules/loa-rotation.rules").string());
  fs::remove_all(dir);

  tabula::LoadResult again = tabula::load_game_from_sources(g.sources());
  INFO(again.rendered);
  REQUIRE(again.game);
  CHECK(*again.game == g);
  CHECK(again.game->num_seats() == 4);
  CHECK(again.game->perft(2) == g.perft(2));
  CHECK_FALSE(tabula::load_game_from_sources({}).game);
  // The texts decide: two spellings of one file's path are one game, another text is another.
  CHECK(load("loa.rules") == load("../rules/loa.rules"));
  CHECK(load("loa.rules") != load("loa-scrambled-eggs.rules"));
}

TEST_CASE("a serialized state reads back to an equal state with its history", "[api]") {
  tabula::Game g = load("english-draughts.rules");
  std::string error;
  auto bot = tabula::Bot::create("random", 3, error);
  REQUIRE(bot);
  tabula::GameState s = g.new_initial_state();
  for (int ply = 0; ply < 30 && !s.is_terminal(); ++ply) {
    auto back = g.deserialize_state(s.serialize(), error);
    INFO(error);
    REQUIRE(back);
    CHECK(*back == s);
    CHECK(back->history() == s.history());
    s.apply_action(bot->step(s));
  }
  tabula::GameState other = g.new_initial_state();
  CHECK(other != s);
  CHECK_FALSE(g.deserialize_state("actions: 1 2 3", error));
  CHECK(error == "action 1 (number 1 of the actions) is not legal at that point");
  CHECK_FALSE(g.deserialize_state("actions: 9999999999999999999999", error));
  CHECK(error == "'9999999999999999999999' is not an action number");
}

TEST_CASE("long calls are bounded and stop when asked", "[api]") {
  tabula::Game g = load("loa.rules");
  CHECK_THROWS_AS(g.perft(0), std::invalid_argument);
  CHECK_THROWS_AS(g.perft(tabula::kMaxPerftDepth + 1), std::invalid_argument);
  CHECK_THROWS_AS(tabula::random_playouts(g, 10, 1, tabula::kMaxThreads + 1), std::invalid_argument);
  std::atomic<bool> stop{true};
  CHECK_THROWS_AS(g.perft(3, &stop), tabula::Interrupted);
  CHECK_THROWS_AS(tabula::random_playouts(g, 10, 1, 2, &stop), tabula::Interrupted);
  CHECK_THROWS_AS(tabula::playout_returns({g.new_initial_state()}, 5, 1, 1, &stop), tabula::Interrupted);
  tabula::MatchOptions o{{"random", "random"}, 4, 1, 1, 0, &stop};
  std::string error;
  CHECK_THROWS_AS(tabula::match(g, o, error), tabula::Interrupted);
  o.threads = 257;
  o.stop = nullptr;
  CHECK_FALSE(tabula::match(g, o, error));
  CHECK(error == "a match takes 1 to 256 threads, not 257");
  std::atomic<bool> go{false};
  CHECK(g.perft(2, &go) == g.perft(2));
  CHECK(tabula::playout_returns({g.new_initial_state(), g.new_initial_state()}, 3, 1, 2, &go).size() == 4);
}

// Playthrough goldens (after OpenSpiel's playthroughs): for every file in rules/, a seeded
// random game written as text (per ply: the seat to move, how many legal moves it had, the
// move played; then the final position and the result) is compared with
// tests/golden/playthroughs/<file>.txt. Any change in behaviour (move generation, move
// order, effects, notation, end rules) shows as a diff. After an intended change, rewrite
// the files with `TABULA_UPDATE_GOLDENS=1 build/tabula_tests "[playthrough]"` and read the
// diff before committing it.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "golden.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

constexpr uint64_t kSeed = 20261123;

std::string playthrough_text(std::shared_ptr<const Program> p) {
  Rng rng(kSeed);
  State s(p);
  MoveList moves;
  std::string out = "# " + p->name + ", seed " + std::to_string(kSeed) + "\n";
  out += "start: " + position_string(s) + "\n";
  while (!s.is_terminal()) {
    s.legal_moves(moves);
    REQUIRE_FALSE(moves.empty());
    const Move m = moves[rng.below(static_cast<uint32_t>(moves.size()))];
    out += std::to_string(s.ply() + 1) + " " + p->seats[s.current_seat()].name + " (" + std::to_string(moves.size()) +
           "): " + s.move_to_string(m) + "\n";
    s.apply(m);
  }
  out += "final: " + position_string(s) + "\n";
  GameResult r = s.result();
  out += "result: " + (r.winner >= 0 ? p->players[r.winner].name + " wins" : std::string("draw")) + " after " +
         std::to_string(s.ply()) + " plies\n";
  return out;
}

}  // namespace

TEST_CASE("Playthroughs: a seeded random game of every rules file matches its golden file", "[playthrough]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(TABULA_SOURCE_DIR) / "tests" / "golden" / "playthroughs";
  const bool update = std::getenv("TABULA_UPDATE_GOLDENS") != nullptr;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(repo_path("rules")))
    if (e.path().extension() == ".rules") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE_FALSE(files.empty());
  for (const auto& file : files) {
    DYNAMIC_SECTION(file.filename().string()) {
      std::string text = playthrough_text(load_rules(file.string()));
      fs::path golden = dir / (file.stem().string() + ".txt");
      if (update) {
        fs::create_directories(dir);
        std::ofstream(golden, std::ios::binary) << text;
      }
      INFO("golden file " << golden.string() << " (TABULA_UPDATE_GOLDENS=1 rewrites it)");
      REQUIRE(fs::exists(golden));
      CHECK(read_text(golden) == text);
    }
  }
}

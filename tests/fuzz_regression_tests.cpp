// Every input the fuzzers once crashed on (or that guards a limit) is kept under
// tests/fuzz/regressions/<target>/ and replayed here through the same target code, so CI
// checks them without clang or libFuzzer.
#include <catch2/catch.hpp>
#include <filesystem>

#include "fuzz/targets.hpp"
#include "golden.hpp"

using namespace tabula;
namespace fs = std::filesystem;

namespace {

// Replays every file under tests/fuzz/<dir>/<target>/; returns how many.
int replay_all(const std::string& dir) {
  fs::path root = fs::path(TABULA_SOURCE_DIR) / "tests" / "fuzz" / dir;
  int replayed = 0;
  for (const auto& target : fuzz::kTargets) {
    fs::path sub = root / std::string(target.name);
    if (!fs::is_directory(sub)) continue;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(sub))
      if (e.is_regular_file()) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
      DYNAMIC_SECTION(std::string(target.name) << "/" << file.filename().string()) {
        std::string data = testing::read_text(file);
        CHECK_NOTHROW(target.run(reinterpret_cast<const uint8_t*>(data.data()), data.size()));
      }
      ++replayed;
    }
  }
  return replayed;
}

}  // namespace

TEST_CASE("Fuzz regressions replay without crashing", "[fuzz]") { CHECK(replay_all("regressions") > 0); }

TEST_CASE("Fuzz targets accept the repository's own files", "[fuzz]") {
  // The seed corpus: every rules and board file must pass its target's invariants.
  struct Seeds {
    const char* dir;
    fuzz::Target target;
  };
  for (const auto& [sub, target] : {Seeds{"rules", fuzz::rules}, Seeds{"boards", fuzz::board}})
    for (const auto& e : fs::directory_iterator(fs::path(TABULA_SOURCE_DIR) / sub)) {
      DYNAMIC_SECTION(e.path().filename().string()) {
        std::string data = testing::read_text(e.path());
        CHECK_NOTHROW(target(reinterpret_cast<const uint8_t*>(data.data()), data.size()));
      }
    }
}

// The layers of interpreter/ hold (docs/ARCHITECTURE.md, "Layers"): every `#include "X/..."`
// of a file in interpreter/F/ names F itself or a lower layer, read from the table in
// ARCHITECTURE.md, so the document and the code cannot drift apart. Also: no source file in
// interpreter/ is over 600 lines, and no game's name appears there.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "golden.hpp"

namespace fs = std::filesystem;
using tabula::testing::read_text;

namespace {

const fs::path kRoot = TABULA_SOURCE_DIR;

// The layer folders, lowest first, from the rows `| ... | `interpreter/X/` | ... |` of the
// table between the layers markers.
std::vector<std::string> layer_table() {
  std::string doc = read_text(kRoot / "docs" / "ARCHITECTURE.md");
  auto begin = doc.find("<!-- layers:begin -->"), end = doc.find("<!-- layers:end -->");
  REQUIRE(begin != std::string::npos);
  REQUIRE(end != std::string::npos);
  std::istringstream rows(doc.substr(begin, end - begin));
  std::vector<std::string> layers;
  std::string row;
  std::regex folder(R"(\| `interpreter/([a-z]+)/` \|)");
  std::smatch m;
  while (std::getline(rows, row))
    if (std::regex_search(row, m, folder)) layers.push_back(m[1]);
  return layers;
}

// The files under `dir`, all of them or only the C++ sources.
std::vector<fs::path> files_in(const fs::path& dir, bool sources_only) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && (!sources_only || e.path().extension() == ".cpp" || e.path().extension() == ".hpp"))
      out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}
std::vector<fs::path> sources_in(const fs::path& dir) { return files_in(dir, true); }

}  // namespace

TEST_CASE("Layers: no file of interpreter/ includes a higher layer (docs/ARCHITECTURE.md)", "[layers]") {
  auto layers = layer_table();
  REQUIRE(layers.size() >= 10);
  std::map<std::string, int> rank;
  for (size_t i = 0; i < layers.size(); ++i) rank[layers[i]] = static_cast<int>(i);
  // Every folder of interpreter/ is a layer of the table.
  for (const auto& e : fs::directory_iterator(kRoot / "interpreter"))
    if (e.is_directory()) {
      INFO("interpreter/" << e.path().filename().string() << " is not in the layer table");
      CHECK(rank.count(e.path().filename().string()) == 1);
    }
  std::regex include(R"re(^\s*#\s*include\s*"([a-z_]+)/)re");
  int checked = 0;
  for (const auto& [layer, r] : rank) {
    if (!fs::exists(kRoot / "interpreter" / layer)) continue;
    for (const auto& file : sources_in(kRoot / "interpreter" / layer)) {
      std::istringstream lines(read_text(file));
      std::string line;
      for (int n = 1; std::getline(lines, line); ++n) {
        std::smatch m;
        if (!std::regex_search(line, m, include)) continue;
        std::string target = m[1];
        if (layer == "api" && target == "tabula") target = "api";  // the facade's public headers
        INFO(fs::relative(file, kRoot).string() << ":" << n << ": " << line);
        REQUIRE(rank.count(target) == 1);
        CHECK(rank[target] <= r);
        ++checked;
      }
    }
  }
  CHECK(checked > 300);
}

TEST_CASE("Layers: no source file in interpreter/ is over 600 lines", "[layers]") {
  for (const auto& file : sources_in(kRoot / "interpreter")) {
    std::string text = read_text(file);
    INFO(fs::relative(file, kRoot).string());
    CHECK(std::count(text.begin(), text.end(), '\n') <= 600);
  }
}

TEST_CASE("Layers: no game's name in interpreter/ (a game is a rules file)", "[layers]") {
  std::regex games(R"(laska|lasca|lanquia|lanrick|lanko|lines.?of.?action|\bloa\b|scrambled|bignor|draughts|checkers|)"
                   R"(othello|reversi|breakthrough|knightthrough|connect.?four|connect6|gomoku|pente|ataxx|)"
                   R"(amazons|yavalath|tic.?tac.?toe|nine.?men|morris|chess)",
                   std::regex::icase);
  std::regex go(R"(\bGo\b)");  // the game, not the verb (which a comment may start with: "Go on")
  for (const auto& file : files_in(kRoot / "interpreter", false)) {  // the Python package too
    std::istringstream lines(read_text(file));
    std::string line;
    for (int n = 1; std::getline(lines, line); ++n) {
      INFO(fs::relative(file, kRoot).string() << ":" << n << ": " << line);
      CHECK_FALSE(std::regex_search(line, games));
      CHECK_FALSE(std::regex_search(line, go));
    }
  }
}

TEST_CASE("Layers: every quoted #include of interpreter/ and tools/ names a layer's file or one beside it",
          "[layers]") {
  // A relative path (`../`) or a name found nowhere would slip past the layer check above.
  // tools/ holds its C++ in rooms (cli/, web/), whose files name each other's as ROOM/FILE.
  std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<fs::path> files = sources_in(kRoot / "interpreter");
  for (const auto& e : fs::directory_iterator(kRoot / "tools"))
    CHECK_FALSE((e.path().extension() == ".cpp" || e.path().extension() == ".hpp"));  // only in rooms
  for (const char* room : {"cli", "web"})
    for (const auto& f : sources_in(kRoot / "tools" / room)) files.push_back(f);
  int checked = 0;
  for (const auto& file : files) {
    std::istringstream lines(read_text(file));
    std::string line;
    for (int n = 1; std::getline(lines, line); ++n) {
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      const std::string target = m[1];
      INFO(fs::relative(file, kRoot).string() << ":" << n << ": " << line);
      CHECK(target.find("..") == std::string::npos);
      const bool beside = fs::exists(file.parent_path() / target);
      const bool in_layer = target.find('/') != std::string::npos &&
                            (fs::exists(kRoot / "interpreter" / target) ||
                             fs::exists(kRoot / "interpreter" / "api" / target));  // the facade's tabula/...
      const bool in_room = file.string().find("/tools/") != std::string::npos &&
                           (target.rfind("cli/", 0) == 0 || target.rfind("web/", 0) == 0) &&
                           fs::exists(kRoot / "tools" / target);
      CHECK((beside || in_layer || in_room));
      ++checked;
    }
  }
  CHECK(checked > 700);
}

TEST_CASE("Layers: the build makes one library per layer, in the table's order (CMakeLists.txt)", "[layers]") {
  // The engine's layers are every layer below the facade (api) and the Python module, which
  // the build makes as libtabula and the module.
  std::vector<std::string> engine_layers = layer_table();
  engine_layers.erase(std::remove_if(engine_layers.begin(), engine_layers.end(),
                                     [](const std::string& l) { return l == "api" || l == "python"; }),
                      engine_layers.end());
  const std::string cmake = read_text(kRoot / "CMakeLists.txt");
  std::smatch m;
  REQUIRE(std::regex_search(cmake, m, std::regex(R"(set\(TABULA_LAYERS ([a-z ]+)\))")));
  std::istringstream words(m[1].str());
  std::vector<std::string> built;
  for (std::string w; words >> w;) built.push_back(w);
  CHECK(built == engine_layers);
}

// Documents that are generated from the code stay equal to what the code generates, and the
// README names every rules file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

#include "golden.hpp"
#include "lang/catalogue.hpp"

TEST_CASE("docs/LANGUAGE.md holds the catalogue of the language's table (tabula language)", "[docs]") {
  std::string path = TABULA_SOURCE_DIR;
  path += "/docs/LANGUAGE.md";  // (GCC 12 at -O1 warns, wrongly, about `std::string(...) + "..."` here)
  std::string doc = tabula::testing::read_text(path);
  const std::string begin = "<!-- catalogue:begin -->\n", end = "<!-- catalogue:end -->";
  auto b = doc.find(begin), e = doc.find(end);
  REQUIRE(b != std::string::npos);
  REQUIRE(e != std::string::npos);
  INFO("regenerate the section with `build/tabula language`");
  CHECK(doc.substr(b + begin.size(), e - b - begin.size()) == tabula::language_catalogue());
}

TEST_CASE("README.md's games table names every rules file of rules/, and only those", "[docs]") {
  std::string root = TABULA_SOURCE_DIR;
  std::string readme = tabula::testing::read_text(root + "/README.md");
  auto b = readme.find("\n## The games\n"), e = readme.find("\n## ", b + 1);
  REQUIRE(b != std::string::npos);
  std::string table = readme.substr(b, e - b);
  std::set<std::string> files, listed;
  for (const auto& entry : std::filesystem::directory_iterator(root + "/rules"))
    if (entry.path().extension() == ".rules") files.insert(entry.path().filename().string());
  REQUIRE(files.size() >= 20);
  for (size_t at = table.find('`'); at != std::string::npos; at = table.find('`', table.find('`', at + 1) + 1)) {
    std::string name = table.substr(at + 1, table.find('`', at + 1) - at - 1);
    if (name.size() > 6 && name.substr(name.size() - 6) == ".rules") listed.insert(name);
  }
  CHECK(listed == files);
}

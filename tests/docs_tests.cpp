// Documents that are generated from the code stay equal to what the code generates.
#include <catch2/catch.hpp>

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

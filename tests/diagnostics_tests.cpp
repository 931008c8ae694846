// Diagnostic kinds that no golden file can carry (docs/DIAGNOSTICS.md): files that cannot be
// opened at all; and the diagnostics collection's limit and rendering.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <tuple>

#include "board/board_loader.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "golden.hpp"
#include "lang/game_loader.hpp"

using namespace tabula;

TEST_CASE("A rules file that cannot be opened is one clear error", "[diagnostics]") {
  Diagnostics diags;
  SourceRegistry sources;
  CHECK_FALSE(load_program("/nonexistent/x.rules", diags, sources));
  CHECK(testing::reported_diagnostics(diags) ==
        std::vector<std::string>{"error: 0:0: cannot open rules file '/nonexistent/x.rules'"});
}

TEST_CASE("A board file that cannot be opened is one clear error", "[diagnostics]") {
  Diagnostics diags;
  SourceRegistry sources;
  CHECK_FALSE(load_board_file("/nonexistent/x.yaml", diags, sources));
  CHECK(testing::reported_diagnostics(diags) ==
        std::vector<std::string>{"error: 0:0: cannot open board file '/nonexistent/x.yaml'"});
}

// The limit every producer shares (diag/diagnostic.hpp).
TEST_CASE("Diagnostics keep at most 100 errors, then one note", "[diagnostics]") {
  Diagnostics d;
  for (int i = 1; i <= 100; ++i) {
    d.error({"f.rules", i, 1}, "an error");
    d.note({"f.rules", i, 1}, "its note");
  }
  CHECK(d.error_count() == 100);
  CHECK_FALSE(d.error_limit_reached());  // exactly at the limit: nothing was dropped
  CHECK(d.items().size() == 200);
  for (int i = 101; i <= 150; ++i) {
    d.error({"f.rules", i, 1}, "an error");
    d.note({"f.rules", i, 1}, "its note");  // dropped with its error
  }
  CHECK(d.error_count() == 100);
  CHECK(d.errors_seen() == 150);
  CHECK(d.has_errors());
  CHECK(d.error_limit_reached());
  REQUIRE(d.items().size() == 201);
  const Diagnostic& last = d.items().back();
  CHECK(last.severity == Severity::note);
  CHECK(last.message == "too many errors; stopping after 100");
  CHECK(last.pos.file == "f.rules");
  CHECK(last.pos.line == 0);
  CHECK(error_count_text(d) == "more than 100 errors");
}

TEST_CASE("Rendering lists the diagnostics by file and line with each note after its message", "[diagnostics]") {
  Diagnostics d;
  d.error({"b.rules", 9, 1}, "checked first, line 9");
  d.note({"b.rules", 2, 5}, "the note of line 9");
  d.error({"a.rules", 1, 1}, "the base, named second");
  d.error({"b.rules", 3, 7}, "line 3, column 7");
  d.warning({"b.rules", 3, 2}, "line 3, column 2");
  const SourceRegistry none;
  const std::string out = render_all(d, none);
  INFO(out);
  std::vector<size_t> at;
  for (const char* m : {"line 3, column 2", "line 3, column 7", "checked first, line 9", "the note of line 9",
                        "the base, named second"})
    at.push_back(out.find(m));
  CHECK(std::is_sorted(at.begin(), at.end()));
  CHECK(at.back() != std::string::npos);
  // The limit's note stays last.
  Diagnostics many;
  for (int i = 120; i >= 1; --i) many.error({"f.rules", i, 1}, "error " + std::to_string(i));
  const std::string listed = render_all(many, none);
  CHECK(listed.find("f.rules:21:1: error: error 21") < listed.find("f.rules:22:1: error: error 22"));
  CHECK(listed.rfind("too many errors; stopping after 100") > listed.rfind("error: error 21"));
}

TEST_CASE("Warnings have their own limit - errors after it are still kept", "[diagnostics]") {
  Diagnostics d;
  for (int i = 0; i < 300; ++i) d.warning({"f.rules", 1, 1}, "a warning");
  d.error({"f.rules", 2, 1}, "an error");
  CHECK(d.error_count() == 1);
  CHECK(error_count_text(d) == "1 error");
  int warnings = 0, notes = 0;
  for (const auto& item : d.items()) {
    warnings += item.severity == Severity::warning;
    notes += item.severity == Severity::note;
  }
  CHECK(warnings == 100);
  CHECK(notes == 1);
  CHECK(d.items().back().message == "an error");
}

namespace {

// The rendering of one diagnostic at `column` of a file holding `line`.
std::string render_at(const std::string& line, int column) {
  SourceRegistry sources;
  sources.add(SourceFile{"f.rules", "first line\n" + line + "\nlast line\n"});
  return render(Diagnostic{Severity::error, {"f.rules", 2, column}, "message"}, sources);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

}  // namespace

TEST_CASE("Rendering quotes a short line whole, tabs copied under it", "[diagnostics]") {
  CHECK(render_at("\tpiece x=1", 8) == "f.rules:2:8: error: message\n  \tpiece x=1\n  \t      ^\n");
  // An error just after the last character.
  CHECK(render_at("piece", 6) == "f.rules:2:6: error: message\n  piece\n       ^\n");
}

TEST_CASE("Rendering cuts a long line to a window around the caret", "[diagnostics]") {
  for (int column : {1, 40, 500, 990, 1000, 1001}) {
    DYNAMIC_SECTION("column " << column) {
      // 'Y' marks the character the diagnostic points at; 'é' checks that columns count
      // characters, not bytes.
      std::string line;
      for (int c = 1; c <= 1000; ++c) line += c == column ? "Y" : c % 7 == 0 ? "\xC3\xA9" : "x";
      auto out = lines_of(render_at(line, column));
      REQUIRE(out.size() == 3);
      CHECK(out[0] == "f.rules:2:" + std::to_string(column) + ": error: message");  // the file's column
      CHECK(out[1].size() <= 140);                               // at most 120 characters, some of two bytes
      CHECK((out[1].rfind("  ...", 0) == 0) == (column > 100));  // cut before
      CHECK((out[1].substr(out[1].size() - 3) == "...") == (column < 900));  // cut after
      size_t caret = out[2].find('^');
      REQUIRE(caret != std::string::npos);
      // Under the caret: the 'Y' (counted in characters), or the end of the line.
      std::string_view quoted = out[1];
      int chars_before = 0;
      for (size_t i = 0; i < quoted.size() && quoted[i] != 'Y'; ++i) chars_before += (quoted[i] & 0xC0) != 0x80;
      if (column <= 1000) CHECK(static_cast<int>(caret) == chars_before);
      else CHECK(static_cast<int>(caret) == 2 + 3 + 112);  // one past the last character shown
    }
  }
}

TEST_CASE("Rendering shows control characters and broken UTF-8 as '?'", "[diagnostics]") {
  CHECK(render_at("a\x1b[31mb\x7f\xff\xC3", 2) == "f.rules:2:2: error: message\n  a?[31mb???\n   ^\n");
}

TEST_CASE("SourceFile finds every line and column, in any order", "[diagnostics]") {
  // Lines of every length around the checkpoint spacing, with 2- and 3-byte characters and
  // CRLF ends; each position is compared with a count from the line's start.
  std::string text;
  uint32_t x = 7;
  for (int line = 0; line < 60; ++line) {
    int length = line * 7 % 300;
    for (int i = 0; i < length; ++i) {
      x = x * 1103515245u + 12345u;
      int pick = (x >> 16) % 5;
      text += pick == 0 ? "\xC3\xA9" : pick == 1 ? "\xE2\x82\xAC" : pick == 2 ? "\t" : "x";
    }
    text += line % 3 == 0 ? "\r\n" : "\n";
  }
  SourceFile file("f.rules", text);
  int line = 1;
  std::vector<std::tuple<size_t, int, int>> expected;  // offset, line, column
  int column = 1;
  for (size_t i = 0; i <= text.size(); ++i) {
    expected.emplace_back(i, line, column);
    if (i == text.size()) break;
    if (text[i] == '\n') {
      ++line, column = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++column;
    }
  }
  CHECK(file.line_count() == 61);
  // Backwards, so no position can be found by continuing from the one before.
  for (auto it = expected.rbegin(); it != expected.rend(); ++it) {
    auto [offset, l, c] = *it;
    INFO("offset " << offset);
    CHECK(file.position_of(offset) == std::pair<int, int>{l, c});
  }
  CHECK(file.line(1) == text.substr(0, text.find('\r')));  // without its CRLF
  // Past the end of a line, each byte is one more column.
  size_t second = text.find('\n') + 1, second_end = text.find('\n', second);
  int end_column = file.column_of(2, second_end - second);
  CHECK(file.column_of(2, 100000) == end_column + 100000 - static_cast<int>(second_end - second));
  CHECK(file.line(0).empty());
  CHECK(file.line(62).empty());
}

// Inputs that are too many, too large or not what they claim to be (docs/ROBUSTNESS.md,
// "Input limits"): every one gets a clear error and bounded output, and no content of a file
// of the wrong kind is echoed.
#include <sys/stat.h>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "board/board_loader.hpp"
#include "cli_run.hpp"
#include "diag/render.hpp"
#include "diag/source_file.hpp"
#include "diag/source_registry.hpp"
#include "golden.hpp"
#include "lang/game_loader.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// Writes `text` to a file in the tests' temporary folder; returns its path.
std::string temp_file(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / "tabula-tests";
  std::filesystem::create_directories(dir);
  auto path = dir / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// One line with thousands of errors on it: every producer used to quote the whole line for
// each (a 73 KB board printed 1.3 GB, a 31 KB rules file 184 MB).
std::string many_unknown_cells() {
  std::string names;
  for (int i = 0; i < 12000; ++i) names += " q" + std::to_string(i);
  return "name: big\nrectangle: { files: 8, ranks: 8 }\nzones:\n  z:" + names + "\n";
}

std::string many_unknown_arguments() {
  std::string line = "piece";
  for (int i = 0; i < 4000; ++i) line += " x" + std::to_string(i) + "=1";
  return "game \"g\"\nboard \"" + repo_path("boards/square8.yaml") + "\"\nplayer a\nplayer b\n" + line + "\n";
}

}  // namespace

TEST_CASE("The board loader stops after 100 errors", "[limits]") {
  Diagnostics diags;
  CHECK_FALSE(load_board(SourceFile{"big.yaml", many_unknown_cells()}, diags));
  CHECK(diags.error_count() == 100);
  CHECK(diags.error_limit_reached());
  CHECK(diags.items().back().message == "too many errors; stopping after 100");
}

TEST_CASE("The checker stops after 100 errors", "[limits]") {
  Diagnostics diags;
  SourceRegistry sources;
  CHECK_FALSE(load_program(temp_file("many_arguments.rules", many_unknown_arguments()), diags, sources));
  CHECK(diags.error_count() == 100);
  CHECK(diags.items().back().message == "too many errors; stopping after 100");
}

TEST_CASE("CLI: a flood of errors prints a bounded report", "[limits][cli]") {
  for (const auto& path :
       {temp_file("big.yaml", many_unknown_cells()), temp_file("big.rules", many_unknown_arguments())}) {
    DYNAMIC_SECTION(path) {
      auto r = run("validate " + path);
      CHECK(r.status == 1);
      // 100 errors of three lines each, every line at most 120 columns (plus the header's
      // path), then the note and the summary.
      CHECK(r.out.size() < 100 * 3 * (120 + path.size()));
      CHECK(r.out.find(path + ": note: too many errors; stopping after 100\n") != std::string::npos);
      CHECK(r.out.find(path + ": more than 100 errors\n") != std::string::npos);
    }
  }
}

namespace {

// Loads `path` as a rules file (or a board file for .yaml) and returns its diagnostics and
// their rendering.
struct Loaded {
  Diagnostics diags;
  std::string rendered;
};
Loaded load_any(const std::string& path) {
  Loaded out;
  SourceRegistry sources;
  if (path.size() > 5 && path.substr(path.size() - 5) == ".yaml")
    CHECK_FALSE(load_board_file(path, out.diags, sources));
  else CHECK_FALSE(load_program(path, out.diags, sources));
  out.rendered = render_all(out.diags, sources);
  return out;
}

// Exactly one diagnostic, an error about the whole file (nothing of it can be quoted).
void check_one_error_about_the_file(const Loaded& l, const std::string& message) {
  INFO(l.rendered);
  REQUIRE(l.diags.items().size() == 1);
  CHECK(l.diags.items()[0].severity == Severity::error);
  CHECK(l.diags.items()[0].pos.line == 0);
  CHECK(l.diags.items()[0].message == message);
}

std::string temp_dir() {
  auto dir = std::filesystem::temp_directory_path() / "tabula-tests";
  std::filesystem::create_directories(dir);
  return dir.string();
}

}  // namespace

TEST_CASE("A file larger than 1 MiB is one error naming the limit", "[limits]") {
  std::string text = "# " + std::string(kMaxInputBytes, 'x') + "\n";
  for (const char* name : {"huge.rules", "huge.yaml"}) {
    DYNAMIC_SECTION(name) {
      auto path = temp_file(name, text);
      bool rules = std::string(name).find(".rules") != std::string::npos;
      check_one_error_about_the_file(load_any(path), "'" + path + "' is larger than the 1 MiB limit for " +
                                                         (rules ? "rules" : "board") + " files");
    }
  }
  // Exactly at the limit the file is read (and is a comment).
  std::string fits = "#" + std::string(kMaxInputBytes - 2, 'x') + "\n";
  REQUIRE(fits.size() == kMaxInputBytes);
  std::string error;
  CHECK(read_source_file(temp_file("fits.rules", fits), "rules", error));
  CHECK(error.empty());
}

TEST_CASE("A device, a pipe or a folder is refused without being read", "[limits]") {
  auto dir = temp_dir();
  SECTION("/dev/zero (it never ends)") {
    auto link = dir + "/zero.rules";
    std::filesystem::remove(link);
    std::filesystem::create_symlink("/dev/zero", link);
    check_one_error_about_the_file(load_any(link), "'" + link +
                                                       "' is not a regular file (a device or a pipe?); a rules "
                                                       "file must be a regular file");
  }
  SECTION("a named pipe (opening it would wait for a writer)") {
    auto fifo = dir + "/pipe.yaml";
    std::filesystem::remove(fifo);
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    check_one_error_about_the_file(load_any(fifo), "'" + fifo +
                                                       "' is not a regular file (a device or a pipe?); a board "
                                                       "file must be a regular file");
  }
  SECTION("a folder") {
    auto folder = dir + "/folder.rules";
    std::filesystem::create_directories(folder);
    check_one_error_about_the_file(load_any(folder), "'" + folder + "' is a directory, not a rules file");
  }
}

TEST_CASE("A file that is not text is one error that quotes nothing of it", "[limits]") {
  struct Case {
    const char* name;
    std::string text;
    std::string why;
  };
  std::string binary;
  for (int i = 0; i < 4096; ++i) binary += static_cast<char>((i * 7919) % 251);
  for (const auto& c :
       {Case{"nul.rules", std::string("game \"SECRET\"\nboard \"a\0b.yaml\"\n", 30), "line 2 has a NUL byte"},
        Case{"latin1.rules", "game \"SECRET caf\xE9\"\n", "line 1 has the byte 0xE9, which is not UTF-8"},
        Case{"overlong.yaml", "name: SECRET\n# \xC0\xAF\n", "line 2 has the byte 0xC0, which is not UTF-8"},
        Case{"surrogate.rules", "# SECRET\n\n\xED\xA0\x80\n", "line 3 has the byte 0xED, which is not UTF-8"},
        Case{"binary.yaml", "SECRET" + binary, "line 1 has a NUL byte"}}) {
    DYNAMIC_SECTION(c.name) {
      auto path = temp_file(c.name, c.text);
      bool rules = std::string(c.name).find(".rules") != std::string::npos;
      auto l = load_any(path);
      check_one_error_about_the_file(l, "'" + path + "' is not a text file: " + c.why + "; a " +
                                            (rules ? "rules" : "board") + " file must be UTF-8 text");
      CHECK(l.rendered.find("SECRET") == std::string::npos);
    }
  }
  // UTF-8 text, a byte order mark and CRLF line ends are text.
  std::string error;
  CHECK(read_source_file(temp_file("utf8.rules", "\xEF\xBB\xBFgame \"caf\xC3\xA9 \xF0\x9F\x8E\xB2\"\r\n"), "rules",
                         error));
  CHECK(error.empty());
}

TEST_CASE("A path that names a file of another kind is one error that quotes nothing of it", "[limits]") {
  auto dir = temp_dir();
  temp_file("secret.txt", "SECRET first line\nSECRET second line\n");
  temp_file("secret.yaml", "jobs:\n  build: SECRET\n  test: SECRET\n");
  struct Case {
    const char* name;
    std::string text;
    std::string expected;  // the one diagnostic, "line:column: message"
  };
  for (const auto& c : {
           Case{"extends_text.rules", "variant \"x\" extends \"secret.txt\"\n",
                "1:21: 'secret.txt' is not a rules file (its name must end in .rules)"},
           Case{"extends_absolute.rules", "variant \"x\" extends \"" + dir + "/secret.txt\"\n",
                "1:21: '" + dir + "/secret.txt' is not a rules file (its name must end in .rules)"},
           Case{"board_escapes.rules", "game \"g\"\nboard \"../../../../../../../../" + dir + "/secret.txt\"\n",
                "2:7: '../../../../../../../../" + dir +
                    "/secret.txt' is not a board file (its name must end in .yaml or "
                    ".yml)"},
       }) {
    DYNAMIC_SECTION(c.name) {
      auto l = load_any(temp_file(c.name, c.text));
      INFO(l.rendered);
      CHECK(l.rendered.find("SECRET") == std::string::npos);
      REQUIRE(l.diags.error_count() >= 1);
      const auto& d = l.diags.items()[0];
      CHECK(std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + ": " + d.message == c.expected);
    }
  }
  // A YAML file that is not a board: one error about the file.
  auto l = load_any(dir + "/secret.yaml");
  check_one_error_about_the_file(
      l, "not a board file: a board file is a YAML map with keys such as 'name' and 'rectangle'");
  CHECK(l.rendered.find("SECRET") == std::string::npos);
  // The same through a rules file that names it.
  auto named =
      load_any(temp_file("names_yaml.rules", "game \"g\"\nboard \"secret.yaml\"\nplayer a\nplayer b\npiece p\n"));
  CHECK(named.rendered.find("SECRET") == std::string::npos);
  CHECK(named.rendered.find("secret.yaml: error: not a board file") != std::string::npos);
}

TEST_CASE("A variant in its own folder extends a shipped file through '..'", "[limits][variant]") {
  auto folder = std::filesystem::path(temp_dir()) / "my-variants";
  std::filesystem::create_directories(folder);
  auto base = std::filesystem::relative(repo_path("rules/loa.rules"), folder).string();
  REQUIRE(base.rfind("..", 0) == 0);
  auto path = (folder / "white-first.rules").string();
  std::ofstream(path) << "variant \"LOA, own folder\" extends \"" << base << "\"\n";
  auto p = load_rules(path);
  CHECK(p->name == "LOA, own folder");
  CHECK(p->cells == 64);
}

TEST_CASE("A 1 MB single-line file takes bounded time and gives a bounded report", "[limits]") {
  // Each of these took quadratic time before positions were computed in constant time (a
  // column per word of a 1 MB line): minutes, not seconds.
  const int n = 1'000'000;
  auto repeat = [](const std::string& word, int bytes) {
    std::string out;
    while (static_cast<int>(out.size()) + static_cast<int>(word.size()) < bytes) out += word;
    return out;
  };
  struct Case {
    const char* name;
    std::string text;
    int errors;  // expected, at most 100 kept
  };
  for (const auto& c :
       {Case{"calls.rules", "k v=" + repeat("f(1) ", n) + "\n", 4},
        Case{"names.yaml", "rectangle: { files: 8, ranks: 8 }\nzones:\n  z: " + repeat("a1 ", n) + "\n", 0},
        Case{"unknown.yaml", "rectangle: { files: 8, ranks: 8 }\nzones:\n  z: " + repeat("\xC3\xA9 ", n) + "\n", 100},
        Case{"row.yaml", "map:\n  legend: {'.': {}}\n  rows: |\n    " + repeat(".", n) + "\n", 1}}) {
    DYNAMIC_SECTION(c.name) {
      auto path = temp_file(c.name, c.text);
      auto start = std::chrono::steady_clock::now();
      Diagnostics diags;
      SourceRegistry sources;
      bool is_board = std::string(c.name).find(".yaml") != std::string::npos;
      if (is_board) load_board_file(path, diags, sources);
      else load_program(path, diags, sources);
      std::string out = render_all(diags, sources);
      double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      INFO(out.substr(0, 2000));
      CHECK(seconds < 20);  // under 1 s in the release build
      CHECK(diags.error_count() == c.errors);
      CHECK(out.size() < 100 * 3 * (120 + path.size() + 100));
    }
  }
}

TEST_CASE("CLI: /dev/zero as any input is one clear sentence", "[limits][cli]") {
  auto r = run("validate /dev/zero");
  CHECK(r.status == 1);
  CHECK(r.out ==
        "/dev/zero: error: '/dev/zero' is not a rules file (its name must end in .rules)\n"
        "/dev/zero: 1 error\ntabula: 1 of 1 files have errors\n");
  r = run("replay rules/loa.rules /dev/zero");
  CHECK(r.status == 1);
  CHECK(r.out ==
        "tabula: '/dev/zero' is not a regular file (a device or a pipe?); a game record file must be a regular "
        "file\n");
  r = run("show rules/loa.rules --position @/dev/zero");
  CHECK(r.status == 1);
  CHECK(r.out ==
        "tabula: '/dev/zero' is not a regular file (a device or a pipe?); a position file must be a regular "
        "file\n");
  r = run("show rules/loa.rules --moves @/dev/zero");
  CHECK(r.status == 1);
  CHECK(r.out ==
        "tabula: '/dev/zero' is not a regular file (a device or a pipe?); a game record file must be a regular file\n");
}

TEST_CASE("CLI: a results file is a regular file, and a line of it is read whole past 1 MiB", "[limits][cli]") {
  auto r = run("merge /dev/zero");
  CHECK(r.status == 1);
  CHECK(r.out ==
        "tabula: '/dev/zero' is not a regular file (a device or a pipe?); a results file must be a regular file\n");
  // Lines are read up to kMaxResultsLineBytes (64 MiB, tests/cli_read_back_tests.cpp): this
  // one is read whole, and refused for what it is, not for its length.
  auto path = temp_file("long-line.jsonl", std::string(kMaxInputBytes + 10, 'x'));
  r = run("merge " + path);
  CHECK(r.status == 1);
  CHECK(r.out == "tabula: " + path + ":1: expected a value at column 1\n");
}

TEST_CASE("Line ends of old Mac files (a CR alone) read as line ends, in rules and boards alike", "[limits][text]") {
  std::string rules = read_text(repo_path("rules/loa.rules"));
  rules.replace(rules.find("\"square8.yaml\""), 14, "\"" + repo_path("boards/square8.yaml") + "\"");
  auto cr_only = [](std::string text) {
    for (auto& c : text)
      if (c == '\n') c = '\r';
    return text;
  };
  auto r = run("validate " + temp_file("cr-only.rules", cr_only(rules)));
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("cr-only.rules: ok") != std::string::npos);
  // The same game as the LF file: the same perft count.
  CHECK(run("perft " + temp_file("cr-only.rules", cr_only(rules)) + " 2").out == "1244\n");
  // An error is still placed on its own line and column.
  std::string broken = cr_only("game \"x\"\rboard \"" + repo_path("boards/square8.yaml") + "\"\rplayer a\rcastle b\r");
  r = run("validate " + temp_file("cr-only-broken.rules", broken));
  CHECK(r.out.find("cr-only-broken.rules:4:1: error: unknown statement 'castle'") != std::string::npos);
  r = run("validate " + temp_file("cr-only.yaml", cr_only("name: cr\nrectangle: { files: 3, ranks: 2 }\n")));
  CHECK(r.status == 0);
  CHECK(SourceFile("x", "a\r\nb\rc\r").text == "a\r\nb\nc\n");  // CRLF stays; a lone CR is a line end
}

TEST_CASE("A board file with a second YAML document is an error, not half a board", "[limits][yaml]") {
  auto r = run("validate " + temp_file("two-documents.yaml",
                                       "name: one\nrectangle: { files: 3, ranks: 3 }\n---\nname: two\n"
                                       "rectangle: { files: 9, ranks: 9 }\n"));
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("two-documents.yaml:4:1: error: the board file holds 2 YAML documents (split by '---' lines); a "
                   "board file is one document") != std::string::npos);
  // One document with an explicit start and end is one board.
  r = run("validate " + temp_file("one-document.yaml", "---\nname: one\nrectangle: { files: 3, ranks: 3 }\n...\n"));
  CHECK(r.status == 0);
}

// Where rules and board files are found (lang/file_search, docs/LANGUAGE.md "Where files are
// found"): one order for the CLI, the library and Python, with a did-you-mean.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>

#include "cli_run.hpp"
#include "lang/file_search.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// Sets an environment variable for one scope.
struct ScopedVariable {
  ScopedVariable(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old, had_ = true;
    setenv(name, value, 1);
  }
  ~ScopedVariable() { had_ ? setenv(name_, old_.c_str(), 1) : unsetenv(name_); }
  const char* name_;
  std::string old_;
  bool had_ = false;
};

}  // namespace

TEST_CASE("file search: the folders come in the documented order without repeats", "[file_search]") {
  ScopedVariable path("TABULA_PATH", "/nonexistent/a::/nonexistent/b");
  auto folders = search_folders(SearchedKind::board, "/nonexistent/mine/v.rules");
  std::vector<std::string> order;
  for (const auto& f : folders) order.push_back(f.folder.string() + " = " + f.what);
  REQUIRE(order.size() >= 6);
  CHECK(order[0] == "/nonexistent/mine = next to /nonexistent/mine/v.rules");
  CHECK(order[1] == "/nonexistent/boards = the boards/ folder beside /nonexistent/mine/v.rules's folder");
  CHECK(order[2] == ". = the current folder");
  CHECK(order[3] == "/nonexistent/a = TABULA_PATH");
  CHECK(order[4] == "/nonexistent/b = TABULA_PATH");
  CHECK(order.back().find("= the shipped boards") != std::string::npos);
  // A name with a folder part is tried only next to the file and in the current folder.
  auto candidates = search_candidates("../x.yaml", SearchedKind::board, "mine/v.rules");
  REQUIRE(candidates.size() == 2);
  CHECK(candidates[0].string() == "x.yaml");
  CHECK(candidates[1].string() == "../x.yaml");
  // A user's name: the shipped rules by name, with or without .rules; nothing for a typo.
  CHECK(find_rules_file("loa").find("loa.rules") != std::string::npos);
  CHECK(find_rules_file("loa.rules") == find_rules_file("loa"));
  CHECK(find_rules_file("lao").empty());
  CHECK(search_suggestion("lao", SearchedKind::rules, "", SourceRegistry{}) == "; did you mean 'loa.rules'?");
}

TEST_CASE("CLI: a shipped game by name and a typo did-you-mean and TABULA_PATH and the current folder",
          "[cli][file_search]") {
  auto named = run("perft loa 2");
  INFO(named.out);
  CHECK(named.status == 0);
  CHECK(named.out == "1244\n");  // as `perft rules/loa.rules 2`
  auto typo = run("perft lao 2");
  CHECK(typo.status == 1);
  CHECK(typo.out ==
        "tabula: cannot open 'lao': no such file here, in TABULA_PATH or among the shipped files; did you mean "
        "'loa.rules'?\n");
  auto found = run_script(
      "d=$(mktemp -d) && trap 'rm -rf \"$d\"' EXIT && mkdir \"$d/mine\" \"$d/lib\" &&\n"
      // A variant in one's own folder extends a shipped file by its name alone.
      "printf 'variant \"Mine\" extends \"loa.rules\"\\nlimit plies=50\\n' > \"$d/mine/short.rules\" &&\n"
      "(cd \"$d/mine\" && $TABULA perft short 1) &&\n"
      // A rules file in TABULA_PATH, by name, from anywhere; and a board in the current folder.
      "printf 'rectangle: { files: 2, ranks: 2 }\\n' > \"$d/mine/tiny.yaml\" &&\n"
      "printf 'game \"Tiny\"\\nboard \"tiny.yaml\"\\nplayer black\\nplayer white\\npiece stone\\n"
      "turn {\\n  place stone\\n}\\nno-move draw\\n' > \"$d/lib/tiny.rules\" &&\n"
      "(cd \"$d/mine\" && TABULA_PATH=\"$d/lib\" $TABULA perft tiny 2) &&\n"
      // From the rules file's own folder, a board typo is offered the nearest shipped board.
      "printf 'game \"Bad\"\\nboard \"sqare8.yaml\"\\nplayer black\\nplayer white\\npiece stone\\n"
      "turn {\\n  place stone\\n}\\nno-move draw\\n' > \"$d/mine/bad.rules\" &&\n"
      "(cd \"$d/mine\" && $TABULA validate bad.rules; echo \"rc $?\") &&\n"
      // A base rules typo is offered the nearest shipped rules file.
      "printf 'variant \"Mine\" extends \"lao.rules\"\\n' > \"$d/mine/typo.rules\" &&\n"
      "(cd \"$d/mine\" && $TABULA validate typo.rules; echo \"rc $?\")");
  INFO(found.out);
  CHECK(found.out.find("36\n12\n") == 0);  // LOA's 36 first moves; 4 x 3 placements on 2x2
  CHECK(found.out.find("bad.rules:2:7: error: board file 'sqare8.yaml' not found") != std::string::npos);
  CHECK(found.out.find("; did you mean 'square8.yaml'?") != std::string::npos);
  CHECK(found.out.find("typo.rules:1:24: error: cannot open the base rules 'lao.rules'") != std::string::npos);
  CHECK(found.out.find("; did you mean 'loa.rules'?") != std::string::npos);
  CHECK(found.out.find("rc 1\n") != std::string::npos);
}

TEST_CASE("CLI: validate --verbose prints the search order and the files read and validate takes a folder",
          "[cli][file_search]") {
  auto verbose = run("validate rules/lanko-103.rules --verbose");
  INFO(verbose.out);
  CHECK(verbose.status == 0);
  // rules/../rules is rules/ itself: a folder comes once.
  CHECK(verbose.out.find("base rules named in rules/lanko-103.rules are looked for:\n"
                         "  1. next to rules/lanko-103.rules (rules)\n"
                         "  2. the current folder (.)\n") != std::string::npos);
  CHECK(verbose.out.find("boards named in rules/lanko-103.rules are looked for:\n"
                         "  1. next to rules/lanko-103.rules (rules)\n"
                         "  2. the boards/ folder beside rules/lanko-103.rules's folder (boards)\n"
                         "  3. the current folder (.)\n") != std::string::npos);
  CHECK(verbose.out.find("files read for rules/lanko-103.rules:\n  boards/lanko103.yaml\n  rules/lanko-103.rules\n"
                         "  rules/lanko-103.weights\n  rules/lanko-88.rules\n") != std::string::npos);
  auto folder = run_script(
      "d=$(mktemp -d) && trap 'rm -rf \"$d\"' EXIT && cp rules/tic-tac-toe.rules rules/hex.rules \"$d\" &&\n"
      "printf 'game \"Broken\"\\nboard \"square8.yaml\"\\nplayer a\\n' > \"$d/broken.rules\" && mkdir \"$d/sub\" &&\n"
      "cp rules/loa.rules \"$d/sub\" && $TABULA validate \"$d\" | sed \"s|$d|D|g\"; mkdir \"$d/empty\" &&\n"
      "$TABULA validate \"$d/empty\" 2>&1 | sed \"s|$d|D|g\"");
  INFO(folder.out);
  // Name order; the subfolder is not entered; a folder with nothing to check is an error.
  CHECK(folder.out.find("D/broken.rules: ") != std::string::npos);
  CHECK(folder.out.find("D/hex.rules: ok") > folder.out.find("D/broken.rules: "));
  CHECK(folder.out.find("D/tic-tac-toe.rules: ok") > folder.out.find("D/hex.rules: ok"));
  CHECK(folder.out.find("sub") == std::string::npos);
  CHECK(folder.out.find("tabula: 1 of 3 files have errors") != std::string::npos);
  CHECK(folder.out.find("D/empty is a folder with no rules file (.rules) or board file (.yaml) in it") !=
        std::string::npos);
}

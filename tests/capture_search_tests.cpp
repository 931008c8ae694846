// The set-wise capture search (kernels/capture_search) against the array search of
// reference mode, which it replaces where every hop is short and taken pieces leave at once: at
// every ply of seeded random games, the two list the same sequences in the same order
// (landings, taken cells, flags, value, promotion), for the rules files that use it and for
// variants of their capture and promotion rules written here.
#include <catch2/catch.hpp>
#include <fstream>
#include <functional>
#include <sstream>

#include "diag/render.hpp"
#include "diag/source_file.hpp"
#include "diag/source_registry.hpp"
#include "engine/perft.hpp"
#include "test_support.hpp"
#include "util/limits.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

using Loader = std::function<std::shared_ptr<const Program>(const LoadOptions&)>;

// A loader of the rules of `file` with `from` replaced by `to` (which must occur), read as
// a text beside the file, so its board is found.
Loader edited(const std::string& file, const std::string& from, const std::string& to) {
  return [=](const LoadOptions& options) {
    std::string text = read_text(repo_path(file));
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    Diagnostics diags;
    SourceRegistry sources;
    auto p = load_program(SourceFile(repo_path(file), text), diags, sources, nullptr, options);
    INFO(render_all(diags, sources));
    REQUIRE(p);
    return p;
  };
}
Loader unedited(const std::string& file) {
  return [=](const LoadOptions& options) { return load_rules(repo_path(file), options); };
}

bool same_moves(const MoveList& a, const MoveList& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i]) || a[i].flags != b[i].flags || a[i].captures != b[i].captures || a[i].value != b[i].value ||
        a[i].promotion != b[i].promotion || a[i].promoted_at != b[i].promoted_at)
      return false;
  return true;
}

// Plays seeded random games on `p`, comparing both searches' moves at every ply; returns
// the number of positions that had a capture.
int compare_searches(const Loader& load, int games) {
  auto p = load({});
  REQUIRE(p->captures);
  REQUIRE(accelerated(*p, "set-wise captures"));
  auto general = load({.reference = true});  // the same rules with every accelerated path off
  REQUIRE_FALSE(accelerated(*general, "set-wise captures"));
  int with_captures = 0;
  for (int g = 1; g <= games; ++g) {
    uint64_t x = g * 0x9E3779B97F4A7C15ULL + 1;
    State s(p), t(general);
    MoveList mine, theirs;
    while (!s.is_terminal()) {
      s.legal_moves(mine);
      t.legal_moves(theirs);
      INFO("game " << g << ", ply " << s.ply() << ": " << position_string(s));
      REQUIRE(same_moves(mine, theirs));
      with_captures += !mine.empty() && mine[0].captures > 0;
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      const Move m = mine[x % mine.size()];
      s.apply_unchecked(m);
      t.apply_unchecked(m);
    }
  }
  return with_captures;
}

}  // namespace

TEST_CASE("Set-wise capture search: used where every hop is short and takes leave at once", "[captures]") {
  for (const char* file : {"rules/english-draughts.rules", "rules/laska.rules", "rules/bignor-ludus.rules"}) {
    INFO(file);
    auto p = load_rules(repo_path(file));
    REQUIRE(p->captures);
    CHECK(accelerated(*p, "set-wise captures"));
  }
  // Flying kings (long-range hops), taken pieces that leave at the end, a board of more
  // than 64 cells: the array search.
  for (const char* file : {"rules/international-draughts.rules", "rules/russian-draughts.rules",
                           "rules/turkish-draughts.rules", "rules/lanko-88.rules"}) {
    INFO(file);
    auto p = load_rules(repo_path(file));
    REQUIRE(p->captures);
    CHECK_FALSE(accelerated(*p, "set-wise captures"));
  }
}

TEST_CASE("Set-wise capture search: the same sequences as the array search in every position", "[captures]") {
  for (const char* file : {"rules/english-draughts.rules", "rules/laska.rules", "rules/bignor-ludus.rules"}) {
    DYNAMIC_SECTION(file) { CHECK(compare_searches(unedited(file), 30) > 100); }
  }
}

TEST_CASE("Set-wise capture search: the same sequences under every capture and promotion rule", "[captures]") {
  const std::string english = "rules/english-draughts.rules", laska = "rules/laska.rules";
  const std::string captures = "captures compulsory continue=must choice=free rejump=forbid";  // both files
  for (const std::string& policy : {"captures optional continue=may choice=free rejump=forbid",
                                    "captures compulsory continue=stop choice=free rejump=forbid",
                                    "captures compulsory continue=must choice=maximum rejump=forbid",
                                    "captures compulsory continue=must choice=maximum-value rejump=forbid",
                                    "captures compulsory continue=must choice=free rejump=allow",
                                    "captures compulsory continue=must choice=free rejump=forbid reverse=forbid",
                                    "captures compulsory continue=must choice=free rejump=allow reverse=forbid"}) {
    DYNAMIC_SECTION("English draughts: " << policy) {
      CHECK(compare_searches(edited(english, captures, policy), 20) > 50);
    }
    DYNAMIC_SECTION("Laska: " << policy) { CHECK(compare_searches(edited(laska, captures, policy), 20) > 50); }
  }
  // Promotion on the far row going on with the new kind's hops, or only where the move ends.
  for (const std::string& when : {"promote man to=king in=far-row", "promote man to=king in=far-row at-end"}) {
    DYNAMIC_SECTION("English draughts: " << when) {
      CHECK(compare_searches(edited(english, "promote man to=king in=far-row ends-capture", when), 20) > 50);
    }
  }
  // Kings that are never taken: no sequence jumps one (the foes leave them out).
  DYNAMIC_SECTION("English draughts: kings cannot be taken") {
    CHECK(compare_searches(
              edited(english, "piece king value=3 symbol=B|W", "piece king value=3 symbol=B|W capturable=no"), 20) >
          50);
  }
  // Men taking backwards as well: more directions per kind, turning back mid-sequence.
  DYNAMIC_SECTION("English draughts: men hop both ways") {
    CHECK(compare_searches(
              edited(english, "hop dirs=forward-left|forward-right take=remove", "hop dirs=diagonal take=remove"), 20) >
          50);
  }
}

TEST_CASE("Capture search: a search stopped by an engine limit leaves nothing behind for the next", "[capture]") {
  // A capture sequence longer than the engine allows throws from inside the search, with
  // cells still marked taken; the next search on this thread must not see them.
  auto draughts = load_rules(repo_path("rules/international-draughts.rules"));
  State start(draughts);
  const uint64_t before = perft(start, 5);
  auto limit = load_rules(repo_path("tests/golden/warnings/engine_limit.rules"));
  State s(limit);
  MoveList moves;
  CHECK_THROWS_AS(s.legal_moves(moves), EngineLimit);
  CHECK(perft(start, 5) == before);
  CHECK(before == 27117);  // the published count (tests/draughts/published-perft)
}

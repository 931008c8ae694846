// Reference mode (docs/ARCHITECTURE.md): every rules file loaded twice, once with its
// accelerated paths (bitboards, fused and counted moves, set-wise captures, line sweeps,
// running counts, plain-turn shortcuts, caches) and once with the plain forms only, plays
// the same game both ways. At every ply of seeded random games the two agree on the legal
// moves (every field, in order), their texts, the hash, the move a random playout draws by
// count under a seed, and the result; perft agrees both ways at every depth to a node budget.
#include <catch2/catch.hpp>
#include <filesystem>

#include "engine/perft.hpp"
#include "engine/sample.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

bool same_move(const Move& a, const Move& b) {
  return a == b && a.captures == b.captures && a.promotion == b.promotion && a.promoted_at == b.promoted_at &&
         a.flags == b.flags && a.cost == b.cost && a.value == b.value;
}

// One seeded random game played on both programs, compared ply by ply. A third state plays
// it as random playouts do (no hash kept up to date, no journal) on the accelerated program.
void compare_game(const std::shared_ptr<const Program>& fast, const std::shared_ptr<const Program>& plain,
                  uint64_t seed) {
  Rng pick(seed), draw(seed ^ 0xA5A5A5A5ULL);
  State s(fast), t(plain), playout(fast);
  playout.stop_hashing();
  playout.stop_journal();
  MoveList mine, theirs;
  MoveSample fast_sample, plain_sample;
  for (;;) {
    INFO("seed " << seed << ", ply " << s.ply() << ": " << position_string(s));
    REQUIRE(position_string(t) == position_string(s));
    REQUIRE(t.hash() == s.hash());
    for (const State* each : {&s, &t, &playout}) {
      std::string why;
      const bool consistent = each->is_consistent(&why);
      INFO(why);
      CHECK(consistent);
    }
    REQUIRE(playout.hash() == s.hash());
    REQUIRE(t.is_terminal() == s.is_terminal());
    const GameResult a = s.result(), b = t.result();
    REQUIRE(a.over == b.over);
    REQUIRE(a.winner == b.winner);
    if (s.is_terminal()) break;
    s.legal_moves(mine);
    t.legal_moves(theirs);
    REQUIRE(theirs.size() == mine.size());
    for (size_t i = 0; i < mine.size(); ++i) {
      INFO("move " << i << ": " << s.move_to_string(mine[i]) << " / " << t.move_to_string(theirs[i]));
      REQUIRE(same_move(mine[i], theirs[i]));
      REQUIRE(t.move_to_string(theirs[i]) == s.move_to_string(mine[i]));
    }
    // The move a random playout draws: counted (set-wise where it can be) against listed.
    const uint32_t n = count_moves(playout, fast_sample);
    REQUIRE(count_moves(t, plain_sample) == n);
    REQUIRE(n == mine.size());
    const uint32_t k = draw.below(n);
    REQUIRE(same_move(nth_move(fast_sample, k), nth_move(plain_sample, k)));
    const Move m = mine[pick.below(static_cast<uint32_t>(mine.size()))];
    s.apply_unchecked(m);
    t.apply_unchecked(m);
    playout.apply_unchecked(m);
  }
}

}  // namespace

TEST_CASE("Reference mode: every rules file plays the same games with and without its accelerated paths",
          "[reference][conformance]") {
  for (const auto& file : all_rules_files()) {
    DYNAMIC_SECTION(std::filesystem::path(file).filename().string()) {
      auto fast = load_rules(file), plain = load_rules(file, {.reference = true});
      REQUIRE_FALSE(fast->reference);
      REQUIRE(plain->reference);
      REQUIRE(plain->accelerations.empty());
      REQUIRE_FALSE(plain->bitboards);
      REQUIRE_FALSE(plain->plain_turns);
      REQUIRE_FALSE(plain->keeps_line_words());
      REQUIRE_FALSE(plain->uses_line_counts);
      for (uint64_t seed = 1; seed <= 3; ++seed) compare_game(fast, plain, seed);
    }
  }
}

TEST_CASE("Reference mode: the accelerated paths each rules file gets are named", "[reference]") {
  using Names = std::vector<std::string>;
  CHECK(load_rules(repo_path("rules/breakthrough.rules"))->accelerations ==
        Names{"bitboards", "masked steps", "fused steps", "counted moves", "plain turns", "step playouts"});
  CHECK(load_rules(repo_path("rules/loa.rules"))->accelerations ==
        Names{"bitboards", "running line counts", "counted moves", "plain turns"});
  CHECK(load_rules(repo_path("rules/english-draughts.rules"))->accelerations ==
        Names{"bitboards", "masked steps", "fused steps", "counted moves", "masked captures", "set-wise captures",
              "plain turns"});
  CHECK(load_rules(repo_path("rules/russian-draughts.rules"))->accelerations ==
        Names{"bitboards", "masked steps", "masked captures", "plain turns"});
  CHECK(load_rules(repo_path("rules/connect-four.rules"))->accelerations ==
        Names{"bitboards", "masked rows", "masked placement", "plain turns", "placement playouts"});
  CHECK(load_rules(repo_path("rules/gomoku.rules"))->accelerations ==
        Names{"swept rows", "line sweeps", "gathered placement", "plain turns", "placement playouts"});
  CHECK(load_rules(repo_path("rules/lanquia.rules"))->accelerations == Names{"line sweeps", "gathered placement"});
  CHECK(load_rules(repo_path("rules/hex.rules"))->accelerations ==
        Names{"gathered placement", "plain turns", "placement playouts"});
  // Every rules file but those on boards past every fast path gets at least one.
  int accelerated = 0;
  for (const auto& file : all_rules_files()) accelerated += !load_rules(file)->accelerations.empty();
  CHECK(accelerated >= 25);
}

TEST_CASE("Reference mode: perft agrees with and without the accelerated paths for every rules file",
          "[reference][perft]") {
  // Every depth whose count stays within the budget (at least depth 2), up to 6.
  constexpr uint64_t kNodeBudget = 60000;
  for (const auto& file : all_rules_files()) {
    DYNAMIC_SECTION(std::filesystem::path(file).filename().string()) {
      State s(load_rules(file)), t(load_rules(file, {.reference = true}));
      for (int depth = 1; depth <= 6; ++depth) {
        const uint64_t count = perft(s, depth);
        INFO("depth " << depth);
        CHECK(perft(t, depth) == count);
        if (count > kNodeBudget && depth >= 2) break;
      }
    }
  }
}

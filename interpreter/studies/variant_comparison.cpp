#include "studies/variant_comparison.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace tabula {
namespace {

double normal_two_sided(double z) { return std::erfc(std::abs(z) / std::sqrt(2.0)); }

std::string p_text(double p) { return p < 0.001 ? "p < 0.001" : fmt::format("p = {:.3f}", p); }

const MatchReport& judged(const Analysis& a) { return a.has_good() && a.good.games ? a.good : a.random_play; }

struct Share {
  double successes = 0, trials = 0;  // already scaled to the effective sample size
  double value() const { return trials > 0 ? successes / trials : 0; }
};

Share scaled(const MatchReport& r, double successes, double trials) {
  return {successes * r.independence(), trials * r.independence()};
}

// A proven start as a number for the first player: a win 1, a draw 0, a loss -1.
double proven_number(const StartValue& v) {
  return v.value == "first-player-win" ? 1 : v.value == "second-player-win" ? -1 : 0;
}

std::string proven_words(const StartValue& v) {
  return v.value == "first-player-win"    ? "a first-player win"
         : v.value == "second-player-win" ? "a second-player win"
                                          : "a draw";
}

Share strong_share(const Analysis& a) {
  for (const auto& t : a.skill.players)
    if (t.name == a.strong_player) return scaled(a.skill, t.wins, t.games);
  return {};
}

}  // namespace

double two_proportion_p(double sa, double na, double sb, double nb) {
  if (na <= 0 || nb <= 0) return 1;
  const double pooled = (sa + sb) / (na + nb);
  const double se = std::sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb));
  if (se <= 0) return sa / na == sb / nb ? 1 : 0;
  return normal_two_sided((sa / na - sb / nb) / se);
}

double welch_p(double mean_a, double sd_a, double n_a, double mean_b, double sd_b, double n_b) {
  if (n_a < 2 || n_b < 2) return 1;
  const double se = std::sqrt(sd_a * sd_a / n_a + sd_b * sd_b / n_b);
  if (se <= 0) return mean_a == mean_b ? 1 : 0;
  return normal_two_sided((mean_a - mean_b) / se);
}

std::vector<double> holm(const std::vector<double>& p) {
  std::vector<size_t> order(p.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return p[a] < p[b]; });
  std::vector<double> out(p.size());
  double running = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    running = std::max(running, std::min(1.0, p[order[k]] * static_cast<double>(p.size() - k)));
    out[order[k]] = running;
  }
  return out;
}

Comparison compare_analyses(const std::vector<Analysis>& analyses) {
  Comparison c;
  for (const auto& a : analyses) c.variants.push_back(a.rules);
  if (analyses.empty()) return c;
  const Analysis& base = analyses[0];
  for (size_t v = 1; v < analyses.size(); ++v) {
    const Analysis& other = analyses[v];
    // Two proven values are compared as they are: no sample, no test (p is 0 or 1).
    if (base.start.proven && other.start.proven) {
      const double a = proven_number(base.start), b = proven_number(other.start);
      const bool same = a == b && base.start.score == other.start.score;
      c.differences.push_back(
          Difference{"proven_value", static_cast<int>(v), a, b, same ? 1.0 : 0.0, same ? 1.0 : 0.0,
                     fmt::format("{} is {} and {} is {} under perfect play: {}, proven by the solver", other.rules,
                                 proven_words(other.start), base.rules, proven_words(base.start),
                                 same ? "the same value" : "they differ")});
    }
    std::vector<Difference> family;
    auto share = [&](const std::string& measure, const std::string& words, Share a, Share b) {
      Difference d{measure,
                   static_cast<int>(v),
                   a.value(),
                   b.value(),
                   two_proportion_p(a.successes, a.trials, b.successes, b.trials),
                   1,
                   words};
      family.push_back(d);
    };
    const MatchReport &ra = judged(base), &rb = judged(other);
    share("first_player_share", "first-player share", scaled(ra, ra.first_player_wins(), ra.decisive()),
          scaled(rb, rb.first_player_wins(), rb.decisive()));
    share("draw_rate", "draw rate", scaled(ra, ra.draws, ra.games), scaled(rb, rb.draws, rb.games));
    share("cut_rate", "share of games stopped at the ply limit", scaled(ra, ra.cut, ra.games),
          scaled(rb, rb.cut, rb.games));
    share("skill_share", "strong player's share against random players", strong_share(base), strong_share(other));
    family.push_back(Difference{"length", static_cast<int>(v), ra.length.mean(), rb.length.mean(),
                                welch_p(ra.length.mean(), ra.length.stddev(), ra.effective_games, rb.length.mean(),
                                        rb.length.stddev(), rb.effective_games),
                                1, "game length"});
    std::vector<double> ps;
    for (const auto& d : family) ps.push_back(d.p);
    const std::vector<double> adjusted = holm(ps);
    for (size_t i = 0; i < family.size(); ++i) {
      Difference& d = family[i];
      d.adjusted = adjusted[i];
      const bool length = d.measure == "length";
      const double gap = length ? d.value - d.base : 100 * (d.value - d.base);
      const std::string amount =
          length ? fmt::format("{:.1f} plies", std::abs(gap))
                 : fmt::format("{:.0f} point{}", std::abs(gap), std::lround(std::abs(gap)) == 1 ? "" : "s");
      const std::string sense = gap == 0 ? "the same as" : gap > 0 ? amount + " higher than" : amount + " lower than";
      std::string tail =
          d.adjusted < 0.05
              ? fmt::format("{} (Holm-adjusted over {} measures)", p_text(d.adjusted), family.size())
              : fmt::format("{}: not significant, these samples cannot tell them apart", p_text(d.adjusted));
      d.text = fmt::format("{}'s {} is {} {}'s ({} against {}), {}", other.rules,
                           d.measure == "length" ? "game length" : d.text, sense, base.rules,
                           length ? fmt::format("{:.1f}", d.value) : fmt::format("{:.0f}%", 100 * d.value),
                           length ? fmt::format("{:.1f}", d.base) : fmt::format("{:.0f}%", 100 * d.base), tail);
      c.differences.push_back(d);
    }
  }
  return c;
}

std::string comparison_text(const Comparison& c) {
  std::string out = "Compared with " + (c.variants.empty() ? std::string() : c.variants[0]) + ":\n";
  for (const auto& d : c.differences) out += "  " + d.text + "\n";
  return out;
}

Json comparison_json(const Comparison& c, const std::vector<Analysis>& analyses) {
  Json variants = Json::array(), diffs = Json::array();
  for (const auto& a : analyses) variants.push_back(analysis_json(a));
  for (const auto& d : c.differences)
    diffs.push_back({{"measure", d.measure},
                     {"variant", c.variants.at(static_cast<size_t>(d.variant))},
                     {"base", json_round(d.base)},
                     {"value", json_round(d.value)},
                     {"p", json_round(d.p)},
                     {"p_adjusted", json_round(d.adjusted)},
                     {"text", d.text}});
  return {{"base", c.variants.empty() ? "" : c.variants[0]}, {"variants", variants}, {"differences", diffs}};
}

}  // namespace tabula

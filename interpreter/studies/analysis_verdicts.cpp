#include "studies/analysis_verdicts.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

namespace tabula {
namespace {

// Fewer games than this make no finding: the verdict names too few games as the reason.
constexpr int kFewGames = 10;

int pct(double x) { return static_cast<int>(std::lround(x * 100)); }
Json pair(const Interval& ci) { return Json::array({json_round(ci.low), json_round(ci.high)}); }

// The phase whose games say most about good play: good play when it was played.
const MatchReport& judged(const Analysis& a) { return a.has_good() && a.good.games ? a.good : a.random_play; }
std::string judged_name(const Analysis& a) { return a.has_good() && a.good.games ? "good play" : "random play"; }
std::string judged_players(const Analysis& a) {
  return a.has_good() && a.good.games ? a.good_player + " in every seat" : "random";
}

Verdict balance(const Analysis& a) {
  const MatchReport& r = judged(a);
  Verdict v{"balance", "", "", {}};
  const Interval ci = r.first_player_interval(), random_ci = a.random_play.first_player_interval();
  const double fair = r.fair_share(), share = r.first_player_share();
  v.fields = {
      {"share", json_round(share)},
      {"interval", pair(ci)},
      {"fair_share", json_round(fair)},
      {"players", judged_players(a)},
      {"phase", judged_name(a)},
      {"games", r.games},
      {"decisive_games", r.decisive()},
      {"distinct_games", r.distinct_games},
      {"effective_games", json_round(r.effective_games, 2)},
      {"random_play", {{"share", json_round(a.random_play.first_player_share())}, {"interval", pair(random_ci)}}}};
  Json seats = Json::array();
  for (size_t st = 0; st < r.per_seat.size(); ++st) {
    const Tally& t = r.per_seat[st];
    seats.push_back({{"seat", st < r.seat_names.size() ? r.seat_names[st] : t.name},
                     {"share", json_round(t.win_rate())},
                     {"interval", pair(r.win_interval(t))}});
  }
  v.fields["per_seat"] = seats;
  v.fields["proven"] = a.start.proven;
  if (a.start.proven) {  // the truth, with good play's figures beside it
    v.verdict = a.start.value;
    v.fields["value"] = a.start.value;
    if (a.start.scored) v.fields["score"] = a.start.score;
    v.text = start_value_text(a.start);
    if (r.games) {  // how often good play reaches the proven result: how hard it is to find
      const int first = r.first_player_wins(), second = r.decisive() - first;
      const int found = a.start.value == "first-player-win" ? first : a.start.value == "draw" ? r.draws : second;
      v.fields["found_by_good_play"] = json_round(double(found) / r.games);
      v.text += fmt::format("; {} ({}) reaches that result in {} of {} games (first player {}, second {}, drawn {})",
                            judged_name(a), judged_players(a), found, r.games, first, second, r.draws);
    }
    return v;
  }
  v.fields["not_proven"] = a.start.why_not;
  if (r.games == 0) {
    v.verdict = "not-measured";
    v.text = fmt::format("no game of {} was played: the balance cannot be measured", judged_name(a));
    return v;
  }
  // Every game counts: a draw is half a point (a share of the points among more sides), so a
  // game that good play draws is a finding, not a game left out.
  const double draw_rate = double(r.draws) / r.games;
  const double points = r.first_player_wins() + r.draws * fair;
  const Interval pts = r.interval(points, r.games), draws = r.interval(r.draws, r.games);
  v.fields["points_share"] = json_round(points / r.games);
  v.fields["points_interval"] = pair(pts);
  v.fields["draw_rate"] = json_round(draw_rate);
  v.fields["draw_interval"] = pair(draws);
  v.fields["half_width"] = json_round((pts.high - pts.low) / 2);
  const int half = pct((pts.high - pts.low) / 2);
  std::string figures = fmt::format(
      "the first player scores {}% [{}%, {}%] of the points under {} ({}, {} games, {} distinct: {} won by the first "
      "player, {} by another, {} drawn ({}%))",
      pct(points / r.games), pct(pts.low), pct(pts.high), judged_name(a), judged_players(a), r.games, r.distinct_games,
      r.first_player_wins(), r.decisive() - r.first_player_wins(), r.draws, pct(draw_rate));
  if (r.decisive() > 0)
    figures +=
        fmt::format("; of decisive games the first player wins {}% [{}%, {}%]", pct(share), pct(ci.low), pct(ci.high));
  figures += fmt::format("; fair share {}%; random play {}% [{}%, {}%] of decisive games", pct(fair),
                         pct(a.random_play.first_player_share()), pct(random_ci.low), pct(random_ci.high));
  const std::string measured = fmt::format(" (measured over games, not proven: {})", a.start.why_not);
  // A handful of games is no finding, whichever way they went.
  if (r.games < kFewGames) {
    v.verdict = "not-measured";
    v.text = figures + fmt::format(": too few games to tell ({}, fewer than {})", r.games, kFewGames) + measured;
    return v;
  }
  if (pts.low > fair) {
    v.verdict = "first-player-advantage";
    v.text = figures + ": a first-player advantage";
  } else if (pts.high < fair) {
    v.verdict = r.sides == 2 ? "second-player-advantage" : "first-player-disadvantage";
    v.text = figures + (r.sides == 2 ? ": a second-player advantage" : ": a first-player disadvantage");
  } else if (draws.low > 0.5) {
    v.verdict = "likely-draw";
    v.text = figures + fmt::format(
                           ": most games are drawn and neither side is ahead at +/- {} points: a draw is likely "
                           "under good play",
                           half);
  } else {
    v.verdict = "no-difference-detected";
    v.text = figures + fmt::format(": no difference detected at +/- {} points", half);
  }
  v.text += measured;
  return v;
}

// Where the start is not proven: what the solver proved walking the good-play games back
// from their ends (studies/end_proofs).
Verdict end_proofs(const Analysis& a) {
  Verdict v{"end_proofs", "not-tried", "", end_proofs_json(a.ends)};
  const EndProofs& e = a.ends;
  v.text = end_proofs_text(e);
  if (!e.tried) return v;
  v.verdict = e.proven_games == 0 ? "nothing-proven" : e.thrown > 0 ? "proven-results-thrown" : "proven-results-kept";
  return v;
}

Verdict skill(const Analysis& a) {
  Verdict v{"skill", "", "", {}};
  const MatchReport& r = a.skill;
  const Tally* t = nullptr;
  for (const auto& p : r.players)
    if (p.name == a.strong_player) t = &p;
  if (!t || t->games == 0) {
    v.verdict = "not-measured";
    v.text = "not measured: no game of the strong player against random players";
    return v;
  }
  const Interval ci = r.win_interval(*t);
  const double fair = r.fair_share();
  v.fields = {{"share", json_round(t->win_rate())},      {"interval", pair(ci)},       {"fair_share", json_round(fair)},
              {"gap", json_round(t->win_rate() - fair)}, {"players", a.strong_player}, {"games", t->games}};
  // A handful of games is no verdict, whichever way it went (4 wins of 4 included).
  if (t->games < kFewGames) {
    v.verdict = "not-measured";
    v.text = fmt::format(
        "{} beats random players {}% [{}%, {}%] (fair share {}%) in {} games: too few games to tell "
        "(fewer than {})",
        a.strong_player, pct(t->win_rate()), pct(ci.low), pct(ci.high), pct(fair), t->games, kFewGames);
    return v;
  }
  v.verdict = ci.low > fair + 0.25 ? "skill-matters" : ci.low > fair ? "skill-matters-a-little" : "skill-does-not-show";
  v.text = fmt::format("{} beats random players {}% [{}%, {}%] (fair share {}%, {} games): {}", a.strong_player,
                       pct(t->win_rate()), pct(ci.low), pct(ci.high), pct(fair), t->games,
                       v.verdict == "skill-matters"            ? "skill matters"
                       : v.verdict == "skill-matters-a-little" ? "skill matters a little"
                                                               : "skill does not show: the strong player does not "
                                                                 "beat random players reliably (the rules have no "
                                                                 "chance, so the player is too weak for them)");
  return v;
}

Verdict decisiveness(const Analysis& a) {
  const MatchReport& r = judged(a);
  Verdict v{"decisiveness", "", "", {}};
  const double draws = r.games ? double(r.draws) / r.games : 0;
  const Interval ci = r.interval(r.draws, r.games);
  v.fields = {{"draw_rate", json_round(draws)},
              {"interval", pair(ci)},
              {"decisive_rate", json_round(1 - draws)},
              {"phase", judged_name(a)},
              {"random_play_draw_rate",
               json_round(a.random_play.games ? double(a.random_play.draws) / a.random_play.games : 0)}};
  v.verdict = draws < 0.1 ? "decisive" : draws < 0.3 ? "some-draws" : "drawish";
  v.text = fmt::format("{}% of games under {} are drawn [{}%, {}%]: {}", pct(draws), judged_name(a), pct(ci.low),
                       pct(ci.high),
                       v.verdict == "decisive"     ? "decisive"
                       : v.verdict == "some-draws" ? "some draws"
                                                   : "drawish");
  if (r.games < kFewGames) v.text += fmt::format("; too few games to tell ({}, fewer than {})", r.games, kFewGames);
  if (a.start.proven)
    v.text += a.start.value == "draw" ? " (perfect play draws: proven)" : " (perfect play wins: proven)";
  return v;
}

Verdict ending(const Analysis& a) {
  Verdict v{"ending", "", "", {}};
  auto rate = [](const MatchReport& r) { return r.games ? double(r.cut) / r.games : 0.0; };
  const double worst = std::max(rate(a.random_play), a.has_good() ? rate(a.good) : 0.0);
  v.fields = {{"cut_rate", json_round(worst)},
              {"random_play_cut_rate", json_round(rate(a.random_play))},
              {"good_play_cut_rate", json_round(a.has_good() ? rate(a.good) : 0.0)}};
  v.verdict = worst <= 0.01 ? "games-finish" : worst <= 0.1 ? "some-games-stall" : "many-games-stall";
  v.text = fmt::format("{}% of random games and {}% of good-play games stopped at the ply limit: {}",
                       pct(rate(a.random_play)), pct(a.has_good() ? rate(a.good) : 0.0),
                       v.verdict == "games-finish"       ? "games finish"
                       : v.verdict == "some-games-stall" ? "some games stall"
                                                         : "many games stall");
  return v;
}

const char* length_word(double mean) {
  return mean < 10 ? "very-short" : mean < 40 ? "short" : mean < 200 ? "moderate" : mean < 500 ? "long" : "very-long";
}

Verdict length(const Analysis& a) {
  const MatchReport& r = judged(a);
  Verdict v{"length", length_word(r.length.mean()), "", {}};
  v.fields = {{"mean", json_round(r.length.mean(), 2)},
              {"stddev", json_round(r.length.stddev(), 2)},
              {"min", r.length.min()},
              {"max", r.length.max()},
              {"phase", judged_name(a)},
              {"random_play_mean", json_round(a.random_play.length.mean(), 2)}};
  v.text = fmt::format("games under {} last {:.0f} plies on average (stddev {:.0f}, {} to {}; random play {:.0f}): {}",
                       judged_name(a), r.length.mean(), r.length.stddev(), r.length.min(), r.length.max(),
                       a.random_play.length.mean(), v.verdict);
  return v;
}

Verdict branching(const Analysis& a) {
  Verdict v{"branching", "", "", {}};
  const double b = a.random_play.branching;
  v.verdict = b < 3 ? "very-narrow" : b < 10 ? "narrow" : b < 50 ? "moderate" : b < 150 ? "wide" : "very-wide";
  v.fields = {{"mean", json_round(b, 2)}, {"good_play_mean", json_round(a.has_good() ? a.good.branching : 0, 2)}};
  const GameMeasures& m = a.good_measures.games ? a.good_measures : a.random_measures;
  std::string trend;
  if (m.games) {
    Json tenths = Json::array();
    for (double x : m.branching_by_tenth) tenths.push_back(json_round(x, 2));
    v.fields["by_tenth"] = tenths;
    const double first = m.branching_by_tenth.front(), last = m.branching_by_tenth.back();
    trend = last < first / 2 ? "narrows" : last > first * 2 ? "widens" : "steady";
    v.fields["trend"] = trend;
    const char* course = trend == "steady" ? "stays steady" : trend.c_str();
    trend =
        fmt::format("; over a game it {} ({:.0f} moves in the first tenth, {:.0f} in the last)", course, first, last);
  }
  v.text = fmt::format("{:.0f} legal moves per position in random play{}: {}", b, trend, v.verdict);
  return v;
}

Verdict drama(const Analysis& a) {
  Verdict v{"drama", "not-measured", "not measured: no good-play games were replayed", {}};
  const GameMeasures& m = a.good_measures;
  if (!m.evaluated || m.games == 0) return v;
  // The winner's path needs winners, and a handful of them says little.
  if (a.good.decisive() < kFewGames) {
    v.text = a.good.decisive() == 0 ? "not measured: no good-play game was decisive, so there is no winner to follow"
                                    : fmt::format(
                                          "not measured: too few decisive good-play games to tell ({}, fewer "
                                          "than {})",
                                          a.good.decisive(), kFewGames);
    return v;
  }
  v.fields = {{"lead_changes", json_round(m.lead_changes, 3)},
              {"drama", json_round(m.drama)},
              {"decided_at", json_round(m.decided_at)}};
  v.verdict = m.drama >= 0.15 ? "comebacks" : m.decided_at < 0.25 ? "decided-early" : "steady";
  v.text = fmt::format(
      "under good play the lead changes {:.1f} times a game, the winner is behind in {}% of the plies and leads for "
      "good after {}% of the game: {}",
      m.lead_changes, pct(m.drama), pct(m.decided_at),
      v.verdict == "comebacks"       ? "comebacks happen"
      : v.verdict == "decided-early" ? "decided early"
                                     : "a steady build-up");
  return v;
}

Verdict first_move(const Analysis& a) {
  Verdict v{"first_move", "not-measured", "not measured: too few good-play games share a first move", {}};
  const GameMeasures& m = a.good_measures;
  if (m.first_move_groups == 0) return v;
  v.fields = {{"groups", m.first_move_groups},
              {"games", m.first_move_games},
              {"predicts", json_round(m.first_move_predicts)},
              {"baseline", json_round(m.overall_predicts)}};
  const double gain = m.first_move_predicts - m.overall_predicts;
  v.verdict = m.first_move_groups >= 2 && m.first_move_predicts >= 0.9 && gain >= 0.15 ? "first-move-decides"
              : gain >= 0.1                                                            ? "first-move-matters"
                                                                                       : "first-move-open";
  v.text = fmt::format(
      "knowing the first move predicts the winner of {}% of good-play games ({} first moves played twice or more), "
      "against {}% without it: {}",
      pct(m.first_move_predicts), m.first_move_groups, pct(m.overall_predicts),
      v.verdict == "first-move-decides"   ? "the first move decides"
      : v.verdict == "first-move-matters" ? "the first move matters"
                                          : "the game stays open");
  return v;
}

Verdict board(const Analysis& a) {
  Verdict v{"board", "not-measured", "not measured: the games were not replayed", {}};
  const GameMeasures& m = a.good_measures.games ? a.good_measures : a.random_measures;
  if (!m.games) return v;
  v.fields = {{"used", json_round(m.board_used)},
              {"random_play_used", json_round(a.random_measures.board_used)},
              {"phase", a.good_measures.games ? "good play" : "random play"}};
  v.verdict = m.board_used >= 0.9 ? "whole-board" : m.board_used >= 0.6 ? "most-of-the-board" : "part-of-the-board";
  v.text = fmt::format("moves start, land or take on {}% of the cells under {} ({}% in random play)", pct(m.board_used),
                       a.good_measures.games ? "good play" : "random play", pct(a.random_measures.board_used));
  return v;
}

Verdict rules(const Analysis& a) {
  Verdict v{"rules", "not-measured", "not measured: the games were not replayed", {}};
  std::vector<const GameMeasures*> measured;
  for (const GameMeasures* m : {&a.random_measures, &a.good_measures})
    if (m->games) measured.push_back(m);
  if (measured.empty()) return v;
  Json never = Json::array(), always = Json::array();
  std::string never_text, always_text;
  // The rules are the same list in every phase's measures (one program).
  using Kind = GameMeasures::Rule::Kind;
  for (size_t i = 0; i < measured[0]->rules.size(); ++i) {
    const auto& rule = measured[0]->rules[i];
    int fired = 0;
    bool everywhere = true;
    for (const GameMeasures* m : measured)
      fired += m->rules[i].games, everywhere = everywhere && m->rules[i].games == m->games;
    // The ply limit and the catch-all ends are safety nets: they are expected not to fire.
    const bool net = rule.kind == Kind::end && (rule.what == "the ply limit" || rule.what.starts_with("another end"));
    if (fired == 0 && !net) never.push_back(rule.what), never_text += (never_text.empty() ? "" : "; ") + rule.what;
    else if (everywhere && rule.kind != Kind::end)
      always.push_back(rule.what), always_text += (always_text.empty() ? "" : "; ") + rule.what;
  }
  v.fields = {{"never", never}, {"always", always}};
  v.verdict = never.empty() ? "every-rule-fires" : "some-rules-never-fire";
  v.text = never.empty() ? "every rule fired in some game" : "never fired: " + never_text;
  if (!always_text.empty()) v.text += "; fired in every game: " + always_text;
  return v;
}

}  // namespace

std::vector<Verdict> analysis_verdicts(const Analysis& a) {
  return {balance(a), end_proofs(a), decisiveness(a), ending(a), length(a), branching(a),
          skill(a),   drama(a),      first_move(a),   board(a),  rules(a)};
}

}  // namespace tabula

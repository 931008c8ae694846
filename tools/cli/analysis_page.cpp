#include "analysis_page.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "picture/board_svg.hpp"
#include "picture/svg_text.hpp"

namespace tabula::cli {
namespace {

constexpr const char* kStyle = R"css(
body { font-family: DejaVu Sans, Arial, sans-serif; margin: 1.5em; color: #2b2b2b; background: #fcfaf5; max-width: 70em; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; margin-top: 1.6em; } h3 { font-size: 1em; }
table { border-collapse: collapse; margin: 0.5em 0; } td, th { padding: 0.2em 0.6em; text-align: left; vertical-align: top; }
tr:nth-child(even) { background: #f1ece0; }
.plots { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
.plot { font-size: 11px; }
.verdict { font-family: monospace; white-space: nowrap; }
)css";

constexpr double kWidth = 320, kHeight = 180, kLeft = 40, kBottom = 30, kTop = 20;

std::string e(const std::string& s) { return xml_escape(s); }

std::string plot_open(const std::string& title) {
  return fmt::format(
      "<svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\">"
      "<text x=\"{2}\" y=\"13\" font-weight=\"bold\">{3}</text>"
      "<line x1=\"{2}\" y1=\"{4}\" x2=\"{2}\" y2=\"{5}\" stroke=\"#555\"/>"
      "<line x1=\"{2}\" y1=\"{5}\" x2=\"{6}\" y2=\"{5}\" stroke=\"#555\"/>",
      kWidth, kHeight, kLeft, e(title), kTop, kHeight - kBottom, kWidth - 10);
}

double y_of(double v, double top) { return kHeight - kBottom - (kHeight - kBottom - kTop) * (top > 0 ? v / top : 0); }

// The first player's share with its 95% interval, per phase, and the fair share as a line.
std::string share_plot(const Analysis& a) {
  std::string out = plot_open("first player's share of decisive games");
  struct Bar {
    const char* name;
    const MatchReport* r;
  };
  std::vector<Bar> bars = {{"random", &a.random_play}};
  if (a.has_good()) bars.push_back({"good play", &a.good});
  const double fair = a.random_play.fair_share();
  out += fmt::format(R"(<line x1="{}" y1="{:.1f}" x2="{}" y2="{:.1f}" stroke="#b33" stroke-dasharray="4 3"/>)", kLeft,
                     y_of(fair, 1), kWidth - 10, y_of(fair, 1));
  out += fmt::format(R"(<text x="{}" y="{:.1f}" fill="#b33">fair {:.0f}%</text>)", kWidth - 70, y_of(fair, 1) - 3,
                     100 * fair);
  for (int tick = 0; tick <= 4; ++tick)
    out += fmt::format(R"(<text x="4" y="{:.1f}">{}%</text>)", y_of(tick / 4.0, 1) + 4, tick * 25);
  for (size_t i = 0; i < bars.size(); ++i) {
    const double x = kLeft + 60 + 120 * static_cast<double>(i);
    const Interval ci = bars[i].r->first_player_interval();
    const double share = bars[i].r->first_player_share();
    out += fmt::format(R"(<line x1="{0}" y1="{1:.1f}" x2="{0}" y2="{2:.1f}" stroke="#225" stroke-width="2"/>)", x,
                       y_of(ci.low, 1), y_of(ci.high, 1));
    out += fmt::format(R"(<circle cx="{}" cy="{:.1f}" r="5" fill="#36c"/>)", x, y_of(share, 1));
    out += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle">{} ({:.0f}%)</text>)", x, kHeight - 12, bars[i].name,
                       100 * share);
  }
  return out + "</svg>";
}

// A histogram of game lengths in 12 bins, the phases side by side.
std::string length_plot(const Analysis& a) {
  std::string out = plot_open("game length (plies)");
  int longest = 1;
  for (int l : a.random_lengths) longest = std::max(longest, l);
  for (int l : a.good_lengths) longest = std::max(longest, l);
  constexpr int kBins = 12;
  auto bins = [&](const std::vector<int>& lengths) {
    std::vector<double> b(kBins, 0);
    for (int l : lengths) b[static_cast<size_t>(std::min(kBins - 1, l * kBins / (longest + 1)))] += 1;
    for (double& x : b) x /= std::max<size_t>(1, lengths.size());
    return b;
  };
  const auto random = bins(a.random_lengths), good = bins(a.good_lengths);
  double top = 0;
  for (double x : random) top = std::max(top, x);
  for (double x : good) top = std::max(top, x);
  const double w = (kWidth - kLeft - 20) / kBins;
  for (int i = 0; i < kBins; ++i) {
    const double x = kLeft + 5 + w * i;
    out += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="#9ab"/>)", x,
                       y_of(random[i], top), w / 2 - 1, kHeight - kBottom - y_of(random[i], top));
    out += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="#36c"/>)", x + w / 2,
                       y_of(good[i], top), w / 2 - 1, kHeight - kBottom - y_of(good[i], top));
  }
  out += fmt::format(R"(<text x="{}" y="{}">0</text><text x="{}" y="{}" text-anchor="end">{}</text>)", kLeft,
                     kHeight - 12, kWidth - 10, kHeight - 12, longest);
  out += R"(<text x="120" y="30" fill="#9ab">random</text><text x="200" y="30" fill="#36c">good play</text>)";
  return out + "</svg>";
}

// Legal moves in each tenth of a game, per phase.
std::string branching_plot(const Analysis& a) {
  std::string out = plot_open("legal moves over a game (tenths)");
  double top = 1;
  for (const GameMeasures* m : {&a.random_measures, &a.good_measures})
    for (double x : m->branching_by_tenth) top = std::max(top, x);
  auto line = [&](const GameMeasures& m, const char* colour) {
    if (!m.games) return std::string();
    std::string points;
    for (size_t t = 0; t < m.branching_by_tenth.size(); ++t)
      points += fmt::format("{:.1f},{:.1f} ", kLeft + 10 + (kWidth - kLeft - 30) * t / 9.0,
                            y_of(m.branching_by_tenth[t], top));
    return fmt::format(R"(<polyline points="{}" fill="none" stroke="{}" stroke-width="2"/>)", points, colour);
  };
  out += line(a.random_measures, "#9ab") + line(a.good_measures, "#36c");
  out += fmt::format(R"(<text x="4" y="{:.1f}">{:.0f}</text>)", y_of(top, top) + 4, top);
  out += R"(<text x="120" y="30" fill="#9ab">random</text><text x="200" y="30" fill="#36c">good play</text>)";
  return out + "</svg>";
}

// The board with its cells shaded by the moves that landed there (four bands).
std::string heat_map(const AnalysedVariant& v) {
  const GameMeasures& m = v.analysis.good_measures.games ? v.analysis.good_measures : v.analysis.random_measures;
  if (!m.games || !v.program) return "";
  double most = 0;
  for (double x : m.landings) most = std::max(most, x);
  PictureOptions options;
  for (const auto& pl : v.program->players) options.side_names.push_back(pl.name);
  options.cell_size = 28;
  options.title = "where moves land";
  options.caption =
      fmt::format("where moves land ({}; darker: more)", v.analysis.good_measures.games ? "good play" : "random play");
  const char* bands[] = {"up to a quarter of the most", "a quarter to a half", "a half to three quarters",
                         "the most visited quarter"};
  for (int b = 0; b < 4; ++b) {
    ShadedCells s{bands[b], {}};
    for (size_t c = 0; c < m.landings.size(); ++c) {
      const double x = most > 0 ? m.landings[c] / most : 0;
      if (x > 0 && std::min(3, static_cast<int>(x * 4 - 1e-9)) == b) s.cells.push_back(static_cast<int>(c));
    }
    options.shaded.push_back(std::move(s));
  }
  const SvgParts parts = board_svg_parts(*v.program->board, {}, options);
  return svg_open(parts, false) + parts.board + "</svg>";
}

std::string verdict_table(const Analysis& a) {
  std::string out = "<table><tr><th>measure</th><th>verdict</th><th>what was found</th></tr>\n";
  for (const auto& v : a.verdicts)
    out += fmt::format("<tr><td>{}</td><td class=\"verdict\">{}</td><td>{}</td></tr>\n", e(v.name), e(v.verdict),
                       e(v.text));
  return out + "</table>\n";
}

}  // namespace

std::string analysis_page(const std::vector<AnalysedVariant>& variants, const Comparison* comparison) {
  std::string title = "Analysis";
  for (size_t i = 0; i < variants.size(); ++i) title += (i ? ", " : " of ") + variants[i].analysis.rules;
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n";
  out += "<title>" + e(title) + "</title>\n<style>" + std::string(kStyle) + "</style>\n</head>\n<body>\n";
  out += "<h1>" + e(title) + "</h1>\n";
  if (comparison && !comparison->differences.empty()) {
    out += "<h2>Differences</h2>\n<ul>\n";
    for (const auto& d : comparison->differences) out += "<li>" + e(d.text) + "</li>\n";
    out += "</ul>\n";
  }
  for (const auto& v : variants) {
    const Analysis& a = v.analysis;
    out += "<h2>" + e(a.rules) + "</h2>\n";
    out += fmt::format("<p>Random play: {} games. Skill: {} against random players, {} games.{}</p>\n",
                       a.random_play.games, e(a.strong_player), a.skill.games,
                       a.has_good() ? fmt::format(" Good play: {} in every seat, {} games ({} distinct).",
                                                  e(a.good_player), a.good.games, a.good.distinct_games)
                                    : "");
    out += verdict_table(a);
    out += "<div class=\"plots\">\n" + share_plot(a) + "\n" + length_plot(a) + "\n" + branching_plot(a) + "\n" +
           heat_map(v) + "\n</div>\n";
  }
  return out + "</body>\n</html>\n";
}

}  // namespace tabula::cli

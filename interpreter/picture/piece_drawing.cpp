#include "picture/piece_drawing.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace tabula {
namespace {

struct Colour {
  const char* name;
  const char* fill;
  const char* stroke;
  const char* ink;
};

// Fills spread over the grey scale: white and yellow light, green and red in the middle,
// blue and black dark; the ink is black or white, whichever contrasts.
constexpr Colour kColours[] = {
    {"white", "#f7f4ec", "#2b2b2b", "#2b2b2b"},  {"black", "#262626", "#000000", "#f2f2f2"},
    {"red", "#c8372d", "#4a0f0a", "#ffffff"},    {"blue", "#2f5fbf", "#0d2251", "#ffffff"},
    {"green", "#4fa85e", "#123d1a", "#102a14"},  {"yellow", "#f2c230", "#5c4400", "#3a2b00"},
    {"orange", "#ec8a2c", "#5a2e00", "#2b1600"}, {"purple", "#7b4bb0", "#2a1245", "#ffffff"},
    {"brown", "#8a5a2b", "#3b230c", "#ffffff"},  {"grey", "#9a9a9a", "#3a3a3a", "#111111"},
    {"gray", "#9a9a9a", "#3a3a3a", "#111111"},   {"pink", "#f29bc1", "#6a1f41", "#3a0f22"},
};
constexpr int kDefaultOrder[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11};  // "gray" is "grey"

std::string lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// A kind's mark on a piece of radius r seen from above; `with_letter` leaves the middle free.
std::string mark_svg(Point c, double r, int mark, const std::string& ink, bool with_letter) {
  if (mark == 1 || mark == 4) {  // crown, star: in the middle, or small at the top above a letter
    double s = with_letter ? r * 0.34 : r * 0.55;
    Point at{c.x, with_letter ? c.y - r * 0.56 : c.y};
    std::vector<Point> pts;
    if (mark == 1) {
      const double crown[][2] = {{-1, 0.6}, {-1, -0.55}, {-0.5, 0.05}, {0, -0.75}, {0.5, 0.05}, {1, -0.55}, {1, 0.6}};
      for (auto& p : crown) pts.push_back({at.x + p[0] * s, at.y + p[1] * s});
    } else {
      for (int k = 0; k < 10; ++k) {
        double angle = -std::numbers::pi / 2 + k * std::numbers::pi / 5, rr = k % 2 ? s * 0.45 : s * 1.1;
        pts.push_back({at.x + rr * std::cos(angle), at.y + rr * std::sin(angle)});
      }
    }
    return fmt::format(R"(<polygon points="{}" fill="{}"/>)", points_attribute(pts), ink);
  }
  if (mark == 2)  // ring
    return fmt::format(R"(<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="{}"/>)", num(c.x),
                       num(c.y), num(r * 0.72), ink, num(r * 0.1));
  if (mark >= 5)  // further kinds: a dashed ring
    return fmt::format(
        R"(<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="{}" stroke-dasharray="{}"/>)", num(c.x),
        num(c.y), num(r * 0.72), ink, num(r * 0.1), num(r * 0.25));
  return {};  // 0: plain; 3: the tower is the body's shape
}

// The body of a piece: a disc, or for a tower a square with battlements.
std::string body_svg(Point c, double r, int mark, const SideStyle& style, const std::string& fill) {
  if (mark == 3) {
    double h = r * 0.82;
    const double tower[][2] = {{-1, 1},   {1, 1},     {1, -1},      {0.6, -1},    {0.6, -0.7}, {0.2, -0.7},
                               {0.2, -1}, {-0.2, -1}, {-0.2, -0.7}, {-0.6, -0.7}, {-0.6, -1},  {-1, -1}};
    std::vector<Point> pts;
    for (auto& p : tower) pts.push_back({c.x + p[0] * h, c.y + p[1] * h});
    return fmt::format(R"(<polygon points="{}" fill="{}" stroke="{}" stroke-width="{}" stroke-linejoin="round"/>)",
                       points_attribute(pts), fill, style.stroke, num(r * 0.08));
  }
  return fmt::format(R"(<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="{}"/>)", num(c.x), num(c.y),
                     num(r), fill, style.stroke, num(r * 0.08));
}

std::string piece_title(const SideStyle& style, const PieceView& p) {
  return p.kind_name.empty() ? style.name : style.name + " " + p.kind_name;
}

const SideStyle& style_of(const std::vector<SideStyle>& styles, int side) {
  static const SideStyle fallback{"?", "#888888", "#000000", "#000000", ""};
  return side >= 0 && side < static_cast<int>(styles.size()) ? styles[side] : fallback;
}

}  // namespace

std::vector<SideStyle> side_styles(const std::vector<std::string>& side_names, int count) {
  count = std::max(count, static_cast<int>(side_names.size()));
  std::vector<int> chosen(count, -1);
  std::vector<bool> used(std::size(kColours), false);
  for (int s = 0; s < static_cast<int>(side_names.size()); ++s)
    for (size_t k = 0; k < std::size(kColours); ++k)
      if (lower(side_names[s]) == kColours[k].name && !used[k]) {
        chosen[s] = static_cast<int>(k), used[k] = true;
        if (k == 9 || k == 10) used[9] = used[10] = true;
        break;
      }
  for (int s = 0; s < count; ++s)
    for (int k : kDefaultOrder)
      if (chosen[s] < 0 && !used[k]) chosen[s] = k, used[k] = true;
  std::vector<SideStyle> out;
  for (int s = 0; s < count; ++s) {
    const Colour& c = kColours[chosen[s] >= 0 ? chosen[s] : 9];
    std::string name = s < static_cast<int>(side_names.size()) ? side_names[s] : fmt::format("side {}", s + 1);
    // Beyond two sides, a pattern tells the sides apart where colours alone would not.
    out.push_back({name, c.fill, c.stroke, c.ink, s >= 2 ? fmt::format("side-pattern-{}", s) : ""});
  }
  return out;
}

std::string side_pattern_defs(const std::vector<SideStyle>& styles) {
  std::string out;
  for (size_t s = 0; s < styles.size(); ++s) {
    if (styles[s].pattern.empty()) continue;
    const std::string& ink = styles[s].ink;
    std::string shapes;
    if (s % 3 == 2)  // hatching
      shapes =
          fmt::format(R"(<path d="M0 6L6 0M-1 1L1 -1M5 7L7 5" stroke="{}" stroke-width="1.2" opacity="0.6"/>)", ink);
    else if (s % 3 == 0)  // dots
      shapes = fmt::format(R"(<circle cx="3" cy="3" r="1.2" fill="{}" opacity="0.7"/>)", ink);
    else  // cross-hatching
      shapes = fmt::format(R"(<path d="M0 6L6 0M0 0L6 6" stroke="{}" stroke-width="1" opacity="0.6"/>)", ink);
    out += fmt::format(R"(<pattern id="{}" width="6" height="6" patternUnits="userSpaceOnUse">{}</pattern>)",
                       styles[s].pattern, shapes) +
           "\n";
  }
  return out;
}

std::string flat_piece_svg(Point c, double r, const SideStyle& style, const PieceView& piece, bool letter) {
  bool with_letter = letter && !piece.symbol.empty();
  int mark = std::max(0, piece.kind);
  std::string out = fmt::format(R"(<g class="piece" data-side="{}" data-kind="{}"><title>{}</title>)", piece.side,
                                piece.kind, xml_escape(piece_title(style, piece)));
  // A soft shadow lifts the piece off the board.
  out += "<g opacity=\"0.22\">" + body_svg({c.x + r * 0.07, c.y + r * 0.1}, r, mark, style, "#000000") + "</g>";
  out += body_svg(c, r, mark, style, style.fill);
  if (!style.pattern.empty()) out += body_svg(c, r, mark, style, "url(#" + style.pattern + ")");
  out += mark_svg(c, r, mark, style.ink, with_letter);
  if (with_letter) {
    bool top_mark = mark == 1 || mark == 4;
    double size = top_mark ? r * 0.8 : r * 1.05;
    double y = c.y + size * 0.36 + (top_mark ? r * 0.25 : 0);
    out += fmt::format(
        R"(<text x="{}" y="{}" font-size="{}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" text-anchor="middle" fill="{}">{}</text>)",
        num(c.x), num(y), num(size), style.ink, xml_escape(piece.symbol));
  }
  return out + "</g>\n";
}

std::string stack_svg(Point c, double pitch, const std::vector<SideStyle>& styles,
                      const std::vector<PieceView>& column) {
  if (column.empty()) return {};
  const int h = static_cast<int>(column.size());
  const double rx = pitch * 0.38, ry = pitch * 0.14;
  // Counters stay at least a pixel and a half thick; a tall column shares the cell's height.
  const double t = std::max(1.5, std::min(pitch * 0.14, pitch * 0.54 / h));
  const double bottom = c.y + h * t / 2;  // centre of the lowest counter's bottom face
  const SideStyle& top_style = style_of(styles, column.back().side);
  std::string title;
  for (int i = h - 1; i >= 0; --i)
    title += (i < h - 1 ? ", " : "") + piece_title(style_of(styles, column[i].side), column[i]);
  if (h > 1) title += " (top first)";
  std::string out = fmt::format(R"(<g class="piece column" data-side="{}" data-height="{}"><title>{}</title>)",
                                column.back().side, h, xml_escape(title));
  out += fmt::format(R"(<ellipse cx="{}" cy="{}" rx="{}" ry="{}" fill="#000000" opacity="0.22"/>)",
                     num(c.x + pitch * 0.03), num(bottom + pitch * 0.03), num(rx), num(ry));
  for (int i = 0; i < h; ++i) {
    const SideStyle& s = style_of(styles, column[i].side);
    double y = bottom - (i + 1) * t;  // centre of this counter's top face
    // The side band: between the front halves of the top and bottom faces.
    std::string band = fmt::format("M{} {}L{} {}A{} {} 0 0 0 {} {}L{} {}A{} {} 0 0 1 {} {}Z", num(c.x - rx), num(y),
                                   num(c.x - rx), num(y + t), num(rx), num(ry), num(c.x + rx), num(y + t),
                                   num(c.x + rx), num(y), num(rx), num(ry), num(c.x - rx), num(y));
    out += fmt::format(R"(<g class="counter" data-side="{}" data-kind="{}">)", column[i].side, column[i].kind);
    out += fmt::format(R"(<path d="{}" fill="{}" stroke="{}" stroke-width="{}"/>)", band, s.fill, s.stroke,
                       num(std::min(1.0, t * 0.3)));
    if (!s.pattern.empty()) out += fmt::format(R"~(<path d="{}" fill="url(#{})"/>)~", band, s.pattern);
    out += fmt::format(R"(<path d="{}" fill="#000000" opacity="0.15"/>)", band);
    if (column[i].kind > 0) {  // a stripe round the band: solid, dashed, dotted by kind
      std::string dash = column[i].kind == 1
                             ? ""
                             : fmt::format(R"( stroke-dasharray="{}")", num(column[i].kind == 2 ? t * 1.5 : t * 0.5));
      out += fmt::format(R"(<path d="M{} {}A{} {} 0 0 0 {} {}" fill="none" stroke="{}" stroke-width="{}"{}/>)",
                         num(c.x - rx), num(y + t / 2), num(rx), num(ry), num(c.x + rx), num(y + t / 2), s.ink,
                         num(std::max(0.8, t * 0.35)), dash);
    }
    out += fmt::format(R"(<ellipse cx="{}" cy="{}" rx="{}" ry="{}" fill="{}" stroke="{}" stroke-width="{}"/>)",
                       num(c.x), num(y), num(rx), num(ry), s.fill, s.stroke, num(std::min(1.2, pitch * 0.025)));
    if (!s.pattern.empty())
      out += fmt::format(R"~(<ellipse cx="{}" cy="{}" rx="{}" ry="{}" fill="url(#{})"/>)~", num(c.x), num(y), num(rx),
                         num(ry), s.pattern);
    out += "</g>";
  }
  // The top counter's kind, on its top face (the mark drawn flat, then squashed).
  double top = bottom - h * t;
  std::string mark = mark_svg({0, 0}, rx * 0.9, column.back().kind, top_style.ink, false);
  if (!mark.empty())
    out +=
        fmt::format(R"~(<g transform="translate({} {}) scale(1 {:.3f})">{}</g>)~", num(c.x), num(top), ry / rx, mark);
  return out + "</g>\n";
}

}  // namespace tabula

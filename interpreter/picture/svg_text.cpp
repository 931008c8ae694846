#include "picture/svg_text.hpp"

#include <fmt/format.h>
#include <cmath>

namespace tabula {

std::string num(double v) {
  // Coordinates of a board file are finite and far below this; the guard keeps lround defined.
  if (!std::isfinite(v) || std::abs(v) > 1e15) return "0";
  long long tenths = std::llround(v * 10);
  if (tenths % 10 == 0) return fmt::format("{}", tenths / 10);
  return fmt::format("{}{}.{}", tenths < 0 ? "-" : "", std::llabs(tenths) / 10, std::llabs(tenths) % 10);
}

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // XML 1.0 has no control characters but tab and line breaks.
        out += static_cast<unsigned char>(ch) < 0x20 && ch != '\t' && ch != '\n' && ch != '\r' ? '?' : ch;
    }
  }
  return out;
}

std::string points_attribute(const std::vector<Point>& points) {
  std::string out;
  for (const Point& p : points) {
    if (!out.empty()) out += ' ';
    out += num(p.x) + "," + num(p.y);
  }
  return out;
}

}  // namespace tabula

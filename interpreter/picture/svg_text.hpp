#pragma once
// The small text helpers every part of an SVG picture uses, so numbers and text are written
// one way: short, locale-free numbers and escaped text.
#include <string>
#include <string_view>
#include <vector>

namespace tabula {

struct Point {
  double x = 0, y = 0;
};

// A coordinate in pixels with at most one decimal ("12.5", "-3", "0"), so pictures are small
// and the same on every machine.
std::string num(double v);

// Text for element content and attribute values: & < > " ' escaped.
std::string xml_escape(std::string_view text);

// "x1,y1 x2,y2 ..." for a polygon or polyline.
std::string points_attribute(const std::vector<Point>& points);

}  // namespace tabula

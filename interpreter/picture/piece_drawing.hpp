#pragma once
// Pieces on a picture: a colour per side that also reads in greyscale (light and dark fills
// with outlines; further sides get their own fills and a hatching or dot pattern), a mark
// per kind (plain disc, crown, ring, square tower, star), and columns drawn as stacks of
// counters in which every counter shows its side and kind.
#include <string>
#include <vector>

#include "picture/picture_views.hpp"
#include "picture/svg_text.hpp"

namespace tabula {

struct SideStyle {
  std::string name;  // for tooltips
  std::string fill, stroke;
  std::string ink;      // marks and letters on the piece: contrasts with fill
  std::string pattern;  // id of a <pattern> laid over the fill, or ""
};

// Styles for sides 0 .. count-1: a side named after a colour gets it; the others take the
// first unused of white, black, red, blue, green, yellow, ...
std::vector<SideStyle> side_styles(const std::vector<std::string>& side_names, int count);

// The <pattern> definitions the styles refer to.
std::string side_pattern_defs(const std::vector<SideStyle>& styles);

// One piece seen from above, as a <g class="piece">.
std::string flat_piece_svg(Point centre, double radius, const SideStyle& style, const PieceView& piece, bool letter);

// A column (bottom first) as a <g class="piece column"> holding one <g class="counter"> per
// counter; the counters get thinner as the column grows, so it stays inside `pitch`.
std::string stack_svg(Point centre, double pitch, const std::vector<SideStyle>& styles,
                      const std::vector<PieceView>& column);

}  // namespace tabula

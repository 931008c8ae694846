#pragma once
// Colour at the terminal: diagnostics (error red, warning yellow, note cyan, the caret
// green) and drawings (each side's pieces in a colour of its own). Only when the stream is
// a terminal and NO_COLOR (https://no-color.org) is unset or empty, and TERM is not "dumb":
// pipes, files and tests that read the output get plain text.
#include <cstdio>
#include <string>

#include "program/program.hpp"

namespace tabula::cli {

bool colour_wanted(std::FILE* stream);

// Rendered diagnostics (diag/render), coloured when standard error wants colour.
std::string coloured_diagnostics(const std::string& text);

// A drawing of a position (draw_state), its pieces coloured by side when standard output
// wants colour.
std::string coloured_drawing(const std::string& text, const Program& program);

}  // namespace tabula::cli

#pragma once
// The catalogue of the language, from its one table (constructs/constructs.def): every
// statement, movement, turn action and condition function with its syntax and summary, as
// Markdown. `tabula language` prints it; docs/LANGUAGE.md holds it, and a test keeps the two
// equal.
#include <string>

namespace tabula {

std::string language_catalogue();

}  // namespace tabula

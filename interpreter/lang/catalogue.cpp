#include "lang/catalogue.hpp"

#include <fmt/format.h>

#include "constructs/registry.hpp"

namespace tabula {
namespace {

template <class Spec>
void section(std::string& out, const char* title, const char* intro, std::span<const Spec* const> specs) {
  out += fmt::format("### {}\n{}\n\n", title, intro);
  for (const Spec* s : specs) out += fmt::format("- `{}`: {}\n", s->syntax, s->summary);
  out += "\n";
}

}  // namespace

std::string language_catalogue() {
  const Registry& r = language();
  std::string out;
  section(out, "Statements", "A rules file is a list of these, one per line (order does not matter).", r.statements);
  section(out, "Movements", "The lines of a `move KINDS { ... }` block.", r.movements);
  section(out, "Turn steps", "The lines of `turn { ... }` and `opening { ... }`.", r.actions);
  section(out, "Condition functions", "Values and tests in conditions (`if`, `where=`, `size=`, `evaluate`).",
          r.functions);
  return out;
}

}  // namespace tabula

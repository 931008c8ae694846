#pragma once
// Command-line usage errors as `tabula` reports them: one sentence naming what was wrong
// ("'x' is not a number", "did you mean 'validate'?"), and exit code 2 (docs/CLI.md), in
// place of CLI11's own wording and codes (105-109).
#include <CLI/CLI.hpp>
#include <string>

namespace tabula::cli {

constexpr int kExitOk = 0, kExitInput = 1, kExitUsage = 2, kExitInternal = 3;

// The closest of `names` to `word` when it is close enough to be a typo, else "".
std::string closest_name(const std::string& word, const std::vector<std::string>& names);

// Prints the error (or the help or version asked for) and returns the exit code.
int report_parse_error(const CLI::App& app, const CLI::ParseError& e, int argc, char** argv);

}  // namespace tabula::cli

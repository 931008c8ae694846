// A command line (one word per line) -> the real options of every `tabula` command
// (tools/cli/commands.hpp), parsed and validated by CLI11, then checked and stopped before any
// command runs, so nothing reads stdin or writes files. A command line is either refused with a message, or
// every number in it is a finite decimal in range and every player spec makes a player.
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "fuzz_support.hpp"
#include "player_specs.hpp"
#include "targets.hpp"

namespace tabula::fuzz {
namespace {

constexpr size_t kMaxWords = 64;

bool starts_with(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

// A number as the commands must receive it: decimal, no leading zeros (CLI11 would read
// "010" as 8), no sign on an unsigned option, finite.
void check_number(const std::string& type, const std::string& text) {
  if (starts_with(type, "INT") || starts_with(type, "UINT")) {
    size_t digits = text[0] == '-' ? 1 : 0;
    check(!(starts_with(type, "UINT") && digits), "an unsigned option takes no minus sign");
    check(text.size() > digits && text.find_first_not_of("0123456789", digits) == std::string::npos,
          "a whole number on the command line is decimal");
    check(text[digits] != '0' || text.size() == digits + 1, "a whole number has no leading zero (CLI11: octal)");
  } else if (starts_with(type, "FLOAT")) {
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    check(!text.empty() && *end == '\0' && std::isfinite(v), "a number on the command line is finite");
  }
}

void check_parsed(const CLI::App& command) {
  for (const CLI::Option* option : command.get_options()) {
    if (option->count() == 0) continue;
    for (const std::string& value : option->results()) {
      check_number(option->get_type_name(), value);
      if (option->get_name() == "--players" || option->get_name() == "--strong") check_player_list(value);
    }
  }
}

}  // namespace

void command_line(const uint8_t* data, size_t size) {
  std::vector<std::string> words{"tabula"};
  std::istringstream in{std::string(text_of(data, size))};
  for (std::string word; words.size() < kMaxWords && std::getline(in, word);) words.push_back(word);
  std::vector<const char*> argv;
  for (const auto& w : words) argv.push_back(w.c_str());

  CLI::App app{"tabula"};
  app.require_subcommand(1);
  cli::add_commands(app);
  // The top-level app's parse-complete callback runs once the whole line is parsed and
  // validated, before any command's own callback: it checks, then stops the run there. (The
  // commands' callbacks stay: they own the options' storage.)
  struct Checked {};
  app.parse_complete_callback([&app] {
    for (const CLI::App* command : app.get_subcommands()) check_parsed(*command);
    throw Checked{};
  });
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
    check(false, "a command line that parses is stopped by the checks");
  } catch (const Checked&) {
  } catch (const CLI::ParseError& e) {
    std::ostringstream out, err;
    int status = app.exit(e, out, err);
    check(status == 0 || !err.str().empty(), "a refused command line says why");
    check(out.str().size() + err.str().size() < 64 * 1024, "a usage message is short");
  }
}

}  // namespace tabula::fuzz

#include "usage_error.hpp"

#include "diag/render.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <regex>
#include <sstream>

namespace tabula::cli {
namespace {

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

bool is_number(const std::string& text) {
  if (text.empty()) return false;
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size();
}

// CLI11's sentence, reworded where it misleads: "Value abc not in range 1 to 64" for a word.
std::string reworded(const std::string& message) {
  static const std::regex range("^(.*): Value (.*) not in range (.*)$");
  std::smatch m;
  if (std::regex_match(message, m, range) && !is_number(m[2]))
    return fmt::format("{}: '{}' is not a number (expected {})", m[1].str(), m[2].str(), m[3].str());
  return message;
}

// The options a command takes, as written: --name and -n.
std::vector<std::string> option_names(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* o : command.get_options()) {
    for (const auto& n : o->get_lnames()) names.push_back("--" + n);
    for (const auto& n : o->get_snames()) names.push_back("-" + n);
  }
  return names;
}

// CLI11's "The following argument(s) were not expected: A B" said per argument: an unknown
// option with the nearest option of the command, a word with where words go.
std::string unexpected_arguments(const CLI::App& app, const std::string& message, int argc, char** argv) {
  static const std::regex extras("^The following arguments? (?:was|were) not expected: (.*)$");
  std::smatch m;
  if (!std::regex_match(message, m, extras) || argc < 2) return "";
  const CLI::App* command = nullptr;
  try {
    command = const_cast<CLI::App&>(app).get_subcommand(argv[1]);
  } catch (const CLI::Error&) {
    return "";
  }
  const std::vector<std::string> options = option_names(*command);
  // An unknown option's value comes after it: when options are unknown, only they are said.
  std::vector<std::string> words;
  std::istringstream listed(m[1].str());
  for (std::string word; listed >> word;) words.push_back(word);
  const bool options_unknown =
      std::any_of(words.begin(), words.end(), [](const std::string& w) { return w.size() > 1 && w[0] == '-'; });
  std::vector<std::string> said;
  for (const std::string& word : words) {
    if (word.size() > 1 && word[0] == '-') {
      const std::string name = word.substr(0, word.find('='));
      const std::string guess = closest_name(name, options);
      said.push_back(fmt::format("'{}' is not an option of '{}'{}", name, argv[1],
                                 guess.empty() ? "" : fmt::format("; did you mean '{}'?", guess)));
    } else if (!options_unknown) {
      said.push_back(
          fmt::format("'{}' was not expected: '{}' has no place left for it (an option's value "
                      "goes right after the option, as in --players a,b)",
                      word, argv[1]));
    }
  }
  std::string out;
  for (const auto& s : said) out += (out.empty() ? "" : "\ntabula: ") + s;
  return out;
}

}  // namespace

std::string closest_name(const std::string& word, const std::vector<std::string>& names) {
  std::string best;
  size_t best_distance = std::max<size_t>(2, word.size() / 3) + 1;
  for (const auto& name : names) {
    size_t d = edit_distance(word, name);
    if (name.rfind(word, 0) == 0 && !word.empty()) d = std::min<size_t>(d, 1);  // a prefix: "val"
    if (d < best_distance) best = name, best_distance = d;
  }
  return best;
}

int report_parse_error(const CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
  if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) {  // --help, --version
    const_cast<CLI::App&>(app).exit(e);
    return kExitOk;
  }
  std::string message = reworded(e.what());
  // A file that is not there is wrong input (exit 1), as when it cannot be read.
  // A name alone was also looked for along the search (lang/file_search.hpp), which says so.
  static const std::regex missing("^.*: File does not exist: (.*?)(; did you mean .*)?$");
  if (std::smatch m; std::regex_match(message, m, missing)) {
    const std::string name = m[1].str();
    const bool searched = name.find('/') == std::string::npos;
    std::cerr << printable(fmt::format("tabula: cannot open '{}': no such file{}{}\n", name,
                                       searched ? " here, in TABULA_PATH or among the shipped files" : "", m[2].str()));
    return kExitInput;
  }
  if (std::string said = unexpected_arguments(app, message, argc, argv); !said.empty()) {
    std::cerr << printable("tabula: " + said + fmt::format("\nRun 'tabula {} --help' for its options.\n", argv[1]));
    return kExitUsage;
  }
  // An unknown command: CLI11 says only that one is required, or that the word was not expected.
  std::vector<std::string> names;
  for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; })) names.push_back(sub->get_name());
  if (argc > 1 && argv[1][0] != '-' && std::find(names.begin(), names.end(), argv[1]) == names.end()) {
    std::string guess = closest_name(argv[1], names);
    message = fmt::format("'{}' is not a tabula command{}", argv[1],
                          guess.empty() ? "" : fmt::format("; did you mean '{}'?", guess));
  }
  std::cerr << "tabula: " << printable(message)
            << "\nRun 'tabula --help' for the commands, 'tabula COMMAND --help' for one.\n";
  return kExitUsage;
}

}  // namespace tabula::cli

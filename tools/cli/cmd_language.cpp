// tabula language: the catalogue of the rules language (every construct, its syntax and
// what it does), from the table the checker uses.
#include <iostream>

#include "commands.hpp"
#include "lang/catalogue.hpp"

namespace tabula::cli {

void add_language(CLI::App& app) {
  auto* cmd = app.add_subcommand("language", "Print the catalogue of the rules language (Markdown)");
  cmd->callback([] { std::cout << language_catalogue(); });
}

}  // namespace tabula::cli

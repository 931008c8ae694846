// tabula uci RULES: Tabula as a UCI engine on standard input and output.
#include <iostream>

#include "cli_support.hpp"
#include "commands.hpp"
#include "uci_session.hpp"

namespace tabula::cli {

void add_uci(CLI::App& app) {
  struct Options {
    LoadOptions load;
    std::string rules;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("uci", "Play as a UCI engine on standard input and output (a board named a1..h8)");
  cmd->add_option("rules", o->rules, "Rules file")->required()->transform(existing_file_or_stdin());
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules, nullptr, o->load);
    UciSession session(program, std::cout);
    session.run(std::cin);
  });
}

}  // namespace tabula::cli

// tabula gtp RULES [--player SPEC]: Tabula as a GTP engine on standard input and output.
#include <iostream>

#include "cli_support.hpp"
#include "commands.hpp"
#include "gtp_session.hpp"
#include "players/agent.hpp"

namespace tabula::cli {

void add_gtp(CLI::App& app) {
  struct Options {
    LoadOptions load;
    std::string rules, player = "auto:1s";
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("gtp", "Play as a GTP engine on standard input and output (placements and passes)");
  cmd->add_option("rules", o->rules, "Rules file")->required()->transform(existing_file_or_stdin());
  cmd->add_option("--player", o->player, "The player genmove asks (a player spec; default auto:1s)")
      ->check([](const std::string& spec) { return check_agent_spec(spec); });
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules, nullptr, o->load);
    std::ios::sync_with_stdio(false);
    GtpSession session(program, o->rules, o->player);
    session.run(std::cin, std::cout);
  });
}

}  // namespace tabula::cli

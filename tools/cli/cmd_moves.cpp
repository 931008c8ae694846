// tabula moves RULES [--position P] [--json]: the legal moves, one per line.
#include <fmt/format.h>
#include <iostream>

#include "cli_support.hpp"
#include "commands.hpp"

namespace tabula::cli {

void add_moves(CLI::App& app) {
  struct Options {
    LoadOptions load;
    std::string rules, position;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("moves", "List the legal moves of a position");
  cmd->add_option("rules", o->rules, "Rules file")->required()->transform(existing_file_or_stdin());
  cmd->add_option("--position", o->position, "Position (text, or @FILE); default: the start");
  cmd->add_flag("--json", o->json, "Print a JSON array of move strings");
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    State s = initial_state(load_rules_or_fail(o->rules, nullptr, o->load), o->position);
    MoveList moves = s.legal_moves();
    if (o->json) {
      Json list = Json::array();
      for (const Move& m : moves) list.push_back(s.move_to_string(m));
      return print_json(list);
    }
    for (const Move& m : moves) std::cout << s.move_to_string(m) << "\n";
  });
}

}  // namespace tabula::cli

// tabula show RULES [--position P] [--board]: draw a position, or describe the board graph.
#include <fmt/format.h>
#include <iostream>

#include "board/board_drawing.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "engine/notation.hpp"

namespace tabula::cli {

void add_show(CLI::App& app) {
  struct Options {
    std::string rules, position;
    bool board = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("show", "Draw a position as text");
  cmd->add_option("rules", o->rules, "Rules file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--position", o->position, "Position (text, or @FILE); default: the start");
  cmd->add_flag("--board", o->board, "Also describe the board graph (cells, directions, zones)");
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules);
    State s = initial_state(program, o->position);
    std::cout << program->name << "\n" << draw_state(s);
    std::cout << "position: " << position_string(s) << "\n" << result_sentence(s) << "\n";
    if (o->board) std::cout << "\n" << describe_board(*program->board);
  });
}

}  // namespace tabula::cli

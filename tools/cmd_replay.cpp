// tabula replay RULES GAMEFILE: apply a recorded move list and print the result.
#include <fmt/format.h>
#include <iostream>
#include <sstream>

#include "cli_support.hpp"
#include "commands.hpp"
#include "diag/source_file.hpp"
#include "engine/game_record.hpp"
#include "engine/notation.hpp"

namespace tabula::cli {

void add_replay(CLI::App& app) {
  struct Options {
    std::string rules, game, position;
    bool show = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("replay", "Replay a game record (move numbers and comments are skipped)");
  cmd->add_option("rules", o->rules, "Rules file")->required()->check(CLI::ExistingFile);
  cmd->add_option("game", o->game, "Game record file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--position", o->position, "Start from this position (text, or @FILE)");
  cmd->add_flag("--show", o->show, "Draw the final position");
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules);
    State s = initial_state(program, o->position);
    std::string why;
    auto file = read_source_file(o->game, "game record", why);
    if (!file) throw UserError{why};
    std::string error;
    int applied = replay_record(s, file->text, error);
    if (applied < 0) throw UserError{fmt::format("{}: {}", o->game, error)};
    if (o->show) std::cout << draw_state(s);
    std::cout << fmt::format("{} moves replayed; {}\n", applied, result_sentence(s));
  });
}

}  // namespace tabula::cli

// tabula show RULES [--position P] [--board]: draw a position, or describe the board graph.
#include <fmt/format.h>
#include <iostream>

#include "board/board_drawing.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "diag/source_file.hpp"
#include "engine/game_record.hpp"
#include "engine/notation.hpp"

namespace tabula::cli {

void add_show(CLI::App& app) {
  struct Options {
    std::string rules, position, moves;
    bool board = false, territory = false;
    std::vector<std::string> zones;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("show", "Draw a position as text");
  cmd->add_option("rules", o->rules, "Rules file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--position", o->position, "Position (text, or @FILE); default: the start");
  cmd->add_option("--moves", o->moves, "Play these moves (a game record, or @FILE) from the position first");
  cmd->add_flag("--board", o->board, "Also describe the board graph (cells, directions, zones)");
  cmd->add_option("--zone", o->zones, "Mark the empty cells of this board zone with * (repeatable)");
  cmd->add_flag("--territory", o->territory,
                "Mark empty cells that are a side's territory with that side's symbol in lower case, and show the scores");
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules);
    State s = initial_state(program, o->position);
    if (!o->moves.empty()) {
      std::string text = o->moves;
      if (text[0] == '@') {
        std::string why;
        auto file = read_source_file(text.substr(1), "moves", why);
        if (!file) throw UserError{why};
        text = file->text;
      }
      std::string error;
      if (replay_record(s, text, error) < 0) throw UserError{fmt::format("--moves: {}", error)};
    }
    std::cout << program->name << "\n";
    if (o->territory) {
      auto owners = s.territory();
      std::cout << draw_board(*program->board, [&](int cell) {
        if (s.at(cell)) return s.column_text(cell);
        if (owners[cell] < 0) return std::string("-");
        std::string mark = program->players[owners[cell]].symbol;
        for (auto& ch : mark) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        return mark;
      });
    } else if (!o->zones.empty()) {
      std::vector<bool> marked(program->cells, false);
      for (const auto& name : o->zones) {
        const auto* cells = program->board->find_zone(name);
        if (!cells) throw UserError{fmt::format("'{}' is not a zone of the board", name)};
        for (int c : *cells) marked[c] = true;
      }
      std::cout << draw_board(*program->board, [&](int cell) {
        if (s.at(cell)) return s.column_text(cell);
        return std::string(marked[cell] ? "*" : "-");
      });
    } else {
      std::cout << draw_state(s);
    }
    std::cout << "position: " << position_string(s) << "\n" << result_sentence(s) << "\n";
    if (o->territory || !program->score.empty())
      for (int side = 0; side < program->player_count(); ++side)
        std::cout << fmt::format("{}: score {} (captured {})\n", program->players[side].name, s.score(side), s.captured(side));
    if (o->board) std::cout << "\n" << describe_board(*program->board);
  });
}

}  // namespace tabula::cli

// tabula replay RULES RECORD [--html OUT] [--json]: apply a game record (a file, or - for
// standard input) and print the result; --html writes a page that steps through the game.
#include <fmt/format.h>
#include <iostream>
#include <sstream>

#include "cli_support.hpp"
#include "commands.hpp"
#include "diag/source_file.hpp"
#include "engine/state_picture.hpp"
#include "engine/text/game_record.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "output_file.hpp"
#include "picture/board_svg.hpp"
#include "record_io.hpp"
#include "replay_page.hpp"

namespace tabula::cli {
namespace {

// Every position of the game, from `start` through `moves`, over one drawing of the board.
std::string game_page(State s, const std::vector<Move>& moves, const std::string& record_path) {
  const Program& p = s.program();
  auto frame = [&](const std::string& move, const std::string& number) {
    PictureOptions picture = picture_options(s);
    return ReplayFrame{board_svg_parts(*p.board, cell_views(s), picture).state_slots, picture_caption(s), move, number};
  };
  ReplayPage page(fmt::format("{}: {}", p.name, record_path),
                  board_svg_parts(*p.board, cell_views(s), picture_options(s)));
  page.add(frame("", ""));
  for (const Move& m : moves) {
    std::string text = s.move_to_string(m);
    // As the record numbers its moves (record_movetext): a number before each round of seats.
    std::string number =
        s.current_seat() == 0 && s.turn_point().step == 0 ? fmt::format("{}.", s.ply() / p.seat_count() + 1) : "";
    s.apply(m);
    page.add(frame(text, number));
  }
  return page.text();
}

}  // namespace

void add_replay(CLI::App& app) {
  struct Options {
    LoadOptions load;
    std::string rules, game, position, html;
    bool show = false, json = false, force = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("replay", "Replay a game record (move numbers and comments are skipped)");
  cmd->add_option("rules", o->rules, "Rules file")->required()->transform(existing_file_or_stdin());
  cmd->add_option("game", o->game, "Game record file ('-': standard input)")->required();
  cmd->add_option("--position", o->position, "Start from this position (text, or @FILE)");
  cmd->add_flag("--show", o->show, "Draw the final position");
  auto* html =
      cmd->add_option("--html", o->html, "Write a self-contained HTML page that steps through the game ('-': stdout)");
  cmd->add_flag("--force", o->force,
                "Replace the --html file when it exists (tabula never writes over a file otherwise)")
      ->needs(html);
  cmd->add_flag("--json", o->json, "Print {\"moves_replayed\":N,\"tags\":{...},\"final\":POSITION} (docs/schemas)")
      ->excludes(html);
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    RulesIdentity rules;
    if (!o->html.empty()) check_output_free(o->html, o->force, "--html", kReplayPage);
    auto program = load_rules_or_fail(o->rules, &rules, o->load);
    ParsedRecord record = read_record(o->game);
    State s = record_start(program, record, o->position);
    State start = s;
    int applied = replay_or_fail(s, record, rules, o->game);
    if (!o->html.empty())
      write_output(o->html, game_page(start, s.history(), o->game), o->force, "--html", kReplayPage);
    if (o->html == "-") return;
    if (o->json) {
      Json tags = Json::object();
      for (const auto& t : record.tags) tags[t.name] = t.value;
      return print_json({{"moves_replayed", applied}, {"tags", tags}, {"final", state_json(s)}});
    }
    if (o->show) std::cout << draw_state(s);
    std::cout << fmt::format("{} moves replayed; {}\n", applied, result_sentence(s));
  });
}

}  // namespace tabula::cli

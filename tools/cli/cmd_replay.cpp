// tabula replay RULES RECORD [--html OUT] [--json]: apply a game record (a file, or - for
// standard input) and print the result; --html writes a page that steps through the game.
#include <fmt/format.h>
#include <functional>
#include <iostream>
#include <optional>
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

// A long game is replayed keeping only its recent history: the state forgets what it has
// journaled every kKeptPlies plies (the last move stays known, for a page's arrow), so a game
// of a million plies takes the memory of a few thousand. Only --json, which reports the
// final state whole, keeps it all.
constexpr size_t kKeptPlies = 4096;
void keep_recent_history(State& s) {
  if (s.history().size() < kKeptPlies) return;
  s.stop_journal();
  s.restart_journal();
}

// A page that steps through the game, made as the record is replayed: each position is
// drawn as it comes (the board laid out once, and a cell again only when it changed), so
// that a long game takes time and memory in proportion to the page, not to the game's
// history held twice.
class PageReplay {
 public:
  explicit PageReplay(const State& start, const std::string& record_path)
      : program_(start.program()),
        drawer_(*program_.board, picture_options(start)),
        page_(fmt::format("{}: {}", program_.name, record_path),
              board_svg_parts(*program_.board, cell_views(start), picture_options(start))) {
    add(start, "", "");
  }
  // Before `m` is played from `s`: the position the move before it made is drawn now.
  void before(State& s, const Move& m) {
    if (pending_) add(s, pending_text_, pending_number_);
    pending_ = true;
    pending_text_ = s.move_to_string(m);
    // As the record numbers its moves (record_movetext): a number before each round of seats.
    pending_number_ = s.current_seat() == 0 && s.turn_point().step == 0
                          ? fmt::format("{}.", s.ply() / program_.seat_count() + 1)
                          : "";
    keep_recent_history(s);
  }
  std::string finish(const State& last) {
    if (pending_) add(last, pending_text_, pending_number_);
    pending_ = false;
    return page_.text();
  }

 private:
  void add(const State& s, const std::string& move, const std::string& number) {
    const PictureOptions picture = picture_options(s);
    // The page shows the ply beside it: the status is who is to move, or the result (a few
    // texts for the whole game, not one a ply).
    const std::string status =
        s.result().over ? fmt::format("{}: {}", program_.name, result_sentence(s))
                        : fmt::format("{}: {} to move", program_.name, program_.seats[s.current_seat()].name);
    page_.add(ReplayFrame{drawer_.slots(cell_views(s), picture), status, move, number});
  }
  const Program& program_;
  StateSlotsDrawer drawer_;
  ReplayPage page_;
  bool pending_ = false;
  std::string pending_text_, pending_number_;
};

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
    auto program = load_rules_or_fail(o->rules, &rules, o->load);
    ParsedRecord record = read_record(o->game);
    // After the inputs are read, so that they are known: no output replaces one of them.
    if (!o->html.empty()) check_output_free(o->html, o->force, "--html", kReplayPage);
    State s = record_start(program, record, o->position);
    std::optional<PageReplay> page;
    if (!o->html.empty()) page.emplace(s, o->game);
    std::function<void(State&, const Move&)> each;
    if (page) each = [&](State& at, const Move& m) { page->before(at, m); };
    else if (!o->json) each = [](State& at, const Move&) { keep_recent_history(at); };
    int applied = replay_or_fail(s, record, rules, o->game, each);
    if (page) write_output(o->html, page->finish(s), o->force, "--html", kReplayPage);
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

// tabula show FILE [--position P] [--moves M] [--board] [--zone Z] [--svg OUT]: draw a
// position (or a bare board file) as text, and as SVG with --svg.
#include <fmt/format.h>
#include <iostream>

#include "board/board_drawing.hpp"
#include "board/board_loader.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "diag/render.hpp"
#include "diag/source_file.hpp"
#include "engine/state_picture.hpp"
#include "engine/text/game_record.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "engine/turn_machine.hpp"
#include "kernels/flanking.hpp"
#include "number_checks.hpp"
#include "output_file.hpp"
#include "picture/board_svg.hpp"
#include "record_io.hpp"
#include "terminal_colour.hpp"

namespace tabula::cli {
namespace {

struct Options {
  LoadOptions load;
  std::string file, position, moves, svg, targets;
  bool json = false, board = false, territory = false, names = false, no_names = false, no_coordinates = false,
       force = false;
  std::vector<std::string> zones;
  double size = 48;
};

BoardGraph load_board_or_fail(const std::string& path) {
  Diagnostics diags;
  SourceRegistry sources;
  auto board = load_board_file(path, diags, sources);
  std::cerr << coloured_diagnostics(render_all(diags, sources));
  if (!board)
    throw UserError{fmt::format("{}: {} error{}; nothing was drawn", path, diags.error_count(),
                                diags.error_count() == 1 ? "" : "s")};
  return std::move(*board);
}

// The cells of each --zone: a zone of the board, else a zone of the rules (for every side).
std::vector<ShadedCells> zones_of(const Options& o, const BoardGraph& board, const Program* program) {
  std::vector<ShadedCells> out;
  for (const auto& name : o.zones) {
    if (const auto* cells = board.find_zone(name)) {
      out.push_back({name, *cells});
      continue;
    }
    const ZoneDef* rules_zone = nullptr;
    if (program)
      for (const auto& z : program->zones)
        if (z.name == name) rules_zone = &z;
    if (!rules_zone)
      throw UserError{fmt::format("'{}' is not a zone of the board{}", name, program ? " nor of the rules" : "")};
    ShadedCells shaded{name, {}};
    for (int c = 0; c < board.cell_count(); ++c)
      for (const auto& per_side : rules_zone->cells)
        if (per_side[c]) {
          shaded.cells.push_back(c);
          break;
        }
    out.push_back(std::move(shaded));
  }
  return out;
}

void set_drawing_options(const Options& o, PictureOptions& picture) {
  picture.cell_size = o.size;
  picture.coordinates = !o.no_coordinates;
  if (o.names) picture.cell_names = CellNames::shown;
  if (o.no_names) picture.cell_names = CellNames::hidden;
}

std::vector<bool> marked_cells(const std::vector<ShadedCells>& zones, int cell_count) {
  std::vector<bool> marked(cell_count, false);
  for (const auto& z : zones)
    for (int c : z.cells) marked[c] = true;
  return marked;
}

void show_board_file(const Options& o) {
  for (auto [given, option] : {std::pair{!o.position.empty(), "--position"},
                               {!o.moves.empty(), "--moves"},
                               {o.territory, "--territory"},
                               {o.json, "--json"},
                               {!o.targets.empty(), "--targets"}})
    if (given) throw UserError{fmt::format("{} needs a rules file; {} is a board file", option, o.file)};
  BoardGraph board = load_board_or_fail(o.file);
  auto zones = zones_of(o, board, nullptr);
  if (!o.svg.empty()) {
    PictureOptions picture;
    set_drawing_options(o, picture);
    picture.shaded = zones;
    picture.title = board.name;
    picture.caption = fmt::format("board {}: {} cells", board.name, board.cell_count());
    write_output(o.svg, board_svg(board, std::vector<CellView>(board.cell_count()), picture), o.force, "--svg",
                 kSvgPicture);
    if (o.svg == "-") return;
  }
  auto marked = marked_cells(zones, board.cell_count());
  std::cout << fmt::format("board {}: {} cells\n", board.name, board.cell_count());
  std::cout << draw_board(board, [&](int cell) { return std::string(marked[cell] ? "*" : "-"); });
  if (o.board) std::cout << "\n" << describe_board(board);
}

void show_rules_file(const Options& o) {
  RulesIdentity rules;
  auto program = load_rules_or_fail(o.file, &rules, o.load);
  State s = state_after_moves(program, rules, o.position, o.moves);
  if (o.json && (!o.svg.empty() || o.board || o.territory || !o.zones.empty()))
    throw UserError{"--json prints the position alone: it takes no --svg, --board, --territory or --zone"};
  if (o.json) return print_json(state_json(s));
  const BoardGraph& board = *program->board;
  auto zones = zones_of(o, board, program.get());
  if (!o.svg.empty()) {
    PictureOptions picture = picture_options(s);
    set_drawing_options(o, picture);
    picture.shaded = zones;
    if (o.territory) {  // each side's territory as a shaded set of its own
      auto owners = territory_owners(*program, s.tops());
      for (int side = 0; side < program->player_count(); ++side) {
        ShadedCells territory{program->players[side].name + " territory", {}};
        for (int c = 0; c < board.cell_count(); ++c)
          if (owners[c] == side) territory.cells.push_back(c);
        picture.shaded.push_back(std::move(territory));
      }
    }
    picture.caption = picture_caption(s);
    if (!o.targets.empty()) {
      int from = board.find_cell(o.targets);
      if (from < 0) throw UserError{fmt::format("--targets: '{}' is not a cell of the board", o.targets)};
      if (!s.at(from)) throw UserError{fmt::format("--targets: there is no piece on {}", o.targets)};
      picture.targets_from = from;
      picture.targets = target_cells(s, from);
      if (picture.targets.empty())
        std::cerr << fmt::format("tabula: note: the piece on {} has no legal move now ({})\n", o.targets,
                                 result_sentence(s));
    }
    write_output(o.svg, board_svg(board, cell_views(s), picture), o.force, "--svg", kSvgPicture);
    if (o.svg == "-") return;
  }

  std::cout << program->name << "\n";
  if (o.territory) {
    auto owners = territory_owners(*program, s.tops());
    std::cout << draw_board(board, [&](int cell) {
      if (s.at(cell)) return s.column_text(cell);
      if (owners[cell] < 0) return std::string("-");
      std::string mark = program->players[owners[cell]].symbol;
      for (auto& ch : mark) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      return mark;
    });
  } else if (!zones.empty()) {
    auto marked = marked_cells(zones, board.cell_count());
    std::cout << draw_board(board, [&](int cell) {
      if (s.at(cell)) return s.column_text(cell);
      return std::string(marked[cell] ? "*" : "-");
    });
  } else {
    std::cout << coloured_drawing(draw_state(s), *program);
  }
  std::cout << "position: " << position_string(s) << "\n" << result_sentence(s) << "\n";
  if (o.territory || !program->end.score.empty())
    for (int side = 0; side < program->player_count(); ++side)
      std::cout << fmt::format("{}: score {} (captured {})\n", program->players[side].name, score_text(s, side),
                               program->captured_var.empty() ? 0 : s.var(program->captured_var[side]));
  if (o.board) std::cout << "\n" << describe_board(board);
}

}  // namespace

void add_show(CLI::App& app) {
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("show", "Draw a position (or a board file) as text, and as SVG with --svg");
  cmd->add_option("file", o->file, "Rules file, or a board file (.yaml) to draw without pieces")
      ->required()
      ->transform(existing_file_or_stdin());
  cmd->add_option("--position", o->position, "Position (text, or @FILE); default: the start");
  cmd->add_option("--moves", o->moves,
                  "Play these moves (a game record, or @FILE, @- for standard input) from the position first");
  cmd->add_flag("--json", o->json, "Print the position, the side to move, the legal moves and the result as JSON");
  cmd->add_flag("--board", o->board, "Also describe the board graph (cells, directions, zones)");
  cmd->add_option("--zone", o->zones,
                  "Mark the empty cells of this zone with * (in SVG: shade every cell of it); a zone of the board or "
                  "of the rules (repeatable)");
  cmd->add_flag(
      "--territory", o->territory,
      "Mark empty cells that are a side's territory with that side's symbol in lower case, and show the scores");
  auto* svg = cmd->add_option("--svg", o->svg,
                              "Also draw the picture as SVG into this file; '-' writes only the SVG, to stdout");
  cmd->add_flag("--force", o->force,
                "Replace the --svg file when it exists (tabula never writes over a file otherwise)")
      ->needs(svg);
  cmd->add_option("--targets", o->targets, "In the SVG, mark the cells the piece on this cell may move to now")
      ->needs(svg);
  auto* names =
      cmd->add_flag("--names", o->names, "In the SVG, write every cell's name (default: on hex and graph boards)")
          ->needs(svg);
  cmd->add_flag("--no-names", o->no_names, "In the SVG, write no cell names")->needs(svg)->excludes(names);
  cmd->add_flag("--no-coordinates", o->no_coordinates, "In the SVG, leave out the coordinates along the edges")
      ->needs(svg);
  cmd->add_option("--size", o->size, "In the SVG, pixels between neighbouring cells (default 48)")
      ->check(finite_range(8, 400))
      ->needs(svg);
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] { is_board_file(o->file) ? show_board_file(*o) : show_rules_file(*o); });
}

}  // namespace tabula::cli

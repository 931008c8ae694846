// tabula validate FILE... [--json | --format sarif]: rules or board files; exit 0 when clean,
// 1 with errors. --json and SARIF (for editors and CI annotations) list every diagnostic.
#include <fmt/format.h>
#include <filesystem>
#include <iostream>

#include "board/board_loader.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "lang/design_warnings.hpp"
#include "lang/game_loader.hpp"
#include "lang/weights_file.hpp"
#include "players/player_defaults.hpp"
#include "terminal_colour.hpp"
#include "validate_report.hpp"

namespace tabula::cli {

void add_validate(CLI::App& app) {
  auto* cmd = app.add_subcommand("validate", "Check rules files (.rules) and board files (.yaml); report every error");
  auto files = std::make_shared<std::vector<std::string>>();
  auto format = std::make_shared<std::string>("text");
  auto stdin_name = std::make_shared<std::string>("stdin.rules");
  cmd->add_option("files", *files, "Files to check ('-': a rules text on standard input, e.g. an editor's buffer)")
      ->required()
      // A folder is let through, to be refused as "a directory, not a rules file" (exit 1).
      ->check(CLI::Validator(
          [](std::string& path) {
            return path == "-" || std::filesystem::exists(path) ? "" : "File does not exist: " + path;
          },
          "FILE"));
  cmd->add_option("--stdin-name", *stdin_name,
                  "The path standard input stands for: diagnostics name it, and its board is found beside it")
      ->capture_default_str();
  auto* json = cmd->add_flag_callback(
      "--json", [format] { *format = "json"; },
      "Print every file's diagnostics as JSON (docs/schemas/validate.schema.json)");
  cmd->add_option("--format", *format, "text, json, or sarif (SARIF 2.1.0, for editors and CI annotations)")
      ->check(CLI::IsMember({"text", "json", "sarif"}))
      ->excludes(json);
  cmd->callback([files, format, stdin_name] {
    ValidateReport report;
    int bad = 0;
    for (const auto& given : *files) {
      const std::string& path = given == "-" ? *stdin_name : given;
      Diagnostics diags;
      SourceRegistry sources;
      bool is_board = given != "-" && is_board_file(path);
      std::string summary;
      if (is_board) {
        auto board = load_board_file(path, diags, sources);
        if (board)
          summary = fmt::format("board with {} cells, {} directions", board->cell_count(), board->direction_count());
      } else {
        RulesFile merged;
        auto program =
            given == "-" ? load_program(SourceFile{*stdin_name, read_input("-", "rules").text}, diags, sources, &merged)
                         : load_program(path, diags, sources, &merged);
        // Warnings (the exit code is unchanged), and errors when a random game from the start
        // meets an engine limit or a fault in a rule's arithmetic.
        if (program) design_warnings(merged, *program, diags);
        // The players' choices in the weights file are player specs: checked here, as used.
        if (program && (!program->auto_player.empty() || !program->mcts_options.empty())) {
          try {
            auto_player_spec(*program, 0.1);
            default_mcts_settings(*program);
          } catch (const std::invalid_argument& e) {
            diags.error({weights_path(path), 1, 1}, e.what());
          }
        }
        if (program)
          summary =
              fmt::format("\"{}\": {} players, {} piece {}, board of {} cells", program->name, program->player_count(),
                          program->kind_count(), program->kind_count() == 1 ? "kind" : "kinds", program->cells);
      }
      if (*format != "text") {
        report.add(path, is_board, summary, diags);
        bad += diags.has_errors();
        continue;
      }
      std::cerr << coloured_diagnostics(render_all(diags, sources));
      if (diags.has_errors()) {
        ++bad;
        std::cout << fmt::format("{}: {}\n", path, error_count_text(diags));
      } else {
        std::cout << fmt::format("{}: ok ({})\n", path, summary);
      }
    }
    if (*format == "json") print_json(report.json());
    if (*format == "sarif") print_json(report.sarif());
    if (bad) throw UserError{fmt::format("{} of {} files have errors", bad, files->size())};
  });
}

}  // namespace tabula::cli

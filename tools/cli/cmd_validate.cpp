// tabula validate FILE|FOLDER... [--json | --format sarif] [--verbose]: rules or board files
// (a folder: its own); exit 0 when clean, 1 with errors. --json and SARIF (for editors and CI
// annotations) list every diagnostic.
#include <fmt/format.h>
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "board/board_loader.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "lang/design_warnings.hpp"
#include "lang/file_search.hpp"
#include "lang/game_loader.hpp"
#include "lang/weights_file.hpp"
#include "players/player_defaults.hpp"
#include "terminal_colour.hpp"
#include "validate_report.hpp"

namespace tabula::cli {
namespace {

// A file, "-", a folder, or a name found along the search (existing_file_or_stdin).
CLI::Validator files_or_folders() {
  return CLI::Validator(
      [](std::string& path) -> std::string {
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec)) return "";
        return existing_file_or_stdin()(path);
      },
      "FILE|FOLDER");
}

// Each folder replaced by its rules and board files, sorted (its subfolders are not entered).
// A folder named like a rules or board file stays, to be refused as not a file.
std::vector<std::string> expand_folders(const std::vector<std::string>& given) {
  std::vector<std::string> out;
  for (const auto& path : given) {
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec) || is_rules_path(path) || is_board_file(path)) {
      out.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    for (std::filesystem::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
      const std::string file = it->path().string();
      if ((is_rules_path(file) || is_board_file(file)) && it->is_regular_file(ec)) found.push_back(file);
    }
    if (found.empty())
      throw UserError{fmt::format("{} is a folder with no rules file (.rules) or board file (.yaml) in it", path)};
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

// --verbose: the search order for what `path` names, and every file the load read.
std::string search_report(const std::string& path, const SourceRegistry& sources) {
  std::string out = search_order_text(path);
  out += fmt::format("files read for {}:\n", path);
  for (const auto& [file, source] : sources.files()) out += fmt::format("  {}\n", file);
  return out;
}

}  // namespace

void add_validate(CLI::App& app) {
  auto* cmd = app.add_subcommand("validate", "Check rules files (.rules) and board files (.yaml); report every error");
  auto files = std::make_shared<std::vector<std::string>>();
  auto format = std::make_shared<std::string>("text");
  auto stdin_name = std::make_shared<std::string>("stdin.rules");
  cmd->add_option("files", *files,
                  "Files to check: rules files, board files, folders (their .rules and .yaml files) or game names "
                  "('-': a rules text on standard input, e.g. an editor's buffer)")
      ->required()
      ->transform(files_or_folders());
  cmd->add_option("--stdin-name", *stdin_name,
                  "The path standard input stands for: diagnostics name it, and its board is found beside it")
      ->capture_default_str();
  auto* json = cmd->add_flag_callback(
      "--json", [format] { *format = "json"; },
      "Print every file's diagnostics as JSON (docs/schemas/validate.schema.json)");
  cmd->add_option("--format", *format, "text, json, or sarif (SARIF 2.1.0, for editors and CI annotations)")
      ->check(CLI::IsMember({"text", "json", "sarif"}))
      ->excludes(json);
  auto verbose = std::make_shared<bool>(false);
  cmd->add_flag("--verbose", *verbose,
                "Also print where each file's board and base rules are looked for, and the files that were read");
  cmd->callback([files, format, stdin_name, verbose] {
    ValidateReport report;
    int bad = 0;
    *files = expand_folders(*files);
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
      if (*verbose && !is_board) std::cout << search_report(path, sources);
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

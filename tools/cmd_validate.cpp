// tabula validate FILE...: rules or board files; exit 0 when clean, 1 with diagnostics.
#include <fmt/format.h>
#include <iostream>

#include "board/board_loader.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "lang/design_warnings.hpp"
#include "lang/game_loader.hpp"

namespace tabula::cli {

void add_validate(CLI::App& app) {
  auto* cmd = app.add_subcommand("validate", "Check rules files (.rules) and board files (.yaml); report every error");
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("files", *files, "Files to check")->required()->check(CLI::ExistingFile);
  cmd->callback([files] {
    int bad = 0;
    for (const auto& path : *files) {
      Diagnostics diags;
      SourceRegistry sources;
      bool is_board = is_board_file(path);
      std::string summary;
      if (is_board) {
        auto board = load_board_file(path, diags, sources);
        if (board)
          summary = fmt::format("board with {} cells, {} directions", board->cell_count(), board->direction_count());
      } else {
        RulesFile merged;
        auto program = load_program(path, diags, sources, &merged);
        if (program) design_warnings(merged, *program, diags);  // warnings only: the exit code is unchanged
        if (program)
          summary = fmt::format("\"{}\": {} players, {} piece kinds, board of {} cells", program->name,
                                program->player_count(), program->kind_count(), program->cells);
      }
      std::cerr << render_all(diags, sources);
      if (diags.has_errors()) {
        ++bad;
        std::cout << fmt::format("{}: {}\n", path, error_count_text(diags));
      } else {
        std::cout << fmt::format("{}: ok ({})\n", path, summary);
      }
    }
    if (bad) throw UserError{fmt::format("{} of {} files have errors", bad, files->size())};
  });
}

}  // namespace tabula::cli

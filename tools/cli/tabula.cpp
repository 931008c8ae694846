// The `tabula` command line: a thin layer over the library.
#include <cstdio>
#include <iostream>

#include "cli_support.hpp"
#include "commands.hpp"
#include "diag/render.hpp"      // printable
#include "engine/evaluate.hpp"  // RuleError
#include "usage_error.hpp"
#include "util/limits.hpp"  // EngineLimit

namespace tabula::cli {
extern const char* const kGitRevision;  // generated: tools/cmake/git_revision.cmake
}

int main(int argc, char** argv) {
  CLI::App app{"Tabula: abstract board games as data (board graphs and rules files)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tabula " TABULA_VERSION " (git ") + tabula::cli::kGitRevision + ")",
                       "Print the version and the git revision it was built from");
  tabula::cli::add_commands(app);
  try {
    app.parse(argc, argv);
    // A report that did not reach stdout (a full disk, a closed pipe) is an error, not a success.
    std::cout.flush();
    if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout))
      throw tabula::cli::UserError{"cannot write to standard output"};
  } catch (const CLI::ParseError& e) {
    return tabula::cli::report_parse_error(app, e, argc, argv);
  } catch (const tabula::cli::UserError& e) {
    // Every message may quote an input (a typed move, a file's name): shown as text always.
    std::cerr << "tabula: " << tabula::printable(e.message) << "\n";
    return tabula::cli::kExitInput;
  } catch (const tabula::cli::Interrupted&) {
    return 130;  // 128 + SIGINT, as a shell reports a process ended by Ctrl-C
  } catch (const tabula::RuleError& e) {
    std::cerr << tabula::printable(tabula::cli::rule_error_report(e.what(), e.pos));
    return tabula::cli::kExitInput;
  } catch (const tabula::EngineLimit& e) {
    std::cerr << "tabula: stopped at an engine limit: " << tabula::printable(e.what()) << "\n";
    return tabula::cli::kExitInput;
  } catch (const std::exception& e) {
    std::cerr << "tabula: internal error: " << tabula::printable(e.what()) << "\n";
    return tabula::cli::kExitInternal;
  }
  return tabula::cli::kExitOk;
}

// The `tabula` command line: a thin layer over the library.
#include <cstdio>
#include <iostream>

#include "cli_support.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Tabula: abstract board games as data (board graphs and rules files)"};
  app.require_subcommand(1);
  tabula::cli::add_validate(app);
  tabula::cli::add_perft(app);
  tabula::cli::add_moves(app);
  tabula::cli::add_show(app);
  tabula::cli::add_play(app);
  tabula::cli::add_replay(app);
  tabula::cli::add_bench(app);
  tabula::cli::add_match(app);
  tabula::cli::add_merge(app);
  tabula::cli::add_analyze(app);
  tabula::cli::add_language(app);
  tabula::cli::add_serve(app);
  try {
    app.parse(argc, argv);
    // A report that did not reach stdout (a full disk, a closed pipe) is an error, not a success.
    std::cout.flush();
    if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout))
      throw tabula::cli::UserError{"cannot write to standard output"};
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const tabula::cli::UserError& e) {
    std::cerr << "tabula: " << e.message << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "tabula: internal error: " << e.what() << "\n";
    return 3;
  }
  return 0;
}

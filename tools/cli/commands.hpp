#pragma once
// Each `tabula` command registers itself on the app; the callbacks throw cli::UserError.
#include <CLI/CLI.hpp>

namespace tabula::cli {

void add_validate(CLI::App& app);
void add_perft(CLI::App& app);
void add_moves(CLI::App& app);
void add_show(CLI::App& app);
void add_play(CLI::App& app);
void add_replay(CLI::App& app);
void add_bench(CLI::App& app);
void add_match(CLI::App& app);
void add_merge(CLI::App& app);
void add_analyze(CLI::App& app);
void add_solve(CLI::App& app);
void add_tune(CLI::App& app);
void add_ladder(CLI::App& app);
void add_language(CLI::App& app);
void add_serve(CLI::App& app);
void add_gtp(CLI::App& app);
void add_uci(CLI::App& app);

// Makes make_agent build uci: and cecp: players (uci_agent.hpp, cecp_agent.hpp).
void register_uci_players();
void register_cecp_players();

// Every command above, in the order `tabula --help` lists them.
inline void add_commands(CLI::App& app) {
  register_uci_players();
  register_cecp_players();
  add_validate(app);
  add_perft(app);
  add_moves(app);
  add_show(app);
  add_play(app);
  add_replay(app);
  add_bench(app);
  add_match(app);
  add_merge(app);
  add_analyze(app);
  add_solve(app);
  add_tune(app);
  add_ladder(app);
  add_language(app);
  add_serve(app);
  add_gtp(app);
  add_uci(app);
}

}  // namespace tabula::cli

// tabula bench RULES [--seconds S] [--threads T] [--json]: random playouts per second.
#include <fmt/format.h>
#include <iostream>
#include <thread>

#include "ai/playouts.hpp"
#include "cli_support.hpp"
#include "commands.hpp"

namespace tabula::cli {

void add_bench(CLI::App& app) {
  struct Options {
    std::string rules;
    double seconds = 3;
    int threads = 1;
    uint64_t playouts = 0, seed = 1;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("bench", "Random playouts per second");
  cmd->add_option("rules", o->rules, "Rules file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--seconds", o->seconds, "How long to run")->check(CLI::Range(0.01, 86400.0))->capture_default_str();
  cmd->add_option("--threads", o->threads, "Playout threads")->check(CLI::Range(1, 256))->capture_default_str();
  cmd->add_option("--playouts", o->playouts, "Stop after this many playouts instead of after --seconds");
  cmd->add_option("--seed", o->seed, "Random seed")->capture_default_str();
  cmd->add_flag("--json", o->json,
                "Print {\"playouts\":N,\"seconds\":S,\"playouts_per_second\":R,\"average_plies\":L}");
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules);
    PlayoutStats st = run_playouts(program, o->seconds, o->playouts, o->threads, o->seed);
    double rate = st.seconds > 0 ? st.playouts / st.seconds : 0;
    double plies = st.playouts ? double(st.plies) / st.playouts : 0;
    if (o->json) {
      std::cout << fmt::format(
          "{{\"playouts\":{},\"seconds\":{:.3f},\"playouts_per_second\":{:.1f},\"average_plies\":{:.1f}}}\n",
          st.playouts, st.seconds, rate, plies);
      return;
    }
    std::cout << fmt::format("{}: {} playouts in {:.2f} s on {} thread{}: {:.0f} playouts/s, {:.1f} plies on average\n",
                             program->name, st.playouts, st.seconds, o->threads, o->threads == 1 ? "" : "s", rate,
                             plies);
    for (int p = 0; p < program->player_count(); ++p)
      std::cout << fmt::format("  {} wins {}\n", program->players[p].name, st.wins[p]);
    std::cout << fmt::format("  draws {}\n", st.draws);
  });
}

}  // namespace tabula::cli

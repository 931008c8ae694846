// tabula bench RULES [--seconds S] [--threads T] [--json]: random playouts per second.
#include <fmt/format.h>
#include <iostream>
#include <thread>

#include "cli_support.hpp"
#include "commands.hpp"
#include "number_checks.hpp"
#include "players/playouts.hpp"

namespace tabula::cli {

constexpr long long kMaxBenchPlayouts = 1000000000;

void add_bench(CLI::App& app) {
  struct Options {
    LoadOptions load;
    std::string rules;
    double seconds = 3;
    int threads = 1;
    uint64_t playouts = 0, seed = 1;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("bench", "Random playouts per second");
  cmd->add_option("rules", o->rules, "Rules file")->required()->transform(existing_file_or_stdin());
  cmd->add_option("--seconds", o->seconds, "How long to run")->check(finite_range(0.01, 86400))->capture_default_str();
  cmd->add_option("--threads", o->threads, "Playout threads")->transform(whole_range(1, 256))->capture_default_str();
  cmd->add_option("--playouts", o->playouts, "Stop after this many playouts instead of after --seconds")
      ->transform(whole_range(1, kMaxBenchPlayouts));
  cmd->add_option("--seed", o->seed, "Random seed")->transform(unsigned_whole())->capture_default_str();
  cmd->add_flag("--json", o->json,
                "Print {\"playouts\":N,\"seconds\":S,\"playouts_per_second\":R,\"average_plies\":L,\"wins\":{SIDE:N},"
                "\"draws\":N,\"accelerations\":[NAME],\"complete\":true}");
  cmd->footer("Ctrl-C stops the run and prints the playouts finished so far (exit code 130).");
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules, nullptr, o->load);
    InterruptCatcher interrupt;
    PlayoutStats st = run_playouts(program, o->seconds, o->playouts, o->threads, o->seed, interrupt.flag());
    const bool complete = !interrupt.flag()->load();
    double rate = st.seconds > 0 ? st.playouts / st.seconds : 0;
    double plies = st.playouts ? double(st.plies) / st.playouts : 0;
    if (o->json) {
      Json wins = Json::object();
      for (int p = 0; p < program->player_count(); ++p) wins[program->players[p].name] = st.wins[p];
      print_json({{"playouts", st.playouts},
                  {"seconds", json_round(st.seconds, 3)},
                  {"playouts_per_second", json_round(rate, 1)},
                  {"average_plies", json_round(plies, 1)},
                  {"wins", wins},
                  {"draws", st.draws},
                  {"accelerations", program->accelerations},
                  {"complete", complete}});
    } else {
      std::cout << fmt::format(
          "{}: {} playouts in {:.2f} s on {} thread{}: {:.0f} playouts/s, {:.1f} plies on average{}\n", program->name,
          st.playouts, st.seconds, o->threads, o->threads == 1 ? "" : "s", rate, plies,
          complete ? "" : " (interrupted: the games finished so far)");
      for (int p = 0; p < program->player_count(); ++p)
        std::cout << fmt::format("  {} wins {}\n", program->players[p].name, st.wins[p]);
      std::cout << fmt::format("  draws {}\n", st.draws);
      std::cout << fmt::format("  accelerated paths: {}\n",
                               program->accelerations.empty()
                                   ? std::string(o->load.reference ? "none (reference mode)" : "none")
                                   : fmt::format("{}", fmt::join(program->accelerations, ", ")));
    }
    if (!complete) throw Interrupted{};
  });
}

}  // namespace tabula::cli

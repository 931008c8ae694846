// tabula perft RULES DEPTH [--position P] [--divide] [--json]
#include <fmt/format.h>
#include <chrono>
#include <iostream>

#include "cli_support.hpp"
#include "commands.hpp"
#include "engine/perft.hpp"

namespace tabula::cli {

void add_perft(CLI::App& app) {
  struct Options {
    std::string rules, position;
    int depth = 1;
    bool divide = false, json = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("perft", "Count the move sequences of a given depth from a position");
  cmd->add_option("rules", o->rules, "Rules file")->required()->check(CLI::ExistingFile);
  cmd->add_option("depth", o->depth, "Depth in plies (1 to 12)")->required()->check(CLI::Range(1, 12));
  cmd->add_option("--position", o->position, "Start from this position (text, or @FILE)");
  cmd->add_flag("--divide", o->divide, "Print the count under each root move");
  cmd->add_flag("--json", o->json, "Print {\"depth\":D,\"nodes\":N,\"seconds\":S}");
  cmd->callback([o] {
    State s = initial_state(load_rules_or_fail(o->rules), o->position);
    auto t0 = std::chrono::steady_clock::now();
    uint64_t nodes = 0;
    if (o->divide) {
      for (const auto& [move, count] : perft_divide(s, o->depth)) {
        if (!o->json) std::cout << fmt::format("{}: {}\n", move, count);
        nodes += count;
      }
    } else {
      nodes = perft(s, o->depth);
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (o->json)
      std::cout << fmt::format("{{\"depth\":{},\"nodes\":{},\"seconds\":{:.6f}}}\n", o->depth, nodes, seconds);
    else std::cout << nodes << "\n";
  });
}

}  // namespace tabula::cli

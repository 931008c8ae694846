// tabula perft RULES DEPTH [--position P] [--moves M] [--divide] [--full-length] [--json]
#include <fmt/format.h>
#include <chrono>
#include <iostream>

#include "cli_support.hpp"
#include "commands.hpp"
#include "engine/perft.hpp"
#include "number_checks.hpp"
#include "progress_bar.hpp"
#include "record_io.hpp"

namespace tabula::cli {
namespace {

// perft_divide, root move by root move, with a progress line on the terminal; each root
// move's count is perft below it under the same options (a root move that ends the game is
// one leaf, or none with --full-length).
PerftDivision divide_with_progress(State& s, int depth, const PerftOptions& options, ProgressBar& progress) {
  PerftDivision out;
  MoveList moves = s.legal_moves();
  for (const Move& m : moves) {
    progress.update(fmt::format("perft {}", depth), static_cast<int>(out.moves.size()), static_cast<int>(moves.size()),
                    "root moves");
    std::string text = s.move_to_string(m);
    s.apply_unchecked(m);
    uint64_t count = 0;
    if (depth <= 1) count = 1;
    else if (s.legal_moves().empty()) count = options.full_length ? 0 : 1;
    else {
      PerftCount below = perft(s, depth - 1, options);
      count = below.leaves;
      out.complete = out.complete && below.complete;
    }
    s.undo();
    out.moves.emplace_back(text, count);
    out.total += count;
    if (!out.complete) break;
  }
  progress.finish();
  return out;
}

}  // namespace

void add_perft(CLI::App& app) {
  struct Options {
    LoadOptions load;
    std::string rules, position, moves;
    int depth = 1;
    bool divide = false, json = false, full_length = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "perft",
      "Count the leaves of the game tree cut at a given depth: every sequence of DEPTH moves, and every shorter one "
      "after which the game is over (a finished game counts once where it ends, also at the start: perft 1 of a "
      "finished position is 1). --full-length counts only sequences of exactly DEPTH moves. Ctrl-C stops the count "
      "and prints what was counted so far (exit code 130)");
  cmd->add_option("rules", o->rules, "Rules file")->required()->transform(existing_file_or_stdin());
  cmd->add_option("depth", o->depth, fmt::format("Depth in plies (1 to {})", kMaxPerftPlies))
      ->required()
      ->transform(whole_range(1, kMaxPerftPlies));
  cmd->add_option("--position", o->position, "Start from this position (text, or @FILE)");
  cmd->add_option("--moves", o->moves,
                  "Play these moves (a game record, or @FILE, @- for standard input) from the position first: the "
                  "count then knows the game's history (a repetition rule, superko)");
  cmd->add_flag("--divide", o->divide, "Print the count under each root move");
  cmd->add_flag("--full-length", o->full_length,
                "Count only sequences of exactly DEPTH moves: a game that ends sooner adds nothing");
  cmd->add_flag("--json", o->json,
                "Print {\"depth\":D,\"nodes\":N,\"seconds\":S,\"complete\":true}, with --divide also "
                "\"divide\":[{\"move\":M,\"nodes\":N}]");
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    RulesIdentity identity;
    State s = state_after_moves(load_rules_or_fail(o->rules, &identity, o->load), identity, o->position, o->moves);
    InterruptCatcher interrupt;
    PerftOptions options{o->full_length, interrupt.flag()};
    auto t0 = std::chrono::steady_clock::now();
    uint64_t nodes = 0;
    bool complete = true;
    Json divide = Json::array();
    ProgressBar progress;
    if (o->divide || progress.enabled()) {
      PerftDivision division = progress.enabled() ? divide_with_progress(s, o->depth, options, progress)
                                                  : perft_divide(s, o->depth, options);
      for (const auto& [move, count] : division.moves) {
        if (!o->divide) continue;
        if (!o->json) std::cout << fmt::format("{}: {}\n", move, count);
        divide.push_back({{"move", move}, {"nodes", count}});
      }
      nodes = division.total, complete = division.complete;
    } else {
      PerftCount count = perft(s, o->depth, options);
      nodes = count.leaves, complete = count.complete;
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (o->json) {
      Json out = {{"depth", o->depth}, {"nodes", nodes}, {"seconds", json_round(seconds)}, {"complete", complete}};
      if (o->divide) out["divide"] = divide;
      print_json(out);
    } else if (complete) {
      std::cout << nodes << "\n";
    } else {
      std::cout << fmt::format("{} (interrupted after {:.1f} s: counted so far, incomplete)\n", nodes, seconds);
    }
    if (!complete) throw Interrupted{};
  });
}

}  // namespace tabula::cli

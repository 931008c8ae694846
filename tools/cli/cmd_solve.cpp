// tabula solve RULES [--position P] [--moves M] [--time T] [--nodes N] [--memory M] [--threads N]
//   [--table FILE [--resume]] [--json]: the exact value of a position for the player to move
//   and of each of its moves, with a line of best play (interpreter/solve, docs/SOLVING.md).
#include <fmt/format.h>
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli_support.hpp"
#include "commands.hpp"
#include "number_checks.hpp"
#include "output_file.hpp"
#include "record_io.hpp"
#include "solve/solver.hpp"
#include "solve/table_file.hpp"
#include "solve_shards.hpp"

namespace tabula::cli {
namespace {

struct Options {
  LoadOptions load;
  std::string rules, position, moves, table, memory, time, method = "auto", shard = "0/1", out, symmetries = "on";
  std::vector<std::string> combine;
  uint64_t nodes = 0;
  int threads = 1;
  bool json = false, resume = false, value_only = false, dry_run = false;
};

// "512M", "2G", "64K" or a number of bytes.
size_t parse_bytes(const std::string& text) {
  size_t end = 0;
  double v = 0;
  try {
    v = std::stod(text, &end);
  } catch (...) {
    throw UserError{fmt::format("--memory: '{}' is not a size (a number of bytes, or with K, M or G: 512M)", text)};
  }
  const std::string unit = text.substr(end);
  double scale = 1;
  if (unit == "K" || unit == "k") scale = 1024.0;
  else if (unit == "M" || unit == "m") scale = 1024.0 * 1024;
  else if (unit == "G" || unit == "g") scale = 1024.0 * 1024 * 1024;
  else if (!unit.empty())
    throw UserError{fmt::format("--memory: '{}' has the unit '{}': write K, M or G (512M)", text, unit)};
  const double bytes = v * scale;
  if (!(bytes >= 1024 * 1024) || bytes > 1e15)
    throw UserError{fmt::format("--memory: '{}' is out of range: from 1M to 1000000G", text)};
  return static_cast<size_t>(bytes);
}

// "30", "30s", "2m", "1h": seconds.
double parse_seconds(const std::string& text) {
  size_t end = 0;
  double v = 0;
  try {
    v = std::stod(text, &end);
  } catch (...) {
    throw UserError{fmt::format("--time: '{}' is not a time (seconds, or with s, m or h: 90s, 2m)", text)};
  }
  const std::string unit = text.substr(end);
  const double scale = unit.empty() || unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : -1;
  if (scale < 0) throw UserError{fmt::format("--time: '{}' has the unit '{}': write s, m or h (2m)", text, unit)};
  if (!(v > 0) || v * scale > 1e9) throw UserError{fmt::format("--time: '{}' is out of range: more than 0 s", text)};
  return v * scale;
}

std::string megabytes(size_t bytes) { return fmt::format("{:.1f} MB", static_cast<double>(bytes) / (1024.0 * 1024)); }

// The value for one player, as a sentence's words ("a win for x", "a draw", "x wins by 4").
std::string value_sentence(ValueBounds v, bool scored, const std::string& player) {
  if (v.exact()) {
    const std::string w = value_word(v, scored);
    if (w == "win") return fmt::format("a win for {}", player);
    if (w == "loss") return fmt::format("a loss for {}", player);
    if (w == "draw" || v.lower == 0) return "a draw";
    return fmt::format("a {} by {} for {} (the score difference at the end: {})", v.lower > 0 ? "win" : "loss",
                       w.substr(1), player, w);
  }
  return fmt::format("unknown for {}: at least {}, at most {}", player, bound_word(v.lower, scored),
                     bound_word(v.upper, scored));
}

Json value_json(ValueBounds v, bool scored) {
  Json out = Json::object();
  const std::string w = value_word(v, scored);
  if (!scored || w == "win" || w == "loss" || w == "unknown") out["value"] = w;
  else out["value"] = v.lower > 0 ? "win" : v.lower < 0 ? "loss" : "draw";
  if (scored && v.exact() && std::abs(v.lower) < kSolvedWin) out["score"] = v.lower / 2.0;
  if (!v.exact()) out["bounds"] = {bound_word(v.lower, scored), bound_word(v.upper, scored)};
  return out;
}

// The result as text or JSON (--json), the same for one solve and combined shards.
void print_solution(const Solution& sol, const std::string& game, const Program& p, bool json,
                    const std::string& resumed_note, size_t resumed) {
  const std::string mover = p.players[sol.to_move].name;
  std::vector<size_t> order(sol.moves.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const auto& x = sol.moves[a].value;
    const auto& y = sol.moves[b].value;
    return x.lower + static_cast<int64_t>(x.upper) > y.lower + static_cast<int64_t>(y.upper);
  });
  if (json) {
    Json out = value_json(sol.value, sol.scored);
    out["to_move"] = mover;
    out["proven"] = sol.proven();
    Json moves = Json::array();
    for (size_t i : order) {
      Json m = value_json(sol.moves[i].value, sol.scored);
      m["move"] = sol.moves[i].text;
      moves.push_back(m);
    }
    out["moves"] = moves;
    out["pv"] = sol.pv;
    out["nodes"] = sol.nodes;
    out["seconds"] = json_round(sol.seconds, 3);
    out["memory"] = {{"limit_bytes", sol.table_bytes}, {"entries", sol.table_entries}, {"evicted", sol.evictions}};
    if (resumed) out["resumed_entries"] = resumed;
    out["symmetries"] = sol.symmetries;
    out["symmetric_moves"] = sol.symmetric_moves;
    if (sol.ply_limit_reached) out["ply_limit"] = sol.ply_limit;
    if (!sol.stopped.empty()) out["stopped"] = sol.stopped;
    print_json(out);
  } else {
    std::cout << fmt::format("{}: {}{}\n", game, value_sentence(sol.value, sol.scored, mover),
                             sol.proven() ? ", proven" : "");
    if (!sol.stopped.empty()) std::cout << fmt::format("stopped early: {}\n", sol.stopped);
    if (sol.ply_limit_reached)
      std::cout << fmt::format("(lines of the search reached the rules' ply limit of {}: the value holds under it)\n",
                               sol.ply_limit);
    if (!sol.moves.empty()) std::cout << fmt::format("moves, each valued for {}:\n", mover);
    for (size_t i : order)
      std::cout << fmt::format(
          "  {:<12} {}\n", sol.moves[i].text,
          sol.moves[i].value.exact()
              ? value_word(sol.moves[i].value, sol.scored)
              : fmt::format("unknown (at least {}, at most {})", bound_word(sol.moves[i].value.lower, sol.scored),
                            bound_word(sol.moves[i].value.upper, sol.scored)));
    if (sol.symmetries != "none")
      std::cout << fmt::format("symmetries used: {} ({} of the moves valued as images of others)\n", sol.symmetries,
                               sol.symmetric_moves);
    if (!sol.pv.empty()) {
      std::string line;
      for (const auto& m : sol.pv) line += (line.empty() ? "" : " ") + m;
      std::cout << "best play: " << line << "\n";
    }
    if (sol.table_bytes == 0)  // combined shards: their tables stayed with them
      std::cout << fmt::format("{} positions searched in {:.2f} s{}\n", sol.nodes, sol.seconds, resumed_note);
    else
      std::cout << fmt::format("{} positions searched in {:.2f} s; table {} entries ({} evicted) in {} at most{}\n",
                               sol.nodes, sol.seconds, sol.table_entries, sol.evictions, megabytes(sol.table_bytes),
                               resumed_note);
  }
}

}  // namespace

void add_solve(CLI::App& app) {
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "solve",
      "The exact value of a position under perfect play (win, loss or draw; the score difference where the game "
      "ends on a score) for the player to move, the value of every legal move and a line of best play. A budget "
      "that runs out (--time, --nodes, Ctrl-C) gives 'unknown' with the bounds proven so far");
  cmd->add_option("rules", o->rules, "Rules file")->required()->transform(existing_file_or_stdin());
  cmd->add_option("--position", o->position, "Solve this position (text, or @FILE)");
  cmd->add_option("--moves", o->moves, "Play these moves (a game record, or @FILE) from the position first");
  cmd->add_option("--time", o->time, "Stop after this long (seconds, or 90s, 2m, 1h); default: no limit");
  cmd->add_option("--nodes", o->nodes, "Stop after this many positions searched; default: no limit")
      ->transform(unsigned_whole());
  cmd->add_option("--memory", o->memory, "The table's memory (512M, 2G); default: a quarter of the machine's");
  cmd->add_option("--threads", o->threads, "Threads sharing the root's moves over one table")
      ->transform(whole_range(1, 256))
      ->capture_default_str();
  cmd->add_flag("--value-only", o->value_only,
                "Stop once the position's value is proven (a winning move found): the other moves' values stay "
                "unknown");
  cmd->add_option(
         "--method", o->method,
         "auto (alpha-beta, and proof numbers for a move it does not solve in 2 million positions; alpha-beta "
         "alone where the game ends on a score), alphabeta, proof-numbers (not for a score, which alpha-beta "
         "solves) or enumerate (every position valued once, without pruning: a small game's whole state space)")
      ->check(CLI::IsMember({"auto", "alphabeta", "proof-numbers", "enumerate"}))
      ->capture_default_str();
  cmd->add_option("--symmetries", o->symmetries,
                  "on: file each position under the least of its images by the board's turns and mirrors that the "
                  "rules respect (found and checked for the game, docs/SOLVING.md); off: none")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
  auto* table = cmd->add_option("--table", o->table,
                                "Keep the proofs in FILE when the solve ends (finished, out of budget or "
                                "interrupted), for --resume");
  cmd->add_flag("--resume", o->resume, "With --table: start from the proofs saved in FILE")->needs(table);
  cmd->add_flag("--json", o->json,
                "Print {\"value\":\"win\"|\"loss\"|\"draw\"|\"unknown\",\"moves\":[{\"move\":M,\"value\":V}],"
                "\"pv\":[M],\"nodes\":N,\"seconds\":S,...}: values for the player to move, a move's for who makes it");
  cmd->add_option("--shard", o->shard,
                  "Solve only the root's moves k with k % N == I (in the position's move order), with --out")
      ->capture_default_str();
  auto* out = cmd->add_option("--out", o->out, "Write the shard's moves and their proven bounds to FILE (JSON)");
  cmd->add_option("--combine", o->combine, "Join the shards' files (from --shard I/N --out FILE) into one result")
      ->excludes(out)
      ->excludes(table);
  cmd->add_flag("--dry-run", o->dry_run,
                "Check the rules, the position and the options, say what would be solved, "
                "solve nothing");
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    RulesIdentity identity;
    State s = state_after_moves(load_rules_or_fail(o->rules, &identity, o->load), identity, o->position, o->moves);
    const Program& p = s.program();
    if (std::string why = unsolvable_reason(p); !why.empty())
      throw UserError{fmt::format("cannot solve {}: {}", identity.name, why)};
    int shard_index = 0, shard_count = 1;
    parse_shard(o->shard, shard_index, shard_count);
    if (!o->combine.empty()) {
      if (shard_count > 1) throw UserError{"--combine joins shards: it takes no --shard"};
      return print_solution(combine_shards(o->combine, s, identity), identity.name, p, o->json,
                            fmt::format(" by {} shards", o->combine.size()), 0);
    }
    if (o->dry_run) {
      const size_t moves = s.legal_moves().size();
      std::cout << fmt::format("solve of {}: {} moves in the position, shard {}/{}; nothing solved (--dry-run)\n",
                               identity.name, moves, shard_index, shard_count);
      return;
    }
    if (shard_count > 1 && o->out.empty())
      throw UserError{"--shard solves part of the moves: --out FILE keeps them for --combine"};
    if (!o->out.empty()) check_output_free(o->out, false, "--out");
    if (!o->table.empty()) {
      const bool exists = std::filesystem::exists(o->table);
      if (exists && !o->resume)
        throw UserError{
            fmt::format("--table {} exists: --resume continues from it (tabula never writes over a file "
                        "otherwise)",
                        o->table)};
      if (!exists && o->resume) throw UserError{fmt::format("--resume: there is no table {} to resume", o->table)};
    }
    SolveOptions options;
    if (!o->time.empty()) options.seconds = parse_seconds(o->time);
    options.nodes = o->nodes;
    options.threads = o->threads;
    options.value_only = o->value_only;
    options.shard_index = shard_index, options.shard_count = shard_count;
    const size_t memory = o->memory.empty() ? default_solver_memory() : parse_bytes(o->memory);
    options.method = o->method == "alphabeta"       ? SolveOptions::Method::alphabeta
                     : o->method == "proof-numbers" ? SolveOptions::Method::proof_numbers
                     : o->method == "enumerate"     ? SolveOptions::Method::enumerate
                                                    : SolveOptions::Method::automatic;
    auto table_ptr = table_within(p, memory, options);
    options.use_symmetries = o->symmetries == "on";
    if (options.use_symmetries)
      options.symmetries = std::make_shared<const Symmetries>(Symmetries::of(s.program_ptr()));
    const std::string symmetries = options.symmetries ? options.symmetries->names() : "none";
    size_t resumed = 0;
    if (o->resume) {
      try {
        resumed = read_solver_table(o->table, *table_ptr, identity.hash, symmetries, Solver::unknown(p));
      } catch (const TableFileError& e) {
        throw UserError{e.what()};
      }
    }
    InterruptCatcher interrupt;
    options.stop = interrupt.flag();
    Solver solver(table_ptr, options);
    Solution sol = solver.solve(s);
    if (!o->table.empty()) {
      try {
        write_solver_table(o->table, *table_ptr, identity.hash, identity.name, symmetries);
      } catch (const TableFileError& e) {
        throw UserError{e.what()};
      }
    }
    if (!o->out.empty()) write_output(o->out, shard_text(sol, identity, s, shard_index, shard_count), false, "--out");
    std::string game = identity.name;
    if (shard_count > 1) {  // the shard's own moves
      std::vector<SolvedMove> mine;
      for (size_t k = 0; k < sol.moves.size(); ++k)
        if (static_cast<int>(k % static_cast<size_t>(shard_count)) == shard_index) mine.push_back(sol.moves[k]);
      sol.moves = mine;
      game += fmt::format(" (shard {}/{} of the moves, in {})", shard_index, shard_count, o->out);
    }
    print_solution(sol, game, p, o->json, resumed ? fmt::format(", {} resumed from {}", resumed, o->table) : "",
                   resumed);
    if (interrupt.flag()->load()) throw Interrupted{};
  });
}

}  // namespace tabula::cli

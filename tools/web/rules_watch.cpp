#include "rules_watch.hpp"

#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/cli_support.hpp"
#include "cli/terminal_colour.hpp"

namespace tabula::web {

WatchedRules::WatchedRules(std::string path, std::string id) : path_(std::move(path)), id_(std::move(id)) {
  RulesLoad load = load_rules(path_, id_);
  std::cerr << cli::coloured_diagnostics(load.diagnostics);
  if (!load.rules) throw cli::UserError{fmt::format("{} has errors; nothing was run", path_)};
  now_.rules = std::move(load.rules);
  read_ = std::move(load.sources);
  last_look_ = std::chrono::steady_clock::now();
}

std::shared_ptr<const LoadedRules> WatchedRules::rules() const {
  std::lock_guard lock(mutex_);
  return now_.rules;
}

bool WatchedRules::changed() const {
  for (const auto& [path, text] : read_) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return true;  // removed or unreadable: the load says how
    std::ostringstream now;
    now << in.rdbuf();
    if (now.str() != text) return true;
  }
  return false;
}

WatchedRules::Now WatchedRules::refresh(std::chrono::duration<double> interval) {
  std::lock_guard lock(mutex_);
  auto time = std::chrono::steady_clock::now();
  if (time - last_look_ < interval) return now_;
  last_look_ = time;
  if (!changed()) return now_;
  RulesLoad load = load_rules(path_, id_);
  read_ = std::move(load.sources);
  if (read_.find(path_) == read_.end()) read_[path_] = "";  // unreadable now: look again next time
  if (load.rules) {
    info(*load.rules).version = ++now_.version;
    now_.rules = std::move(load.rules);
    now_.diagnostics.clear();
  } else {
    now_.diagnostics = load.diagnostics;
  }
  return now_;
}

}  // namespace tabula::web

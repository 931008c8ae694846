#include "rules_watch.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "cli/cli_support.hpp"
#include "cli/terminal_colour.hpp"
#include "diag/regular_file.hpp"
#include "diag/source_file.hpp"
#include "lang/weights_file.hpp"

namespace tabula::web {
namespace fs = std::filesystem;

namespace {

// Where a path leads, all links followed; empty when it leads nowhere.
fs::path real_path(const std::string& path) {
  std::error_code ec;
  fs::path out = fs::canonical(path, ec);
  return ec ? fs::path() : out;
}

bool inside(const fs::path& file, const fs::path& folder) {
  auto f = file.begin();
  for (auto d = folder.begin(); d != folder.end(); ++d, ++f)
    if (f == file.end() || *f != *d) return false;
  return true;
}

}  // namespace

WatchedRules::WatchedRules(std::string path, std::string id) : path_(std::move(path)), id_(std::move(id)) {
  RulesLoad load = load_rules(path_, id_);
  std::cerr << cli::coloured_diagnostics(load.diagnostics);
  if (load.rules) {
    now_.rules = std::move(load.rules);
  } else {
    std::cerr << fmt::format(
        "tabula serve: {} has errors: the page shows them, and its game can start once they "
        "are fixed\n",
        path_);
    now_.version = 0;
    now_.diagnostics = load.diagnostics;
  }
  read_ = std::move(load.sources);
  if (auto it = read_.find(path_); it != read_.end()) now_.text = it->second;
  remember_folders(true);
  last_look_ = std::chrono::steady_clock::now();
}

void WatchedRules::remember_folders(bool with_rules_file) {
  for (const auto& [file, text] : read_)
    if (fs::path real = real_path(file); (with_rules_file || file != path_) && !real.empty())
      folders_.insert(real.parent_path());
}

std::string WatchedRules::outside_folders() const {
  for (const auto& [file, text] : read_) {
    const fs::path real = real_path(file);
    if (real.empty()) continue;  // not read: the load said why
    bool allowed = false;
    for (const fs::path& folder : folders_) allowed = allowed || inside(real, folder);
    // Its text is not shown, nor where it leads: a client of the page is not told what
    // other files of this computer hold.
    if (!allowed)
      return fmt::format(
          "{}: error: not served: this file now leads outside the folders the server started with "
          "(a link to another place?); restart the server to serve files from there\n",
          file);
  }
  return "";
}

std::shared_ptr<const LoadedRules> WatchedRules::rules() const {
  std::lock_guard lock(mutex_);
  return now_.rules;
}

bool WatchedRules::changed() const {
  // Read as the loader reads: never a pipe or a device, never past the size limit, so a look
  // cannot block the request that makes it (what was there is reported by the load).
  std::string now;
  for (const auto& [path, text] : read_) {
    if (read_regular_file(path, max_input_bytes("rules"), now) != FileRead::ok || now != text) return true;
    // A rules file's weights are read when they are there: ones that came since (tune wrote
    // them) change the game as an edit would.
    const std::string weights = weights_path(path);
    std::error_code ec;
    if (!weights.empty() && !read_.count(weights) && fs::exists(weights, ec)) return true;
  }
  return false;
}

WatchedRules::Now WatchedRules::refresh(std::chrono::duration<double> interval) {
  std::lock_guard lock(mutex_);
  auto time = std::chrono::steady_clock::now();
  if (time - last_look_ < interval) return now_;
  last_look_ = time;
  if (now_.diagnostics.empty() && !changed()) return now_;
  RulesLoad load = load_rules(path_, id_);
  read_ = std::move(load.sources);
  if (read_.find(path_) == read_.end()) read_[path_] = "";  // unreadable now: look again next time
  // A file that had never loaded read only part of what it needs: its first load that works
  // names the folders it is served from.
  // (The rules file's own folder stays the one it was in at the start.)
  if (!now_.rules && load.rules) remember_folders(false);
  if (std::string outside = outside_folders(); !outside.empty()) {
    now_.diagnostics = std::move(outside);
    now_.text.clear();  // nor its text
    return now_;
  }
  now_.text = read_[path_];
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

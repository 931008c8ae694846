#include "served_games.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "cli/cli_support.hpp"
#include "lang/file_search.hpp"

namespace tabula::web {
namespace fs = std::filesystem;

namespace {

// A folder's rules files, sorted; none when it cannot be read (it may be gone for a moment).
std::vector<std::string> rules_files_in(const std::string& folder) {
  std::vector<std::string> found;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".rules") found.push_back(it->path().string());
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace

ServedGames::ServedGames(const std::vector<std::string>& paths) : shared_(std::make_shared<Shared>()) {
  for (const std::string& path : paths.empty() ? std::vector<std::string>{"rules"} : paths) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      if (rules_files_in(path).empty()) throw cli::UserError{fmt::format("'{}' holds no .rules files", path)};
      shared_->paths.push_back({path, true});
    } else if (fs::is_regular_file(path, ec)) {
      shared_->paths.push_back({path, false});
    } else if (std::string found = find_rules_file(path); !found.empty()) {  // a game's name, as the CLI finds it
      shared_->paths.push_back({found, false});
    } else {
      throw cli::UserError{fmt::format("'{}' is neither a rules file nor a folder of them{}", path,
                                       paths.empty() ? " (name the rules folder: tabula serve path/to/rules)" : "")};
    }
  }
  rescan(*shared_, true);
  shared_->last_look = std::chrono::steady_clock::now();
}

void ServedGames::rescan(Shared& shared, bool first) {
  std::vector<std::shared_ptr<WatchedRules>> games;
  for (const Path& p : shared.paths) {
    std::vector<std::string> files = p.folder ? rules_files_in(p.path) : std::vector<std::string>{p.path};
    for (const std::string& file : files) {
      std::string id = fs::path(file).stem().string();
      auto same_id = [&](const auto& g) { return g->id() == id; };
      if (auto taken = std::find_if(games.begin(), games.end(), same_id); taken != games.end()) {
        if (first)
          throw cli::UserError{fmt::format("two rules files are named {}: {} and {}", id, (*taken)->path(), file)};
        continue;
      }
      auto served =
          std::find_if(shared.games.begin(), shared.games.end(), [&](const auto& g) { return g->path() == file; });
      games.push_back(served != shared.games.end() ? *served : std::make_shared<WatchedRules>(file, id));
    }
  }
  shared.games = std::move(games);
}

std::vector<std::shared_ptr<WatchedRules>> ServedGames::now(std::chrono::duration<double> interval) const {
  std::lock_guard lock(shared_->mutex);
  auto time = std::chrono::steady_clock::now();
  if (time - shared_->last_look >= interval) {
    shared_->last_look = time;
    rescan(*shared_, false);
  }
  return shared_->games;
}

std::shared_ptr<WatchedRules> ServedGames::find(const std::string& id, std::chrono::duration<double> interval) const {
  for (auto& g : now(interval))
    if (g->id() == id) return g;
  return nullptr;
}

size_t ServedGames::size() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->games.size();
}

std::shared_ptr<WatchedRules> ServedGames::operator[](size_t i) const {
  std::lock_guard lock(shared_->mutex);
  return shared_->games.at(i);
}

ServedGames load_games(const std::vector<std::string>& paths) { return ServedGames(paths); }

}  // namespace tabula::web

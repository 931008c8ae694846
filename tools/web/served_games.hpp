#pragma once
// The rules files a server serves (docs/WEB.md, "Serving a folder"): files named on the
// command line, and the *.rules of folders named there, which are looked at again while the
// server runs, so a file added to a folder is served and a file removed is no longer listed.
// A file with errors is served too: the page shows its errors until they are fixed.
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "rules_watch.hpp"

namespace tabula::web {

class ServedGames {
 public:
  // Copies share one list. Throws cli::UserError for a path that is neither a rules file nor a
  // folder, a folder without rules files, or two files with the same name (ids are the file
  // names without .rules).
  explicit ServedGames(const std::vector<std::string>& paths);

  // The games now, in the order of the paths (a folder's files sorted). The folders are
  // looked at again at most once per `interval`; a new file whose id is taken is left out.
  std::vector<std::shared_ptr<WatchedRules>> now(std::chrono::duration<double> interval) const;
  // The game of `id` in the list as it is now; nullptr when there is none.
  std::shared_ptr<WatchedRules> find(const std::string& id, std::chrono::duration<double> interval) const;

  // The list as last made, without looking at the folders.
  size_t size() const;
  std::shared_ptr<WatchedRules> operator[](size_t i) const;

 private:
  struct Path {
    std::string path;
    bool folder = false;
  };
  struct Shared {
    std::vector<Path> paths;
    std::mutex mutex;
    std::vector<std::shared_ptr<WatchedRules>> games;
    std::chrono::steady_clock::time_point last_look;
  };
  // The list for the files found now, reusing the watched games of files already served.
  static void rescan(Shared& shared, bool first);

  std::shared_ptr<Shared> shared_;
};

ServedGames load_games(const std::vector<std::string>& paths);

}  // namespace tabula::web

#pragma once
// A served rules file, read again when it changes (docs/WEB.md, "Editing the rules while
// they are served"): the designer edits the file, and the page shows the new rules, or their
// errors, without a restart of the server.
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "web_game.hpp"

namespace tabula::web {

class WatchedRules {
 public:
  // Loads `path`. A file with errors is served too: the page shows its errors, and its game
  // can start once they are fixed (its diagnostics also go to stderr).
  WatchedRules(std::string path, std::string id);

  // What the page is told: the last rules that loaded, how many loads that makes, and the
  // diagnostics of the files as they are now ("" when they load).
  struct Now {
    std::shared_ptr<const LoadedRules> rules;  // nullptr until the file first loads
    int version = 1;                           // 1 for the first rules that loaded, one more for each reload; 0 before
    std::string diagnostics;
    std::string text;  // the rules file's text as last read
  };
  // Reads the files of the last load again, at most once per `interval`, and loads them
  // again when one differs (the rules file, what it extends, its board): a change that
  // loads becomes the rules of the games started from then on; one that does not is
  // reported, and the last rules that loaded stay. Files with errors are read again each
  // time (a missing board may have come).
  Now refresh(std::chrono::duration<double> interval);

  // The last rules that loaded (nullptr when none has), without reading the files again.
  std::shared_ptr<const LoadedRules> rules() const;
  const std::string& id() const { return id_; }
  const std::string& path() const { return path_; }

 private:
  bool changed() const;  // a file of the last load differs from what it read
  // An error when a file of the last load now leads outside `folders_` (else ""): a served
  // file replaced by a link to a file elsewhere is not shown to web clients.
  std::string outside_folders() const;

  std::string path_, id_;
  mutable std::mutex mutex_;
  Now now_;
  std::map<std::string, std::string> read_;  // what the last load read, by path
  // The real folders of the files of the last load (the rules file's own too, or not) join folders_.
  void remember_folders(bool with_rules_file);
  std::set<std::filesystem::path> folders_;  // the real folders of the files of the first load that worked
  std::chrono::steady_clock::time_point last_look_;
};

}  // namespace tabula::web

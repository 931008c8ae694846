#pragma once
// The texts of every file a load read, by path, so diagnostics about any of them can quote
// their lines when rendered (render.hpp); and where a load reads its files from: the file
// system, or only texts given in advance (a game sent to another process is loaded again
// from the very texts it was made from, whatever the files there say, or if there are none).
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/source_file.hpp"

namespace tabula {

class SourceRegistry {
 public:
  SourceRegistry() = default;
  // A registry that reads nothing from the file system: every path a load asks for must be
  // one of `given`.
  explicit SourceRegistry(const std::vector<SourceFile>& given);

  // Keeps a copy of `file`; a second file with the same path replaces the first.
  void add(const SourceFile& file);
  // The file read from `path`; nullptr when none was added (its diagnostics then render
  // without a quoted line).
  const SourceFile* find(const std::string& path) const;
  const std::map<std::string, SourceFile>& files() const { return files_; }  // by path

  // Reads `path` (read_source_file, or the given text when the registry was made from given
  // texts); nullopt with `error` set as read_source_file does. What is read is not added.
  std::optional<SourceFile> read(const std::string& path, std::string_view kind, std::string& error) const;
  // Whether read(path) can find the file.
  bool exists(const std::string& path) const;
  // The names of the files read() can find in the folder `dir` (none when it cannot be read):
  // what a "did you mean" may offer.
  std::vector<std::string> names_in(const std::string& dir) const;

 private:
  std::map<std::string, SourceFile> files_;
  std::optional<std::map<std::string, SourceFile>> given_;  // set: read only these
};

}  // namespace tabula

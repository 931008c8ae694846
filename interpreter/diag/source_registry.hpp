#pragma once
// The texts of every file a load read, by path, so diagnostics about any of them can quote
// their lines when rendered (render.hpp).
#include <map>
#include <string>

#include "diag/source_file.hpp"

namespace tabula {

class SourceRegistry {
 public:
  // Keeps a copy of `file`; a second file with the same path replaces the first.
  void add(const SourceFile& file);
  // The file read from `path`; nullptr when none was added (its diagnostics then render
  // without a quoted line).
  const SourceFile* find(const std::string& path) const;
  const std::map<std::string, SourceFile>& files() const { return files_; }  // by path

 private:
  std::map<std::string, SourceFile> files_;
};

}  // namespace tabula

#pragma once
// Renders diagnostics as `file:line:col: error: message`, the source line and a caret.
#include <map>
#include <string>

#include "diag/diagnostic.hpp"
#include "diag/source_file.hpp"

namespace tabula {

// Sources by path, so the renderer can quote lines of every file involved.
class SourceRegistry {
 public:
  void add(const SourceFile& file) { files_[file.path] = file; }
  const SourceFile* find(const std::string& path) const {
    auto it = files_.find(path);
    return it == files_.end() ? nullptr : &it->second;
  }
  const std::map<std::string, SourceFile>& files() const { return files_; }  // by path

 private:
  std::map<std::string, SourceFile> files_;
};

std::string render(const Diagnostic& d, const SourceRegistry& sources);
std::string render_all(const Diagnostics& ds, const SourceRegistry& sources);

}  // namespace tabula

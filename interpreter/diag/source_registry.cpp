#include "diag/source_registry.hpp"

namespace tabula {

void SourceRegistry::add(const SourceFile& file) {
  files_.erase(file.path);
  files_.emplace(file.path, file);
}

const SourceFile* SourceRegistry::find(const std::string& path) const {
  auto it = files_.find(path);
  return it == files_.end() ? nullptr : &it->second;
}

}  // namespace tabula

#include "diag/source_registry.hpp"

#include <fmt/format.h>
#include <filesystem>

namespace tabula {

SourceRegistry::SourceRegistry(const std::vector<SourceFile>& given) : given_(std::map<std::string, SourceFile>{}) {
  for (const SourceFile& f : given) {
    given_->erase(f.path);
    given_->emplace(f.path, f);
  }
}

void SourceRegistry::add(const SourceFile& file) {
  files_.erase(file.path);
  files_.emplace(file.path, file);
}

const SourceFile* SourceRegistry::find(const std::string& path) const {
  auto it = files_.find(path);
  return it == files_.end() ? nullptr : &it->second;
}

std::optional<SourceFile> SourceRegistry::read(const std::string& path, std::string_view kind,
                                               std::string& error) const {
  if (!given_) return read_source_file(path, kind, error);
  auto it = given_->find(path);
  if (it != given_->end()) return it->second;
  error = fmt::format("{} file '{}' is not among the files this game was made from", kind, path);
  return std::nullopt;
}

bool SourceRegistry::exists(const std::string& path) const {
  if (given_) return given_->count(path) > 0;
  std::error_code ec;
  return std::filesystem::exists(path, ec);
}

}  // namespace tabula

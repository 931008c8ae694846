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

std::vector<std::string> SourceRegistry::names_in(const std::string& dir) const {
  std::vector<std::string> names;
  const std::filesystem::path folder = std::filesystem::path(dir).lexically_normal();
  if (given_) {
    for (const auto& [path, file] : *given_)
      if (std::filesystem::path(path).lexically_normal().parent_path() == folder)
        names.push_back(std::filesystem::path(path).filename().string());
    return names;
  }
  std::error_code ec;
  for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec)) names.push_back(it->path().filename().string());
  return names;
}

bool SourceRegistry::exists(const std::string& path) const {
  if (given_) return given_->count(path) > 0;
  std::error_code ec;
  return std::filesystem::exists(path, ec);
}

}  // namespace tabula

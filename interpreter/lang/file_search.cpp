#include "lang/file_search.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "board/board_loader.hpp"
#include "diag/source_file.hpp"
#include "syntax/name_suggest.hpp"

namespace tabula {
namespace fs = std::filesystem;

namespace {

const char* folder_name(SearchedKind kind) { return kind == SearchedKind::rules ? "rules" : "boards"; }

bool is_kind(const std::string& name, SearchedKind kind) {
  return kind == SearchedKind::rules ? is_rules_path(name) : is_board_path(name);
}

// The folders of a ':'-separated environment variable, in order.
std::vector<fs::path> folders_of_variable(const char* variable) {
  std::vector<fs::path> out;
  const char* env = std::getenv(variable);
  if (!env) return out;
  std::string_view list(env);
  for (size_t start = 0; start <= list.size();) {
    const size_t end = std::min(list.find(':', start), list.size());
    if (end > start) out.emplace_back(list.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// The shipped files' folder for `kind`: share/tabula/KIND of the installation this code was
// loaded from (found upwards from the library or program file, so a moved installation still
// finds its own), else the source tree this build came from.
fs::path shipped_folder(SearchedKind kind) {
  // The file this code was loaded from (a library, or the program, whose name dladdr may give
  // as it was typed), then the running program.
  std::vector<fs::path> origins;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&shipped_folder), &info) && info.dli_fname && *info.dli_fname)
    origins.emplace_back(info.dli_fname);
  origins.emplace_back("/proc/self/exe");
  for (const fs::path& origin : origins) {
    std::error_code ec;
    fs::path dir = fs::canonical(origin, ec).parent_path();
    std::error_code absent;  // a folder that is not there is no error here
    for (int up = 0; up < 5 && !ec && !dir.empty() && dir != dir.root_path(); ++up, dir = dir.parent_path())
      if (fs::is_directory(dir / "share" / "tabula" / folder_name(kind), absent))
        return dir / "share" / "tabula" / folder_name(kind);
  }
#if defined(TABULA_SOURCE_RULES) && defined(TABULA_SOURCE_BOARDS)
  return kind == SearchedKind::rules ? fs::path(TABULA_SOURCE_RULES) : fs::path(TABULA_SOURCE_BOARDS);
#else
  return {};
#endif
}

}  // namespace

bool is_rules_path(const std::string& path) { return has_extension(path, {".rules"}); }

std::vector<SearchFolder> search_folders(SearchedKind kind, const std::string& naming_file) {
  std::vector<SearchFolder> out;
  auto add = [&](fs::path folder, std::string what, bool local = false) {
    folder = folder.lexically_normal();
    if (folder.empty()) folder = ".";
    // The same folder by another name (rules and /home/me/rules) comes once.
    auto real = [](const fs::path& p) {
      std::error_code ec;
      fs::path r = fs::weakly_canonical(p, ec);
      return ec ? p : r;
    };
    for (const auto& f : out)
      if (f.folder == folder || real(f.folder) == real(folder)) return;
    out.push_back({std::move(folder), std::move(what), local});
  };
  const fs::path dir = fs::path(naming_file).parent_path();
  if (!naming_file.empty()) {
    add(dir, fmt::format("next to {}", naming_file), true);
    add(dir / ".." / folder_name(kind),
        fmt::format("the {}/ folder beside {}'s folder", folder_name(kind), naming_file));
  }
  // A folder, then its rules/ or boards/ when it has one (a project's root).
  auto add_with_subfolder = [&](const fs::path& folder, const std::string& what) {
    add(folder, what);
    std::error_code absent;
    if (fs::is_directory(folder / folder_name(kind), absent))
      add(folder / folder_name(kind), fmt::format("{} ({}/)", what, folder_name(kind)));
  };
  add(".", "the current folder", true);
  for (const auto& f : folders_of_variable("TABULA_PATH")) add_with_subfolder(f, "TABULA_PATH");
  if (kind == SearchedKind::board)
    for (const auto& f : folders_of_variable("TABULA_BOARDS")) add(f, "TABULA_BOARDS");
  if (fs::path shipped = shipped_folder(kind); !shipped.empty())
    add(shipped, fmt::format("the shipped {}", folder_name(kind)));
  return out;
}

namespace {

// The folders `name` is tried in: all of them, or for a name with a folder part the local ones.
std::vector<SearchFolder> folders_for(const fs::path& asked, SearchedKind kind, const std::string& naming_file) {
  std::vector<SearchFolder> folders = search_folders(kind, naming_file);
  if (asked.has_parent_path()) std::erase_if(folders, [](const SearchFolder& f) { return !f.local; });
  return folders;
}

}  // namespace

std::vector<fs::path> search_candidates(const std::string& name, SearchedKind kind, const std::string& naming_file) {
  std::vector<fs::path> out;
  const fs::path asked(name);
  if (asked.is_absolute()) return {asked.lexically_normal()};
  for (const auto& f : folders_for(asked, kind, naming_file)) {
    fs::path candidate = (f.folder / asked).lexically_normal();
    if (std::find(out.begin(), out.end(), candidate) == out.end()) out.push_back(std::move(candidate));
  }
  return out;
}

std::string find_in_search(const std::string& name, SearchedKind kind, const std::string& naming_file,
                           const SourceRegistry& sources) {
  for (const auto& candidate : search_candidates(name, kind, naming_file))
    if (sources.exists(candidate.string())) return candidate.string();
  return "";
}

std::string find_rules_file(const std::string& name) {
  std::error_code ec;
  if (name == "-" || name.empty() || fs::is_regular_file(name, ec)) return name;
  const SourceRegistry files;
  if (std::string found = find_in_search(name, SearchedKind::rules, "", files); !found.empty()) return found;
  if (!is_rules_path(name) && !fs::path(name).has_parent_path())
    return find_in_search(name + ".rules", SearchedKind::rules, "", files);
  return "";
}

std::string search_suggestion(const std::string& name, SearchedKind kind, const std::string& naming_file,
                              const SourceRegistry& sources) {
  const fs::path asked(name);
  std::vector<std::string> names;
  for (const auto& f : folders_for(asked, kind, naming_file)) {
    for (auto& file : sources.names_in((f.folder / asked.parent_path()).lexically_normal().string()))
      if (is_kind(file, kind)) names.push_back(std::move(file));
  }
  std::string wanted = asked.filename().string();
  if (kind == SearchedKind::rules && !is_rules_path(wanted)) wanted += ".rules";  // a game's name alone
  const std::string guess = closest_name(wanted, names);
  if (guess.empty() || guess == wanted) return "";
  return fmt::format("; did you mean '{}'?", (asked.parent_path() / guess).string());
}

std::string search_order_text(const std::string& naming_file) {
  std::string out;
  for (SearchedKind kind : {SearchedKind::rules, SearchedKind::board}) {
    out += fmt::format("{} named in {} are looked for:\n", kind == SearchedKind::rules ? "base rules" : "boards",
                       naming_file);
    int n = 0;
    for (const auto& f : search_folders(kind, naming_file))
      out += fmt::format("  {}. {} ({})\n", ++n, f.what, f.folder.string());
  }
  return out;
}

}  // namespace tabula

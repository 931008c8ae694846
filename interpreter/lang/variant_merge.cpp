#include "lang/variant_merge.hpp"

#include <fmt/format.h>
#include <filesystem>

#include "diag/source_file.hpp"
#include "syntax/parser.hpp"

namespace tabula {
namespace {

constexpr int kMaxVariantDepth = 8;

// The key a variant statement replaces: `move stone`, `option repetition-draw`, `setup`.
std::string statement_key(const Statement& s) {
  std::string key = s.keyword;
  if ((s.keyword == "player" || s.keyword == "piece" || s.keyword == "move" || s.keyword == "promote" ||
       s.keyword == "zone") &&
      !s.args.empty() && s.args[0].name.empty() && s.args[0].value.kind == Expr::Kind::identifier)
    key += " " + s.args[0].value.text;
  if (s.keyword == "option")
    for (const auto& a : s.args) key += " " + a.name;
  if (s.keyword == "variant") key = "game";
  return key;
}

const Statement* find_variant_line(const RulesFile& f) {
  for (const auto& s : f.statements)
    if (s.keyword == "variant") return &s;
  return nullptr;
}

bool is_rules_path(const std::string& path) { return has_extension(path, {".rules"}); }

std::optional<RulesFile> merge_source(const SourceFile& source, Diagnostics& diags, SourceRegistry& sources, int depth);

// Reads and parses `path` and merges the chain of variants it starts. `named_at` is where
// the file is named, as `name`: the `extends` string of the variant that extends it, or the
// file itself (line 0) when it was named on the command line. A problem with the file as a
// whole (not a rules file, cannot be read, not text) is one error there, and nothing of the
// file is shown.
std::optional<RulesFile> load_rules_chain(const std::string& path, const std::string& name, const SourcePos& named_at,
                                          Diagnostics& diags, SourceRegistry& sources, int depth) {
  if (!is_rules_path(path)) {
    diags.error(named_at, fmt::format("'{}' is not a rules file (its name must end in .rules)", name));
    return std::nullopt;
  }
  std::string why;
  auto source = read_source_file(path, "rules", why);
  if (!source) {
    diags.error(named_at, why);
    return std::nullopt;
  }
  return merge_source(*source, diags, sources, depth);
}

std::optional<RulesFile> merge_source(const SourceFile& source, Diagnostics& diags, SourceRegistry& sources,
                                      int depth) {
  const std::string& path = source.path;
  sources.add(source);
  auto parsed = parse_rules(source, diags);
  if (!parsed) return std::nullopt;
  const Statement* variant = find_variant_line(*parsed);
  if (!variant) return parsed;

  const auto& a = variant->args;
  if (a.size() != 3 || a[0].value.kind != Expr::Kind::string || a[1].value.kind != Expr::Kind::identifier ||
      a[1].value.text != "extends" || a[2].value.kind != Expr::Kind::string) {
    diags.error(variant->pos, "expected `variant \"Name\" extends \"base.rules\"`");
    return std::nullopt;
  }
  if (depth >= kMaxVariantDepth) {
    diags.error(variant->pos, fmt::format("variants extend each other more than {} deep (a cycle?)", kMaxVariantDepth));
    return std::nullopt;
  }
  // Relative to this file's folder; '..' and absolute paths are allowed (a variant in its own
  // folder may extend a shipped file), since a file that is not a rules file is refused
  // without being shown.
  const Expr& base_name = a[2].value;
  std::string base_path = (std::filesystem::path(path).parent_path() / base_name.text).lexically_normal().string();
  if (is_rules_path(base_path) && !std::filesystem::exists(base_path)) {
    diags.error(base_name.pos,
                fmt::format("cannot open the base rules '{}' (looked next to this file)", base_name.text));
    return std::nullopt;
  }
  int errors_before = diags.errors_seen();
  auto base = load_rules_chain(base_path, base_name.text, base_name.pos, diags, sources, depth + 1);
  if (!base) {
    if (diags.errors_seen() == errors_before)
      diags.error(base_name.pos, fmt::format("cannot load the base rules '{}'", base_name.text));
    return std::nullopt;
  }

  // A replacement takes the place of the first base statement it replaces (so players keep
  // their turn order); statements with a new key are added at the end.
  std::vector<std::optional<Statement>> slots(base->statements.begin(), base->statements.end());
  std::vector<Statement> added;
  for (const auto& s : parsed->statements) {
    if (s.keyword == "remove") {
      std::string key;
      for (const auto& arg : s.args) key += (key.empty() ? "" : " ") + arg.value.text;
      bool any = false;
      for (auto& slot : slots)
        if (slot && statement_key(*slot) == key) slot.reset(), any = true;
      if (!any) diags.error(s.pos, fmt::format("nothing to remove: the base rules have no '{}'", key));
      continue;
    }
    std::string key = statement_key(s);
    bool placed = false;
    for (auto& slot : slots) {
      if (!slot || statement_key(*slot) != key || slot->pos.file == path) continue;
      if (placed) slot.reset();
      else slot = s, placed = true;
    }
    if (!placed) added.push_back(s);
  }
  RulesFile out{path, {}};
  for (auto& slot : slots)
    if (slot) out.statements.push_back(std::move(*slot));
  for (auto& s : added) out.statements.push_back(std::move(s));
  return out;
}

}  // namespace

std::optional<RulesFile> load_merged_rules(const std::string& path, Diagnostics& diags, SourceRegistry& sources) {
  return load_rules_chain(path, path, SourcePos{path, 0, 0}, diags, sources, 0);
}

std::optional<RulesFile> load_merged_rules(const SourceFile& source, Diagnostics& diags, SourceRegistry& sources) {
  return merge_source(source, diags, sources, 0);
}

}  // namespace tabula

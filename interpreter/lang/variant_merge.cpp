#include "lang/variant_merge.hpp"

#include <filesystem>
#include <fmt/format.h>

#include "syntax/parser.hpp"

namespace tabula {
namespace {

constexpr int kMaxVariantDepth = 8;

// The key a variant statement replaces: `move stone`, `option repetition-draw`, `setup`.
std::string statement_key(const Statement& s) {
  std::string key = s.keyword;
  if ((s.keyword == "player" || s.keyword == "piece" || s.keyword == "move" || s.keyword == "promote" ||
       s.keyword == "zone") &&
      !s.args.empty() &&
      s.args[0].name.empty() && s.args[0].value.kind == Expr::Kind::identifier)
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

}  // namespace

std::optional<RulesFile> load_merged_rules(const std::string& path, Diagnostics& diags, SourceRegistry& sources, int depth) {
  auto source = read_source_file(path);
  if (!source) {
    diags.error({path, 0, 0}, fmt::format("cannot open rules file '{}'", path));
    return std::nullopt;
  }
  return load_merged_rules(*source, diags, sources, depth);
}

std::optional<RulesFile> load_merged_rules(const SourceFile& source, Diagnostics& diags, SourceRegistry& sources,
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
  std::string base_path = (std::filesystem::path(path).parent_path() / a[2].value.text).lexically_normal().string();
  if (!std::filesystem::is_regular_file(base_path)) {
    diags.error(a[2].value.pos, fmt::format("cannot open the base rules '{}' (looked next to this file)", a[2].value.text));
    return std::nullopt;
  }
  Diagnostics base_diags;
  auto base = load_merged_rules(base_path, base_diags, sources, depth + 1);
  if (!base) {
    if (base_diags.empty()) diags.error(a[2].value.pos, fmt::format("cannot load the base rules '{}'", a[2].value.text));
    for (const auto& d : base_diags.items())
      diags.add(d.severity, d.pos.line ? d.pos : a[2].value.pos, d.message);
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

}  // namespace tabula

#include "lang/variant_merge.hpp"

#include <fmt/format.h>
#include <filesystem>
#include <map>

#include "constructs/registry.hpp"
#include "diag/source_file.hpp"
#include "lang/file_search.hpp"
#include "lang/syntax_cascade.hpp"
#include "syntax/ast_print.hpp"
#include "syntax/name_suggest.hpp"
#include "syntax/parser.hpp"

namespace tabula {
namespace {

constexpr int kMaxVariantDepth = 8;

const Arg* first_positional(const Statement& s) {
  for (const auto& a : s.args)
    if (a.name.empty()) return &a;
  return nullptr;
}

// The key a variant statement replaces, by the rule the language's table gives its keyword
// (check/specs.hpp `Key`, docs/VARIANTS.md): `setup`, `promote pawn`, `option
// repetition-draw`. Statements of a keyword that never replaces (`when`) and unknown
// keywords (the checker reports them) have no key: they are always added.
struct StatementKey {
  std::string text;
  Key rule = Key::none;
};

StatementKey key_of(const Statement& s) {
  // A variant's own name line takes the place of the base's `game` (or `variant`) line.
  if (s.keyword == "variant" || s.keyword == "game") return {"game", Key::keyword};
  const StatementSpec* spec = language().statement(s.keyword);
  StatementKey key{s.keyword, spec ? spec->key : Key::none};
  if (key.rule == Key::first_argument) {
    if (const Arg* a = first_positional(s)) key.text += " " + to_string(a->value);
  } else if (key.rule == Key::argument_names) {
    // By the settings its arguments set (StatementSpec::setting): two spellings of a setting
    // replace each other, and a part of a rule goes with the rule it is given with.
    for (const auto& a : s.args)
      if (const std::string_view sets = a.name.empty() ? std::string_view() : setting_of(*spec, a.name); !sets.empty())
        key.text += " " + std::string(sets);
  }
  return key;
}

// What `remove ...` or `keep ...` names: its words as written, `promote pawn`.
std::string named_key(const Statement& s) {
  std::string key;
  for (const auto& arg : s.args) key += (key.empty() ? "" : " ") + to_string(arg);
  return key;
}

// A base statement's place, its path as seen from the variant's folder: what the variant's
// `extends` wrote (`../rules/base.rules:55`), whatever folder the command ran in.
std::string where(const Statement& s, const std::string& variant) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path base = fs::absolute(s.pos.file, ec), from = fs::absolute(variant, ec).parent_path();
  fs::path shown = ec ? fs::path() : base.lexically_normal().lexically_relative(from.lexically_normal());
  return fmt::format("{}:{}", shown.empty() ? s.pos.file : shown.string(), s.pos.line);
}

const Statement* find_variant_line(const RulesFile& f) {
  for (const auto& s : f.statements)
    if (s.keyword == "variant") return &s;
  return nullptr;
}

// A base statement and what the variant did with it.
struct Slot {
  enum class Fate : uint8_t { inherited, replaced, removed, kept };
  std::optional<Statement> statement;  // what the merged file has here
  Statement base;
  Fate fate = Fate::inherited;
};

// The merge of one variant into its (merged) base.
class Merge {
 public:
  Merge(const RulesFile& base, const std::string& variant, Diagnostics& diags) : diags_(diags), variant_(variant) {
    for (const auto& s : base.statements) slots_.push_back({s, s, Slot::Fate::inherited});
  }

  void apply(const Statement& s) {
    if (s.keyword == "remove") return remove(s);
    if (s.keyword == "keep") return keep(s);
    StatementKey key = key_of(s);
    bool placed = false;
    // A replacement takes the place of the first base statement it replaces (so players
    // keep their turn order).
    if (key.rule != Key::none)
      for (Slot& slot : slots_) {
        if (slot.fate != Slot::Fate::inherited || key_of(slot.base).text != key.text) continue;
        slot.fate = Slot::Fate::replaced;
        if (placed) slot.statement.reset();
        else slot.statement = s, placed = true;
      }
    if (placed && s.keyword == "board") new_board_ = &s;
    if (placed && (key.rule == Key::first_argument || key.rule == Key::argument_names)) {
      first_replacing_.emplace(s.keyword, &s);
      ++replacing_count_[s.keyword];
    }
    if (!placed) added_.push_back(s);  // statements with a new key are added at the end
  }

  // Warns about each keyword whose base statements the variant replaced only in part.
  // A variant that restates one statement of a keyword means that one: no warning. One that
  // restates several but not all looks like a slip, and is told about the rest, once per
  // keyword; but not for the statements each of which belongs to one kind of piece (`piece`,
  // `move`): a variant that changes the moves of two kinds leaves the other kinds alone.
  void warn_partial() {
    // Another board with the base's setup: the pieces stand where the base's board had them
    // (an 8x8 start in a corner of a 10x10 board), which is seldom what a variant means.
    if (new_board_)
      for (const Slot& slot : slots_)
        if (slot.fate == Slot::Fate::inherited && slot.base.keyword == "setup")
          diags_.warning(new_board_->pos,
                         fmt::format("this variant changes the board but not the setup ({}), which places the "
                                     "pieces as on the base's board; restate `setup`, or `keep setup` if it fits",
                                     where(slot.base, variant_)));
    for (const auto& [keyword, first] : first_replacing_) {
      if (replacing_count_[keyword] < 2 || keyword == "move" || keyword == "piece") continue;
      std::vector<std::string> inherited;
      for (const Slot& slot : slots_)
        if (slot.fate == Slot::Fate::inherited && slot.base.keyword == keyword)
          inherited.push_back(fmt::format("'{}' ({})", key_of(slot.base).text, where(slot.base, variant_)));
      if (inherited.empty()) continue;
      diags_.warning(first->pos, fmt::format("this variant replaces some '{}' statements of its base but not {}, "
                                             "which still apply; restate, `remove` or `keep` {}",
                                             keyword, join(inherited), inherited.size() == 1 ? "it" : "them"));
    }
  }

  RulesFile result(const std::string& path) {
    RulesFile out{path, {}, {}};
    for (auto& slot : slots_)
      if (slot.statement) out.statements.push_back(std::move(*slot.statement));
    for (auto& s : added_) out.statements.push_back(std::move(s));
    return out;
  }

 private:
  static std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
    return out;
  }

  // `remove KEY`: the base statements with that key go. A keyword that never replaces
  // (`remove when`) removes all of its statements; a keyword keyed by its first argument
  // needs it (`remove promote pawn`).
  void remove(const Statement& s) {
    std::string key = named_key(s);
    const StatementSpec* spec = language().statement(key);
    if (spec && spec->key == Key::first_argument) return name_needed(s, key, "remove");
    bool all_of_keyword = spec && spec->key == Key::none;
    bool any = false;
    for (Slot& slot : slots_) {
      if (slot.fate == Slot::Fate::removed || !slot.statement) continue;
      if (all_of_keyword ? slot.base.keyword != key : key_of(slot.base).text != key) continue;
      slot.statement.reset(), slot.fate = Slot::Fate::removed, any = true;
    }
    if (!any)
      diags_.error(s.pos, fmt::format("nothing to remove: the base rules have no '{}'{}", key, nearest_key(key)));
  }

  // `keep KEY`: the base statement stays, on purpose (no warning about a partial restatement).
  void keep(const Statement& s) {
    std::string key = named_key(s);
    const StatementSpec* spec = language().statement(key);
    if (spec && spec->key == Key::first_argument) return name_needed(s, key, "keep");
    bool any = false;
    for (Slot& slot : slots_)
      if (slot.fate == Slot::Fate::inherited && key_of(slot.base).text == key) slot.fate = Slot::Fate::kept, any = true;
    if (!any)
      diags_.error(s.pos,
                   fmt::format("nothing to keep: the base rules have no '{}' left to keep{}", key, nearest_key(key)));
  }

  // "; did you mean 'move stone'?" for the base key nearest to a `remove` or `keep` key, or "".
  std::string nearest_key(const std::string& key) const {
    std::vector<std::string> keys;
    for (const Slot& slot : slots_)
      if (slot.statement) keys.push_back(key_of(slot.base).text);
    const std::string guess = closest_name(key, keys);
    return guess.empty() ? "" : fmt::format("; did you mean '{}'?", guess);
  }

  // `remove promote` names no statement when promote statements are keyed by their kind:
  // the error lists the ones there are.
  void name_needed(const Statement& s, const std::string& keyword, const char* verb) {
    std::vector<std::string> present;
    for (const Slot& slot : slots_)
      if (slot.statement && slot.base.keyword == keyword)
        present.push_back(fmt::format("'{}' ({})", key_of(slot.base).text, where(slot.base, variant_)));
    if (present.empty())
      return diags_.error(s.pos, fmt::format("nothing to {}: the base rules have no '{}' statement", verb, keyword));
    const std::string example = present.front().substr(1, present.front().find('\'', 1) - 1);
    diags_.error(s.pos, fmt::format("'{} {}' must say which statement: each '{}' is keyed by its first argument, and "
                                    "the base rules have {} (e.g. `{} {}`)",
                                    verb, keyword, keyword, join(present), verb, example));
  }

  Diagnostics& diags_;
  std::string variant_;  // the variant's path: base places are given from its folder
  std::vector<Slot> slots_;
  std::vector<Statement> added_;
  std::map<std::string, const Statement*> first_replacing_;  // keyword -> its first replacing statement
  const Statement* new_board_ = nullptr;                     // the variant's `board`, when it replaces the base's
  std::map<std::string, int> replacing_count_;               // keyword -> the statements replacing some of it
};

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
  auto source = sources.read(path, "rules", why);
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
  std::optional<RulesFile> parsed = parse_rules_recovering(source, diags);
  // A variant line that could not be read leaves its base unknown: nothing else can be checked.
  for (const auto& b : parsed->broken)
    if (b.keyword == "variant") return std::nullopt;
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
  // Looked for as every named file is (lang/file_search.hpp): next to this file first. '..'
  // and absolute paths are allowed (a variant in its own folder may extend a shipped file),
  // since a file that is not a rules file is refused without being shown.
  const Expr& base_name = a[2].value;
  std::string base_path = find_in_search(base_name.text, SearchedKind::rules, path, sources);
  if (base_path.empty()) {
    if (!is_rules_path(base_name.text)) {
      diags.error(base_name.pos, fmt::format("'{}' is not a rules file (its name must end in .rules)", base_name.text));
      return std::nullopt;
    }
    diags.error(
        base_name.pos,
        fmt::format("cannot open the base rules '{}' (looked next to this file, in the rules/ folder beside its "
                    "folder, in the current folder, in TABULA_PATH and among the shipped rules; `tabula "
                    "validate --verbose` lists the folders){}",
                    base_name.text, search_suggestion(base_name.text, SearchedKind::rules, path, sources)));
    return std::nullopt;
  }
  int errors_before = diags.errors_seen();
  auto base = load_rules_chain(base_path, base_name.text, base_name.pos, diags, sources, depth + 1);
  if (!base) {
    if (diags.errors_seen() == errors_before)
      diags.error(base_name.pos, fmt::format("cannot load the base rules '{}'", base_name.text));
    return std::nullopt;
  }

  // After a syntax error (here or in a base), what the merge says may follow from the
  // statement that could not be read (lang/syntax_cascade.hpp).
  std::vector<BrokenStatement> broken = std::move(base->broken);
  broken.insert(broken.end(), parsed->broken.begin(), parsed->broken.end());
  Diagnostics merge_diags;
  Merge merge(*base, path, broken.empty() ? diags : merge_diags);
  for (const auto& s : parsed->statements) merge.apply(s);
  merge.warn_partial();
  add_unless_cascade(merge_diags, broken, diags);
  RulesFile merged = merge.result(path);
  merged.broken = std::move(broken);
  return merged;
}

}  // namespace

std::optional<RulesFile> load_merged_rules(const std::string& path, Diagnostics& diags, SourceRegistry& sources) {
  return load_rules_chain(path, path, SourcePos{path, 0, 0}, diags, sources, 0);
}

std::optional<RulesFile> load_merged_rules(const SourceFile& source, Diagnostics& diags, SourceRegistry& sources) {
  return merge_source(source, diags, sources, 0);
}

}  // namespace tabula

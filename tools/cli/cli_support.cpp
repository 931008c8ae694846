#include "cli_support.hpp"

#include <fmt/format.h>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include "terminal_colour.hpp"

#include "board/board_loader.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "lang/file_search.hpp"
#include "lang/game_loader.hpp"
#include "output_file.hpp"

namespace tabula::cli {

namespace {

std::atomic<bool> interrupt_flag{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

// What standard input held and which kind of file it was read as, once it has been read.
std::optional<std::string> stdin_text;
std::string stdin_kind;

extern "C" void on_interrupt(int) {
  interrupt_flag.store(true);
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the process
}

}  // namespace

InterruptCatcher::InterruptCatcher() {
  interrupt_flag = false;
  std::signal(SIGINT, on_interrupt);
}

InterruptCatcher::~InterruptCatcher() { std::signal(SIGINT, SIG_DFL); }

const std::atomic<bool>* InterruptCatcher::flag() const { return &interrupt_flag; }

std::string rule_error_report(const std::string& message, const SourcePos& at) {
  SourceRegistry sources;
  std::string why;
  if (at.file == kStdinRulesName && stdin_text) sources.add(SourceFile{at.file, *stdin_text});
  else if (auto file = read_source_file(at.file, "rules", why)) sources.add(*file);
  return render(Diagnostic{Severity::error, at, message + " (found while playing; nothing after it was played)"},
                sources);
}

std::shared_ptr<const Program> load_rules_or_fail(const std::string& path, RulesIdentity* identity,
                                                  const LoadOptions& options) {
  Diagnostics diags;
  SourceRegistry sources;
  auto program = path == "-" ? load_program(SourceFile{kStdinRulesName, read_input("-", "rules").text}, diags, sources,
                                            nullptr, options)
                             : load_program(path, diags, sources, nullptr, options);
  std::cerr << coloured_diagnostics(render_all(diags, sources));
  note_input(path, "the rules file");
  for (const auto& [file, source] : sources.files())
    if (file != path) note_input(file, "a file its rules read");
  if (!program) throw UserError{fmt::format("{}: {}; nothing was run", path, error_count_text(diags))};
  if (identity) {
    std::vector<std::string> texts;
    for (const auto& [file, source] : sources.files()) texts.push_back(source.text);
    *identity = RulesIdentity{program->name, path, rules_hash(texts)};
  }
  return program;
}

void add_reference_flag(CLI::App& command, LoadOptions& options) {
  command.add_flag("--reference", options.reference,
                   "Reference mode: play the rules with every accelerated path off (bitboards, fused and counted "
                   "moves, set-wise captures, line sweeps, running counts, shortcuts, caches); the same game, slower "
                   "(docs/ARCHITECTURE.md)");
}

std::shared_ptr<const Program> rules_at_hand(const RulesIdentity& named) {
  if (named.file.empty() || named.file == "-") return nullptr;
  Diagnostics diags;
  SourceRegistry sources;
  auto program = load_program(named.file, diags, sources);
  if (!program) return nullptr;
  std::vector<std::string> texts;
  for (const auto& [file, source] : sources.files()) texts.push_back(source.text);
  return rules_hash(texts) == named.hash ? program : nullptr;
}

State initial_state(std::shared_ptr<const Program> program, const std::string& position) {
  State s(program);
  if (position.empty()) return s;
  std::string text = position;
  if (text[0] == '@') {
    text = read_input(text.substr(1), "position").text;
    if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);  // a UTF-8 byte order mark
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  }
  std::string error;
  auto pos = parse_position(*program, text, error);
  if (!pos) throw UserError{fmt::format("bad position: {}", error)};
  s.set_position(*pos);
  return s;
}

void parse_shard(const std::string& text, int& index, int& count) {
  auto slash = text.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument("");
    size_t used_i = 0, used_n = 0;
    index = std::stoi(text.substr(0, slash), &used_i);
    count = std::stoi(text.substr(slash + 1), &used_n);
    if (used_i != slash || used_n != text.size() - slash - 1 || count < 1 || count > kMaxGames || index < 0 ||
        index >= count)
      throw std::invalid_argument("");
  } catch (const std::exception&) {
    throw UserError{fmt::format("--shard '{}': expected I/N with 0 <= I < N <= {}, e.g. 0/4", text, kMaxGames)};
  }
}

void print_json(const Json& value) { std::cout << json_text(value) << "\n"; }

void claim_stdin(std::string_view kind) {
  if (!stdin_kind.empty())
    throw UserError{
        fmt::format("standard input can be read once, and it gave the {}; give the {} as a file", stdin_kind, kind)};
  stdin_kind = kind;
}

SourceFile read_input(const std::string& path, std::string_view kind) {
  std::string why;
  if (path != "-") {
    auto file = read_source_file(path, kind, why);
    if (!file) throw UserError{why};
    note_input(path, fmt::format("the {} file", kind));
    return std::move(*file);
  }
  claim_stdin(kind);
  std::string text;
  char chunk[1 << 16];
  const std::uintmax_t limit = max_input_bytes(kind);
  while (text.size() <= limit && std::cin.read(chunk, sizeof chunk).gcount() > 0)
    text.append(chunk, static_cast<size_t>(std::cin.gcount()));
  if (text.size() > limit)
    throw UserError{fmt::format("standard input is larger than the {} limit for {} files", max_input_text(kind), kind)};
  if (auto bad = find_non_text(text))
    throw UserError{fmt::format("standard input is not text: it has {}; a {} must be UTF-8 text", bad->what, kind)};
  stdin_text = text;
  return SourceFile{"-", std::move(text)};
}

CLI::Validator existing_file_or_stdin() {
  return CLI::Validator(
      [](std::string& path) -> std::string {
        std::error_code ec;
        if (path == "-") return "";
        if (std::filesystem::is_regular_file(path, ec)) return note_input(path, "a file named on its command line"), "";
        if (std::filesystem::exists(path, ec)) return CLI::ExistingFile(path);  // a folder: CLI11 says so
        const bool board = is_board_path(path);
        std::string found =
            board ? find_in_search(path, SearchedKind::board, "", SourceRegistry{}) : find_rules_file(path);
        if (!found.empty()) {
          path = found;
          note_input(path, "a file named on its command line");
          return "";
        }
        return fmt::format(
            "File does not exist: {}{}", path,
            search_suggestion(path, board ? SearchedKind::board : SearchedKind::rules, "", SourceRegistry{}));
      },
      "FILE (- for stdin)");
}

bool is_board_file(const std::string& path) { return is_board_path(path); }

std::vector<std::string> split_words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace tabula::cli

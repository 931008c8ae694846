#pragma once
// The text of an input file, kept so diagnostics can quote the offending line, and the one
// reader every text input of the library goes through (rules, boards, game records,
// positions), with the limits of docs/ROBUSTNESS.md, "Input limits".
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tabula {

// No text input may be larger. Every real one is far smaller (the largest shipped file is
// a few KB; a game record of 100 000 plies is about 700 KB), and reading and what is built
// from it stay bounded whatever a path names: the syntax tree of a rules file made of the
// smallest statements takes up to about 300 bytes per byte of text (docs/ROBUSTNESS.md).
constexpr std::uintmax_t kMaxInputBytes = 1u << 20;
constexpr const char* kMaxInputText = "1 MiB";
// Game records are the one input Tabula writes at length itself, and what it writes it reads
// back: a game may run to the longest ply limit (1 000 000 plies, about 10 bytes each), so
// records have a limit of their own, which the commands that write them check too.
constexpr std::uintmax_t kMaxRecordBytes = 32u << 20;
constexpr const char* kMaxRecordText = "32 MiB";
// The limit for an input of `kind` ("game record": kMaxRecordBytes; others: kMaxInputBytes).
std::uintmax_t max_input_bytes(std::string_view kind);
const char* max_input_text(std::string_view kind);

class SourceFile {
 public:
  // A CR that is not followed by LF (the line end of old Mac files) is read as LF.
  SourceFile(std::string path, std::string text);

  const std::string path;
  const std::string text;

  // The 1-based line `n` without its line break; empty when out of range. Constant time.
  std::string_view line(int n) const;
  int line_count() const { return static_cast<int>(line_starts_.size()); }

  // Positions are asked for in any order (a note may point back at an earlier place), so
  // both of these take bounded time however long the line: a 1 MB line with a position for
  // each of its words must not cost quadratic time.
  //
  // The 1-based column (columns count characters: a byte that is not a UTF-8 continuation
  // byte starts one) of byte `byte` (0-based) of line `n`; bytes past the line's end count
  // one column each.
  int column_of(int n, size_t byte) const;
  // The 1-based line and column of byte `offset` of the text (the end for an offset past it).
  std::pair<int, int> position_of(size_t offset) const;

 private:
  static constexpr size_t kBlock = 64;
  std::vector<size_t> line_starts_;  // byte offset of each line
  std::vector<int> block_columns_;   // the column of every kBlock-th byte, within its line
};

// Reads a whole text file. On failure nullopt, and `error` says why in one sentence that
// quotes nothing of the file: it cannot be opened; it is a directory, or not a regular file
// (a device such as /dev/zero, a pipe); it is larger than max_input_bytes(kind); or it is not text
// (it has a NUL byte, or bytes that are not UTF-8). `kind` names the file in the messages:
// "rules", "board", "position", "game record".
std::optional<SourceFile> read_source_file(const std::string& path, std::string_view kind, std::string& error);

// True when the file name of `path` ends in one of `extensions` (".rules"), in any case:
// the extension says which kind of file a path names, and a file of another kind is refused
// before it is read.
bool has_extension(const std::string& path, std::initializer_list<std::string_view> extensions);

// Where `text` stops being text: the offset of its first NUL byte or of the first byte that
// does not belong to a well-formed UTF-8 sequence, with a description; nullopt for text.
struct NotText {
  size_t offset;
  std::string what;  // "a NUL byte", "the byte 0xFF, which is not UTF-8"
};
std::optional<NotText> find_non_text(std::string_view text);

}  // namespace tabula

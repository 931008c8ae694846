#pragma once
// The one way every command writes a file (docs/CLI.md, "Files tabula writes"): never over
// an existing file unless told to (--force), and never a cut file. The text goes to a
// temporary file beside the target, is flushed to the disk, and only then takes the target's
// name, so a full disk, a failed write or a stopped run leaves the target as it was. Every
// failure is a UserError that names the file and the reason. Devices and pipes (/dev/null,
// /dev/stdout) hold no file to lose and are written to directly; "-" is standard output.
// Results files (`--out`, which appends) have their own writer, results_output.hpp. No output
// replaces a file the same command reads (note_input), with or without --force.
#include <string>
#include <string_view>

namespace tabula::cli {

// A kind of output that Tabula writes again over its own file, so that a picture or a page
// is drawn anew without --force: "show svg", "replay html" ("" for none). A file written with
// a kind holds, as its second line, the comment `<!-- written by tabula: KIND. ... -->` (SVG
// and HTML files: the first line stays the XML declaration or the doctype); an existing file
// with that line (in its first KiB) may be replaced. Any other file, an input or another
// program's file, is replaced only with --force. Standard output and devices get no line.
struct OutputKind {
  std::string_view name;
};

// Throws a UserError when writing `path` would replace a file and `replace` is false (and the
// file is not one Tabula wrote as `kind`), or when `path` is a folder: a command calls it
// before a long run, so that nothing is played for an output that would be refused at the
// end. `option` names the output in messages ("--svg", "--records"; "" for none).
void check_output_free(const std::string& path, bool replace, std::string_view option, OutputKind kind = {});

// Writes `text` as the whole of the file `path` (see above); with `replace`, or over a file
// Tabula wrote as `kind`, an existing file is replaced at once (renamed over), never
// truncated first.
void write_output(const std::string& path, const std::string& text, bool replace, std::string_view option,
                  OutputKind kind = {});

// Records that this run reads `path` (`what`: "the rules file", "a file the rules read", "the
// game record", ...): from then on check_output_free and write_output refuse to write over
// it, with or without --force, so that no command replaces its own input (tune's --out over
// the rules it tunes, analyze's --html over the rules it analyses). A file is known by what
// it is (device and inode, so a second name or a link to it is the same file) and by the name
// given (replacing a link with that name would change what the name reads too). Standard
// input ("-") and names that do not exist are not recorded. Safe from several threads.
void note_input(const std::string& path, std::string_view what);
// Forgets the input noted as `path`: a file the command reads only to replace it (tune reads
// the weights beside the rules with them and writes them anew).
void forget_input(const std::string& path);
// Forgets every noted input (the tests run several commands in one process).
void forget_inputs();

inline constexpr OutputKind kSvgPicture{"show svg"};
inline constexpr OutputKind kReplayPage{"replay html"};
inline constexpr OutputKind kAnalysisPage{"analyze html"};

}  // namespace tabula::cli

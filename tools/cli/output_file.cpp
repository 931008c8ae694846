#include "output_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <vector>

#include "cli_support.hpp"

namespace tabula::cli {
namespace {

namespace fs = std::filesystem;

enum class Target { none, file, device, folder, block_device };

// A file the command reads: what it is (through links) and what its own name is.
struct Input {
  dev_t device, link_device;
  ino_t inode, link_inode;
  std::string path, what;
};

std::mutex inputs_mutex;
std::vector<Input>& inputs() {
  static std::vector<Input> noted;
  return noted;
}

// The noted input that writing `path` would replace, if any: the same file (a second name,
// or a link to it), or the very name of an input (a link, replaced, would read otherwise).
std::optional<Input> input_at(const std::string& path) {
  struct stat info {
  }, link_info{};
  const bool found = ::stat(path.c_str(), &info) == 0, named = ::lstat(path.c_str(), &link_info) == 0;
  if (!found && !named) return std::nullopt;
  std::lock_guard lock(inputs_mutex);
  for (auto it = inputs().rbegin(); it != inputs().rend(); ++it)  // the latest says most of it
    if (const Input& input = *it;
        (found && input.device == info.st_dev && input.inode == info.st_ino) ||
        (named && input.link_device == link_info.st_dev && input.link_inode == link_info.st_ino))
      return input;
  return std::nullopt;
}

std::string named(const std::string& path, std::string_view option) {
  return option.empty() ? fmt::format("'{}'", path) : fmt::format("{} '{}'", option, path);
}

// What `path` names now. A name under /dev or /proc that reaches a regular file is a
// process's descriptor (/dev/stdout redirected to a file): it is written through, as a
// device is, since renaming a temporary file over it would replace the link, not the file.
Target target_of(const std::string& path, std::string_view option) {
  struct stat link_info {};
  if (::lstat(path.c_str(), &link_info) != 0) {
    if (errno == ENOENT) return Target::none;
    throw UserError{fmt::format("cannot write {}: {}", named(path, option), std::strerror(errno))};
  }
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return Target::file;  // a link to nothing is still a name taken
  if (S_ISDIR(info.st_mode)) return Target::folder;
  if (S_ISBLK(info.st_mode)) return Target::block_device;
  if (!S_ISREG(info.st_mode)) return Target::device;  // a character device, a pipe, a socket
  std::string normal = fs::absolute(path).lexically_normal().string();
  bool system_name = normal.rfind("/dev/", 0) == 0 || normal.rfind("/proc/", 0) == 0;
  return system_name ? Target::device : Target::file;
}

// The permissions a new file gets from the process's umask (mkstemp makes it 0600).
mode_t new_file_mode() {
  static const mode_t mode = [] {
    mode_t mask = ::umask(0);
    ::umask(mask);
    return static_cast<mode_t>(0666 & ~mask);
  }();
  return mode;
}

// 0, or the errno of the first failed write.
int write_all(int fd, std::string_view text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n == 0 ? EIO : errno;
    done += static_cast<size_t>(n);
  }
  return 0;
}

void write_device(const std::string& path, const std::string& text, std::string_view option) {
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  int error = fd < 0 ? errno : write_all(fd, text);
  if (fd >= 0 && ::close(fd) != 0 && error == 0) error = errno;
  if (error) throw UserError{fmt::format("cannot write {}: {}", named(path, option), std::strerror(error))};
}

// Gives the finished temporary file the target's name: at once over an existing file with
// `replace`, else only when the name is still free (two runs writing one name: one wins,
// the other is told). 0 or an errno (EEXIST: the name was taken meanwhile).
int move_into_place(const std::string& temporary, const std::string& path, bool replace) {
  if (replace) return std::rename(temporary.c_str(), path.c_str()) == 0 ? 0 : errno;
  if (::renameat2(AT_FDCWD, temporary.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return errno;
  // A file system without RENAME_NOREPLACE: a hard link is made only if the name is free.
  if (::link(temporary.c_str(), path.c_str()) == 0) {
    ::unlink(temporary.c_str());
    return 0;
  }
  return errno;
}

std::string mark_line(OutputKind kind) {
  return fmt::format(
      "<!-- written by tabula: {}. tabula replaces this file when it writes the same kind of file "
      "here again; any other file it replaces only when told to (force) -->",
      kind.name);
}

// Whether the regular file `path` is one Tabula wrote as `kind`: its second line is the mark.
bool written_as(const std::string& path, OutputKind kind) {
  if (kind.name.empty()) return false;
  std::ifstream in(path, std::ios::binary);
  std::string head(1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  const size_t first = head.find('\n');
  const std::string mark = mark_line(kind);
  return first != std::string::npos && head.compare(first + 1, mark.size(), mark) == 0;
}

// 0, or the errno of the first failed write: the text with the kind's mark as its second
// line, written in parts (a page may be tens of megabytes: it is not copied to add a line).
int write_with_mark(int fd, const std::string& text, OutputKind kind) {
  const size_t first = text.find('\n');
  if (kind.name.empty() || first == std::string::npos) return write_all(fd, text);
  const std::string_view whole(text);
  if (int error = write_all(fd, whole.substr(0, first + 1))) return error;
  if (int error = write_all(fd, mark_line(kind) + "\n")) return error;
  return write_all(fd, whole.substr(first + 1));
}

// Throws when writing `path` would replace an input of this command: --force does not help.
void refuse_input(const std::string& path, std::string_view option) {
  if (auto input = input_at(path))
    throw UserError{
        fmt::format("{} is an input of this command ({}{}); tabula never writes an output over an input of the same "
                    "command, with or without --force: choose another name",
                    named(path, option), input->what, input->path == path ? "" : fmt::format(": '{}'", input->path))};
}

}  // namespace

void note_input(const std::string& path, std::string_view what) {
  if (path.empty() || path == "-") return;
  struct stat info {
  }, link_info{};
  if (::lstat(path.c_str(), &link_info) != 0) return;
  // Only a regular file: devices and pipes (/dev/stdin, a terminal) hold nothing to lose.
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return;
  std::lock_guard lock(inputs_mutex);
  inputs().push_back({info.st_dev, link_info.st_dev, info.st_ino, link_info.st_ino, path, std::string(what)});
}

void forget_input(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return;
  std::lock_guard lock(inputs_mutex);
  std::erase_if(inputs(),
                [&](const Input& input) { return input.device == info.st_dev && input.inode == info.st_ino; });
}

void forget_inputs() {
  std::lock_guard lock(inputs_mutex);
  inputs().clear();
}

void check_output_free(const std::string& path, bool replace, std::string_view option, OutputKind kind) {
  if (path == "-") return;
  if (path.empty()) throw UserError{fmt::format("{}: the file name is empty", option.empty() ? "output" : option)};
  refuse_input(path, option);
  switch (target_of(path, option)) {
    case Target::folder: throw UserError{fmt::format("cannot write {}: it is a directory", named(path, option))};
    case Target::block_device:
      throw UserError{fmt::format("cannot write {}: it is a block device, not a file", named(path, option))};
    case Target::file:
      if (!replace && !written_as(path, kind))
        throw UserError{fmt::format(
            "{} exists; tabula never writes over a file{}: choose another name, or add --force to replace it",
            named(path, option),
            kind.name.empty() ? "" : fmt::format(" but one it wrote itself as `{}` output", kind.name))};
      break;
    default: break;
  }
}

void write_output(const std::string& path, const std::string& given_text, bool replace, std::string_view option,
                  OutputKind kind) {
  if (path == "-") {
    std::cout << given_text << std::flush;
    if (!std::cout) throw UserError{"cannot write to standard output"};
    return;
  }
  // A file Tabula wrote as `kind` is replaced as with --force (its head read once, here).
  replace = replace || (target_of(path, option) == Target::file && written_as(path, kind));
  check_output_free(path, replace, option, kind);
  if (target_of(path, option) == Target::device) return write_device(path, given_text, option);
  fs::path target(path);
  std::string name = target.filename().string();
  if (name.size() > 200) name.resize(200);  // the temporary name must stay a valid file name
  std::string temporary = (target.parent_path() / ("." + name + ".tabula-XXXXXX")).string();
  int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
  if (fd < 0)
    throw UserError{fmt::format("cannot write {}: {}; {}", named(path, option), std::strerror(errno),
                                replace ? "the file is as it was" : "nothing was written")};
  int error = ::fchmod(fd, new_file_mode()) != 0 ? errno : write_with_mark(fd, given_text, kind);
  // fsync reports what a full or remote file system only notices late.
  if (!error && ::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) error = errno;
  if (::close(fd) != 0 && !error) error = errno;
  if (!error) error = move_into_place(temporary, path, replace);
  if (!error) return;
  ::unlink(temporary.c_str());
  if (error == EEXIST)
    throw UserError{
        fmt::format("{} was made by someone else while tabula wrote it; tabula never writes over a "
                    "file: choose another name, or add --force to replace it",
                    named(path, option))};
  throw UserError{fmt::format("cannot write {}: {}; {}", named(path, option), std::strerror(error),
                              replace ? "the file is as it was" : "nothing was written")};
}

}  // namespace tabula::cli

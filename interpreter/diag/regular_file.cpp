#include "diag/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace tabula {

namespace {

// Closes the descriptor on every way out.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

FileRead read_regular_file(const std::string& path, std::uintmax_t limit, std::string& text) {
  text.clear();
  // A look at the path first: a device is not even opened (opening some has effects).
  struct stat named {};
  if (::stat(path.c_str(), &named) != 0)
    return errno == ENOENT || errno == ENOTDIR ? FileRead::missing : FileRead::unreadable;
  if (S_ISDIR(named.st_mode)) return FileRead::directory;
  if (!S_ISREG(named.st_mode)) return FileRead::not_regular;
  // O_NONBLOCK: if a pipe was put there since, the open returns at once instead of waiting.
  Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  if (file.fd < 0) return errno == ENOENT || errno == ENOTDIR ? FileRead::missing : FileRead::unreadable;
  struct stat opened {};
  if (::fstat(file.fd, &opened) != 0) return FileRead::unreadable;
  if (S_ISDIR(opened.st_mode)) return FileRead::directory;
  if (!S_ISREG(opened.st_mode)) return FileRead::not_regular;
  char chunk[1 << 16];
  while (text.size() <= limit) {
    const ssize_t got = ::read(file.fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return FileRead::unreadable;
    if (got == 0) return FileRead::ok;
    text.append(chunk, static_cast<size_t>(got));
  }
  return FileRead::too_large;
}

}  // namespace tabula

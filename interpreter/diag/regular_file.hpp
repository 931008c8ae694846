#pragma once
// Reading a file that must be a regular file of bounded size, safely whatever is at the path:
// a pipe would block the reader until a writer comes, a device such as /dev/zero never ends,
// and what a path names can change between a check and the open. The file is opened without
// blocking and checked on the open descriptor, so what is read is what was checked.
#include <cstdint>
#include <string>

namespace tabula {

enum class FileRead { ok, missing, directory, not_regular, too_large, unreadable };

// Reads the whole file at `path` into `text`, stopping once it holds more than `limit` bytes
// (then too_large; a file may grow while it is read, so the size is not asked first).
FileRead read_regular_file(const std::string& path, std::uintmax_t limit, std::string& text);

}  // namespace tabula

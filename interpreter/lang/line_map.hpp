#pragma once
// Positions in a text being parsed: byte offset -> 1-based line and column (columns count
// UTF-8 characters), for the parser's diagnostics.
#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

namespace tabula::parsing {

inline bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

class LineMap {
 public:
  LineMap(std::string_view text, size_t first) : text_(text), first_(first) {
    starts_.push_back(0);
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') starts_.push_back(i + 1);
  }

  std::pair<int, int> at(size_t offset) const {
    offset = std::min(offset, text_.size());
    size_t line = static_cast<size_t>(std::upper_bound(starts_.begin(), starts_.end(), offset) - starts_.begin());
    size_t start = std::max(starts_[line - 1], line == 1 ? first_ : 0);
    // Positions are mostly asked for in increasing order: continue from the last one on the
    // same line, so a very long line does not cost quadratic time.
    size_t from = start;
    int column = 1;
    if (cache_line_ == line && cache_offset_ <= offset && cache_offset_ >= start) {
      from = cache_offset_;
      column = cache_column_;
    }
    for (size_t i = from; i < offset; ++i)
      if (!is_continuation_byte(text_[i])) ++column;
    cache_line_ = line;
    cache_offset_ = offset;
    cache_column_ = column;
    return {static_cast<int>(line), column};
  }

 private:
  std::string_view text_;
  size_t first_;  // offset of the first character (after a UTF-8 byte order mark)
  std::vector<size_t> starts_;
  mutable size_t cache_line_ = 0, cache_offset_ = 0;
  mutable int cache_column_ = 1;
};

}  // namespace tabula::parsing

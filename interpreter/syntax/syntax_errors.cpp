#include "syntax/syntax_errors.hpp"

#include <fmt/format.h>

namespace tabula::parsing {
namespace {

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

std::string describe_at(std::string_view text, size_t at) {
  if (at >= text.size()) return "end of file";
  auto c = static_cast<unsigned char>(text[at]);
  if (c == '\n' || (c == '\r' && at + 1 < text.size() && text[at + 1] == '\n')) return "end of line";
  auto is_word = [](unsigned char ch) { return std::isalnum(ch) || ch == '_' || ch == '-'; };
  if (std::isalnum(c) || c == '_') {
    size_t end = at;
    while (end < text.size() && end - at < 40 && is_word(static_cast<unsigned char>(text[end]))) ++end;
    while (end > at + 1 && text[end - 1] == '-') --end;
    return fmt::format("'{}'", text.substr(at, end - at));
  }
  if (c >= 0x20 && c < 0x7F) return fmt::format("character '{}'", static_cast<char>(c));
  if (c < 0x20 || c == 0x7F) return fmt::format("character U+{:04X}", c);
  // A UTF-8 sequence?
  int len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0;
  if (c >= 0xF5) len = 0;
  if (len > 0 && at + len <= text.size()) {
    bool ok = true;
    for (int i = 1; i < len; ++i) ok = ok && is_continuation_byte(text[at + i]);
    if (ok) return fmt::format("character '{}'", text.substr(at, len));
  }
  return fmt::format("byte 0x{:02X} (not valid UTF-8)", c);
}

bool starts_line(std::string_view text, size_t at) {
  while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t' || text[at - 1] == '\r')) --at;
  return at == 0 || text[at - 1] == '\n';
}

bool at_line_end(std::string_view text, size_t at) {
  return at >= text.size() || text[at] == '\n' || (text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n');
}

std::string expand(std::string_view message, size_t at, const ParseState& st) {
  std::string_view text = st.source.text;
  std::string out;
  while (!message.empty()) {
    auto brace = message.find('{');
    auto close = brace == std::string_view::npos ? brace : message.find('}', brace);
    if (close == std::string_view::npos) {
      out += message;
      break;
    }
    out += message.substr(0, brace);
    auto name = message.substr(brace + 1, close - brace - 1);
    if (name == "token") {
      out += describe_at(text, at);
    } else if (name == "op") {
      out += st.ops.empty() ? std::string("operator") : st.ops.back().text;
    } else if (name == "call") {
      out += st.groups.empty() ? std::string() : st.groups.back().call;
    } else if (name == "open") {
      auto pos = st.pos(st.groups.empty() ? at : st.groups.back().offset);
      out += fmt::format("{}:{}", pos.line, pos.column);
    } else if (name == "escape") {
      auto c = static_cast<unsigned char>(text[at]);
      out += c >= 0x20 && c < 0x7F ? fmt::format("'\\{}'", static_cast<char>(c))
                                   : "'\\' followed by " + describe_at(text, at);
    } else {
      out += message.substr(brace, close - brace + 1);  // literal braces: "'{'"
    }
    message.remove_prefix(close + 1);
  }
  return out;
}

}  // namespace tabula::parsing

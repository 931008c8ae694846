#include "ai/json_value.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace tabula {

std::string json_quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (c == '\n') out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", c);
    else out += c;
  }
  return out + "\"";
}

std::string json_string_array(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    out += json_quote(items[i]);
  }
  return out + "]";
}

const JsonValue* JsonValue::find(const std::string& key) const {
  for (const auto& [name, value] : fields)
    if (name == key) return &value;
  return nullptr;
}

namespace {

constexpr int kMaxDepth = 16;  // results lines nest two deep; deeper input is not ours

class Parser {
 public:
  explicit Parser(const std::string& text) : t_(text) {}

  std::optional<JsonValue> document(std::string& error) {
    JsonValue v;
    if (value(v, 0)) {
      skip();
      if (i_ == t_.size()) return v;
      fail("text after the value");
    }
    error = error_;
    return std::nullopt;
  }

 private:
  bool fail(const std::string& why) {
    if (error_.empty()) error_ = fmt::format("{} at column {}", why, i_ + 1);
    return false;
  }
  void skip() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\r' || t_[i_] == '\n')) ++i_;
  }
  bool eat(char c) {
    skip();
    if (i_ < t_.size() && t_[i_] == c) return ++i_, true;
    return false;
  }
  bool value(JsonValue& out, int depth) {
    if (depth > kMaxDepth) return fail("values nested too deeply");
    skip();
    if (i_ >= t_.size()) return fail("expected a value");
    char c = t_[i_];
    if (c == '{') return object(out, depth);
    if (c == '[') return array(out, depth);
    if (c == '"') return out.type = JsonValue::Type::string, string(out.text);
    if (t_.compare(i_, 4, "true") == 0) return i_ += 4, out.type = JsonValue::Type::boolean, out.boolean = true, true;
    if (t_.compare(i_, 5, "false") == 0) return i_ += 5, out.type = JsonValue::Type::boolean, out.boolean = false, true;
    if (c == '-' || (c >= '0' && c <= '9')) return out.type = JsonValue::Type::number, number(out.text);
    return fail("expected a value");
  }
  bool object(JsonValue& out, int depth) {
    out.type = JsonValue::Type::object;
    ++i_;
    if (eat('}')) return true;
    do {
      skip();
      std::string key;
      if (i_ >= t_.size() || t_[i_] != '"') return fail("expected a \"key\"");
      if (!string(key)) return false;
      if (out.find(key)) return fail(fmt::format("\"{}\" given twice", key));
      if (!eat(':')) return fail("expected ':'");
      JsonValue v;
      if (!value(v, depth + 1)) return false;
      out.fields.emplace_back(std::move(key), std::move(v));
    } while (eat(','));
    return eat('}') || fail("expected ',' or '}'");
  }
  bool array(JsonValue& out, int depth) {
    out.type = JsonValue::Type::array;
    ++i_;
    if (eat(']')) return true;
    do {
      JsonValue v;
      if (!value(v, depth + 1)) return false;
      out.items.push_back(std::move(v));
    } while (eat(','));
    return eat(']') || fail("expected ',' or ']'");
  }
  static void append_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  bool hex4(uint32_t& out) {
    if (i_ + 4 > t_.size()) return fail("expected four hex digits after \\u");
    auto [end, ec] = std::from_chars(t_.data() + i_, t_.data() + i_ + 4, out, 16);
    if (ec != std::errc() || end != t_.data() + i_ + 4) return fail("expected four hex digits after \\u");
    i_ += 4;
    return true;
  }
  bool string(std::string& out) {
    ++i_;  // the opening quote
    while (i_ < t_.size() && t_[i_] != '"') {
      char c = t_[i_];
      if (static_cast<unsigned char>(c) < 0x20) return fail("a control character inside a string");
      ++i_;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= t_.size()) break;
      char e = t_[i_++];
      switch (e) {
        case '"':
        case '\\':
        case '/': out += e; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00) {  // a surrogate pair
            uint32_t low = 0;
            if (t_.compare(i_, 2, "\\u") != 0) return fail("expected the second half of a surrogate pair");
            i_ += 2;
            if (!hex4(low) || low < 0xDC00 || low >= 0xE000)
              return fail("expected the second half of a surrogate pair");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, cp);
          break;
        }
        default: --i_; return fail(fmt::format("unknown escape '\\{}'", e));
      }
    }
    if (i_ >= t_.size()) return fail("unterminated string");
    ++i_;
    return true;
  }
  // JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, kept as text.
  bool number(std::string& out) {
    size_t start = i_;
    auto digits = [&] {
      size_t from = i_;
      while (i_ < t_.size() && t_[i_] >= '0' && t_[i_] <= '9') ++i_;
      return i_ > from;
    };
    if (t_[i_] == '-') ++i_;
    if (i_ < t_.size() && t_[i_] == '0') ++i_;
    else if (!digits()) return fail("expected digits");
    if (i_ < t_.size() && t_[i_] == '.' && (++i_, !digits())) return fail("expected digits after '.'");
    if (i_ < t_.size() && (t_[i_] == 'e' || t_[i_] == 'E')) {
      ++i_;
      if (i_ < t_.size() && (t_[i_] == '+' || t_[i_] == '-')) ++i_;
      if (!digits()) return fail("expected digits in the exponent");
    }
    out = t_.substr(start, i_ - start);
    return true;
  }

  const std::string& t_;
  size_t i_ = 0;
  std::string error_;
};

const char* type_name(JsonValue::Type t) {
  switch (t) {
    case JsonValue::Type::string: return "a string";
    case JsonValue::Type::number: return "a number";
    case JsonValue::Type::boolean: return "a boolean";
    case JsonValue::Type::array: return "an array";
    case JsonValue::Type::object: return "an object";
  }
  return "a value";
}

}  // namespace

std::optional<JsonValue> parse_json(const std::string& text, std::string& error) {
  return Parser(text).document(error);
}

FieldReader::FieldReader(const JsonValue& object, std::string prefix) : object_(object), prefix_(std::move(prefix)) {}

std::string FieldReader::describe(const JsonValue& v) {
  std::string text;
  switch (v.type) {
    case JsonValue::Type::number: text = v.text; break;
    case JsonValue::Type::boolean: text = v.boolean ? "true" : "false"; break;
    case JsonValue::Type::string: text = "\"" + v.text + "\""; break;
    default: return type_name(v.type);
  }
  return text.size() > 40 ? text.substr(0, 37) + "..." : text;
}

std::optional<int64_t> FieldReader::integer_of(const JsonValue& v, int64_t min, int64_t max, std::string& why) {
  int64_t x = 0;
  bool plain = v.type == JsonValue::Type::number && v.text.find_first_of(".eE") == std::string::npos;
  if (plain) {
    auto [end, ec] = std::from_chars(v.text.data(), v.text.data() + v.text.size(), x);
    plain = ec == std::errc() && end == v.text.data() + v.text.size();
  }
  if (plain && x >= min && x <= max) return x;
  why = fmt::format("expected an integer from {} to {}, found {}", min, max, describe(v));
  return std::nullopt;
}

std::optional<double> FieldReader::number_of(const JsonValue& v, double min, double max, std::string& why) {
  if (v.type == JsonValue::Type::number) {
    double x = std::strtod(v.text.c_str(), nullptr);
    if (std::isfinite(x) && x >= min && x <= max) return x;
  }
  why = fmt::format("expected a number from {} to {}, found {}", min, max, describe(v));
  return std::nullopt;
}

void FieldReader::fail(const char* key, const std::string& why) {
  if (error.empty()) error = fmt::format("\"{}{}\": {}", prefix_, key, why);
}

const JsonValue* FieldReader::field(const char* key, JsonValue::Type type, const char* expected) {
  read_.push_back(key);
  const JsonValue* v = object_.find(key);
  if (!v) {
    if (error.empty()) error = fmt::format("no \"{}{}\" field", prefix_, key);
    return nullptr;
  }
  if (v->type != type) {
    fail(key, fmt::format("expected {}, found {}", expected, describe(*v)));
    return nullptr;
  }
  return v;
}

int64_t FieldReader::integer(const char* key, int64_t min, int64_t max) {
  const JsonValue* v = field(key, JsonValue::Type::number, "an integer");
  if (!v) return min;
  std::string why;
  auto x = integer_of(*v, min, max, why);
  if (!x) fail(key, why);
  return x.value_or(min);
}

uint64_t FieldReader::unsigned_integer(const char* key) {
  const JsonValue* v = field(key, JsonValue::Type::number, "an integer");
  if (!v) return 0;
  uint64_t x = 0;
  auto [end, ec] = std::from_chars(v->text.data(), v->text.data() + v->text.size(), x);
  if (ec != std::errc() || end != v->text.data() + v->text.size())
    fail(key, fmt::format("expected an integer from 0 to 18446744073709551615, found {}", describe(*v)));
  return x;
}

double FieldReader::number(const char* key, double min, double max) {
  const JsonValue* v = field(key, JsonValue::Type::number, "a number");
  if (!v) return min;
  std::string why;
  auto x = number_of(*v, min, max, why);
  if (!x) fail(key, why);
  return x.value_or(min);
}

bool FieldReader::boolean(const char* key) {
  const JsonValue* v = field(key, JsonValue::Type::boolean, "true or false");
  return v && v->boolean;
}

std::string FieldReader::string(const char* key) {
  const JsonValue* v = field(key, JsonValue::Type::string, "a string");
  return v ? v->text : "";
}

const std::vector<JsonValue>* FieldReader::array(const char* key, size_t min_count, size_t max_count) {
  const JsonValue* v = field(key, JsonValue::Type::array, "an array");
  if (!v) return nullptr;
  if (v->items.size() < min_count || v->items.size() > max_count) {
    fail(key, min_count == max_count
                  ? fmt::format("expected {} items, found {}", min_count, v->items.size())
                  : fmt::format("expected {} to {} items, found {}", min_count, max_count, v->items.size()));
    return nullptr;
  }
  return &v->items;
}

std::vector<std::string> FieldReader::strings(const char* key, size_t min_count, size_t max_count) {
  std::vector<std::string> out;
  const auto* items = array(key, min_count, max_count);
  if (!items) return out;
  for (const auto& item : *items) {
    if (item.type != JsonValue::Type::string) {
      fail(key, fmt::format("expected strings, found {}", describe(item)));
      return {};
    }
    out.push_back(item.text);
  }
  return out;
}

const JsonValue* FieldReader::object(const char* key) { return field(key, JsonValue::Type::object, "an object"); }

bool FieldReader::finish() {
  if (!error.empty()) return false;
  for (const auto& [name, value] : object_.fields)
    if (std::find(read_.begin(), read_.end(), name) == read_.end()) {
      error = fmt::format("unknown field \"{}{}\"", prefix_, name);
      return false;
    }
  return true;
}

}  // namespace tabula

#include "util/json_value.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace tabula {

JsonValue::JsonValue() = default;
JsonValue::JsonValue(const JsonValue&) = default;
JsonValue::JsonValue(JsonValue&&) noexcept = default;
JsonValue& JsonValue::operator=(const JsonValue&) = default;
JsonValue& JsonValue::operator=(JsonValue&&) noexcept = default;
JsonValue::~JsonValue() = default;

std::string json_text(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

double json_round(double x, int decimals) {
  double scale = std::pow(10.0, decimals);
  return std::isfinite(x) ? std::round(x * scale) / scale : 0;
}

const JsonValue* JsonValue::find(const std::string& key) const {
  for (const auto& [name, value] : fields)
    if (name == key) return &value;
  return nullptr;
}

namespace {

constexpr int kMaxDepth = 16;  // results lines nest two deep; deeper input is not ours

// Builds the JsonValue tree from nlohmann's SAX events, refusing what Tabula never writes.
class TreeBuilder : public nlohmann::json_sax<nlohmann::json> {
 public:
  std::optional<JsonValue> root;
  std::string error;

  bool null() override { return fail("null is not a value here"); }
  bool boolean(bool b) override {
    JsonValue v;
    v.type = JsonValue::Type::boolean;
    v.boolean = b;
    return add(std::move(v));
  }
  bool number_integer(number_integer_t x) override { return number(std::to_string(x)); }
  bool number_unsigned(number_unsigned_t x) override { return number(std::to_string(x)); }
  bool number_float(number_float_t, const string_t& text) override { return number(text); }
  bool string(string_t& s) override {
    JsonValue v;
    v.type = JsonValue::Type::string;
    v.text = std::move(s);
    return add(std::move(v));
  }
  bool binary(binary_t&) override { return fail("binary data is not JSON text"); }
  bool start_object(std::size_t) override { return open(JsonValue::Type::object); }
  bool key(string_t& k) override {
    if (open_.back()->find(k)) return fail(fmt::format("\"{}\" given twice", k));
    key_ = std::move(k);
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(JsonValue::Type::array); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    // "[json.exception.parse_error.101] parse error at line 1, column 9: syntax error while
    // parsing value - unexpected 'x'; expected end of input": the reason, then the column.
    // Kept: the reason after " - ", without the library's "last read" echo of the input.
    std::string what = e.what();
    if (auto dash = what.find(" - "); dash != std::string::npos) what = what.substr(dash + 3);
    else if (auto colon = what.find(": "); colon != std::string::npos) what = what.substr(colon + 2);
    if (auto echo = what.find("; last read"); echo != std::string::npos) what.erase(echo);
    if (root && open_.empty()) what = "text after the value";
    else if (auto expected = what.find("; expected "); expected != std::string::npos) what = what.substr(expected + 2);
    else if (what.rfind("invalid literal", 0) == 0) what = "expected a value";
    else if (what.rfind("invalid string: ", 0) == 0) what = what.substr(16);
    return fail(fmt::format("{} at column {}", what, position));
  }

 private:
  bool fail(const std::string& why) {
    if (error.empty()) error = why;
    return false;
  }
  bool number(std::string text) {
    JsonValue v;
    v.type = JsonValue::Type::number;
    v.text = std::move(text);
    return add(std::move(v));
  }
  // Adds a finished value to the open array or object (or makes it the root).
  bool add(JsonValue v) {
    if (open_.empty()) return root = std::move(v), true;
    JsonValue& parent = *open_.back();
    if (parent.type == JsonValue::Type::array) parent.items.push_back(std::move(v));
    else parent.fields.emplace_back(std::move(key_), std::move(v));
    return true;
  }
  bool open(JsonValue::Type type) {
    if (static_cast<int>(open_.size()) >= kMaxDepth)
      return fail(fmt::format("values nested deeper than {}", kMaxDepth));
    JsonValue v;
    v.type = type;
    if (open_.empty()) {
      root = std::move(v);
      open_.push_back(&*root);
      return true;
    }
    JsonValue& parent = *open_.back();
    if (parent.type == JsonValue::Type::array) {
      parent.items.push_back(std::move(v));
      open_.push_back(&parent.items.back());
    } else {
      parent.fields.emplace_back(std::move(key_), std::move(v));
      open_.push_back(&parent.fields.back().second);
    }
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }

  // The open arrays and objects, innermost last. Their parents' vectors never grow while
  // a child is open (a value is added only to the innermost), so the pointers stay valid.
  std::vector<JsonValue*> open_;
  std::string key_;
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
  TreeBuilder builder;
  bool ok = nlohmann::json::sax_parse(text, &builder, nlohmann::json::input_format_t::json, true, false);
  if (ok && builder.root) return std::move(builder.root);
  error = builder.error.empty() ? "expected a JSON value" : builder.error;
  return std::nullopt;
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

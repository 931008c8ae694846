#pragma once
// JSON as Tabula writes and reads it, with one library (nlohmann-json). Written: one
// compact line, always valid UTF-8. Read back (results files): a tree of objects, arrays,
// strings, numbers and booleans, built by nlohmann's SAX parser under stricter rules,
// because a results line that reads back as something else than what was written would
// change a study quietly: duplicate keys, null, nesting deeper than 16, bad escapes,
// malformed UTF-8, control characters in strings and text after the value are errors.
// Numbers keep their text, so that 64-bit seeds are read exactly and "1e20" is not taken
// for an index.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tabula {

// Objects keep their fields in the order written.
using Json = nlohmann::ordered_json;

// `value` as one line of JSON; bytes that are not UTF-8 become U+FFFD.
std::string json_text(const Json& value);
// `x` rounded to `decimals` places, for figures that are not more precise than that.
double json_round(double x, int decimals = 6);

struct JsonValue {
  enum class Type { string, number, boolean, array, object };
  Type type = Type::number;
  std::string text;  // a string's contents, or a number as written
  bool boolean = false;
  std::vector<JsonValue> items;                           // an array's items
  std::vector<std::pair<std::string, JsonValue>> fields;  // an object's fields, in order

  // Defined where JsonValue is complete: clang's libstdc++ checks of pair<string, JsonValue>
  // otherwise need the implicit members while the type is still being defined.
  JsonValue();
  JsonValue(const JsonValue&);
  JsonValue(JsonValue&&) noexcept;
  JsonValue& operator=(const JsonValue&);
  JsonValue& operator=(JsonValue&&) noexcept;
  ~JsonValue();

  const JsonValue* find(const std::string& key) const;
};

// One JSON value filling `text`; nullopt and `error` ("... at column N") otherwise.
std::optional<JsonValue> parse_json(const std::string& text, std::string& error);

// Reads an object's fields by type and range, keeping the first problem as one sentence
// ("\"plies\": expected an integer from 0 to 1000000000, found -5"). finish() then
// reports any field that was not read: unknown fields are errors, not silently dropped.
class FieldReader {
 public:
  // `prefix` names the object in messages ("study." gives "\"study.seed\": ..."). The
  // reader refers to `object`, which must outlive it.
  explicit FieldReader(const JsonValue& object, std::string prefix = "");

  int64_t integer(const char* key, int64_t min, int64_t max);
  uint64_t unsigned_integer(const char* key);              // 0 to 2^64 - 1, exactly
  double number(const char* key, double min, double max);  // finite, within [min, max]
  bool boolean(const char* key);
  std::string string(const char* key);
  std::vector<std::string> strings(const char* key, size_t min_count, size_t max_count);
  // An array's items or an object, for the caller to read further; nullptr on errors.
  const std::vector<JsonValue>* array(const char* key, size_t min_count, size_t max_count);
  const JsonValue* object(const char* key);
  bool has(const char* key) const { return object_.find(key) != nullptr; }

  bool finish();  // false (and `error` set) when a problem was met or a field was never read
  bool ok() const { return error.empty(); }
  std::string error;

  // Shared with readers of array items: an integer from a number's text, or a problem.
  static std::optional<int64_t> integer_of(const JsonValue& v, int64_t min, int64_t max, std::string& why);
  static std::optional<double> number_of(const JsonValue& v, double min, double max, std::string& why);
  static std::string describe(const JsonValue& v);  // the value as found, shortened, for messages

 private:
  const JsonValue* field(const char* key, JsonValue::Type type, const char* expected);
  void fail(const char* key, const std::string& why);

  const JsonValue& object_;
  std::string prefix_;
  std::vector<std::string> read_;
};

}  // namespace tabula

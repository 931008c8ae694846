#pragma once
// Just enough JSON to read back what Tabula writes (results files): objects, arrays,
// strings, numbers and booleans. Strict, because a results line that reads back as
// something else than what was written would change a study quietly: duplicate keys, bad
// escapes, control characters in strings and text after the value are errors. Numbers keep
// their text, so that 64-bit seeds are read exactly and "1e20" is not taken for an index.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tabula {

struct JsonValue {
  enum class Type { string, number, boolean, array, object };
  Type type = Type::number;
  std::string text;  // a string's contents, or a number as written
  bool boolean = false;
  std::vector<JsonValue> items;                           // an array's items
  std::vector<std::pair<std::string, JsonValue>> fields;  // an object's fields, in order

  const JsonValue* find(const std::string& key) const;
};

// `s` as a JSON string literal, quotes included.
std::string json_quote(const std::string& s);
// ["a","b"]
std::string json_string_array(const std::vector<std::string>& items);

// One JSON value filling `text`; nullopt and `error` ("expected ... at column N") otherwise.
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

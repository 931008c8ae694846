#pragma once
// Range checks for the numbers of the command line. CLI11 reads integers with strtoll in
// base 0 ("010" is 8, "0x10" is 16), reads "-1" as 2^64 - 1 for an unsigned option, and its
// Range lets NaN through (every comparison with it is false). These accept only decimal
// numbers in their range, NaN and infinities never; a whole number is rewritten without
// leading zeros before CLI11 converts it. A refusal says which of three things is wrong,
// because the fix differs: "'abc' is not a number", "'1.5' is not a whole number", or
// "'99' is out of range", each followed by what is expected.
#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

namespace tabula::cli {

namespace detail {

// "+007" -> "7", "-0" -> "0", "-012" -> "-12"; "" when `input` is not a decimal whole number.
inline std::string plain_whole(const std::string& input) {
  size_t i = 0;
  bool negative = false;
  if (i < input.size() && (input[i] == '+' || input[i] == '-')) negative = input[i++] == '-';
  if (i == input.size() || input.find_first_not_of("0123456789", i) != std::string::npos) return "";
  size_t first = input.find_first_not_of('0', i);
  std::string digits = first == std::string::npos ? "0" : input.substr(first);
  return (negative && digits != "0" ? "-" : "") + digits;
}

// The value of a decimal number ("1.5", "-2", "1e3"; "1e999" is infinite, so out of any
// range); nullopt for anything else, "nan", "inf" and "0x10" included.
inline std::optional<double> decimal_number(const std::string& input) {
  if (input.empty() || input.find_first_not_of("0123456789.eE+-") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(input.c_str(), &end);
  if (*end != '\0') return std::nullopt;
  return v;
}

// Why `input`, which is not written as a whole number, is refused: "not a number" ("abc",
// "nan", "0x10"), "not written in digits" ("1e3", "5.0"), or "not a whole number" ("1.5").
inline std::string not_whole(const std::string& input, const std::string& expected) {
  auto v = decimal_number(input);
  const char* why = !v ? "not a number" : std::floor(*v) == *v ? "not written in digits" : "not a whole number";
  return fmt::format("'{}' is {}; expected {}", input, why, expected);
}

}  // namespace detail

// A decimal number (no nan, inf, or hex) from `lo` to `hi`.
inline CLI::Validator finite_range(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& input) -> std::string {
        auto v = detail::decimal_number(input);
        if (!v) return fmt::format("'{}' is not a number; expected a number from {} to {}", input, lo, hi);
        if (*v < lo || *v > hi)
          return fmt::format("'{}' is out of range: expected a number from {} to {}", input, lo, hi);
        return "";
      },
      fmt::format("NUMBER from {} to {}", lo, hi));
}

// A whole number from `lo` to `hi`, in decimal. Use it with ->transform(): CLI11 keeps
// ->check() validators from rewriting the text, and "010" would then be read as octal 8.
inline CLI::Validator whole_range(long long lo, long long hi) {
  return CLI::Validator(
      [lo, hi](std::string& input) -> std::string {
        std::string expected = fmt::format("a whole number from {} to {}", lo, hi);
        std::string plain = detail::plain_whole(input);
        if (plain.empty()) return detail::not_whole(input, expected);
        errno = 0;
        long long v = std::strtoll(plain.c_str(), nullptr, 10);
        if (errno == ERANGE || v < lo || v > hi)
          return fmt::format("'{}' is out of range: expected {}", input, expected);
        input = plain;
        return "";
      },
      fmt::format("INTEGER from {} to {}", lo, hi));
}

// A whole number from 0 to 2^64 - 1 (a seed), in decimal.
inline CLI::Validator unsigned_whole() {
  return CLI::Validator(
      [](std::string& input) -> std::string {
        std::string expected = fmt::format("a whole number from 0 to {}", UINT64_MAX);
        std::string plain = detail::plain_whole(input);
        if (plain.empty()) return detail::not_whole(input, expected);
        errno = 0;
        if (plain[0] != '-') std::strtoull(plain.c_str(), nullptr, 10);
        if (plain[0] == '-' || errno == ERANGE)
          return fmt::format("'{}' is out of range: expected {}", input, expected);
        input = plain;
        return "";
      },
      "INTEGER from 0 to 2^64-1");
}

}  // namespace tabula::cli

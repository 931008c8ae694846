#pragma once
// Checks on pictures for the tests: well-formed XML (xmllint), rendering to PNG
// (rsvg-convert, from librsvg2-bin; tools/install-deps installs both), and counting elements.
#include <sys/wait.h>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "test_support.hpp"

namespace tabula::testing {

struct Shell {
  int status;
  std::string out;  // stdout and stderr together
};

inline Shell shell(const std::string& command) {
  Shell r{0, ""};
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  REQUIRE(pipe);
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  int st = pclose(pipe);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
  return r;
}

inline std::string picture_dir() {
  auto dir = std::filesystem::temp_directory_path() / "tabula-tests" / "pictures";
  std::filesystem::create_directories(dir);
  return dir.string();
}

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

inline size_t count(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
  return n;
}

// The number in attribute `name="..."` of the first element that has it (-1 when absent).
inline double attribute_number(const std::string& text, const std::string& name) {
  auto at = text.find(" " + name + "=\"");
  if (at == std::string::npos) return -1;
  return std::stod(text.substr(at + name.size() + 3));
}

// xmllint's verdict: "" when the file is well-formed XML, else its messages.
inline std::string xml_problems(const std::string& path) {
  auto r = shell("xmllint --noout '" + path + "'");
  if (r.status != 0 && r.out.empty()) return "xmllint failed (is libxml2-utils installed? tools/install-deps)";
  return r.status == 0 ? "" : r.out;
}

struct PngFile {
  bool ok = false;
  unsigned width = 0, height = 0;
  size_t bytes = 0;
};

inline PngFile read_png(const std::string& path) {
  std::string data = read_text(path);
  PngFile png;
  png.bytes = data.size();
  // The signature, then the IHDR chunk: length, "IHDR", width and height (big-endian).
  if (data.size() < 24 || data.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || data.compare(12, 4, "IHDR") != 0) return png;
  auto be32 = [&](size_t at) {
    unsigned v = 0;
    for (size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(data[at + i]);
    return v;
  };
  png.ok = true;
  png.width = be32(16);
  png.height = be32(20);
  return png;
}

// Renders an SVG file to PNG with rsvg-convert and checks the PNG: its size matches the
// SVG's, and it is not blank (a picture compresses far worse than one plain colour of the
// same size, which is rendered alongside for comparison).
inline void check_renders(const std::string& svg_path) {
  auto r = shell("rsvg-convert '" + svg_path + "' -o '" + svg_path + ".png'");
  INFO("rsvg-convert: " << r.out << " (is librsvg2-bin installed? tools/install-deps)");
  REQUIRE(r.status == 0);
  PngFile png = read_png(svg_path + ".png");
  REQUIRE(png.ok);
  std::string svg = read_text(svg_path);
  double width = attribute_number(svg, "width"), height = attribute_number(svg, "height");
  CHECK(std::abs(png.width - width) <= 1);
  CHECK(std::abs(png.height - height) <= 1);
  std::string blank = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" +
                      std::to_string(height) + "\"><rect width=\"100%\" height=\"100%\" fill=\"#fcfaf5\"/></svg>";
  write_file(svg_path + ".blank.svg", blank);
  REQUIRE(shell("rsvg-convert '" + svg_path + ".blank.svg' -o '" + svg_path + ".blank.png'").status == 0);
  PngFile plain = read_png(svg_path + ".blank.png");
  REQUIRE(plain.ok);
  CHECK(png.bytes > 3 * plain.bytes);
}

}  // namespace tabula::testing

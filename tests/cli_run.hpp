#pragma once
// Runs the real `tabula` binary from the repository root, for the CLI tests.
#include <catch2/catch.hpp>
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace tabula::testing {

struct Run {
  int status;
  std::string out;  // stdout and stderr together
};

inline Run run(const std::string& args) {
  std::string cmd = std::string("cd '") + TABULA_SOURCE_DIR + "' && '" + TABULA_BINARY + "' " + args + " 2>&1";
  Run r{0, ""};
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe);
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  int st = pclose(pipe);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
  return r;
}

}  // namespace tabula::testing

#pragma once
// Runs the real `tabula` binary from the repository root, for the CLI tests.
#include <sys/wait.h>
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

namespace tabula::testing {

struct Run {
  int status;
  std::string out;  // stdout and stderr together
};

inline Run run_command(const std::string& cmd) {
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

inline Run run(const std::string& args) {
  return run_command(std::string("cd '") + TABULA_SOURCE_DIR + "' && '" + TABULA_BINARY + "' " + args + " 2>&1");
}

// A bash script run from the repository root, with $TABULA naming the binary.
inline Run run_script(const std::string& script) {
  std::string quoted;  // inside '...': a quote is ' \' '
  for (char c : script) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return run_command(std::string("cd '") + TABULA_SOURCE_DIR + "' && TABULA='" + TABULA_BINARY + "' bash -c '" +
                     quoted + "' 2>&1");
}

}  // namespace tabula::testing

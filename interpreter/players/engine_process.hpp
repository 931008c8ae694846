#pragma once
// An engine outside Tabula, run as a child process that talks a line protocol on its
// standard input and output (GTP, UCI). Every read has a deadline, the child is in a process
// group of its own (a terminal's Ctrl-C reaches Tabula, which stops it) and is killed with
// its group when this object goes, so no engine outlives the game that started it. If
// Tabula itself is killed, the child is sent SIGKILL too (Linux's parent-death signal).
#include <sys/types.h>
#include <chrono>
#include <optional>
#include <string>

namespace tabula {

class EngineProcess {
 public:
  // `command` is a shell line ("gnugo --mode gtp --level 0"): run as its words when it has
  // no shell syntax, else by /bin/sh.
  explicit EngineProcess(std::string command) : command_(std::move(command)) {}
  ~EngineProcess() { stop(); }
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Every `error` below says what the engine did, for a sentence that names it first ("the
  // engine 'gnugo' " + "exited with status 1").
  // Starts the engine (again, when it has died). False, with `error`, when it cannot start.
  bool start(std::string& error);
  bool running() const { return pid_ > 0; }
  // Writes one line (a newline is added). False, with `error`, when the engine is gone.
  bool send(const std::string& line, std::string& error);
  // The next line the engine writes (without its line end), waiting at most `timeout`;
  // nullopt with `error` on a timeout, an engine that exited or a line past 1 MiB.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout, std::string& error);
  // Closes its input, waits a moment for it to exit, then kills its process group.
  void stop();
  const std::string& command() const { return command_; }

 private:
  // After its output ended or its input closed: how the engine ended ("exited with status
  // 1"); the process is then stopped.
  std::string gone();

  std::string command_;
  pid_t pid_ = -1;
  int to_engine_ = -1, from_engine_ = -1;
  std::string buffer_;  // what was read past the last line
};

}  // namespace tabula

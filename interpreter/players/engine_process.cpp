#include "players/engine_process.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <thread>
#include <vector>

namespace tabula {
namespace {

constexpr size_t kMaxLine = 1 << 20;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

std::string EngineProcess::gone() {
  close_fd(to_engine_);
  close_fd(from_engine_);
  std::string why = "stopped answering";
  int status = 0;
  for (int i = 0; i < 50 && pid_ > 0; ++i) {  // up to half a second to learn how it ended
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        why = "exited with status 127 (its command was not found, or could not be run)";
      else if (WIFEXITED(status)) why = fmt::format("exited with status {}", WEXITSTATUS(status));
      else if (WIFSIGNALED(status)) why = fmt::format("exited, killed by signal {}", WTERMSIG(status));
      ::kill(-pid_, SIGKILL);  // what it started, if anything is left
      pid_ = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  stop();
  return why;
}

bool EngineProcess::start(std::string& error) {
  if (pid_ > 0) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == 0) return true;  // still running
    pid_ = -1;
  }
  stop();
  // The engine's input is a socket, so a write to an engine that died fails with EPIPE
  // (MSG_NOSIGNAL) instead of raising SIGPIPE, which would end Tabula.
  int in[2], out[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0)
    return error = fmt::format("could not be started: {}", std::strerror(errno)), false;
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]), ::close(in[1]);
    return error = fmt::format("could not be started: {}", std::strerror(errno)), false;
  }
  // A plain command (words, no shell syntax) is run without a shell, so the parent-death
  // signal reaches the engine itself, not a shell whose child would outlive it.
  std::vector<std::string> words;
  if (command_.find_first_of(";&|<>()$`\\\"'*?~#={}[]") == std::string::npos) {
    std::istringstream split(command_);
    for (std::string w; split >> w;) words.push_back(w);
  }
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  const pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
    return error = fmt::format("could not be started: {}", std::strerror(errno)), false;
  }
  if (pid == 0) {  // the child: only async-signal-safe calls until exec
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    ::dup2(in[1], 0);
    ::dup2(out[1], 1);
    int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) ::dup2(null, 2);
    ::signal(SIGPIPE, SIG_DFL);
    if (argv.size() > 1) ::execvp(argv[0], argv.data());
    else ::execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::setpgid(pid, pid);
  ::close(in[1]);
  ::close(out[1]);
  pid_ = pid;
  to_engine_ = in[0];
  from_engine_ = out[0];
  buffer_.clear();
  return true;
}

bool EngineProcess::send(const std::string& line, std::string& error) {
  if (pid_ <= 0) return error = "is not running", false;
  std::string text = line + "\n";
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::send(to_engine_, text.data() + done, text.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return error = gone(), false;
    done += static_cast<size_t>(n);
  }
  return true;
}

std::optional<std::string> EngineProcess::read_line(std::chrono::milliseconds timeout, std::string& error) {
  using clock = std::chrono::steady_clock;
  const auto deadline = clock::now() + timeout;
  while (true) {
    if (size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (buffer_.size() > kMaxLine) {
      error = fmt::format("wrote a line longer than {} bytes", kMaxLine);
      return std::nullopt;
    }
    if (pid_ <= 0) {
      error = "is not running";
      return std::nullopt;
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()).count();
    if (left <= 0) {
      error = fmt::format("did not answer within {} ms", timeout.count());
      return std::nullopt;
    }
    pollfd p{from_engine_, POLLIN, 0};
    int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    char chunk[4096];
    ssize_t n = ::read(from_engine_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = gone();
      return std::nullopt;
    }
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

void EngineProcess::stop() {
  close_fd(to_engine_);  // an engine that reads its input to the end exits now
  close_fd(from_engine_);
  if (pid_ <= 0) return;
  int status = 0;
  for (int i = 0; i < 20; ++i) {  // up to 200 ms to exit on its own
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      ::kill(-pid_, SIGKILL);  // what it started, if anything is left
      pid_ = -1;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(-pid_, SIGKILL);
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

}  // namespace tabula

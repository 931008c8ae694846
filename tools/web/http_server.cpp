#include "http_server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "http_parse.hpp"

namespace tabula::web {
namespace {

using Clock = std::chrono::steady_clock;

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

struct Connection {
  int fd = -1;
  enum class Stage { reading, working, writing } stage = Stage::reading;
  Clock::time_point deadline;
  std::string in;
  size_t head_end = std::string::npos;  // where the head's blank line ends, once read
  std::optional<HttpHead> head;
  std::string out;
  size_t written = 0;
  bool continue_sent = false;
};

}  // namespace

struct HttpServer::Loop {
  int listener = -1;
  int wake[2] = {-1, -1};  // a byte on wake[1] wakes the reading thread
  int port = 0;
  std::atomic<bool> stopping{false};
  uint64_t next_id = 0;
  std::map<uint64_t, Connection> connections;  // by id: the order they came in

  // Whole requests for the workers, and their answers for the reading thread.
  std::mutex mutex;
  std::condition_variable work_ready;
  std::deque<std::pair<uint64_t, Request>> work;
  std::deque<std::pair<uint64_t, std::string>> answers;

  void wake_up() {
    char byte = 1;
    [[maybe_unused]] ssize_t n = ::write(wake[1], &byte, 1);
  }
  ~Loop() {
    for (auto& [id, c] : connections) ::close(c.fd);
    for (int fd : {listener, wake[0], wake[1]})
      if (fd >= 0) ::close(fd);
  }
};

HttpServer::HttpServer(HttpLimits limits, Handler handler)
    : limits_(limits), handler_(std::move(handler)), loop_(std::make_unique<Loop>()) {}

HttpServer::~HttpServer() = default;

std::string HttpServer::listen(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE;
  addrinfo* found = nullptr;
  if (int e = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found); e != 0)
    return fmt::format("'{}' is not an address of this computer ({})", host, gai_strerror(e));
  std::string why = "no address";
  for (addrinfo* a = found; a; a = a->ai_next) {
    int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    int yes = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, 128) == 0) {
      sockaddr_storage bound{};
      socklen_t size = sizeof bound;
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &size);
      loop_->port = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                                      : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
      loop_->listener = fd;
      break;
    }
    why = std::strerror(errno);
    ::close(fd);
  }
  ::freeaddrinfo(found);
  if (loop_->listener < 0) return why;
  if (::pipe2(loop_->wake, O_NONBLOCK | O_CLOEXEC) != 0) return std::strerror(errno);
  return "";
}

int HttpServer::port() const { return loop_->port; }

void HttpServer::stop() {
  loop_->stopping = true;
  loop_->work_ready.notify_all();
  if (loop_->wake[1] >= 0) loop_->wake_up();
}

void HttpServer::run() {
  Loop& loop = *loop_;
  std::vector<std::thread> workers;
  for (int i = 0; i < std::max(1, limits_.workers); ++i)
    workers.emplace_back([this, &loop] {
      for (;;) {
        std::pair<uint64_t, Request> job;
        {
          std::unique_lock lock(loop.mutex);
          loop.work_ready.wait(lock, [&] { return loop.stopping || !loop.work.empty(); });
          if (loop.stopping) return;
          job = std::move(loop.work.front());
          loop.work.pop_front();
        }
        Response response;
        try {
          response = handler_(job.second);
        } catch (const std::exception& e) {
          response = refusal_response({500, fmt::format("internal error: {}", e.what())});
        }
        std::string bytes = http_response_bytes(response, job.second.method == "HEAD");
        {
          std::lock_guard lock(loop.mutex);
          loop.answers.emplace_back(job.first, std::move(bytes));
        }
        loop.wake_up();
      }
    });

  auto answer_now = [&](Connection& c, const Response& r) {
    c.out = http_response_bytes(r, false);
    c.written = 0;
    c.stage = Connection::Stage::writing;
    c.deadline = Clock::now() + seconds(limits_.response_seconds);
  };
  // A connection that has read all it needs: a refusal, or a request for a worker.
  auto on_input = [&](uint64_t id, Connection& c) {
    if (!c.head) {
      c.head_end = c.in.find("\r\n\r\n");
      if ((c.head_end == std::string::npos ? c.in.size() : c.head_end) > limits_.max_header_bytes)
        return answer_now(
            c, refusal_response({431, fmt::format("the request's head is over {} bytes", limits_.max_header_bytes)}));
      if (c.head_end == std::string::npos) return;
      HttpRefusal refusal;
      c.head = parse_http_head(std::string_view(c.in).substr(0, c.head_end), limits_.max_body_bytes, refusal);
      if (!c.head) return answer_now(c, refusal_response(refusal));
      c.head_end += 4;
    }
    if (c.head->expects_continue && !c.continue_sent) {
      c.continue_sent = true;
      const char interim[] = "HTTP/1.1 100 Continue\r\n\r\n";
      [[maybe_unused]] ssize_t n = ::send(c.fd, interim, sizeof interim - 1, MSG_NOSIGNAL);
    }
    if (c.in.size() - c.head_end < c.head->content_length) return;
    Request request = std::move(c.head->request);
    request.body = c.in.substr(c.head_end, c.head->content_length);
    c.in.clear();
    c.stage = Connection::Stage::working;
    {
      std::lock_guard lock(loop.mutex);
      loop.work.emplace_back(id, std::move(request));
    }
    loop.work_ready.notify_one();
  };
  auto drop = [&](std::map<uint64_t, Connection>::iterator it) {
    ::close(it->second.fd);
    return loop.connections.erase(it);
  };

  std::vector<pollfd> polled;
  std::vector<uint64_t> ids;
  while (!loop.stopping) {
    polled.assign({pollfd{loop.listener, POLLIN, 0}, pollfd{loop.wake[0], POLLIN, 0}});
    ids.assign(2, 0);
    Clock::time_point next = Clock::now() + std::chrono::seconds(60);
    for (auto& [id, c] : loop.connections) {
      if (c.stage == Connection::Stage::working) continue;
      polled.push_back({c.fd, static_cast<short>(c.stage == Connection::Stage::reading ? POLLIN : POLLOUT), 0});
      ids.push_back(id);
      next = std::min(next, c.deadline);
    }
    auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now()).count();
    if (::poll(polled.data(), polled.size(), static_cast<int>(std::clamp<long long>(wait + 1, 0, 60000))) < 0 &&
        errno != EINTR)
      break;
    if (polled[1].revents) {
      char drain[64];
      while (::read(loop.wake[0], drain, sizeof drain) > 0) {
      }
      std::lock_guard lock(loop.mutex);
      for (auto& [id, bytes] : loop.answers)
        if (auto it = loop.connections.find(id); it != loop.connections.end()) {
          it->second.out = std::move(bytes);
          it->second.written = 0;
          it->second.stage = Connection::Stage::writing;
          it->second.deadline = Clock::now() + seconds(limits_.response_seconds);
        }
      loop.answers.clear();
    }
    for (size_t i = 2; i < polled.size(); ++i) {
      auto it = loop.connections.find(ids[i]);
      if (it == loop.connections.end() || !polled[i].revents) continue;
      Connection& c = it->second;
      if (c.stage == Connection::Stage::reading) {
        char buffer[8192];
        ssize_t n = ::recv(c.fd, buffer, sizeof buffer, 0);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
          drop(it);
          continue;
        }
        if (n > 0) {
          c.in.append(buffer, static_cast<size_t>(n));
          on_input(it->first, c);
        }
      } else if (c.stage == Connection::Stage::writing) {
        ssize_t n = ::send(c.fd, c.out.data() + c.written, c.out.size() - c.written, MSG_NOSIGNAL);
        if (n < 0 && errno != EAGAIN && errno != EINTR) {
          drop(it);
          continue;
        }
        if (n > 0) c.written += static_cast<size_t>(n);
        if (c.written == c.out.size()) {
          ::shutdown(c.fd, SHUT_WR);
          drop(it);
        }
      }
    }
    // Connections past their deadline: a request or an answer too slow to come or go.
    auto now = Clock::now();
    for (auto it = loop.connections.begin(); it != loop.connections.end();)
      if (it->second.stage != Connection::Stage::working && it->second.deadline <= now) {
        ++dropped_;
        it = drop(it);
      } else {
        ++it;
      }
    if (polled[0].revents) {
      for (;;) {
        int fd = ::accept4(loop.listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) break;
        if (static_cast<int>(loop.connections.size()) >= limits_.max_connections) {
          // Room is made by closing the connection that has waited longest for its request.
          auto oldest = std::find_if(loop.connections.begin(), loop.connections.end(),
                                     [](const auto& e) { return e.second.stage == Connection::Stage::reading; });
          if (oldest == loop.connections.end()) {
            std::string busy = http_response_bytes(
                refusal_response({503, "the server is answering as many requests as it takes; ask again"}), false);
            [[maybe_unused]] ssize_t n = ::send(fd, busy.data(), busy.size(), MSG_NOSIGNAL);
            ::close(fd);
            ++dropped_;
            continue;
          }
          drop(oldest);
          ++dropped_;
        }
        Connection c;
        c.fd = fd;
        c.deadline = Clock::now() + seconds(limits_.request_seconds);
        loop.connections.emplace(loop.next_id++, std::move(c));
      }
    }
  }
  loop.stopping = true;
  loop.work_ready.notify_all();
  for (auto& w : workers) w.join();
}

}  // namespace tabula::web

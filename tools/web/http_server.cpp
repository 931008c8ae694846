#include "http_server.hpp"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <microhttpd.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "http_parse.hpp"

namespace tabula::web {
namespace {

using Clock = std::chrono::steady_clock;

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

// One TCP connection (and its one request), from the library's start notice to its close.
struct Connection {
  uint64_t id = 0;
  MHD_Connection* mhd = nullptr;
  int fd = -1;
  enum class Stage { reading, working, writing } stage = Stage::reading;
  Clock::time_point deadline;
  bool closing = false;  // shut down by the server: the library closes it when it sees so
  std::string target;    // the request's target as the client sent it (not yet decoded)
  bool head_read = false;
  std::optional<HttpHead> head;
  std::string body;
  std::optional<Response> answer;  // made by a worker
};

}  // namespace

struct HttpServer::Loop {
  HttpLimits limits;
  std::atomic<uint64_t>& dropped;
  int listener = -1;
  int port = 0;
  MHD_Daemon* daemon = nullptr;
  std::atomic<bool> stopping{false};

  // The open connections by id (the order they came in), the whole requests for the
  // workers, and the deadlines' watch: all under the mutex.
  std::mutex mutex;
  std::condition_variable changed;
  uint64_t next_id = 0;
  std::map<uint64_t, Connection*> connections;
  std::deque<std::pair<Connection*, Request>> work;

  Loop(HttpLimits l, std::atomic<uint64_t>& d) : limits(l), dropped(d) {}
  // The library calls these from its thread, with the Loop as their closure.
  static void notify(void* cls, MHD_Connection* mhd, void** socket_context, MHD_ConnectionNotificationCode code);
  static void* on_target(void* cls, const char* target, MHD_Connection* mhd);
  static MHD_Result on_request(void* cls, MHD_Connection* mhd, const char* url, const char* method, const char* version,
                               const char* data, size_t* size, void** request_context);

  ~Loop() {
    if (daemon) MHD_stop_daemon(daemon);
    if (listener >= 0) ::close(listener);
  }
};

namespace {

// Ends a connection from outside the library: its socket is shut down, which the library's
// thread sees as the client gone. (Under the mutex.)
void close_connection(Connection& c, std::atomic<uint64_t>& dropped) {
  if (c.closing) return;
  ::shutdown(c.fd, SHUT_RDWR);
  c.closing = true;
  ++dropped;
}

MHD_Result queue(MHD_Connection* connection, const Response& response) {
  MHD_Response* r = MHD_create_response_from_buffer(response.body.size(), const_cast<char*>(response.body.data()),
                                                    MHD_RESPMEM_MUST_COPY);
  if (!r) return MHD_NO;
  for (const auto& [name, value] : response_headers(response)) MHD_add_response_header(r, name.c_str(), value.c_str());
  MHD_Result queued = MHD_queue_response(connection, static_cast<unsigned>(response.status), r);
  MHD_destroy_response(r);
  return queued;
}

// The request's head as the client wrote it, for parse_http_head's checks.
std::string head_text(MHD_Connection* connection, const char* method, const std::string& target, const char* version) {
  std::string head = fmt::format("{} {} {}", method, target, version);
  MHD_get_connection_values(
      connection, MHD_HEADER_KIND,
      [](void* out, MHD_ValueKind, const char* name, const char* value) {
        *static_cast<std::string*>(out) += fmt::format("\r\n{}: {}", name, value ? value : "");
        return MHD_YES;
      },
      &head);
  return head;
}

}  // namespace

HttpServer::HttpServer(HttpLimits limits, Handler handler)
    : handler_(std::move(handler)), loop_(std::make_unique<Loop>(limits, dropped_)) {}

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
  return "";
}

int HttpServer::port() const { return loop_->port; }

void HttpServer::stop() {
  loop_->stopping = true;
  std::lock_guard lock(loop_->mutex);
  loop_->changed.notify_all();
}

void HttpServer::run() {
  Loop& loop = *loop_;
  std::vector<std::thread> workers;
  for (int i = 0; i < std::max(1, loop.limits.workers); ++i)
    workers.emplace_back([this, &loop] {
      for (;;) {
        std::pair<Connection*, Request> job;
        {
          std::unique_lock lock(loop.mutex);
          loop.changed.wait(lock, [&] { return loop.stopping || !loop.work.empty(); });
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
        {
          std::lock_guard lock(loop.mutex);
          job.first->answer = std::move(response);
        }
        MHD_resume_connection(job.first->mhd);
      }
    });

  // The library's own idle timeout backs the deadlines up; its connection limit leaves room
  // for the connections this server is closing.
  const auto idle =
      static_cast<unsigned>(std::ceil(std::max(loop.limits.request_seconds, loop.limits.response_seconds))) + 1;
  loop.daemon =
      MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME, 0, nullptr, nullptr, &Loop::on_request,
                       &loop, MHD_OPTION_LISTEN_SOCKET, loop.listener, MHD_OPTION_CONNECTION_LIMIT,
                       static_cast<unsigned>(loop.limits.max_connections + 64), MHD_OPTION_CONNECTION_TIMEOUT, idle,
                       MHD_OPTION_CONNECTION_MEMORY_LIMIT,
                       static_cast<size_t>(2 * loop.limits.max_header_bytes + 32 * 1024), MHD_OPTION_NOTIFY_CONNECTION,
                       &Loop::notify, &loop, MHD_OPTION_URI_LOG_CALLBACK, &Loop::on_target, &loop, MHD_OPTION_END);
  if (!loop.daemon) {
    stop();
    for (auto& w : workers) w.join();
    throw std::runtime_error("the HTTP library (libmicrohttpd) could not start on the listening socket");
  }
  loop.listener = -1;  // the library's now: MHD_stop_daemon closes it

  // The deadlines' watch: a connection whose request or answer is late is closed.
  {
    std::unique_lock lock(loop.mutex);
    while (!loop.stopping) {
      loop.changed.wait_for(lock, std::chrono::milliseconds(50));
      const auto now = Clock::now();
      for (auto& [id, c] : loop.connections)
        if (c->stage != Connection::Stage::working && c->deadline <= now) close_connection(*c, dropped_);
    }
  }
  for (auto& w : workers) w.join();
  // Requests no worker took get an answer, so that no connection stays suspended (the
  // library refuses to stop with one).
  {
    std::lock_guard lock(loop.mutex);
    for (auto& [c, request] : loop.work) {
      c->answer = refusal_response({503, "the server is stopping"});
      MHD_resume_connection(c->mhd);
    }
    loop.work.clear();
  }
  MHD_stop_daemon(loop.daemon);
  loop.daemon = nullptr;
}

void HttpServer::Loop::notify(void* cls, MHD_Connection* mhd, void** socket_context,
                              MHD_ConnectionNotificationCode code) {
  auto& a = *static_cast<Loop*>(cls);
  std::lock_guard lock(a.mutex);
  if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
    auto* c = static_cast<Connection*>(*socket_context);
    if (!c) return;
    a.connections.erase(c->id);
    delete c;
    *socket_context = nullptr;
    return;
  }
  auto* c = new Connection;
  c->id = a.next_id++;
  c->mhd = mhd;
  const MHD_ConnectionInfo* info = MHD_get_connection_info(mhd, MHD_CONNECTION_INFO_CONNECTION_FD);
  c->fd = info ? info->connect_fd : -1;
  c->deadline = Clock::now() + seconds(a.limits.request_seconds);
  *socket_context = c;
  int open = 0;
  for (auto& [id, other] : a.connections) open += other->closing ? 0 : 1;
  a.connections.emplace(c->id, c);
  if (open < a.limits.max_connections) return;
  // Room is made by closing the connection that has waited longest for its request.
  for (auto& [id, other] : a.connections)
    if (!other->closing && other->stage == Connection::Stage::reading && other != c)
      return close_connection(*other, a.dropped);
  // None is waiting: every one is being answered, so the new one is told to come back.
  const std::string busy = "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";
  [[maybe_unused]] ssize_t n = ::send(c->fd, busy.data(), busy.size(), MSG_NOSIGNAL);
  close_connection(*c, a.dropped);
}

void* HttpServer::Loop::on_target(void* cls, const char* target, MHD_Connection* mhd) {
  auto& a = *static_cast<Loop*>(cls);
  const MHD_ConnectionInfo* info = MHD_get_connection_info(mhd, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  auto* c = info ? static_cast<Connection*>(info->socket_context) : nullptr;
  if (c) {
    std::lock_guard lock(a.mutex);
    c->target = target;
  }
  return c;
}

MHD_Result HttpServer::Loop::on_request(void* cls, MHD_Connection* mhd, const char*, const char* method,
                                        const char* version, const char* data, size_t* size, void** request_context) {
  auto& a = *static_cast<Loop*>(cls);
  auto* c = static_cast<Connection*>(*request_context);
  if (!c) return MHD_NO;
  auto answer_now = [&](const Response& r) {
    {
      std::lock_guard lock(a.mutex);
      c->stage = Connection::Stage::writing;
      c->deadline = Clock::now() + seconds(a.limits.response_seconds);
    }
    return queue(mhd, r);
  };
  if (!c->head_read) {
    c->head_read = true;
    const std::string head = head_text(mhd, method, c->target, version);
    if (head.size() > a.limits.max_header_bytes)
      return answer_now(
          refusal_response({431, fmt::format("the request's head is over {} bytes", a.limits.max_header_bytes)}));
    HttpRefusal refusal;
    c->head = parse_http_head(head, a.limits.max_body_bytes, refusal);
    if (!c->head) return answer_now(refusal_response(refusal));
    return MHD_YES;
  }
  if (*size > 0) {
    if (c->body.size() + *size > c->head->content_length)
      return answer_now(refusal_response({400, "the request body is longer than its Content-Length"}));
    c->body.append(data, *size);
    *size = 0;
    return MHD_YES;
  }
  std::optional<Response> answer;
  {
    std::lock_guard lock(a.mutex);
    answer = std::move(c->answer);
  }
  if (answer) return answer_now(*answer);
  // The whole request: to a worker, the connection suspended until its answer is made.
  Request request = std::move(c->head->request);
  request.body = std::move(c->body);
  {
    std::lock_guard lock(a.mutex);
    c->stage = Connection::Stage::working;
    a.work.emplace_back(c, std::move(request));
    a.changed.notify_all();
  }
  MHD_suspend_connection(mhd);
  return MHD_YES;
}

}  // namespace tabula::web

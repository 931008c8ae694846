// The web board's HTTP server (tools/web/http_server.hpp, over libmicrohttpd) over real sockets: requests are read
// without holding a worker, so clients that send a byte now and then never keep others
// waiting; requests past their deadline are dropped; the connections open at once are
// bounded; and what it cannot read two ways is refused.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "web/http_server.hpp"

namespace tabula::testing {
namespace {

using Clock = std::chrono::steady_clock;

// A server on a free port of 127.0.0.1, running on its own thread while alive.
struct RunningServer {
  web::HttpServer server;
  std::thread thread;
  explicit RunningServer(web::HttpLimits limits)
      : server(limits, [](const web::Request& r) {
          web::Response answer;
          answer.content_type = "text/plain";
          answer.body =
              r.method + " " + r.path + " [" + r.body + "]" + (r.query.count("q") ? " q=" + r.query.at("q") : "");
          return answer;
        }) {
    REQUIRE(server.listen("127.0.0.1", 0) == "");
    thread = std::thread([this] { server.run(); });
  }
  ~RunningServer() {
    server.stop();
    thread.join();
  }
};

int connect_to(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  timeval wait{5, 0};  // a test never hangs on a server that does not answer
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  return fd;
}

// Everything the server sends until it closes the connection ("" when it closes at once).
std::string read_all(int fd) {
  std::string out;
  char buffer[4096];
  for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) out.append(buffer, static_cast<size_t>(n));
  return out;
}

std::string exchange(int port, const std::string& bytes) {
  int fd = connect_to(port);
  ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
  std::string answer = read_all(fd);
  ::close(fd);
  return answer;
}

const std::string kGet = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

}  // namespace

TEST_CASE("HTTP server: a request and its answer, the connection closed after it", "[web][http]") {
  RunningServer s({});
  std::string answer = exchange(s.server.port(), kGet);
  CHECK(answer.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
  CHECK(answer.find("Connection: close\r\n") != std::string::npos);
  CHECK(answer.find("X-Frame-Options: DENY\r\n") != std::string::npos);
  CHECK(answer.substr(answer.size() - 17) == "GET /api/games []");
  answer = exchange(s.server.port(), "POST /api/move?q=a%20b+c HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello");
  CHECK(answer.substr(answer.find("\r\n\r\n") + 4) == "POST /api/move [hello] q=a b c");
  // A client that waits for "100 Continue" before its body gets it.
  int fd = connect_to(s.server.port());
  std::string head = "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n";
  ::send(fd, head.data(), head.size(), MSG_NOSIGNAL);
  char buffer[64] = {};
  REQUIRE(::recv(fd, buffer, sizeof buffer - 1, 0) > 0);
  CHECK(std::string(buffer) == "HTTP/1.1 100 Continue\r\n\r\n");
  ::send(fd, "ok", 2, MSG_NOSIGNAL);
  CHECK(read_all(fd).find("POST /x [ok]") != std::string::npos);
  ::close(fd);
  // HEAD: the headers alone.
  answer = exchange(s.server.port(), "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK(answer.find("Content-Length: 9\r\n") != std::string::npos);  // of "HEAD / []"
  CHECK(answer.substr(answer.size() - 4) == "\r\n\r\n");
}

TEST_CASE("HTTP server: what could be read two ways is refused", "[web][http]") {
  web::HttpLimits limits;
  limits.max_body_bytes = 100;
  limits.max_header_bytes = 1000;
  RunningServer s(limits);
  auto status = [&](const std::string& bytes) {
    std::string a = exchange(s.server.port(), bytes);
    return a.substr(0, a.find("\r\n"));
  };
  CHECK(status("GET /x HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == "HTTP/1.1 400 Bad Request");
  CHECK(status("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab") ==
        "HTTP/1.1 400 Bad Request");
  CHECK(status("POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n\r\n") ==
        "HTTP/1.1 501 Not Implemented");
  CHECK(status("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 101\r\n\r\n") == "HTTP/1.1 413 Content Too Large");
  CHECK(status("GET /x HTTP/1.1\r\nHost: a\r\nX: " + std::string(2000, 'y') + "\r\n\r\n") ==
        "HTTP/1.1 431 Request Header Fields Too Large");
  CHECK(status("GET x HTTP/1.1\r\n\r\n") == "HTTP/1.1 400 Bad Request");
  CHECK(status("GET /%zz HTTP/1.1\r\n\r\n") == "HTTP/1.1 400 Bad Request");
  CHECK(status("GET / HTTP/2.0\r\n\r\n") == "HTTP/1.1 505 HTTP Version Not Supported");
  // A request line the HTTP library cannot split at all is not answered: the library closes
  // the connection at once (docs/WEB.md), and the server goes on.
  auto start = Clock::now();
  CHECK(exchange(s.server.port(), "hello\r\n\r\n").empty());
  CHECK(Clock::now() - start < std::chrono::seconds(2));
  CHECK(status(kGet) == "HTTP/1.1 200 OK");
}

TEST_CASE("HTTP server: slow clients never keep others waiting, and are dropped at their deadline", "[web][http]") {
  web::HttpLimits limits;
  limits.request_seconds = 1;
  limits.workers = 2;
  RunningServer s(limits);
  // Twenty clients that send one byte of their request and then nothing more...
  std::vector<int> slow;
  for (int i = 0; i < 20; ++i) {
    slow.push_back(connect_to(s.server.port()));
    ::send(slow.back(), "G", 1, MSG_NOSIGNAL);
  }
  // ... while others are answered at once.
  auto start = Clock::now();
  for (int i = 0; i < 5; ++i) CHECK(exchange(s.server.port(), kGet).rfind("HTTP/1.1 200 OK", 0) == 0);
  CHECK(Clock::now() - start < std::chrono::milliseconds(800));
  // A byte every 300 ms does not keep a request alive past its deadline.
  int trickle = connect_to(s.server.port());
  bool closed = false;
  for (int i = 0; i < 10 && !closed; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    closed = ::send(trickle, "x", 1, MSG_NOSIGNAL) < 0 || (i > 5 && read_all(trickle).empty());
  }
  CHECK(closed);
  ::close(trickle);
  // The first twenty were dropped at theirs (one second), without an answer.
  for (int fd : slow) {
    CHECK(read_all(fd).empty());
    ::close(fd);
  }
  CHECK(s.server.dropped() >= 21);
}

TEST_CASE("HTTP server: at the connection limit, the client waiting longest for its request makes room",
          "[web][http]") {
  web::HttpLimits limits;
  limits.max_connections = 8;
  RunningServer s(limits);
  std::vector<int> idle;
  for (int i = 0; i < 30; ++i) idle.push_back(connect_to(s.server.port()));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto start = Clock::now();
  CHECK(exchange(s.server.port(), kGet).rfind("HTTP/1.1 200 OK", 0) == 0);
  CHECK(Clock::now() - start < std::chrono::milliseconds(800));
  CHECK(s.server.dropped() >= 22);
  for (int fd : idle) ::close(fd);
}

}  // namespace tabula::testing

#pragma once
// The HTTP server of `tabula serve` (docs/WEB.md, "Safety"): HTTP/1.1 over GNU libmicrohttpd,
// one request per connection. libmicrohttpd's own thread reads and writes every connection
// without blocking, so a client that sends its request a byte at a time holds no worker: a
// whole request is handed to one of the workers and its connection suspended until the
// answer is made. What the library does not bound the way the web board needs is kept
// here: a deadline for a connection's whole request and one for its answer (the library's
// timeout is one of idleness, which a byte now and then resets), and at the limit of
// connections open at once the one that has waited longest for its request is closed to
// make room, so slow clients never keep others out.
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "web_request.hpp"

namespace tabula::web {

struct HttpLimits {
  size_t max_header_bytes = 16 * 1024;  // the request line and headers; beyond: 431
  size_t max_body_bytes = 16 * 1024;    // beyond: 413
  double request_seconds = 10;          // from a connection's start to the end of its request
  double response_seconds = 10;         // to write the answer once it is made
  int max_connections = 128;            // open at once
  int workers = 4;                      // requests answered at once
};

class HttpServer {
 public:
  using Handler = std::function<Response(const Request&)>;

  HttpServer(HttpLimits limits, Handler handler);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Listens on host:port (port 0: any free port); "" or why not.
  std::string listen(const std::string& host, int port);
  int port() const;
  // Serves until stop() is called (from another thread, never from a signal handler);
  // throws std::runtime_error when the library cannot start.
  void run();
  void stop();

  // Connections closed because their request or answer was not done in time, or to make
  // room (for the tests).
  uint64_t dropped() const { return dropped_; }

 private:
  struct Loop;
  Handler handler_;
  std::unique_ptr<Loop> loop_;
  std::atomic<uint64_t> dropped_{0};
};

}  // namespace tabula::web

#pragma once
// A request to the web board and its answer, as plain values: the HTTP server
// (http_server.hpp) makes them from the socket, WebBoard::handle answers them, and the tests
// call the handler with them directly.
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tabula::web {

struct Request {
  std::string method;  // GET, POST, ...
  std::string path;    // "/api/state", percent-decoded
  std::map<std::string, std::string> query;
  std::string body;
  std::map<std::string, std::string> headers;  // names in lower case: "host", "origin", "cookie", ...

  // A header's value, or "" when the request has none.
  const std::string& header(const std::string& lower_case_name) const {
    static const std::string none;
    auto it = headers.find(lower_case_name);
    return it == headers.end() ? none : it->second;
  }
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string download_name;                                 // set: the body is a file to save under this name
  std::vector<std::pair<std::string, std::string>> headers;  // more headers (Set-Cookie)
};

}  // namespace tabula::web

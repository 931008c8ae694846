#pragma once
// HTTP/1.1 as the web board's server reads and writes it (http_server.hpp): the head of a
// request (request line and headers, as the client sent them) into a Request, and the
// headers every answer carries. Strict on what could be read two ways (a second Host or
// Content-Length, chunked bodies, a target that is not a path): such a request is refused
// rather than guessed at.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "web_request.hpp"

namespace tabula::web {

struct HttpHead {
  Request request;                // method, path, query and headers; the body comes after
  size_t content_length = 0;      // the body's length
  bool expects_continue = false;  // `Expect: 100-continue`: the client waits for a 100 before the body
};

struct HttpRefusal {
  int status;  // 400, 413, 501, 505
  std::string reason;
};

// The head, without its final blank line; a refusal when it is not a request this server reads.
std::optional<HttpHead> parse_http_head(std::string_view head, size_t max_body, HttpRefusal& refusal);

// The headers of an answer besides its length (the connection is closed after it).
std::vector<std::pair<std::string, std::string>> response_headers(const Response& response);

// The answer to a request refused before it reached the handler.
Response refusal_response(const HttpRefusal& refusal);

}  // namespace tabula::web

#pragma once
// Who may use the web board (docs/WEB.md, "Safety"). Any page a user visits can send
// requests to a server on their computer, so the board answers only requests
// - that name it: the Host header is one of the server's own names (a site that points its
//   own name at this computer, DNS rebinding, is refused);
// - that come from its own page: an Origin header, which browsers send, must be the
//   server's, and every change is JSON (Content-Type: application/json), which another
//   site's page cannot send without asking first (and it is never allowed);
// - from a browser that holds a token its page asked for (POST /api/token, which only the
//   page itself can send): an unguessable cookie that the browser sends to this server only
//   (SameSite=Strict, HttpOnly), naming whose games a request may see and change. A token
//   is a random number signed with the server's secret key (keyed_hash.hpp), so the server
//   keeps no list of them: none can be made without the key, and none can be pushed out.
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "web_request.hpp"

namespace tabula::web {

class Access {
 public:
  // `names`: host:port forms this server answers to ("127.0.0.1:8080"); `port` names the
  // cookie, so that servers on other ports of one computer keep their own.
  Access(std::vector<std::string> names, int port);

  // A refusal (403, 415) for a request that fails the checks, or nullopt. For an API
  // request that passes, `token` gets its browser's token ("" for POST /api/token, which
  // gives one).
  std::optional<Response> check(const Request& request, std::string& token) const;
  // The answer to POST /api/token gets this header when the browser has no token yet.
  std::optional<std::pair<std::string, std::string>> token_cookie(const Request& request) const;

  const std::vector<std::string>& names() const { return names_; }

 private:
  std::string token_in(const Request& request) const;  // the cookie's token, or ""
  bool valid(const std::string& token) const;          // signed with this server's key
  bool is_own_name(const std::string& host) const;

  std::vector<std::string> names_;
  std::string cookie_;
  std::array<uint8_t, 16> key_;  // made at start: a restart invalidates every token
};

}  // namespace tabula::web

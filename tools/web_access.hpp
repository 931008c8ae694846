#pragma once
// Who may use the web board (docs/WEB.md, "Safety"). Any page a user visits can send
// requests to a server on their computer, so the board answers only requests
// - that name it: the Host header is one of the server's own names (a site that points its
//   own name at this computer, DNS rebinding, is refused);
// - that come from its own page: an Origin header, which browsers send, must be the
//   server's, and every change is JSON (Content-Type: application/json), which another
//   site's page cannot send without asking first (and it is never allowed);
// - from a browser that holds a token the page gave it: an unguessable cookie that the
//   browser sends to this server only (SameSite=Strict, HttpOnly), naming whose games a
//   request may see and change.
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_set>
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
  // request that passes, `token` gets its browser's token.
  std::optional<Response> check(const Request& request, std::string& token) const;
  // The page's answer gets this header when the browser has no token of this server yet.
  std::optional<std::pair<std::string, std::string>> token_cookie(const Request& request);

  const std::vector<std::string>& names() const { return names_; }
  static constexpr size_t kMaxTokens = 10000;  // browsers remembered; the oldest is forgotten

 private:
  std::string token_in(const Request& request) const;  // the cookie's token, or ""
  bool known(const std::string& token) const;
  bool is_own_name(const std::string& host) const;

  std::vector<std::string> names_;
  std::string cookie_;
  mutable std::mutex mutex_;
  std::unordered_set<std::string> tokens_;
  std::deque<std::string> issued_;  // in the order given, for forgetting the oldest
};

}  // namespace tabula::web

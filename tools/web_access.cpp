#include "web_access.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <random>

namespace tabula::web {
namespace {

std::string lower(std::string text) {
  for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// "host" as "host:80", the port HTTP leaves out.
std::string with_port(const std::string& host) {
  size_t bracket = host.rfind(']'), colon = host.rfind(':');
  bool has_port = colon != std::string::npos && (bracket == std::string::npos || colon > bracket);
  return has_port ? host : host + ":80";
}

Response refused(int status, const std::string& message) {
  Response r;
  r.status = status;
  r.body = nlohmann::json{{"error", message}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return r;
}

bool well_formed_token(const std::string& t) {
  return t.size() == 32 && std::all_of(t.begin(), t.end(), [](char c) { return std::isxdigit(c) && !std::isupper(c); });
}

}  // namespace

Access::Access(std::vector<std::string> names, int port) : cookie_(fmt::format("tabula-{}", port)) {
  for (auto& n : names) names_.push_back(with_port(lower(n)));
}

bool Access::is_own_name(const std::string& host) const {
  return std::find(names_.begin(), names_.end(), with_port(lower(host))) != names_.end();
}

std::string Access::token_in(const Request& request) const {
  const std::string& cookies = request.header("cookie");
  for (size_t at = 0; at < cookies.size();) {
    size_t end = std::min(cookies.find(';', at), cookies.size());
    std::string item = cookies.substr(at, end - at);
    item.erase(0, item.find_first_not_of(' '));
    if (item.rfind(cookie_ + "=", 0) == 0) return item.substr(cookie_.size() + 1);
    at = end + 1;
  }
  return "";
}

bool Access::known(const std::string& token) const {
  std::lock_guard lock(mutex_);
  return tokens_.count(token) > 0;
}

std::optional<Response> Access::check(const Request& request, std::string& token) const {
  const std::string& host = request.header("host");
  if (!is_own_name(host))
    return refused(403, fmt::format("this server answers to {} only, not to the host '{}' (serve --allow-host NAME "
                                    "adds a name)",
                                    fmt::join(names_, ", "), host));
  const std::string& origin = request.header("origin");
  if (!origin.empty() && !(lower(origin).rfind("http://", 0) == 0 && is_own_name(origin.substr(7))))
    return refused(403, fmt::format("a page of '{}' may not use this board: only its own page may", origin));
  if (request.path.rfind("/api/", 0) != 0) return std::nullopt;  // the page and its files
  if (request.method == "POST" && lower(request.header("content-type")).rfind("application/json", 0) != 0)
    return refused(415, "send the request as JSON, with Content-Type: application/json");
  token = token_in(request);
  if (!well_formed_token(token) || !known(token))
    return refused(403,
                   "this browser holds no token of this server (it may have been restarted): open or reload "
                   "the page at /, which gives one");
  return std::nullopt;
}

std::optional<std::pair<std::string, std::string>> Access::token_cookie(const Request& request) {
  std::string token = token_in(request);
  if (well_formed_token(token) && known(token)) return std::nullopt;
  std::random_device entropy;  // the system's source: a token is not guessable from others
  do {
    token.clear();
    for (int i = 0; i < 4; ++i) token += fmt::format("{:08x}", static_cast<uint32_t>(entropy()));
  } while (known(token));
  {
    std::lock_guard lock(mutex_);
    tokens_.insert(token);
    issued_.push_back(token);
    while (issued_.size() > kMaxTokens) {
      tokens_.erase(issued_.front());
      issued_.pop_front();
    }
  }
  return std::pair{std::string("Set-Cookie"), fmt::format("{}={}; Path=/; HttpOnly; SameSite=Strict", cookie_, token)};
}

}  // namespace tabula::web

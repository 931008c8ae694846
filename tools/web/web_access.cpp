#include "web_access.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <random>

#include "keyed_hash.hpp"

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

// The signature of a token's random half: its keyed hash, as 16 hex digits.
std::string signature(const std::array<uint8_t, 16>& key, const std::string& nonce) {
  return fmt::format("{:016x}", siphash24(key, reinterpret_cast<const uint8_t*>(nonce.data()), nonce.size()));
}

}  // namespace

Access::Access(std::vector<std::string> names, int port) : cookie_(fmt::format("tabula-{}", port)) {
  for (auto& n : names) names_.push_back(with_port(lower(n)));
  std::random_device entropy;  // the system's source
  for (auto& byte : key_) byte = static_cast<uint8_t>(entropy());
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

bool Access::valid(const std::string& token) const {
  if (token.size() != 32 ||
      !std::all_of(token.begin(), token.end(), [](char c) { return std::isxdigit(c) && !std::isupper(c); }))
    return false;
  std::string expected = signature(key_, token.substr(0, 16)), given = token.substr(16);
  unsigned differ = 0;  // every digit compared, however early one differs
  for (size_t i = 0; i < expected.size(); ++i) differ |= static_cast<unsigned>(expected[i] ^ given[i]);
  return differ == 0;
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
  if (request.path == "/api/token") return std::nullopt;  // asks for one
  token = token_in(request);
  if (!valid(token))
    return refused(403,
                   "this browser holds no token of this server (it may have been restarted): open or reload "
                   "the page at /, which asks for one (POST /api/token)");
  return std::nullopt;
}

std::optional<std::pair<std::string, std::string>> Access::token_cookie(const Request& request) const {
  if (valid(token_in(request))) return std::nullopt;
  std::random_device entropy;
  std::string nonce = fmt::format("{:08x}{:08x}", static_cast<uint32_t>(entropy()), static_cast<uint32_t>(entropy()));
  return std::pair{std::string("Set-Cookie"),
                   fmt::format("{}={}{}; Path=/; HttpOnly; SameSite=Strict", cookie_, nonce, signature(key_, nonce))};
}

}  // namespace tabula::web

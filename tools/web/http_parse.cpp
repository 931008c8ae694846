#include "http_parse.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

namespace tabula::web {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// %XX decoded (and '+' as a blank in a query); nullopt for a broken escape.
std::optional<std::string> percent_decoded(std::string_view text, bool query) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      int hi = hex_value(text[i + 1]), lo = hex_value(text[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += query && text[i] == '+' ? ' ' : text[i];
    }
  }
  return out;
}

}  // namespace

std::optional<HttpHead> parse_http_head(std::string_view head, size_t max_body, HttpRefusal& refusal) {
  auto refuse = [&](int status, std::string reason) {
    refusal = {status, std::move(reason)};
    return std::nullopt;
  };
  HttpHead out;
  size_t line_end = head.find("\r\n");
  std::string_view line = head.substr(0, line_end);
  head = line_end == std::string_view::npos ? std::string_view{} : head.substr(line_end + 2);
  size_t first = line.find(' '), last = line.rfind(' ');
  if (first == std::string_view::npos || first == last)
    return refuse(400, "the request line is not METHOD PATH HTTP/1.1");
  std::string_view method = line.substr(0, first), target = line.substr(first + 1, last - first - 1);
  std::string_view version = line.substr(last + 1);
  if (version != "HTTP/1.1" && version != "HTTP/1.0") return refuse(505, "this server speaks HTTP/1.1");
  if (method.empty() || !std::all_of(method.begin(), method.end(), [](char c) { return std::isupper(c); }))
    return refuse(400, "the request's method is not a word in capitals");
  if (target.empty() || target[0] != '/') return refuse(400, "the request's target is not a path (/...)");
  Request& r = out.request;
  r.method = std::string(method);
  size_t question = target.find('?');
  auto path = percent_decoded(target.substr(0, question), false);
  if (!path) return refuse(400, "the request's path has a broken %-escape");
  r.path = *path;
  if (question != std::string_view::npos) {
    std::string_view query = target.substr(question + 1);
    while (!query.empty()) {
      size_t amp = query.find('&');
      std::string_view item = query.substr(0, amp);
      query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
      if (item.empty()) continue;
      size_t eq = item.find('=');
      auto key = percent_decoded(item.substr(0, eq), true);
      auto value = percent_decoded(eq == std::string_view::npos ? std::string_view{} : item.substr(eq + 1), true);
      if (!key || !value) return refuse(400, "the query has a broken %-escape");
      r.query[*key] = *value;
    }
  }
  while (!head.empty()) {
    line_end = head.find("\r\n");
    line = head.substr(0, line_end);
    head = line_end == std::string_view::npos ? std::string_view{} : head.substr(line_end + 2);
    size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0 || line.find_first_of(" \t") < colon)
      return refuse(400, "a header line is not NAME: VALUE");
    std::string name = lower(line.substr(0, colon));
    std::string value(trim(line.substr(colon + 1)));
    bool single =
        name == "host" || name == "content-length" || name == "origin" || name == "cookie" || name == "content-type";
    if (single && r.headers.count(name)) return refuse(400, fmt::format("the header {} is given twice", name));
    if (r.headers.count(name)) r.headers[name] += ", " + value;
    else r.headers[name] = value;
  }
  if (r.headers.count("transfer-encoding"))
    return refuse(501, "this server reads request bodies sent with Content-Length only");
  if (const std::string& length = r.header("content-length"); !length.empty()) {
    if (length.size() > 9 || !std::all_of(length.begin(), length.end(), [](char c) { return std::isdigit(c); }))
      return refuse(400, "Content-Length is not a number of bytes");
    out.content_length = std::stoul(length);
    if (out.content_length > max_body)
      return refuse(413, fmt::format("the request body has {} bytes; the limit is {}", out.content_length, max_body));
  }
  out.expects_continue = lower(r.header("expect")) == "100-continue";
  return out;
}

std::vector<std::pair<std::string, std::string>> response_headers(const Response& response) {
  std::vector<std::pair<std::string, std::string>> out = {
      {"Content-Type", response.content_type},
      {"Connection", "close"},
      {"Cache-Control", "no-store"},
      {"X-Content-Type-Options", "nosniff"},
      // No page of another site may show this one in a frame (and click on it for the user).
      {"X-Frame-Options", "DENY"},
      {"Content-Security-Policy", "frame-ancestors 'none'"}};
  if (!response.download_name.empty())
    out.emplace_back("Content-Disposition", fmt::format("attachment; filename=\"{}\"", response.download_name));
  out.insert(out.end(), response.headers.begin(), response.headers.end());
  return out;
}

Response refusal_response(const HttpRefusal& refusal) {
  Response r;
  r.status = refusal.status;
  r.body = nlohmann::json{{"error", refusal.reason}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return r;
}

}  // namespace tabula::web

// Who may use the web board (tools/web/web_access.hpp, docs/WEB.md "Safety"): requests must
// name the server, come from its own page, send JSON, and carry the token the page gave the
// browser; a browser sees and changes its own games only. And a computer player's search
// does not outlive its move.
#include <malloc.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.hpp"
#include "web/keyed_hash.hpp"
#include "web/web_board.hpp"

namespace tabula::testing {
namespace {

using nlohmann::json;
using web::Request;
using web::Response;

const web::ServedGames& two_games() {
  static const auto games = web::load_games({repo_path("rules/loa.rules"), repo_path("rules/laska.rules")});
  return games;
}

// What a browser sends: these headers, and a body.
Request request(const std::string& method, const std::string& path, std::map<std::string, std::string> headers,
                const std::string& body = "", std::map<std::string, std::string> query = {}) {
  return Request{method, path, std::move(query), body, std::move(headers)};
}

std::string token_of(const Response& page) {
  for (const auto& [name, value] : page.headers)
    if (name == "Set-Cookie") return value.substr(0, value.find(';'));
  return "";
}

// What the page sends first: POST /api/token, as JSON, from its own origin.
Response ask_token(web::WebBoard& board, const std::string& cookie = "", const std::string& host = "127.0.0.1:8080") {
  std::map<std::string, std::string> headers{{"host", host}, {"content-type", "application/json"}};
  if (!cookie.empty()) headers["cookie"] = cookie;
  return board.handle(request("POST", "/api/token", headers, "{}"));
}

std::string error_of(const Response& r) { return json::parse(r.body).value("error", ""); }

}  // namespace

TEST_CASE("web board: the page asks for its browser's token, a signed cookie no other site gets", "[web][access]") {
  web::WebBoard board(two_games(), {});
  // The page itself sets no cookie: a request another site's page makes (an image, a
  // frame) must not replace the browser's token.
  CHECK(board.handle(request("GET", "/", {{"host", "127.0.0.1:8080"}})).headers.empty());
  Response first = ask_token(board);
  REQUIRE(first.status == 200);
  std::string cookie = token_of(first);
  CHECK(cookie.size() == std::string("tabula-8080=").size() + 32);
  bool strict = false;
  for (const auto& [name, value] : first.headers)
    strict = strict || (name == "Set-Cookie" && value.find("; HttpOnly; SameSite=Strict") != std::string::npos);
  CHECK(strict);
  // A browser that holds one gets none again; another browser gets another.
  CHECK(token_of(ask_token(board, cookie)).empty());
  std::string second = token_of(ask_token(board));
  CHECK_FALSE(second.empty());
  CHECK(second != cookie);
  // Only the page asks: JSON from its own origin.
  CHECK(board.handle(request("POST", "/api/token", {{"host", "127.0.0.1:8080"}, {"content-type", "text/plain"}}, "{}"))
            .status == 415);
  CHECK(board
            .handle(request("POST", "/api/token",
                            {{"host", "127.0.0.1:8080"},
                             {"content-type", "application/json"},
                             {"origin", "http://other-site.example"}},
                            "{}"))
            .status == 403);
  // A token is signed with the server's key: a made-up one, one changed by a digit, and one
  // of another server (a restart) are refused, and none is ever pushed out by others.
  std::map<std::string, std::string> own{{"host", "127.0.0.1:8080"}, {"content-type", "application/json"}};
  auto games_as = [&](const std::string& c) {
    auto h = own;
    h["cookie"] = c;
    return board.handle(request("GET", "/api/games", h)).status;
  };
  CHECK(games_as(cookie) == 200);
  std::string changed = cookie;
  changed.back() = changed.back() == '0' ? '1' : '0';
  CHECK(games_as(changed) == 403);
  CHECK(games_as("tabula-8080=" + std::string(32, '0')) == 403);
  web::WebBoard restarted(two_games(), {});
  CHECK(games_as(token_of(ask_token(restarted))) == 403);
  for (int i = 0; i < 20000; ++i) ask_token(board);
  CHECK(games_as(cookie) == 200);
}

TEST_CASE("SipHash-2-4 gives the published test vectors", "[web][access]") {
  std::array<uint8_t, 16> key;
  std::array<uint8_t, 15> message;
  for (int i = 0; i < 16; ++i) key[i] = static_cast<uint8_t>(i);
  for (int i = 0; i < 15; ++i) message[i] = static_cast<uint8_t>(i);
  CHECK(web::siphash24(key, message.data(), 0) == 0x726fdb47dd0e0e31ULL);
  CHECK(web::siphash24(key, message.data(), 15) == 0xa129ca6149be45e5ULL);  // the paper's example
}

TEST_CASE("web board: a page of another site, a rebound name or a browser without a token changes nothing",
          "[web][access]") {
  web::WebBoard board(two_games(), {});
  std::string cookie = token_of(ask_token(board));
  std::map<std::string, std::string> own{
      {"host", "127.0.0.1:8080"}, {"cookie", cookie}, {"content-type", "application/json"}};
  Response started = board.handle(request("POST", "/api/new", own, R"({"game": "loa", "players": "human,human"})"));
  REQUIRE(started.status == 200);
  std::string session = json::parse(started.body)["session"];
  std::string move = json{{"session", session}, {"move", "b1-b3"}}.dump();

  auto with = [&](std::map<std::string, std::string> changes) {
    auto h = own;
    for (auto& [k, v] : changes) {
      if (v.empty()) h.erase(k);
      else h[k] = v;
    }
    return h;
  };
  // DNS rebinding: a site's own name pointed at this computer. Refused, the page too.
  Response r = board.handle(request("POST", "/api/move", with({{"host", "evil.example:8080"}}), move));
  CHECK(r.status == 403);
  CHECK_THAT(error_of(r), Catch::Contains("not to the host 'evil.example:8080'"));
  CHECK(board.handle(request("GET", "/", {{"host", "evil.example:8080"}})).status == 403);
  CHECK(board.handle(request("GET", "/api/games", with({{"host", ""}}))).status == 403);
  // A page of another site: its Origin.
  r = board.handle(request("POST", "/api/move", with({{"origin", "http://evil.example"}}), move));
  CHECK(r.status == 403);
  CHECK_THAT(error_of(r), Catch::Contains("a page of 'http://evil.example' may not use this board"));
  CHECK(board.handle(request("POST", "/api/move", with({{"origin", "null"}}), move)).status == 403);
  // A form or a plain-text POST (sent without asking first): not JSON.
  r = board.handle(request("POST", "/api/move", with({{"content-type", "text/plain"}}), move));
  CHECK(r.status == 415);
  CHECK(board.handle(request("POST", "/api/move", with({{"content-type", "application/x-www-form-urlencoded"}}), move))
            .status == 415);
  // No token, a made-up token, another browser's token.
  r = board.handle(request("POST", "/api/move", with({{"cookie", ""}}), move));
  CHECK(r.status == 403);
  CHECK_THAT(error_of(r), Catch::Contains("holds no token of this server"));
  CHECK(board.handle(request("POST", "/api/move", with({{"cookie", "tabula-8080=" + std::string(32, 'a')}}), move))
            .status == 403);
  std::string other = token_of(ask_token(board));
  r = board.handle(request("POST", "/api/move", with({{"cookie", other}}), move));
  CHECK(r.status == 404);
  CHECK(board.handle(request("GET", "/api/state", with({{"cookie", other}}), "", {{"session", session}})).status ==
        404);
  // 64 new games from another site evict nothing: they are refused.
  for (int i = 0; i < 64; ++i)
    board.handle(request("POST", "/api/new", with({{"origin", "http://evil.example"}, {"content-type", "text/plain"}}),
                         R"({"game": "laska"})"));
  CHECK(board.session_count() == 1);
  // The game is as it was; its own page moves.
  Response state = board.handle(request("GET", "/api/state", own, "", {{"session", session}}));
  REQUIRE(state.status == 200);
  CHECK(json::parse(state.body)["ply"] == 0);
  CHECK(board.handle(request("POST", "/api/move", with({{"origin", "http://127.0.0.1:8080"}}), move)).status == 200);
  // The names it answers to: the loopback names with its port, and those it is given.
  web::BoardOptions options;
  options.hosts = {"192.168.1.5:9000", "board.lan:9000"};
  options.port = 9000;
  web::WebBoard lan(two_games(), options);
  CHECK(lan.handle(request("GET", "/", {{"host", "board.lan:9000"}})).status == 200);
  CHECK(lan.handle(request("GET", "/", {{"host", "BOARD.LAN:9000"}})).status == 200);
  CHECK(lan.handle(request("GET", "/", {{"host", "board.lan:9001"}})).status == 403);
  CHECK(lan.handle(request("GET", "/", {{"host", "127.0.0.1:8080"}})).status == 403);
}

TEST_CASE("web board: a computer player's search is freed when its move is made", "[web][memory]") {
  web::BoardOptions options;
  options.move_seconds = 1;
  web::WebBoard board(two_games(), options);
  std::string cookie = token_of(ask_token(board));
  std::map<std::string, std::string> own{
      {"host", "127.0.0.1:8080"}, {"cookie", cookie}, {"content-type", "application/json"}};
  Response r = board.handle(
      request("POST", "/api/new", own, R"({"game": "loa", "players": "mcts:300ms,mcts:300ms", "seed": 3})"));
  REQUIRE(r.status == 200);
  std::string session = json::parse(r.body)["session"];
  auto in_use = [] {
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;  // heap bytes in use, mapped blocks (large vectors) included
  };
  size_t before = in_use();
  size_t most = 0;
  for (int move = 0; move < 4; ++move) {
    r = board.handle(request("POST", "/api/computer", own, json{{"session", session}, {"max_moves", 1}}.dump()));
    REQUIRE(r.status == 200);
    most = std::max(most, in_use() > before ? in_use() - before : 0);
  }
  // A tree of 300 ms of search (tens of MB, kept by the player until the next move before)
  // is gone after every move: what stays is the game's moves and answers.
  INFO("heap in use after a move, above the start: " << most << " bytes");
  CHECK(most < 4u << 20);
}

}  // namespace tabula::testing

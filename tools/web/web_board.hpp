#pragma once
// The web board's requests and answers (docs/WEB.md), without a socket: `tabula serve`
// (cmd_serve.cpp) hands every HTTP request to WebBoard::handle, and the tests call it
// directly. The page is served from the embedded assets (web_assets.hpp); the API speaks JSON
// and answers every bad request with a 4xx status and {"error": "..."}.
#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <semaphore>
#include <string>
#include <vector>

#include "rules_watch.hpp"
#include "served_games.hpp"
#include "web_access.hpp"
#include "web_game.hpp"
#include "web_request.hpp"
#include "web_sessions.hpp"

namespace tabula::web {

struct BoardOptions {
  std::string default_players = "human,random";  // for games whose /api/new names none
  // The names (host:port) requests must give in Host (web_access.hpp); `tabula serve` sets
  // them once it listens, from its address, its port and --allow-host.
  std::vector<std::string> hosts = {"127.0.0.1:8080", "localhost:8080", "[::1]:8080"};
  int port = 8080;                    // names the browsers' token cookie
  size_t max_sessions = 64;           // beyond it the least recently used is dropped
  size_t max_games_per_browser = 16;  // beyond it that browser's least recently used is dropped
  int max_searches = 2;               // computer players thinking at once, over all games
  size_t max_body = 16 * 1024;        // bytes of a request body
  double move_seconds = 5;            // the longest a computer player may think per move
  double computer_seconds = 1;        // /api/computer plays moves for at most this long
  std::optional<uint64_t> seed;       // set: game n's computer players are seeded with seed + n
  double watch_seconds = 0.5;         // the served files are read again at most this often
};

class WebBoard {
 public:
  // Throws cli::UserError when options.default_players names a player that cannot be seated.
  WebBoard(ServedGames games, BoardOptions options);

  // Answers one request; safe to call from many threads at once. A request must pass the
  // checks of web_access.hpp; the page asks for its browser's token (POST /api/token).
  Response handle(const Request& request);

  size_t session_count() const { return sessions_.size(); }
  size_t game_count() const { return games_.size(); }  // as last listed

 private:
  Response route(const Request& request, const std::string& token);
  Response give_token(const Request& request) const;
  Response games() const;
  Response rules(const Request& request) const;
  std::shared_ptr<WatchedRules> find_game(const std::string& id) const;  // nullptr when no file has that id
  Response new_game(const Request& request, const std::string& token);
  Response game_request(const Request& request, const std::string& action, const std::string& token);
  Response play_computer(WebGame& game, uint64_t max_moves);

  ServedGames games_;
  BoardOptions options_;
  Access access_;
  SessionStore sessions_;
  std::counting_semaphore<1024> searches_;  // a slot per computer player thinking
  std::atomic<uint64_t> games_started_ = 0;
};

}  // namespace tabula::web

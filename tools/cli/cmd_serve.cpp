// tabula serve [RULES...] [--port N] [--host H] [--allow-host NAME] [--players P]: the web board
// (docs/WEB.md), a local HTTP server. This file binds the HTTP server (http_server.hpp) to
// WebBoard::handle (web_board.cpp), which answers every request; Ctrl-C (SIGINT) or SIGTERM
// stops the server cleanly.
#include <fmt/format.h>
#include <malloc.h>
#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "cli_support.hpp"
#include "commands.hpp"
#include "number_checks.hpp"
#include "web/http_server.hpp"
#include "web/web_board.hpp"

namespace tabula::cli {
namespace {

// SIGINT and SIGTERM are blocked in every thread and awaited by one, which stops the server;
// so no server code runs inside a signal handler.
class StopOnSignal {
 public:
  static constexpr int kStopMilliseconds = 5000;
  explicit StopOnSignal(web::HttpServer& server) {
    sigemptyset(&signals_);
    sigaddset(&signals_, SIGINT);
    sigaddset(&signals_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals_, nullptr);  // before the server starts its threads
    waiter_ = std::thread([this, &server] {
      int received = 0;
      sigwait(&signals_, &received);
      if (done_) return;
      std::cerr << "tabula serve: stopping\n";
      server.stop();
      // The server waits for the requests under way; one that does not end (a thread stuck in
      // the system) must not keep the server alive after a signal.
      for (int waited = 0; !done_ && waited < kStopMilliseconds; waited += 50)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (done_) return;
      std::cerr << fmt::format("tabula serve: a request still runs {} s after the signal; leaving without it\n",
                               kStopMilliseconds / 1000);
      std::_Exit(1);
    });
  }
  ~StopOnSignal() {
    done_ = true;
    pthread_kill(waiter_.native_handle(), SIGTERM);  // wakes the waiter when the server stopped by itself
    waiter_.join();
  }

 private:
  sigset_t signals_;
  std::thread waiter_;
  std::atomic<bool> done_ = false;
};

// The names a browser may reach the server by (the Host header it sends): the loopback
// names, the address it listens on, and --allow-host NAME; each with the port.
std::vector<std::string> own_names(const std::string& host, int port, const std::vector<std::string>& allowed) {
  auto with_port = [port](const std::string& name) {
    bool ipv6 = name.find(':') != std::string::npos && name.front() != '[';
    return fmt::format("{}{}{}:{}", ipv6 ? "[" : "", name, ipv6 ? "]" : "", port);
  };
  std::vector<std::string> names = {with_port("127.0.0.1"), with_port("localhost"), with_port("::1")};
  bool any_address = host == "0.0.0.0" || host == "::" || host.empty();
  if (!any_address) names.push_back(with_port(host));
  for (const auto& name : allowed) names.push_back(with_port(name));
  return names;
}

}  // namespace

void add_serve(CLI::App& app) {
  struct Options {
    std::vector<std::string> rules, allowed_hosts;
    std::string host = "127.0.0.1";
    int port = 8080;
    web::BoardOptions board;
    web::HttpLimits limits;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("serve", "Play in a web browser: a local web board server (docs/WEB.md)");
  cmd->add_option("rules", o->rules, "Rules files, or folders of them (default: rules/)");
  cmd->add_option("--host", o->host,
                  "The address to listen on (127.0.0.1: this computer only; read docs/WEB.md, Safety, before "
                  "another)")
      ->capture_default_str();
  cmd->add_option("--allow-host", o->allowed_hosts,
                  "A host name browsers may reach the server by (the Host they send, without the port), besides "
                  "127.0.0.1, localhost and --host; repeatable");
  cmd->add_option("--port", o->port, "The port (0: any free port; the address is printed)")
      ->transform(whole_range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--players", o->board.default_players,
                  "The players a new game starts with, as `play --players` takes them: human or a computer player spec")
      ->capture_default_str();
  cmd->add_option("--max-sessions", o->board.max_sessions, "Games kept at once (the least recently used one goes)")
      ->transform(whole_range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--max-games-per-browser", o->board.max_games_per_browser,
                  "Games kept per browser (its least recently used one goes)")
      ->transform(whole_range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--move-time", o->board.move_seconds, "The most seconds a computer player may think per move")
      ->check(finite_range(0.01, 600))
      ->capture_default_str();
  cmd->add_option("--max-searches", o->board.max_searches,
                  "Computer players thinking at once, over all games (each holds its search's memory)")
      ->transform(whole_range(1, 64))
      ->capture_default_str();
  cmd->add_option("--max-connections", o->limits.max_connections,
                  "Connections open at once (at the limit, the one waiting longest for its request is closed)")
      ->transform(whole_range(8, 10000))
      ->capture_default_str();
  cmd->add_option("--seed", o->board.seed,
                  "Seed the computer players: game n gets SEED + n (default: a random seed per game)")
      ->transform(unsigned_whole());
  cmd->callback([o] {
    // Every thread's heap (glibc keeps one per thread) would keep the memory of the largest
    // search it ran; two heaps for all threads keep the server's memory near that of the
    // searches running now (docs/WEB.md, Safety).
    mallopt(M_ARENA_MAX, 2);
    auto games = web::load_games(o->rules);
    web::WebBoard{games, o->board};  // refuses bad --players before anything listens
    o->limits.max_body_bytes = o->board.max_body;
    // Workers enough that requests waiting for a search slot leave others some.
    o->limits.workers = std::max(4, o->board.max_searches + 2);
    std::unique_ptr<web::WebBoard> board;
    web::HttpServer server(o->limits, [&board](const web::Request& r) { return board->handle(r); });
    if (std::string why = server.listen(o->host, o->port); !why.empty())
      throw UserError{fmt::format("cannot listen on {}:{} ({})", o->host, o->port, why)};
    o->board.port = server.port();
    o->board.hosts = own_names(o->host, server.port(), o->allowed_hosts);
    board = std::make_unique<web::WebBoard>(std::move(games), o->board);
    StopOnSignal stop(server);
    std::cout << fmt::format("tabula serve: http://{}:{}/ ({} games; Ctrl-C stops)",
                             o->host.find(':') != std::string::npos ? "[" + o->host + "]" : o->host, server.port(),
                             board->game_count())
              << std::endl;
    if (o->host != "127.0.0.1" && o->host != "localhost" && o->host != "::1")
      std::cerr << "tabula serve: note: anyone who can reach " << o->host
                << " can play here; there is no login (docs/WEB.md, Safety)\n";
    server.run();
  });
}

}  // namespace tabula::cli

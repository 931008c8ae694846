// tabula serve [RULES...] [--port N] [--host H] [--players P]: the web board (docs/WEB.md), a
// local HTTP server. This file only binds cpp-httplib to WebBoard::handle (web_board.cpp),
// which answers every request; Ctrl-C (SIGINT) or SIGTERM stops the server cleanly.
#include <fmt/format.h>
#include <httplib.h>
#include <pthread.h>

#include <atomic>
#include <csignal>
#include <iostream>
#include <thread>

#include "cli_support.hpp"
#include "commands.hpp"
#include "number_checks.hpp"
#include "web_board.hpp"

namespace tabula::cli {
namespace {

web::Request to_request(const httplib::Request& req) {
  web::Request r{req.method, req.path, {}, req.body};
  for (const auto& [key, value] : req.params) r.query.emplace(key, value);
  return r;
}

void answer(web::WebBoard& board, const httplib::Request& req, httplib::Response& res) {
  web::Response r = board.handle(to_request(req));
  res.status = r.status;
  res.set_header("Cache-Control", "no-store");
  res.set_header("X-Content-Type-Options", "nosniff");
  if (!r.download_name.empty())
    res.set_header("Content-Disposition", fmt::format("attachment; filename=\"{}\"", r.download_name));
  res.set_content(r.body, r.content_type);
}

// SIGINT and SIGTERM are blocked in every thread and awaited by one, which stops the server;
// so no server code runs inside a signal handler.
class StopOnSignal {
 public:
  explicit StopOnSignal(httplib::Server& server) {
    sigemptyset(&signals_);
    sigaddset(&signals_, SIGINT);
    sigaddset(&signals_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals_, nullptr);  // before the server starts its threads
    waiter_ = std::thread([this, &server] {
      int received = 0;
      sigwait(&signals_, &received);
      if (!done_) std::cerr << "tabula serve: stopping\n";
      server.stop();
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

}  // namespace

void add_serve(CLI::App& app) {
  struct Options {
    std::vector<std::string> rules;
    std::string host = "127.0.0.1";
    int port = 8080;
    web::BoardOptions board;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("serve", "Play in a web browser: a local web board server (docs/WEB.md)");
  cmd->add_option("rules", o->rules, "Rules files, or folders of them (default: rules/)");
  cmd->add_option("--host", o->host, "The address to listen on (127.0.0.1: this computer only)")->capture_default_str();
  cmd->add_option("--port", o->port, "The port (0: any free port; the address is printed)")
      ->transform(whole_range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--players", o->board.default_players,
                  "The players a new game starts with, as `play --players` takes them: human or a computer player spec")
      ->capture_default_str();
  cmd->add_option("--max-sessions", o->board.max_sessions, "Games kept at once (the least recently used one goes)")
      ->transform(whole_range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--move-time", o->board.move_seconds, "The most seconds a computer player may think per move")
      ->check(finite_range(0.01, 600))
      ->capture_default_str();
  cmd->add_option("--seed", o->board.seed,
                  "Seed the computer players: game n gets SEED + n (default: a random seed per game)")
      ->transform(unsigned_whole());
  cmd->callback([o] {
    web::WebBoard board(web::load_games(o->rules), o->board);
    httplib::Server server;
    server.set_payload_max_length(o->board.max_body);
    // Errors httplib answers itself (a body over the limit, a bad request line) in the API's form.
    server.set_error_handler([max_body = o->board.max_body](const httplib::Request&, httplib::Response& res) {
      if (res.body.empty())
        res.set_content(fmt::format(R"({{"error": "HTTP status {}{}"}})", res.status,
                                    res.status == 413 ? fmt::format(": the request is over {} bytes", max_body) : ""),
                        "application/json");
    });
    auto handler = [&board](const httplib::Request& req, httplib::Response& res) { answer(board, req, res); };
    server.Get(".*", handler).Post(".*", handler).Put(".*", handler).Delete(".*", handler).Patch(".*", handler);
    StopOnSignal stop(server);
    int port = o->port == 0 ? server.bind_to_any_port(o->host) : (server.bind_to_port(o->host, o->port) ? o->port : -1);
    if (port < 0)
      throw UserError{
          fmt::format("cannot listen on {}:{} (in use, or not an address of this computer)", o->host, o->port)};
    std::cout << fmt::format("tabula serve: http://{}:{}/ ({} games; Ctrl-C stops)", o->host, port, board.game_count())
              << std::endl;
    if (o->host != "127.0.0.1" && o->host != "localhost" && o->host != "::1")
      std::cerr << "tabula serve: note: anyone who can reach " << o->host << " can play here; there is no login\n";
    server.listen_after_bind();
  });
}

}  // namespace tabula::cli

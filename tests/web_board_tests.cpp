// The web board's request handling (tools/web/web_board.cpp), called without a socket: the game
// list, new games, moves, computer seats, undo, records, and every kind of bad request
// answered with a 4xx status and a JSON error. tests/browser drives the page end to end.
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli/cli_support.hpp"
#include "cli_run.hpp"
#include "engine/text/game_record.hpp"
#include "test_support.hpp"
#include "web/web_board.hpp"
#include "web/web_seating.hpp"

namespace tabula::testing {
namespace {

using nlohmann::json;
using web::Request;
using web::Response;

// Every rules file of the repository, loaded once (each test makes its own board over them).
const web::ServedGames& all_games() {
  static const auto games = web::load_games({repo_path("rules")});
  return games;
}

// Options with these limits (the others as `tabula serve` has them by default).
web::BoardOptions limits(const std::string& players, size_t max_sessions = 64, size_t max_body = 16 * 1024) {
  web::BoardOptions o;
  o.default_players = players;
  o.max_sessions = max_sessions;
  o.max_body = max_body;
  return o;
}

// A browser on the board's page: it asks for its token first (a cookie, as the page does),
// then sends every request as the page does (Host, the cookie, JSON).
struct Board {
  web::WebBoard board;
  std::string cookie;  // "tabula-8080=TOKEN"
  explicit Board(web::BoardOptions options = {}, const web::ServedGames& games = all_games()) : board(games, options) {
    cookie = new_browser();
  }

  // A token for one more browser, as the page asks for it.
  std::string new_browser() {
    Response page = board.handle(
        Request{"POST", "/api/token", {}, "{}", {{"host", "127.0.0.1:8080"}, {"content-type", "application/json"}}});
    for (const auto& [name, value] : page.headers)
      if (name == "Set-Cookie") return value.substr(0, value.find(';'));
    FAIL("the page gave no token");
    return "";
  }
  Response send(Request r, const std::string& as = "") {
    r.headers.emplace("host", "127.0.0.1:8080");
    r.headers.emplace("cookie", as.empty() ? cookie : as);
    if (r.method == "POST") r.headers.emplace("content-type", "application/json");
    return board.handle(r);
  }
  Response get(const std::string& path, std::map<std::string, std::string> query = {}) {
    return send(Request{"GET", path, std::move(query), "", {}});
  }
  Response post(const std::string& path, const std::string& body) { return send(Request{"POST", path, {}, body, {}}); }
  Response post(const std::string& path, const json& body) { return post(path, body.dump()); }

  // A request that must succeed: its JSON.
  json ok(const Response& r) {
    INFO(r.body);
    REQUIRE(r.status == 200);
    return json::parse(r.body);
  }
  json start(const std::string& game, const json& players, const std::string& position = "") {
    json body{{"game", game}, {"players", players}, {"seed", 7}};
    if (!position.empty()) body["position"] = position;
    return ok(post("/api/new", body));
  }
  json move(const json& state, const std::string& text) {
    return ok(post("/api/move", json{{"session", state["session"]}, {"move", text}}));
  }
};

// A refused request: its status, and an error message containing `words`.
void check_error(const Response& r, int status, const std::string& words) {
  INFO(r.body);
  CHECK(r.status == status);
  CHECK(r.content_type == "application/json");
  json j = json::parse(r.body);
  REQUIRE(j.contains("error"));
  CHECK_THAT(j["error"].get<std::string>(), Catch::Contains(words));
}

std::vector<std::string> move_texts(const json& state) {
  std::vector<std::string> out;
  for (const auto& m : state["moves"]) out.push_back(m["text"]);
  return out;
}

}  // namespace

TEST_CASE("web board: the game list names every rules file with its seats and default players", "[web]") {
  Board b;
  json list = b.ok(b.get("/api/games"));
  size_t rules_files = 0;  // every rules file of the repository, none left out
  for (const auto& entry : std::filesystem::directory_iterator(repo_path("rules")))
    rules_files += entry.path().extension() == ".rules";
  REQUIRE(rules_files >= 14);
  REQUIRE(list["games"].size() == rules_files);
  json loa, lanko;
  for (const auto& g : list["games"]) {
    if (g["id"] == "loa") loa = g;
    if (g["id"] == "lanko-88") lanko = g;
  }
  CHECK(loa["name"] == "Lines of Action");
  CHECK(loa["seats"].size() == 2);
  CHECK(loa["default_players"] == json({"human", "random"}));
  CHECK(loa["has_score"] == false);
  REQUIRE(lanko["seats"].size() == 4);
  CHECK(lanko["seats"][1] == json({{"name", "W"}, {"side", "black"}}));
  CHECK(lanko["default_players"] == json({"human", "random", "human", "random"}));  // per side
  CHECK(lanko["has_score"] == true);
  CHECK(list["move_time"] == 5);
  for (const auto& spec : list["players"]) CHECK(web::check_player(spec, 5) == "");  // every suggestion is seated
}

TEST_CASE("web board: a new game carries the picture, the legal moves with their cells, and the seats", "[web]") {
  Board b;
  json s = b.start("loa", "human,random");
  CHECK(web::SessionStore::well_formed(s["session"]));
  CHECK(s["game"]["id"] == "loa");
  CHECK(s["svg"].get<std::string>().rfind("<svg ", 0) == 0);
  CHECK(s["svg"].get<std::string>().find("<title>c1</title>") != std::string::npos);  // cells are named for clicks
  CHECK(s["to_move"] == 0);
  CHECK(s["human_to_move"] == true);
  CHECK(s["over"] == false);
  CHECK(s["score"].is_null());
  CHECK(s["can_undo"] == false);
  CHECK(s["position"] == "1BBBBBB1/W6W/W6W/W6W/W6W/W6W/W6W/1BBBBBB1 black");
  CHECK(s["seats"][0] == json({{"name", "black"}, {"side", "black"}, {"player", "human"}, {"human", true}}));
  CHECK(s["seats"][1]["human"] == false);
  REQUIRE(s["moves"].size() == 36);
  CHECK(s["moves"][0] ==
        json({{"text", "b1-b3"}, {"kind", "piece"}, {"from", "b1"}, {"to", "b3"}, {"cells", {"b1", "b3"}}}));
  CHECK(b.board.session_count() == 1);
}

TEST_CASE("web board: a person's move, the computer's answer, undo and the record", "[web]") {
  Board b;
  json s = b.start("loa", "human,random");
  s = b.move(s, "b1-b3");
  CHECK(s["ply"] == 1);
  CHECK(s["history"] == json({"b1-b3"}));
  CHECK(s["human_to_move"] == false);
  CHECK(s["to_move"] == 1);
  check_error(b.post("/api/move", json{{"session", s["session"]}, {"move", "c1-c3"}}), 409,
              "seat white is played by random");

  s = b.ok(b.post("/api/computer", json{{"session", s["session"]}}));
  CHECK(s["ply"] == 2);
  CHECK(s["human_to_move"] == true);
  check_error(b.post("/api/computer", json{{"session", s["session"]}}), 409, "a person is to move");

  // The record is what `tabula replay` reads: replaying it gives the same position.
  Response record = b.get("/api/record", {{"session", s["session"]}});
  REQUIRE(record.status == 200);
  CHECK(record.content_type == "text/plain; charset=utf-8");
  CHECK(record.download_name == "loa-game.txt");
  // The tagged record `play --out` writes: the rules file and its hash, the players, the seed.
  CHECK_THAT(record.body, Catch::StartsWith("[Game \"Lines of Action\"]\n[Rules \"loa.rules\"]\n[RulesHash \""));
  CHECK_THAT(record.body, Catch::Contains("\n[Players \"black = human, white = random\"]\n[Seed \"7\"]\n"));
  CHECK_THAT(record.body, Catch::Contains("\n[Result \"*\"]\n\n1. b1-b3 "));
  CHECK(record.body == s["record"]);
  State replayed(load_rules(repo_path("rules/loa.rules")));
  std::string error;
  auto parsed = parse_record(record.body, error);
  REQUIRE(parsed);
  RulesIdentity loa;
  cli::load_rules_or_fail(repo_path("rules/loa.rules"), &loa);
  CHECK(*parsed->tag("RulesHash") == loa.hash);
  CHECK(replay_record(replayed, record.body, error) == 2);
  CHECK(position_string(replayed) == s["position"]);

  // Undo takes back the computer's move and the person's before it.
  s = b.ok(b.post("/api/undo", json{{"session", s["session"]}}));
  CHECK(s["ply"] == 0);
  CHECK(s["human_to_move"] == true);
  check_error(b.post("/api/undo", json{{"session", s["session"]}}), 409, "no move to undo");
}

TEST_CASE("web board: a whole game between computer players, played through /api/computer", "[web]") {
  Board b;
  json s = b.start("loa", "random,alphabeta:1");
  CHECK(s["seats"][1]["player"] == "alphabeta:1:5s");  // bounded by --move-time
  s = b.ok(b.post("/api/computer", json{{"session", s["session"]}, {"max_moves", 1}}));
  CHECK(s["ply"] == 1);
  s = b.ok(b.post("/api/computer", json{{"session", s["session"]}, {"max_moves", 3}}));
  CHECK(s["ply"] == 4);
  check_error(b.post("/api/computer", json{{"session", s["session"]}, {"max_moves", 0}}), 400,
              "'max_moves' must be a whole number from 1");
  check_error(b.post("/api/undo", json{{"session", s["session"]}, {"max_moves", 1}}), 400,
              "'max_moves' belongs to /api/computer");
  int requests = 0;
  while (!s["over"].get<bool>() && requests++ < 2000)
    s = b.ok(b.post("/api/computer", json{{"session", s["session"]}}));
  REQUIRE(s["over"] == true);
  CHECK(s["moves"].empty());
  CHECK(s["to_move"].is_null());
  CHECK(s["human_to_move"] == false);
  CHECK(s["winner"].is_string());
  CHECK_THAT(s["status"].get<std::string>(), Catch::Contains(" wins after "));
  CHECK_THAT(s["record"].get<std::string>(),
             Catch::Contains(" wins after " + std::to_string(s["ply"].get<int>()) + " plies"));
  CHECK_THAT(s["record"].get<std::string>(),
             Catch::Contains(s["winner"] == "black" ? "[Result \"1-0\"]" : "[Result \"0-1\"]"));
  check_error(b.post("/api/computer", json{{"session", s["session"]}}), 409, "the game is over");
  check_error(b.post("/api/move", json{{"session", s["session"]}, {"move", "b1-b3"}}), 409, "the game is over");
  State replayed(load_rules(repo_path("rules/loa.rules")));
  std::string error;
  CHECK(replay_record(replayed, s["record"].get<std::string>(), error) == s["ply"]);
  CHECK(replayed.is_terminal());
}

TEST_CASE("web board: computer players are reproducible from a seed", "[web]") {
  auto play_out = [](Board& b, const json& body) {
    json s = b.ok(b.post("/api/new", body));
    while (!s["over"].get<bool>()) s = b.ok(b.post("/api/computer", json{{"session", s["session"]}}));
    return s["history"];
  };
  web::BoardOptions seeded;
  seeded.seed = 11;
  Board one(seeded), two(seeded);
  json laska{{"game", "laska"}, {"players", "random,random"}};
  json first = play_out(one, laska);
  CHECK(play_out(two, laska) == first);  // --seed: game n of each server plays alike
  CHECK(play_out(one, laska) != first);  // the next game gets the next seed
  laska["seed"] = 3;
  CHECK(play_out(one, laska) == play_out(two, laska));
}

TEST_CASE("web board: capture sequences that share their first landing are told apart by their cells", "[web]") {
  Board b;
  json s = b.start("laska", "human,human", "b,1,b,1/b,b,b//b,b,1/wb,w,bw,bww//Bwwww,1,w,w white");
  std::vector<json> via_e5;
  for (const auto& m : s["moves"])
    if (m["cells"].size() == 3 && m["cells"][0] == "c3" && m["cells"][1] == "e5") via_e5.push_back(m);
  REQUIRE(via_e5.size() == 2);
  CHECK(via_e5[0]["cells"][2] != via_e5[1]["cells"][2]);
  s = b.move(s, "c3-d4-e5wb-d6-c7Wbb");
  CHECK(s["history"] == json({"c3-d4-e5wb-d6-c7Wbb"}));
  CHECK_THAT(s["record"].get<std::string>(), Catch::Contains("[Position \"b,1,b,1/"));
  // The landings alone name a move too, as at the command line.
  json again = b.start("laska", "human,human", "b,1,b,1/b,b,b//b,b,1/wb,w,bw,bww//Bwwww,1,w,w white");
  again = b.move(again, "c3-e5-g7");
  CHECK(again["history"] == json({"c3-d4-e5wb-f6-g7Wbb"}));
}

TEST_CASE("web board: placements, the pie decision and the score of a placement game", "[web]") {
  Board b;
  json s = b.start("lanquia", "human,human");
  REQUIRE(s["score"].is_array());
  CHECK(s["score"][0] == json({{"side", "black"}, {"score", 0}}));
  CHECK(s["moves"][0]["kind"] == "place");
  CHECK(s["moves"][0]["from"].is_null());
  CHECK(s["moves"][0]["cells"].size() == 1);
  s = b.move(s, "B@i9");
  s = b.move(s, "W@i11");
  auto texts = move_texts(s);
  CHECK(texts == std::vector<std::string>{"keep", "swap"});
  CHECK(s["moves"][0]["kind"] == "decision");
  CHECK(s["moves"][0]["cells"].empty());
  s = b.move(s, "keep");
  CHECK(s["ply"] == 3);
  CHECK(s["moves"][0]["kind"] == "place");
}

TEST_CASE("web board: four seats, two people at one screen against two computer seats", "[web]") {
  Board b;
  json s = b.start("lanko-88", "S=human,N=human,W+E=random");
  CHECK(s["seats"][0]["player"] == "human");
  CHECK(s["seats"][1]["player"] == "random");
  CHECK(s["seats"][2]["player"] == "human");
  CHECK(s["score"].size() == 2);
  s = b.move(s, s["moves"][0]["text"]);  // S
  CHECK(s["to_move"] == 1);
  s = b.ok(b.post("/api/computer", json{{"session", s["session"]}}));  // W, then N is a person
  CHECK(s["to_move"] == 2);
  CHECK(s["human_to_move"] == true);
  s = b.move(s, s["moves"][0]["text"]);                                // N
  s = b.ok(b.post("/api/computer", json{{"session", s["session"]}}));  // E
  CHECK(s["to_move"] == 0);
  CHECK(s["ply"] == 4);
  CHECK(s["movers"] == json({0, 1, 2, 3}));                        // S, W, N, E: the move list names them
  s = b.ok(b.post("/api/undo", json{{"session", s["session"]}}));  // E and N's move
  CHECK(s["ply"] == 2);
  CHECK(s["to_move"] == 2);
}

TEST_CASE("web board: players are given per seat, per side or by seat name", "[web]") {
  auto lanko_rules = all_games().find("lanko-68", std::chrono::hours(1));
  REQUIRE(lanko_rules);
  const web::GameInfo& lanko = web::info(*lanko_rules->rules());
  REQUIRE(lanko.id == "lanko-68");
  std::string error;
  auto items = web::split_players("human,random");
  CHECK(web::seat_players(lanko, items, error) == std::vector<std::string>{"human", "random", "human", "random"});
  CHECK(web::seat_players(lanko, {"a", "b", "c", "d"}, error) == std::vector<std::string>{"a", "b", "c", "d"});
  CHECK(web::seat_players(lanko, web::split_players("S+N=human,W+E=random"), error) ==
        std::vector<std::string>{"human", "random", "human", "random"});
  CHECK_FALSE(web::seat_players(lanko, {"a", "b", "c"}, error));
  CHECK(error == "3 players were given, but Lanko-68 has 2 sides and 4 seats");
  CHECK_FALSE(web::seat_players(lanko, web::split_players("S=human,X=random"), error));
  CHECK(error == "'X' is not a seat of Lanko-68");
  CHECK_FALSE(web::seat_players(lanko, web::split_players("S=human,S+W=random"), error));
  CHECK(error == "seat S is given two players");
  CHECK_FALSE(web::seat_players(lanko, web::split_players("S=human,W=random"), error));
  CHECK(error == "seat N has no player");
  CHECK_FALSE(web::seat_players(lanko, web::split_players("S=human,random"), error));
  CHECK(error == "'random' names no seats; write SEATS=PLAYER, e.g. W+E=random");
  CHECK_FALSE(web::seat_players(lanko, web::split_players("human,"), error));
  CHECK(error == "seat W has an empty player");
}

TEST_CASE("web board: computer players must be bounded in time", "[web]") {
  CHECK(web::check_player("human", 5) == "");
  CHECK(web::check_player("random", 5) == "");
  CHECK(web::check_player("alphabeta:3", 5) == "");
  CHECK(web::check_player("search", 5) == "");
  CHECK(web::check_player("mcts:500ms", 5) == "");
  CHECK(web::check_player("alphabeta:4:5s", 5) == "");
  CHECK_THAT(web::check_player("mcts:1000", 5), Catch::Contains("has no time bound") && Catch::Contains("use mcts:5s"));
  CHECK_THAT(web::check_player("mc:100", 5), Catch::Contains("has no time bound"));
  CHECK_THAT(web::check_player("alphabeta:4:10s", 5), Catch::Contains("thinks longer than the 5s per move"));
  CHECK_THAT(web::check_player("mcts:6s", 5), Catch::Contains("--move-time"));
  CHECK_THAT(web::check_player("genius", 5), Catch::Contains("unknown player 'genius'"));
  // A page must not choose a program for the server to start.
  CHECK_THAT(web::check_player("gtp:touch /tmp/x:time=1s", 5), Catch::Contains("runs no engine outside Tabula"));
  CHECK_THAT(web::check_player("uci:stockfish", 5), Catch::Contains("runs no engine outside Tabula"));
  Board b;
  json s = b.start("loa", json::array({"human", "search:3"}));
  CHECK(s["seats"][1]["player"] == "alphabeta:3:5s");
  check_error(b.post("/api/new", json{{"game", "loa"}, {"players", "human,mcts:1000"}}), 400,
              "seat white: 'mcts:1000' has no time bound");
  CHECK_THROWS_AS(web::WebBoard(all_games(), limits("human,mcts:100")), cli::UserError);
}

TEST_CASE("web board: bad new-game requests are refused with a reason", "[web]") {
  Board b;
  check_error(b.post("/api/new", std::string("{\"game\": ")), 400,
              "the request body is not JSON: [json.exception.parse_error");
  check_error(b.post("/api/new", std::string("[1, 2]")), 400, "must be a JSON object");
  check_error(b.post("/api/new", json{{"players", "human,human"}}), 400, "the field 'game' is missing");
  check_error(b.post("/api/new", json{{"game", 3}}), 400, "the field 'game' must be a string");
  check_error(b.post("/api/new", json{{"game", "shogi"}}), 404, "there is no game 'shogi' here");
  check_error(b.post("/api/new", json{{"game", "../rules/loa"}}), 404, "there is no game '../rules/loa' here");
  check_error(b.post("/api/new", json{{"game", "loa"}, {"colour", "white"}}), 400,
              "unknown field 'colour' (this request takes game, players, position, seed)");
  check_error(b.post("/api/new", json{{"game", "loa"}, {"players", 2}}), 400, "'players' must be a string");
  check_error(b.post("/api/new", json{{"game", "loa"}, {"players", {"human", 1}}}), 400, "an array of strings");
  check_error(b.post("/api/new", json{{"game", "loa"}, {"players", "human,human,human"}}), 400, "3 players were given");
  check_error(b.post("/api/new", json{{"game", "loa"}, {"position", "8/8 black"}}), 400, "bad position: ");
  check_error(b.post("/api/new", json{{"game", "loa"}, {"position", 1}}), 400, "'position' must be a string");
  check_error(b.post("/api/new", json{{"game", "loa"}, {"seed", -1}}), 400, "'seed' must be a whole number");
  check_error(b.post("/api/new", std::string("{\"game\": \"lo\xff\"}")), 400, "not JSON");  // not UTF-8
  // Nesting deep enough to overflow a recursive parser is an error like any other.
  check_error(b.post("/api/new", std::string(5000, '[') + std::string(5000, ']')), 400, "must be a JSON object");
  CHECK(b.board.session_count() == 0);
}

TEST_CASE("web board: bad game requests are refused with a reason, and the game is unchanged", "[web]") {
  Board b;
  json s = b.start("loa", "human,human");
  json id = s["session"];
  check_error(b.post("/api/move", json{{"session", id}, {"move", "b1-b5"}}), 400,
              "'b1-b5' is not legal: the piece on b1 may go to b3, d3, h1 now");
  check_error(b.post("/api/move", json{{"session", id}, {"move", "b1b3"}}), 400,
              "'b1b3' is not a move: separate its squares with '-' (b1-b3)");
  check_error(b.post("/api/move", json{{"session", id}, {"move", "z9-b3"}}), 400, "'z9' is not a cell of this board");
  check_error(b.post("/api/move", json{{"session", id}, {"move", "a2-a3"}}), 400, "is not black's");
  check_error(b.post("/api/move", json{{"session", id}}), 400, "the field 'move' is missing");
  check_error(b.post("/api/move", json{{"session", id}, {"move", true}}), 400, "'move' must be a string");
  check_error(b.post("/api/undo", json{{"session", id}, {"move", "b1-b3"}}), 400, "belongs to /api/move");
  check_error(b.post("/api/move", json{{"move", "b1-b3"}}), 400, "the field 'session' is missing");
  check_error(b.post("/api/move", json{{"session", "12"}, {"move", "b1-b3"}}), 400, "a session id is 32 hex digits");
  check_error(b.post("/api/move", json{{"session", std::string(32, 'a')}, {"move", "b1-b3"}}), 404,
              "has no game with session");
  check_error(b.get("/api/state"), 400, "the query parameter 'session' is missing");
  check_error(b.get("/api/state", {{"session", "<script>"}}), 400, "32 hex digits");
  check_error(b.post("/api/computer", json{{"session", id}}), 409, "a person is to move");
  // A field given twice is refused, whichever value a reader would take (issue 58, W15).
  const std::string twice =
      "{\"session\": \"" + id.get<std::string>() + "\", \"move\": \"b1-b3\", \"move\": \"b1-d3\"}";
  check_error(b.post("/api/move", twice), 400, "the field 'move' is given twice");
  json unchanged = b.ok(b.get("/api/state", {{"session", id}}));
  CHECK(unchanged["ply"] == 0);
  CHECK(unchanged["moves"] == s["moves"]);
}

TEST_CASE("web board: any odd body on any call gets a 4xx JSON error, never a crash", "[web]") {
  Board b;
  json s = b.start("laska", "human,random");
  std::string id = s["session"];
  std::vector<std::string> bodies = {"",
                                     " ",
                                     "null",
                                     "0",
                                     "-1e999",
                                     "\"text\"",
                                     "{}",
                                     "{\"session\": null}",
                                     "{\"session\": 5}",
                                     "{\"session\": [\"" + id + "\"]}",
                                     "{\"session\": {}}",
                                     "{\"session\": \"" + id + "\", \"move\": null}",
                                     "{\"session\": \"" + id + "\", \"move\": \"\"}",
                                     "{\"session\": \"" + id + "\", \"move\": \"c3-\\u0000\"}",
                                     "{\"session\": \"" + id + "\", \"max_moves\": 1.5}",
                                     "{\"session\": \"" + id + "\", \"max_moves\": -2}",
                                     "{\"game\": \"laska\", \"seed\": 1.5}",
                                     "{\"game\": \"laska\", \"seed\": 1e30}",
                                     "{\"game\": \"laska\", \"players\": []}",
                                     "{\"game\": \"laska\", \"players\": \"\"}",
                                     "{\"game\": \"laska\", \"players\": \",,,\"}",
                                     "{\"game\": \"laska\", \"players\": \"=\"}",
                                     "{\"game\": \"laska\", \"position\": \"\"}",
                                     "{\"game\": \"laska\", \"position\": \"/ / /\"}",
                                     "{\"game\": \"\"}",
                                     "{\"a\": 1, \"a\": 2}",
                                     "{\"game\": \"laska\"} trailing"};
  for (const std::string path : {"/api/new", "/api/move", "/api/undo", "/api/computer"})
    for (const std::string& body : bodies) {
      Response r = b.post(path, body);
      INFO(path << " " << body << " -> " << r.status << " " << r.body);
      if (r.status == 200) {  // a few bodies are valid somewhere: an empty position is the start
        CHECK(((path == "/api/new" && body.find("position") != std::string::npos) || path == "/api/undo"));
        continue;
      }
      CHECK(r.status >= 400);
      CHECK(r.status < 500);
      CHECK(json::parse(r.body).contains("error"));
    }
}

TEST_CASE("web board: paths, methods and sizes", "[web]") {
  Board b(limits("human,random", 64, 200));
  Response page = b.get("/");
  CHECK(page.status == 200);
  CHECK(page.content_type == "text/html; charset=utf-8");
  CHECK_THAT(page.body, Catch::Contains("<script src=\"board.js\"></script>"));
  CHECK(b.get("/board.js").content_type == "text/javascript; charset=utf-8");
  CHECK_THAT(b.get("/board.js").body, Catch::Contains("/api/move"));
  CHECK(b.get("/style.css").content_type == "text/css; charset=utf-8");
  check_error(b.get("/secret.txt"), 404, "nothing is served at '/secret.txt'");
  check_error(b.get("/../rules/loa.rules"), 404, "nothing is served");
  check_error(b.get("/api/nothing"), 404, "there is no API call '/api/nothing'");
  check_error(b.get("/api/move"), 405, "use POST for /api/move");
  check_error(b.post("/api/games", std::string("{}")), 405, "use GET for /api/games");
  check_error(b.send(Request{"DELETE", "/api/state", {}, "", {}}), 405, "use GET");
  check_error(b.send(Request{"PUT", "/", {}, "", {}}), 405, "use GET for /");
  std::string big = json{{"game", "loa"}, {"position", std::string(300, '8')}}.dump();
  check_error(b.post("/api/new", big), 413,
              "the request body has " + std::to_string(big.size()) + " bytes; the limit is 200");
}

TEST_CASE("web board: beyond the session limit the game used least recently goes", "[web]") {
  Board b(limits("human,human", 3));
  json first = b.start("loa", "human,human");
  json second = b.start("loa", "human,human");
  json third = b.start("loa", "human,human");
  b.move(first, "b1-b3");  // used: now `second` is the least recent
  json fourth = b.start("laska", "human,human");
  CHECK(b.board.session_count() == 3);
  check_error(b.get("/api/state", {{"session", second["session"]}}), 404, "the server keeps the 3 games used last");
  // Per browser too: a browser at its own limit drops its own game used least recently.
  web::BoardOptions two_each = limits("human,human", 64);
  two_each.max_games_per_browser = 2;
  Board c(two_each);
  std::string other = c.new_browser();
  json theirs = c.ok(c.send(Request{"POST", "/api/new", {}, json{{"game", "loa"}}.dump(), {}}, other));
  json a = c.start("loa", "human,human"), bb = c.start("loa", "human,human"), cc = c.start("loa", "human,human");
  check_error(c.get("/api/state", {{"session", a["session"]}}), 404, "2 per browser");
  c.ok(c.get("/api/state", {{"session", bb["session"]}}));
  c.ok(c.get("/api/state", {{"session", cc["session"]}}));
  c.ok(c.send(Request{"GET", "/api/state", {{"session", theirs["session"]}}, "", {}}, other));
  CHECK(b.ok(b.get("/api/state", {{"session", first["session"]}}))["ply"] == 1);
  b.ok(b.get("/api/state", {{"session", third["session"]}}));
  b.ok(b.get("/api/state", {{"session", fourth["session"]}}));
  CHECK(first["session"] != third["session"]);
}

TEST_CASE("web board: many games at once from many threads", "[web]") {
  Board b;
  std::atomic<int> finished = 0, failures = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int g = 0; g < 3; ++g) {
        Response r = b.post("/api/new", json{{"game", "laska"}, {"players", "random,random"}});
        if (r.status != 200) {
          ++failures;
          continue;
        }
        json s = json::parse(r.body);
        while (!s["over"].get<bool>() && r.status == 200) {
          r = b.post("/api/computer", json{{"session", s["session"]}});
          if (r.status == 200) s = json::parse(r.body);
          else ++failures;
        }
        ++finished;
      }
    });
  for (auto& t : threads) t.join();
  CHECK(failures == 0);
  CHECK(finished == 12);
  CHECK(b.board.session_count() == 12);
}

TEST_CASE("web board: the rules to serve are files and folders, checked before serving", "[web]") {
  auto two = web::load_games({repo_path("rules/loa.rules"), repo_path("rules/laska.rules")});
  REQUIRE(two.size() == 2);
  CHECK(two[1]->id() == "laska");
  // A game by name, found as the CLI finds it (docs/LANGUAGE.md, "Where files are found").
  auto by_name = web::load_games({"breakthrough"});
  REQUIRE(by_name.size() == 1);
  CHECK(by_name[0]->id() == "breakthrough");
  CHECK(by_name[0]->rules());
  auto refusal = [](const std::vector<std::string>& paths) {
    try {
      web::load_games(paths);
    } catch (const cli::UserError& e) {
      return e.message;
    }
    return std::string("(loaded)");
  };
  CHECK_THAT(refusal({repo_path("rules/nothing.rules")}),
             Catch::Contains("is neither a rules file nor a folder of them"));
  CHECK_THAT(refusal({repo_path("boards")}), Catch::Contains("holds no .rules files"));
  CHECK_THAT(refusal({repo_path("rules/loa.rules"), repo_path("rules")}),
             Catch::Contains("two rules files are named loa"));
}

TEST_CASE("tabula serve: bad options stop it before it listens, with a reason", "[web][cli]") {
  Run r = run("serve --players human,mcts:100 --port 0");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("tabula: --players: 'mcts:100' has no time bound"));
  r = run("serve rules/nothing --port 0");
  CHECK(r.status == 1);
  CHECK(r.out == "tabula: 'rules/nothing' is neither a rules file nor a folder of them\n");
  // A file with errors does not stop it: its errors are printed, and it goes on to listen
  // (here on an address that is not this computer's, so it stops there).
  r = run("serve tests/golden/syntax/unclosed_block.rules --host 192.0.2.1 --port 8123");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("unclosed_block.rules:1:7: error:") &&
                        Catch::Contains("has errors: the page shows them") &&
                        Catch::Contains("cannot listen on 192.0.2.1:8123"));
  r = run("serve --port 70000");
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("--port"));
  r = run("serve rules/loa.rules --host 192.0.2.1 --port 8123");  // not an address of this computer
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("cannot listen on 192.0.2.1:8123"));
}

}  // namespace tabula::testing

namespace tabula::testing {

TEST_CASE("Web board: an engine limit met in a position is a 422 that names the limit", "[web]") {
  Board b;
  // Laska: white's column of 32 counters must take, which would make 33 (Program::kMaxStack).
  const std::string column = "///1,b,1/1,w" + std::string(31, 'b') + ",2// white";
  json body{{"game", "laska"}, {"players", "human,human"}, {"seed", 7}, {"position", column}};
  check_error(b.post("/api/new", body), 422, "stopped at an engine limit: a take would make a column of 33 counters");
}

// A served rules file of one's own: a copy of Breakthrough's rules in rules/ of a fresh folder
// beside a copy of the boards, the folder removed at the end (whatever the test did to it).
namespace {
struct ServedCopy {
  std::filesystem::path folder, file;
  std::string race = read_text(repo_path("rules/breakthrough.rules"));
  explicit ServedCopy(const std::string& name)
      : folder(std::filesystem::temp_directory_path() / fmt::format("tabula-{}-{}", name, ::getpid())),
        file(folder / "rules" / "race.rules") {
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder / "rules");
    std::filesystem::copy(repo_path("boards"), folder / "boards");
  }
  ~ServedCopy() { std::filesystem::remove_all(folder); }
};
}  // namespace

TEST_CASE("web board: a served folder serves what loads and lists what does not with its errors and follows its files",
          "[web][watch]") {
  namespace fs = std::filesystem;
  const ServedCopy served("folder");
  const fs::path rules = served.folder / "rules";
  std::ofstream(served.file) << served.race;
  std::ofstream(rules / "broken.rules") << "game \"Broken\"\nboard \"square8.yaml\"\n(player white\n";
  web::BoardOptions now;
  now.watch_seconds = 0;  // look at the folder and the files at every request
  Board b(now, web::load_games({rules.string()}));
  auto listed = [&] {
    std::map<std::string, json> out;
    const json answer = b.ok(b.get("/api/games"));
    for (const json& g : answer["games"]) out[g["id"].get<std::string>()] = g;
    return out;
  };
  auto games = listed();
  REQUIRE(games.size() == 2);
  CHECK(games["race"]["loaded"] == true);
  CHECK(games["broken"]["loaded"] == false);
  CHECK(games["broken"]["has_errors"] == true);
  CHECK(games["broken"]["seats"].empty());
  json broken = b.ok(b.get("/api/rules", {{"game", "broken"}}));
  CHECK(broken["version"] == 0);
  CHECK_THAT(broken["text"].get<std::string>(), Catch::StartsWith("game \"Broken\""));
  CHECK_THAT(broken["diagnostics"].get<std::string>(), Catch::Contains("broken.rules:3:"));
  check_error(b.post("/api/new", json{{"game", "broken"}, {"players", "human,human"}}), 409, "has errors");
  b.start("race", "human,human");

  // Fixed: its game starts, as version 1. A file added is served; a file removed goes.
  std::ofstream(rules / "broken.rules", std::ios::trunc) << served.race;
  std::ofstream(rules / "added.rules") << served.race;
  fs::remove(served.file);
  games = listed();
  CHECK(games.count("race") == 0);
  REQUIRE(games.count("added") == 1);
  CHECK(games["added"]["loaded"] == true);
  CHECK(games["broken"]["loaded"] == true);
  CHECK(games["broken"]["version"] == 1);
  b.start("broken", "human,human");
  b.start("added", "human,random");
  check_error(b.post("/api/new", json{{"game", "race"}, {"players", "human,human"}}), 404, "there is no game 'race'");
}

TEST_CASE("web board: an edited rules file is read again: its errors are shown, then its new rules played",
          "[web][watch]") {
  namespace fs = std::filesystem;
  const ServedCopy served("watch");
  const fs::path& file = served.file;
  const std::string& race = served.race;
  auto write = [&](const std::string& text) {
    std::ofstream out(file, std::ios::trunc);
    out << text;
  };
  write(race);
  web::BoardOptions now;
  now.watch_seconds = 0;  // read the files at every request
  Board b(now, web::load_games({file.string()}));
  json s = b.start("race", "human,human");
  CHECK(s["game"]["version"] == 1);
  json rules = b.ok(b.get("/api/rules", {{"game", "race"}}));
  CHECK(rules["version"] == 1);
  CHECK(rules["text"] == race);
  CHECK(rules["diagnostics"].is_null());
  CHECK(rules["file"] == file.string());

  // A typo: the diagnostics as `validate` prints them; no new game; the game shown goes on.
  std::string broken = race;
  broken.replace(broken.find("piece pawn"), 10, "piece pawn colour=red");
  write(broken);
  rules = b.ok(b.get("/api/rules", {{"game", "race"}}));
  CHECK(rules["version"] == 1);
  REQUIRE(rules["diagnostics"].is_string());
  CHECK_THAT(rules["diagnostics"].get<std::string>(), Catch::Contains(file.string() + ":"));
  CHECK_THAT(rules["diagnostics"].get<std::string>(), Catch::Contains("error: "));
  CHECK(rules["text"] == race);  // the text of the rules that loaded last
  json games = b.ok(b.get("/api/games"));
  CHECK(games["games"][0]["has_errors"] == true);
  check_error(b.post("/api/new", json{{"game", "race"}, {"players", "human,human"}}), 409,
              "has errors since it was last read");
  s = b.move(s, s["moves"][0]["text"]);
  CHECK(s["ply"] == 1);

  // Fixed, with a change: a new version, whose games play the new rules.
  std::string changed = race;
  changed.replace(changed.find("game \"Breakthrough\""), 19, "game \"Breakthrough, edited\"");
  write(changed);
  rules = b.ok(b.get("/api/rules", {{"game", "race"}}));
  CHECK(rules["version"] == 2);
  CHECK(rules["diagnostics"].is_null());
  CHECK(rules["text"] == changed);
  json fresh = b.start("race", "human,human");
  CHECK(fresh["game"]["version"] == 2);
  CHECK(fresh["game"]["name"] == "Breakthrough, edited");
  s = b.ok(b.get("/api/state", {{"session", s["session"]}}));  // the old game keeps its rules
  CHECK(s["game"]["version"] == 1);
  CHECK(s["game"]["name"] == "Breakthrough");
  // The same text again: no reload.
  CHECK(b.ok(b.get("/api/rules", {{"game", "race"}}))["version"] == 2);
  check_error(b.get("/api/rules"), 400, "'game' is missing");
  check_error(b.get("/api/rules", {{"game", "nothing"}}), 404, "there is no game 'nothing'");
}

TEST_CASE("web board: a weights file written, edited or forged beside a served rules file is read again",
          "[web][watch][weights]") {
  namespace fs = std::filesystem;
  const ServedCopy served("watch-weights");
  std::ofstream(served.file) << served.race;
  const fs::path weights = served.folder / "rules" / "race.weights";
  web::BoardOptions now;
  now.watch_seconds = 0;  // read the files at every request
  Board b(now, web::load_games({served.file.string()}));
  CHECK(b.ok(b.get("/api/rules", {{"game", "race"}}))["version"] == 1);
  // `tabula tune` writes the weights beside the rules while they are served: a new version.
  std::ofstream(weights) << "material 2.5\n";
  json rules = b.ok(b.get("/api/rules", {{"game", "race"}}));
  CHECK(rules["version"] == 2);
  CHECK(rules["diagnostics"].is_null());
  // A weight that is not a number is reported as the loader reports it; the last rules stay.
  std::ofstream(weights, std::ios::trunc) << "material nan\n";
  rules = b.ok(b.get("/api/rules", {{"game", "race"}}));
  CHECK(rules["version"] == 2);
  REQUIRE(rules["diagnostics"].is_string());
  CHECK_THAT(rules["diagnostics"].get<std::string>(), Catch::Contains("race.weights:1:10: error: expected the weight"));
  // Removed: the rules load again without it.
  fs::remove(weights);
  rules = b.ok(b.get("/api/rules", {{"game", "race"}}));
  CHECK(rules["version"] == 3);
  CHECK(rules["diagnostics"].is_null());
}

TEST_CASE("web board: a served file replaced by a pipe, a device or a link elsewhere is never read", "[web][watch]") {
  namespace fs = std::filesystem;
  const ServedCopy served("watch-odd");
  const fs::path& file = served.file;
  const std::string& race = served.race;
  auto put_back = [&] {
    fs::remove(file);
    std::ofstream(file) << race;
  };
  put_back();
  web::BoardOptions now;
  now.watch_seconds = 0;  // read the files at every request
  Board b(now, web::load_games({file.string()}));
  auto rules_now = [&] {
    const auto start = std::chrono::steady_clock::now();
    json r = b.ok(b.get("/api/rules", {{"game", "race"}}));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));  // no wait on the file
    return r;
  };
  CHECK(rules_now()["diagnostics"].is_null());

  // A pipe: opening it for reading would wait for a writer that never comes.
  fs::remove(file);
  REQUIRE(::mkfifo(file.c_str(), 0600) == 0);
  json r = rules_now();
  REQUIRE(r["diagnostics"].is_string());
  CHECK_THAT(r["diagnostics"].get<std::string>(), Catch::Contains("is not a regular file"));
  CHECK(r["text"] == race);  // the rules that loaded last stay
  check_error(b.post("/api/new", json{{"game", "race"}, {"players", "human,human"}}), 409,
              "has errors since it was last read");

  // Links to devices that never end.
  for (const char* device : {"/dev/zero", "/dev/urandom"}) {
    fs::remove(file);
    fs::create_symlink(device, file);
    r = rules_now();
    REQUIRE(r["diagnostics"].is_string());
    CHECK_THAT(r["diagnostics"].get<std::string>(), Catch::Contains("now leads outside the folders"));
  }

  // A link to a file outside the served folders: neither its lines nor where it leads reach
  // the page.
  const fs::path outside = fs::temp_directory_path() / fmt::format("tabula-watch-secret-{}.rules", ::getpid());
  std::ofstream(outside) << "secret line one\nsecret line two\n";
  fs::remove(file);
  fs::create_symlink(outside, file);
  r = rules_now();
  REQUIRE(r["diagnostics"].is_string());
  const std::string said = r["diagnostics"].get<std::string>();
  CHECK_THAT(said, Catch::Contains("now leads outside the folders the server started with"));
  CHECK_THAT(said, !Catch::Contains("secret"));
  CHECK_THAT(said, !Catch::Contains(outside.string()));
  CHECK(r["text"] == race);

  // Back to a plain file: served again.
  put_back();
  r = rules_now();
  CHECK(r["diagnostics"].is_null());
  CHECK(r["version"] == 2);
  fs::remove(outside);
}

TEST_CASE("web board: the zones the rules name, each side's territory and the counts the rules keep", "[web]") {
  Board b;
  json lanko = b.start("lanko-88", "human,human,human,human");
  std::map<std::string, json> zones;
  for (const auto& z : lanko["zones"]) zones[z["name"].get<std::string>()] = z;
  REQUIRE(zones.count("middle"));
  CHECK(zones["middle"]["in_goal"] == true);  // named by an end rule
  CHECK(zones["middle"]["side"].is_null());
  CHECK(zones["middle"]["cells"].size() == 4);
  REQUIRE(zones.count("half-S"));  // a seat's region, not a goal
  CHECK(zones["half-S"]["in_goal"] == false);
  CHECK(lanko["territory"].is_null());

  json hex = b.start("hex", "human,human");
  std::vector<std::string> per_side;
  for (const auto& z : hex["zones"]) {
    per_side.push_back(z["name"].get<std::string>() + "/" + z["side"].get<std::string>());
    CHECK(z["in_goal"] == true);
    CHECK(z["cells"].size() == 11);
  }
  CHECK(per_side == std::vector<std::string>{"home/red", "home/blue", "goal/red", "goal/blue"});

  json lanquia = b.start("lanquia", "human,human");
  REQUIRE(lanquia["territory"].size() == 2);
  CHECK(lanquia["territory"][0]["side"] == "black");
  std::map<std::string, int> counters;
  for (const auto& c : lanquia["counters"]) counters[c["name"].get<std::string>()] = c["value"].get<int>();
  CHECK(counters ==
        std::map<std::string, int>{
            {"captured.black", 0}, {"captured.white", 0}, {"captured-value.black", 0}, {"captured-value.white", 0}});
}

}  // namespace tabula::testing

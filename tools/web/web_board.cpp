#include "web_board.hpp"

#include <fmt/format.h>
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "cli/cli_support.hpp"
#include "engine/evaluate.hpp"
#include "util/limits.hpp"
#include "web_assets.hpp"
#include "web_seating.hpp"

namespace tabula::web {
namespace {

using nlohmann::json;

Response json_response(int status, const json& body) {
  Response r;
  r.status = status;
  // Text that is not UTF-8 (it can only come from a rules file) is replaced, never thrown on.
  r.body = body.dump(-1, ' ', false, json::error_handler_t::replace);
  return r;
}

Response error_response(int status, const std::string& message) {
  return json_response(status, json{{"error", message}});
}

// The body of a POST: a JSON object with only the fields `allowed`; nullopt and `error` set.
std::optional<json> body_object(const std::string& body, std::initializer_list<const char*> allowed,
                                std::string& error) {
  json j;
  // A key given twice would be read as its last value by the library, and as its first by
  // other readers: such a request is refused, not read one of the two ways.
  std::vector<std::set<std::string>> open_objects;
  std::string twice;
  auto note_keys = [&](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) open_objects.emplace_back();
    else if (event == json::parse_event_t::object_end && !open_objects.empty()) open_objects.pop_back();
    else if (event == json::parse_event_t::key && !open_objects.empty() &&
             !open_objects.back().insert(parsed.get<std::string>()).second && twice.empty())
      twice = parsed.get<std::string>();
    return true;
  };
  try {
    j = json::parse(body, note_keys);
  } catch (const json::exception& e) {  // a syntax error, or a number out of range
    error = fmt::format("the request body is not JSON: {}", e.what());
    return std::nullopt;
  }
  if (!twice.empty()) {
    error = fmt::format("the field '{}' is given twice", twice);
    return std::nullopt;
  }
  if (!j.is_object()) {
    error = "the request body must be a JSON object, e.g. {\"session\": \"...\"}";
    return std::nullopt;
  }
  for (const auto& item : j.items()) {
    const std::string& key = item.key();  // not a structured binding: clang 14 cannot capture one
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; })) {
      std::string names;
      for (const char* a : allowed) names += (names.empty() ? "" : ", ") + std::string(a);
      error = fmt::format("unknown field '{}' (this request takes {})", key, names);
      return std::nullopt;
    }
  }
  return j;
}

// A string field: nullopt with `error` set when it is missing (and `required`) or not a string.
std::optional<std::string> string_field(const json& j, const char* name, bool required, std::string& error) {
  auto it = j.find(name);
  if (it == j.end()) {
    if (required) error = fmt::format("the field '{}' is missing", name);
    return std::nullopt;
  }
  if (!it->is_string()) {
    error = fmt::format("the field '{}' must be a string", name);
    return std::nullopt;
  }
  return it->get<std::string>();
}

json state_json(const std::string& id, const WebGame& g) {
  const GameInfo& info = g.info();
  GameView v = g.view();
  auto cell = [](const std::string& name) { return name.empty() ? json(nullptr) : json(name); };
  json seats = json::array();
  for (size_t i = 0; i < info.seats.size(); ++i)
    seats.push_back({{"name", info.seats[i].name},
                     {"side", info.sides[info.seats[i].side]},
                     {"player", g.players()[i]},
                     {"human", g.players()[i] == "human"}});
  json moves = json::array();
  for (const MoveView& m : v.moves)
    moves.push_back(
        {{"text", m.text}, {"kind", m.kind}, {"from", cell(m.from)}, {"to", cell(m.to)}, {"cells", m.cells}});
  auto zones = [](const std::vector<ZoneView>& list) {
    json out = json::array();
    for (const ZoneView& z : list)
      out.push_back({{"name", z.name},
                     {"side", z.side.empty() ? json(nullptr) : json(z.side)},
                     {"cells", z.cells},
                     {"in_goal", z.in_goal}});
    return out;
  };
  json counters = json::array();
  for (const CounterView& c : v.counters) counters.push_back({{"name", c.name}, {"value", c.value}});
  json score = nullptr;
  if (info.has_score) {
    score = json::array();
    for (const ScoreView& s : v.scores) score.push_back({{"side", s.side}, {"score", s.score}});
  }
  return {{"session", id},
          {"game", {{"id", info.id}, {"name", info.name}, {"version", info.version}}},
          {"seats", seats},
          {"to_move", v.seat_to_move >= 0 ? json(v.seat_to_move) : json(nullptr)},
          {"human_to_move", g.human_to_move()},
          {"ply", v.ply},
          {"over", v.over},
          {"winner", v.winner >= 0 ? json(info.sides[v.winner]) : json(nullptr)},
          {"status", v.status},
          {"moves", moves},
          {"history", v.history},
          {"movers", v.movers},
          {"score", score},
          {"counters", counters},
          {"notes", v.notes},
          {"position", v.position},
          {"record", v.record},
          {"zones", zones(info.zones)},
          {"territory", info.has_territory ? zones(v.territory) : json(nullptr)},
          {"can_undo", g.can_undo()},
          {"svg", v.svg}};
}

// Why a person cannot move now: the game is over, or a computer seat is to move.
std::string not_a_persons_turn(const WebGame& g) {
  if (g.over()) return "the game is over";
  int seat = g.seat_to_move();
  return fmt::format("seat {} is played by {}: its moves come from POST /api/computer", g.info().seats[seat].name,
                     g.players()[seat]);
}

}  // namespace

WebBoard::WebBoard(ServedGames games, BoardOptions options)
    : games_(std::move(games)),
      options_(std::move(options)),
      access_(options_.hosts, options_.port),
      sessions_(options_.max_sessions, options_.max_games_per_browser),
      searches_(std::clamp(options_.max_searches, 1, 1024)) {
  for (const std::string& item : split_players(options_.default_players)) {
    std::string spec = item.substr(item.find('=') == std::string::npos ? 0 : item.find('=') + 1);
    if (std::string why = check_player(spec, options_.move_seconds); !why.empty())
      throw cli::UserError{fmt::format("--players: {}", why)};
  }
}

Response WebBoard::handle(const Request& request) {
  try {
    if (request.body.size() > options_.max_body)
      return error_response(
          413, fmt::format("the request body has {} bytes; the limit is {}", request.body.size(), options_.max_body));
    std::string token;
    if (auto refusal = access_.check(request, token)) return *refusal;
    return route(request, token);
  } catch (const RuleError& e) {  // the game's rules cannot be played here: the answer says where and why
    return error_response(422, fmt::format("{}:{}:{}: {}", e.pos.file, e.pos.line, e.pos.column, e.what()));
  } catch (const EngineLimit& e) {
    return error_response(422, fmt::format("stopped at an engine limit: {}", e.what()));
  } catch (const std::exception& e) {  // a bug, not bad input: the server answers and goes on
    return error_response(500, fmt::format("internal error: {}", e.what()));
  }
}

Response WebBoard::route(const Request& request, const std::string& token) {
  const std::string& path = request.path;
  bool get = request.method == "GET" || request.method == "HEAD", post = request.method == "POST";
  if (path.rfind("/api/", 0) != 0) {
    const WebAsset* asset = web_asset(path);
    if (!asset) return error_response(404, fmt::format("nothing is served at '{}'; the board is at /", path));
    if (!get) return error_response(405, fmt::format("use GET for {}", path));
    return Response{200, std::string(asset->content_type), std::string(asset->body), "", {}};
  }
  static const std::map<std::string, bool> api{{"/api/games", false},  {"/api/rules", false},   {"/api/state", false},
                                               {"/api/record", false}, {"/api/new", true},      {"/api/move", true},
                                               {"/api/undo", true},    {"/api/computer", true}, {"/api/token", true}};
  auto it = api.find(path);
  if (it == api.end()) return error_response(404, fmt::format("there is no API call '{}' (docs/WEB.md)", path));
  if (it->second ? !post : !get)
    return error_response(405, fmt::format("use {} for {}", it->second ? "POST" : "GET", path));
  if (path == "/api/token") return give_token(request);
  if (path == "/api/games") return games();
  if (path == "/api/rules") return rules(request);
  if (path == "/api/new") return new_game(request, token);
  return game_request(request, path.substr(5), token);
}

// The page asks for its browser's token first: a cookie when it has none of this server's
// (only the page itself can send this request: JSON, from its own origin).
Response WebBoard::give_token(const Request& request) const {
  std::string error;
  if (!body_object(request.body, {}, error)) return error_response(400, error);
  auto cookie = access_.token_cookie(request);
  Response r = json_response(200, {{"token", cookie ? "given" : "kept"}});
  if (cookie) r.headers.push_back(*cookie);
  return r;
}

Response WebBoard::games() const {
  const std::chrono::duration<double> interval(options_.watch_seconds);
  json list = json::array();
  for (const auto& served : games_.now(interval)) {
    auto now = served->refresh(interval);
    if (!now.rules) {  // not loaded yet: listed with its errors, so the page can show them
      list.push_back({{"id", served->id()},
                      {"name", served->id()},
                      {"file", served->path()},
                      {"sides", json::array()},
                      {"seats", json::array()},
                      {"has_score", false},
                      {"default_players", json::array()},
                      {"version", 0},
                      {"loaded", false},
                      {"has_errors", true}});
      continue;
    }
    const GameInfo& g = info(*now.rules);
    json seats = json::array();
    for (const SeatInfo& s : g.seats) seats.push_back({{"name", s.name}, {"side", g.sides[s.side]}});
    // The default players, where --players fits the game; else a person against random players.
    std::string ignored;
    auto players = seat_players(g, split_players(options_.default_players), ignored);
    if (!players) {
      players = std::vector<std::string>(g.seats.size(), "random");
      players->front() = "human";
    }
    list.push_back({{"id", g.id},
                    {"name", g.name},
                    {"file", g.file},
                    {"sides", g.sides},
                    {"seats", seats},
                    {"has_score", g.has_score},
                    {"default_players", *players},
                    {"version", now.version},
                    {"loaded", true},
                    {"has_errors", !now.diagnostics.empty()}});
  }
  json players = {"human",
                  "random",
                  "alphabeta:1",
                  "alphabeta:2",
                  "alphabeta:3",
                  "alphabeta:4",
                  fmt::format("mcts:{}s", std::min(1.0, options_.move_seconds))};
  return json_response(200, {{"games", list}, {"players", players}, {"move_time", options_.move_seconds}});
}

std::shared_ptr<WatchedRules> WebBoard::find_game(const std::string& id) const {
  return games_.find(id, std::chrono::duration<double>(options_.watch_seconds));
}

// A served rules file as it is now: its text, the version of its rules (one more each time
// an edit loads), and the diagnostics when the file as it is now does not load.
Response WebBoard::rules(const Request& request) const {
  auto it = request.query.find("game");
  if (it == request.query.end()) return error_response(400, "the query parameter 'game' is missing");
  auto served = find_game(it->second);
  if (!served)
    return error_response(404, fmt::format("there is no game '{}' here (GET /api/games lists them)", it->second));
  auto now = served->refresh(std::chrono::duration<double>(options_.watch_seconds));
  // The text of the rules that loaded last; of a file that never loaded, the file as it is.
  return json_response(200, {{"game", served->id()},
                             {"file", now.rules ? info(*now.rules).file : served->path()},
                             {"version", now.version},
                             {"text", now.rules ? info(*now.rules).text : now.text},
                             {"diagnostics", now.diagnostics.empty() ? json(nullptr) : json(now.diagnostics)}});
}

Response WebBoard::new_game(const Request& request, const std::string& token) {
  std::string error;
  auto body = body_object(request.body, {"game", "players", "position", "seed"}, error);
  if (!body) return error_response(400, error);
  auto id = string_field(*body, "game", true, error);
  if (!id) return error_response(400, error);
  auto served = find_game(*id);
  if (!served) return error_response(404, fmt::format("there is no game '{}' here (GET /api/games lists them)", *id));
  auto now = served->refresh(std::chrono::duration<double>(options_.watch_seconds));
  if (!now.diagnostics.empty())  // a game of the rules as they were would not be the file's game
    return error_response(409, fmt::format("{} has errors since it was last read (the page shows them, and GET "
                                           "/api/rules?game={}); fix them to start a game",
                                           served->path(), *id));
  const GameInfo& game = info(*now.rules);

  std::vector<std::string> items = split_players(options_.default_players);
  if (auto p = body->find("players"); p != body->end()) {
    if (p->is_string()) {
      items = split_players(p->get<std::string>());
    } else if (p->is_array() && std::all_of(p->begin(), p->end(), [](const json& x) { return x.is_string(); })) {
      items = p->get<std::vector<std::string>>();
    } else {
      return error_response(400, "the field 'players' must be a string (\"human,random\") or an array of strings");
    }
  }
  auto players = seat_players(game, items, error);
  if (!players) return error_response(400, error);
  std::string position;
  if (body->contains("position")) {
    auto text = string_field(*body, "position", false, error);
    if (!text) return error_response(400, error);
    position = *text;
  }
  uint64_t seed = options_.seed ? *options_.seed + games_started_++ : std::random_device{}();
  if (auto s = body->find("seed"); s != body->end()) {
    if (!s->is_number_unsigned()) return error_response(400, "the field 'seed' must be a whole number from 0");
    seed = s->get<uint64_t>();
  }
  auto web_game = WebGame::create(now.rules, *players, position, seed, options_.move_seconds, error);
  if (!web_game) return error_response(400, error);
  json state = state_json("", *web_game);
  std::string session = sessions_.add(std::move(web_game), token);
  state["session"] = session;
  return json_response(200, state);
}

Response WebBoard::game_request(const Request& request, const std::string& action, const std::string& token) {
  std::string error, id;
  std::optional<json> body;
  if (request.method == "POST") {
    body = body_object(request.body, {"session", "move", "max_moves"}, error);
    if (!body) return error_response(400, error);
    auto field = string_field(*body, "session", true, error);
    if (!field) return error_response(400, error);
    id = *field;
  } else {
    auto it = request.query.find("session");
    if (it == request.query.end()) return error_response(400, "the query parameter 'session' is missing");
    id = it->second;
  }
  if (!SessionStore::well_formed(id)) return error_response(400, "a session id is 32 hex digits, as /api/new gives it");
  auto session = sessions_.find(id, token);
  if (!session)
    return error_response(404, fmt::format("this browser has no game with session {} (the server keeps the {} games "
                                           "used last, {} per browser)",
                                           id, sessions_.capacity(), sessions_.per_owner()));
  if (body && action != "move" && body->contains("move"))
    return error_response(400, fmt::format("the field 'move' belongs to /api/move, not /api/{}", action));
  if (body && action != "computer" && body->contains("max_moves"))
    return error_response(400, fmt::format("the field 'max_moves' belongs to /api/computer, not /api/{}", action));
  uint64_t max_moves = UINT64_MAX;
  if (body && body->contains("max_moves")) {
    const json& m = (*body)["max_moves"];
    if (!m.is_number_unsigned() || m.get<uint64_t>() == 0)
      return error_response(400, "the field 'max_moves' must be a whole number from 1");
    max_moves = m.get<uint64_t>();
  }
  std::lock_guard lock(session->mutex);
  WebGame& g = *session->game;
  if (action == "record") {
    Response r{200, "text/plain; charset=utf-8", g.view().record, g.info().id + "-game.txt", {}};
    return r;
  }
  if (action == "move") {
    auto move = string_field(*body, "move", true, error);
    if (!move) return error_response(400, error);
    if (!g.human_to_move()) return error_response(409, not_a_persons_turn(g));
    if (std::string why = g.play(*move); !why.empty()) return error_response(400, why);
  } else if (action == "undo") {
    if (!g.undo()) return error_response(409, "there is no move to undo");
  } else if (action == "computer") {
    if (g.over() || g.human_to_move())
      return error_response(409, g.over() ? "the game is over" : "a person is to move");
    if (Response r = play_computer(g, max_moves); r.status != 200) return r;
  }
  return json_response(200, state_json(id, g));
}

// Computer moves for at most options_.computer_seconds, each with one of the server's
// search slots: at most max_searches players think at once, whatever the number of games,
// and each search is freed when its move is made (WebGame::play_computer).
Response WebBoard::play_computer(WebGame& g, uint64_t max_moves) {
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  uint64_t played = 0;
  do {
    if (!searches_.try_acquire_for(std::chrono::duration<double>(options_.move_seconds + 1))) {
      if (played > 0) break;
      return error_response(503, fmt::format("the server's {} computer players are all thinking for other games; "
                                             "ask again",
                                             options_.max_searches));
    }
    std::string why;
    try {
      why = g.play_computer();
    } catch (...) {
      searches_.release();
      throw;
    }
    searches_.release();
    // The search is freed; give its memory back to the system too, not only to this
    // thread's heap, where it would stay for the next search run on this thread.
    malloc_trim(0);
    if (!why.empty()) return error_response(409, why);
  } while (++played < max_moves && !g.over() && !g.human_to_move() && elapsed() < options_.computer_seconds);
  return Response{};
}

}  // namespace tabula::web

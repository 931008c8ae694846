#include "studies/match_record.hpp"

#include <fmt/format.h>
#include <numeric>

#include "studies/match.hpp"

#include "diag/source_file.hpp"

namespace tabula {
namespace {

constexpr int64_t kMaxPlies = 1'000'000'000;

// The fields after the study and the plan: the game itself.
bool read_game(FieldReader& f, const Study& study, const StudyPhase& phase, GameRecord& g, std::string& error) {
  size_t seats = static_cast<size_t>(study.seats);
  g.rules = study.rules.name;
  g.seed = f.unsigned_integer("seed");
  g.seats = f.strings("seats", seats, seats);
  g.winner = static_cast<int>(f.integer("winner", -1, phase.seating.sides() - 1));
  g.plies = static_cast<int>(f.integer("plies", 0, kMaxPlies));
  g.cut = f.boolean("cut");
  g.legal_moves = f.unsigned_integer("legal_moves");
  if (const auto* items = f.array("seconds", seats, seats)) {
    for (const auto& item : *items) {
      std::string why;
      auto x = FieldReader::number_of(item, 0, 1e9, why);
      if (!x) return error = "\"seconds\": " + why, false;
      g.seconds.push_back(*x);
    }
  }
  if (const auto* items = f.array("moves_made", seats, seats)) {
    for (const auto& item : *items) {
      std::string why;
      auto x = FieldReader::integer_of(item, 0, kMaxPlies, why);
      if (!x) return error = "\"moves_made\": " + why, false;
      g.moves_made.push_back(static_cast<int>(*x));
    }
  }
  g.moves = f.string("moves");
  if (f.has("forfeit")) g.forfeit = f.string("forfeit");
  if (!f.finish()) return error = f.error, false;
  // The game must be the one its index names in this study, and agree with itself.
  if (g.seed != game_seed(phase.seed, g.game))
    error = fmt::format("game {}'s seed is {}, but the study's seed {} gives it {}", g.game, g.seed, phase.seed,
                        game_seed(phase.seed, g.game));
  else if (g.seats != phase.seating.seats_of_game(g.game))
    error = fmt::format("game {}'s seats are {}, but the study's players give it {}", g.game, comma_list(g.seats),
                        comma_list(phase.seating.seats_of_game(g.game)));
  else if (std::accumulate(g.moves_made.begin(), g.moves_made.end(), int64_t{0}) != g.plies)
    error = fmt::format("\"moves_made\" adds up to {} moves, but \"plies\" is {}",
                        std::accumulate(g.moves_made.begin(), g.moves_made.end(), int64_t{0}), g.plies);
  else if (g.legal_moves < static_cast<uint64_t>(g.plies))
    error = fmt::format("\"legal_moves\" is {}, fewer than the {} plies played", g.legal_moves, g.plies);
  else if (g.moves.empty() != (g.plies == 0))
    error = fmt::format("\"moves\" is {}, but \"plies\" is {}", g.moves.empty() ? "empty" : "not empty", g.plies);
  else if (!g.forfeit.empty() && (g.winner < 0 || g.cut))
    error = fmt::format("game {} was forfeited but has no winner", g.game);
  else if (g.cut && g.winner >= 0) error = fmt::format("game {} is cut by the ply limit but has a winner", g.game);
  else if (study.max_plies > 0 && g.plies > study.max_plies)
    error = fmt::format("game {} lasted {} plies, beyond the study's max plies {}", g.game, g.plies, study.max_plies);
  return error.empty();
}

}  // namespace

std::string moves_digest(const std::string& moves) {
  if (moves.starts_with('#')) return moves;
  return fmt::format("#{:014x}", std::hash<std::string>{}(moves) >> 8);
}

bool GameRecord::same_game(const GameRecord& o) const {
  return game == o.game && seed == o.seed && rules == o.rules && seats == o.seats && winner == o.winner &&
         plies == o.plies && cut == o.cut && legal_moves == o.legal_moves && moves_made == o.moves_made &&
         moves == o.moves && forfeit == o.forfeit;
}

std::string to_json_line(const ResultLine& line) {
  const GameOrigin& o = line.origin;
  const GameRecord& g = line.game;
  Json j = {{"study", o.study->to_json()}};
  if (o.study->kind == Study::Kind::analysis) j["phase"] = o.study->phases().at(static_cast<size_t>(o.phase)).name;
  j["games"] = o.games.at(0);
  if (o.study->kind == Study::Kind::analysis) j["skill_games"] = o.games.at(1);
  if (o.study->kind == Study::Kind::analysis && o.games.size() > 2) j["good_games"] = o.games.at(2);
  j["shard"] = {o.shard_index, o.shard_count};
  j["game"] = g.game;
  j["seed"] = g.seed;
  j["seats"] = g.seats;
  j["winner"] = g.winner;
  j["plies"] = g.plies;
  j["cut"] = g.cut;
  j["legal_moves"] = g.legal_moves;
  Json seconds = Json::array();
  for (double x : g.seconds) seconds.push_back(json_round(x));
  j["seconds"] = seconds;
  j["moves_made"] = g.moves_made;
  j["moves"] = g.moves;
  if (!g.forfeit.empty()) j["forfeit"] = g.forfeit;
  return json_text(j);
}

std::optional<ResultLine> parse_result_line(const std::string& text, std::string& error) {
  error.clear();
  auto json = parse_json(text, error);
  if (!json) return std::nullopt;
  if (json->type != JsonValue::Type::object) {
    error = "expected a JSON object (one game per line)";
    return std::nullopt;
  }
  FieldReader f(*json);
  const JsonValue* study_json = f.object("study");
  if (!study_json) {
    error = f.error;
    return std::nullopt;
  }
  auto study = parse_study(*study_json, error);
  if (!study) return std::nullopt;
  ResultLine line;
  GameOrigin& o = line.origin;
  o.study = std::make_shared<const Study>(std::move(*study));
  auto phases = o.study->phases();
  if (o.study->kind == Study::Kind::analysis) {
    std::string phase = f.string("phase");
    o.phase = o.study->phase_index(phase);
    if (f.ok() && o.phase < 0) {
      error =
          fmt::format("\"phase\": expected {}, found \"{}\"",
                      o.study->good.empty() ? "\"random\" or \"skill\"" : "\"random\", \"skill\" or \"good\"", phase);
      return std::nullopt;
    }
    o.games = {static_cast<int>(f.integer("games", 1, kMaxGames)),
               static_cast<int>(f.integer("skill_games", 1, kMaxGames))};
    if (!o.study->good.empty()) o.games.push_back(static_cast<int>(f.integer("good_games", 1, kMaxGames)));
  } else {
    o.games = {static_cast<int>(f.integer("games", 1, kMaxGames))};
  }
  if (const auto* shard = f.array("shard", 2, 2)) {
    std::string why;
    auto count = FieldReader::integer_of((*shard)[1], 1, kMaxGames, why);
    auto index = count ? FieldReader::integer_of((*shard)[0], 0, *count - 1, why) : std::nullopt;
    if (!index) {
      error = "\"shard\": " + why;
      return std::nullopt;
    }
    o.shard_index = static_cast<int>(*index), o.shard_count = static_cast<int>(*count);
  }
  o.phase = std::max(o.phase, 0);
  GameRecord& g = line.game;
  g.game = static_cast<int>(f.integer("game", 0, f.ok() ? o.games[o.phase] - 1 : kMaxGames));
  if (f.ok() && g.game % o.shard_count != o.shard_index) {
    error = fmt::format("game {} is not in shard {}/{}", g.game, o.shard_index, o.shard_count);
    return std::nullopt;
  }
  if (!read_game(f, *o.study, phases[o.phase], g, error)) {
    if (error.empty()) error = f.error;
    return std::nullopt;
  }
  return line;
}

}  // namespace tabula

#include "record_io.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "cli_support.hpp"
#include "diag/source_file.hpp"
#include "engine/state_drawing.hpp"
#include "engine/text/position_text.hpp"
#include "output_file.hpp"

namespace tabula::cli {

std::vector<RecordTag> record_tags(const RulesIdentity& rules, const std::string& players, uint64_t seed) {
  std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  return {{"Rules", std::filesystem::path(rules.file).filename().string()},
          {"RulesHash", rules.hash},
          {"Players", players},
          {"Seed", std::to_string(seed)},
          {"Date", fmt::format("{:%Y.%m.%d}", utc)}};
}

std::string match_game_record(std::shared_ptr<const Program> program, const RulesIdentity& rules,
                              const GameRecord& game) {
  State s(program);
  std::string error;
  if (replay_record(s, game.moves, error) < 0)
    throw std::logic_error(fmt::format("game {} of the match does not replay: {}", game.game, error));
  std::string players;
  for (size_t seat = 0; seat < game.seats.size(); ++seat)
    players += fmt::format("{}{} = {}", seat ? ", " : "", program->seats[seat].name, game.seats[seat]);
  auto tags = record_tags(rules, players, game.seed);
  tags.push_back({"Round", std::to_string(game.game)});
  if (game.cut) tags.push_back({"Termination", fmt::format("cut by the ply limit after {} plies", game.plies)});
  return write_record(s, tags);
}

void check_record_size(const std::string& record) {
  if (record.size() > kMaxRecordBytes)
    throw UserError{
        fmt::format("the game's record has {} bytes, more than the {} a game record may have (the limit "
                    "replay reads, kMaxRecordBytes); it is not written",
                    record.size(), kMaxRecordText)};
}

void prepare_records_folder(const std::string& dir, const std::function<bool(int)>& plays, bool replace) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw UserError{fmt::format("--records: cannot make the directory '{}'", dir)};
  if (replace) return;
  int first = -1, found = 0;  // the lowest game of the run with a file, and how many have one
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    if (name.size() <= 9 || name.rfind("game-", 0) != 0 || name.substr(name.size() - 4) != ".txt") continue;
    std::string digits = name.substr(5, name.size() - 9);
    if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    int game = std::stoi(digits);
    if (!plays(game)) continue;
    ++found;
    if (first < 0 || game < first) first = game;
  }
  if (found > 0)
    throw UserError{
        fmt::format("--records: '{}' exists{} (records of another run?); tabula never writes over a "
                    "file: choose another folder, or add --force to replace the records",
                    (std::filesystem::path(dir) / fmt::format("game-{}.txt", first)).string(),
                    found > 1 ? fmt::format(", and {} more records of games this run plays", found - 1) : "")};
}

void write_game_record(const std::string& dir, int game, const std::string& record, bool replace) {
  check_record_size(record);
  write_output((std::filesystem::path(dir) / fmt::format("game-{}.txt", game)).string(), record, replace, "--records");
}

ParsedRecord read_record(const std::string& path) {
  SourceFile file = read_input(path, "game record");
  std::string error;
  auto record = parse_record(file.text, error);
  if (!record) throw UserError{fmt::format("{}:{}", path == "-" ? "<stdin>" : path, error)};
  return std::move(*record);
}

State record_start(std::shared_ptr<const Program> program, const ParsedRecord& record, const std::string& position) {
  if (!position.empty() || !record.tag("Position")) return initial_state(program, position);
  return initial_state(program, *record.tag("Position"));
}

int replay_or_fail(State& s, const ParsedRecord& record, const RulesIdentity& rules, const std::string& path,
                   const std::function<void(State&, const Move&)>& before_each) {
  std::string where = path == "-" ? "<stdin>" : path;
  if (const std::string* hash = record.tag("RulesHash"); hash && *hash != rules.hash)
    std::cerr << fmt::format(
        "tabula: warning: {}: the record was played under rules with hash {}, but {} has hash {}; its moves are read "
        "under these rules\n",
        where, *hash, rules.file, rules.hash);
  std::string error;
  int applied = replay_moves(s, record, error, before_each);
  if (applied < 0) throw UserError{fmt::format("{}:{}", where, error)};
  return applied;
}

State state_after_moves(std::shared_ptr<const Program> program, const RulesIdentity& rules, const std::string& position,
                        const std::string& moves) {
  State s = initial_state(program, position);
  if (moves.empty()) return s;
  if (moves[0] == '@') {  // a record file, or @- for standard input
    ParsedRecord record = read_record(moves.substr(1));
    s = record_start(program, record, position);
    replay_or_fail(s, record, rules, moves.substr(1));
  } else {
    std::string error;
    if (replay_record(s, moves, error) < 0) throw UserError{fmt::format("--moves: {}", error)};
  }
  return s;
}

Json state_json(const State& s) {
  const Program& p = s.program();
  GameResult r = s.result();
  Json moves = Json::array();
  if (!r.over)
    for (const Move& m : s.legal_moves()) moves.push_back(s.move_to_string(m));
  Json result = {{"over", r.over},
                 {"winner", r.over && r.winner >= 0 ? Json(p.players[r.winner].name) : Json(nullptr)},
                 {"text", result_sentence(s)}};
  return {{"game", p.name},
          {"position", position_string(s)},
          {"to_move", p.players[s.current_player()].name},
          {"seat", p.seats[s.current_seat()].name},
          {"ply", s.history().size()},
          {"legal_moves", moves},
          {"result", result}};
}

}  // namespace tabula::cli

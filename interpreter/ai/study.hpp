#pragma once
// A study: every game one command sets out to play (a match, or the two matches of a
// variant analysis), named fully enough that results written by different runs (shards,
// resumed runs, other machines) can be put together when they belong to it and told apart
// when they do not. Every results line carries its study.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ai/json_value.hpp"

namespace tabula {

constexpr int kMaxGames = 100'000'000;  // games in one phase of a study (and shards)

struct RulesIdentity {
  std::string name;  // the game's name, from the rules
  std::string file;  // the rules file as named on the command line: where it was read, not what it is
  std::string hash;  // 16 hex digits: what it is (see rules_hash)
};

// The identity of a game's rules: a hash of the text of every file it was built from (the
// rules file, the files it extends, its board file), independent of their paths and order.
std::string rules_hash(const std::vector<std::string>& texts);

// One match within a study: its players (one spec per seat, rotating by game; or more, in a
// round robin of pairs) and seed.
struct StudyPhase {
  std::string name;  // "match"; "random" and "skill" for an analysis
  std::vector<std::string> players;
  uint64_t seed = 1;
  int seats = 0;  // the game's seats: fewer than the players in a round robin
};

struct Study {
  enum class Kind { match, analysis };
  Kind kind = Kind::match;
  RulesIdentity rules;
  std::vector<std::string> players;  // a match's specs, one per seat (more in a round robin)
  int seats = 0;                     // seats of the game
  std::string strong;                // an analysis's stronger player
  uint64_t seed = 1;
  int max_plies = 0;  // a match's own ply limit (0: the rules' limit)

  // `seats` 0: one spec per seat; fewer seats than specs: a round robin.
  static Study match(RulesIdentity rules, std::vector<std::string> players, uint64_t seed, int max_plies,
                     int seats = 0);
  static Study analysis(RulesIdentity rules, int seats, std::string strong, uint64_t seed);

  // A match has one phase; an analysis has random play (every seat random, the study's
  // seed) then skill (the strong player against random players, seed + 1).
  std::vector<StudyPhase> phases() const;
  int phase_index(const std::string& name) const;  // -1 when the study has no such phase
  std::string command() const { return kind == Kind::match ? "match" : "analyze"; }
  bool round_robin() const { return kind == Kind::match && static_cast<int>(players.size()) > seats; }

  Json to_json() const;
  // "" for the same study (the rules file's path aside), else the first difference in words:
  // difference(o, "a.jsonl:1", "b.jsonl:1") gives "seed 7 in a.jsonl:1, 8 in b.jsonl:1".
  std::string difference(const Study& other, const std::string& here = "one",
                         const std::string& there = "the other") const;
};

// "random,alphabeta:2": specs as --players takes them.
std::string comma_list(const std::vector<std::string>& specs);

// A study as to_json writes it; nullopt and `error` (naming the field) otherwise. A match
// with "seats" is a round robin (of two seats; older files, without, are plain matches).
std::optional<Study> parse_study(const JsonValue& object, std::string& error);

}  // namespace tabula

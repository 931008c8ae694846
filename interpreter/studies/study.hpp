#pragma once
// A study: every game one command sets out to play (a match, or the two matches of a
// variant analysis), named fully enough that results written by different runs (shards,
// resumed runs, other machines) can be put together when they belong to it and told apart
// when they do not. Every results line carries its study.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "studies/seating.hpp"
#include "util/json_value.hpp"

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

// One match within a study: its seating (who plays which seat, studies/seating) and seed.
struct StudyPhase {
  std::string name;  // "match"; "random", "skill" and "good" for an analysis
  Seating seating;
  uint64_t seed = 1;
};

struct Study {
  enum class Kind { match, analysis };
  Kind kind = Kind::match;
  RulesIdentity rules;
  std::vector<std::string> players;  // a match's items (studies/seating)
  bool round_robin = false;
  int seats = 0;  // seats of the game
  // Per seat, its name and side (empty in files written before seats had names: then each
  // seat is a side of its own, named by its number).
  std::vector<std::string> seat_names;
  std::vector<int> seat_sides;
  std::string strong;  // an analysis's strong player (against random players)
  std::string good;    // an analysis's good player (against itself), "" in older studies
  uint64_t seed = 1;
  int max_plies = 0;  // a match's own ply limit (0: the rules' limit)

  static Study match(RulesIdentity rules, const Seating& seating, uint64_t seed, int max_plies);
  static Study analysis(RulesIdentity rules, const Seating& seats, std::string strong, std::string good, uint64_t seed);

  // A match has one phase; an analysis has random play (every seat random, the study's
  // seed), skill (the strong player against random players, seed + 1) and, when it names a
  // good player, good play (that player in every seat, seed + 2).
  std::vector<StudyPhase> phases() const;
  int phase_index(const std::string& name) const;  // -1 when the study has no such phase
  std::string command() const { return kind == Kind::match ? "match" : "analyze"; }
  // The study's seats with these players.
  Seating seating(std::vector<std::string> items) const;

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

#pragma once
// Who plays which seat in the games of a study. `--players` is a comma-separated list in
// one of these forms (docs/AI.md, "Seats"):
//   - one spec per seat (`mcts:1s,random,random,random`): seat s of game g is played by
//     item (s + g) mod n, so the items take every seat in turn;
//   - one spec per side, in a game whose sides have several seats (`mcts:1s,random` in a
//     game of two partnerships): the item plays every seat of its side, the sides rotating;
//   - seats by name (`S=mcts:1s,W+E=random,N=random`): each item is one person playing the
//     seats it names (partners only: its seats share a side), the same seats in every game;
//     fewer people than seats is how 2- and 3-people seatings are played;
//   - a round robin (`--round-robin`, games of two seats): every pair of specs, both ways.
// A person's games are counted once per game whatever the seats they play; the report also
// gives every seat and every side (studies/match_report).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "program/program.hpp"

namespace tabula {

struct Seating {
  std::vector<std::string> players;     // the items as given
  std::vector<std::string> seat_names;  // per seat of the game
  std::vector<int> seat_sides;          // per seat, the side it plays for
  bool round_robin = false;

  int seats() const { return static_cast<int>(seat_sides.size()); }
  int sides() const;
  // Items naming their seats (`S=...`): the same seats in every game.
  bool named() const;
  // The item playing each seat in game g ...
  std::vector<std::string> seats_of_game(int game) const;
  // ... and its index in `players` (one person, one index, whatever the seats it plays).
  std::vector<int> items_of_game(int game) const;
  // The games of one round of a round robin: a game per ordered... per pair.
  int pairs() const { return static_cast<int>(players.size() * (players.size() - 1) / 2); }
  // Seats as they are when they cannot rotate or be named: seat s is side s, "seat 1"...
  static Seating plain(std::vector<std::string> players, int seats);
};

// The items of a `--players` list ("a,b" -> {"a", "b"}).
std::vector<std::string> split_players(const std::string& list);
// The spec an item plays: "W+E=random" -> "random", "random" -> "random".
std::string spec_of(const std::string& item);
// Where the seat names of an item end (its first '='), or npos when it names none: an '='
// after a ':' is the spec's own (`uci:stockfish:UCI_Elo=1350`).
size_t seats_end(const std::string& item);

// The seating of `players` for the program's seats; nullopt and `error` (one sentence saying
// what is wrong and what would do) when the items fit no form, name unknown or repeated
// seats, leave a seat without a player, join seats of two sides, or hold a bad spec.
// Each item's spec is checked by `check_spec` (an empty answer: good), by default
// check_agent_spec; a caller that seats people as well as computer players (the play prompt,
// the web board) passes its own.
std::optional<Seating> make_seating(const Program& p, const std::vector<std::string>& players, bool round_robin,
                                    std::string& error,
                                    const std::function<std::string(const std::string&)>& check_spec = {});

// The seats and sides of a program, as a seating with no players yet (names "1", "2" when
// the rules name no seats of their own).
Seating seats_of(const Program& p);

}  // namespace tabula

#pragma once
// Game records, in the manner of PGN: tags first (`[Game "NAME"]`, one per line),
// then the moves as published (`1. c8-c6 h4-f2 2. ...`). When read, move numbers, result
// markers (1-0, 0-1, 1/2, *), annotation marks (! ?) and comments in parentheses or braces
// are skipped; what cannot be read (an unclosed comment, a broken tag, a tag after the
// moves, a move after the result marker) is an error with its line and column, never a
// silently shorter or longer game.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.hpp"

namespace tabula {

struct RecordTag {
  std::string name;  // a word: letters, digits, '_'
  std::string value;
  bool operator==(const RecordTag&) const = default;
};

struct RecordMove {
  std::string text;
  int line = 0, column = 0;  // where the token starts (1-based; columns count bytes)
};

struct ParsedRecord {
  std::vector<RecordTag> tags;
  std::vector<RecordMove> moves;
  // The value of a tag, or nullptr when the record has none.
  const std::string* tag(std::string_view name) const;
};

// The tags and move tokens of a record; nullopt and `error` ("LINE:COL: why") when the text
// is not one.
std::optional<ParsedRecord> parse_record(std::string_view text, std::string& error);

// The move tokens of a record, in order (empty when it does not parse).
std::vector<std::string> record_moves(std::string_view text);

// "" when `token` reads back from a record as itself, else why not (it is empty, holds a
// blank or a comment bracket, or would be skipped as a move number, a result or a tag).
// The notation's pass and end marks are checked with it.
std::string record_token_problem(std::string_view token);

// The numbered moves of the game `s` has played (its history): a move number before each
// turn of the first seat (`1. c8-c6 h4-f2 2. ...`), passes as the notation's pass marker,
// promotion marks, and the notation's end mark once the game is over, on one line.
std::string record_movetext(const State& s);

// The result as the Result tag writes it: with two sides "1-0" (the first side of the rules
// wins), "0-1", "1/2-1/2"; with more, "NAME wins" or "draw"; "*" while the game goes on.
std::string record_result(const State& s);

// The whole record of the game `s` has played: the tags (Game first, then `tags` in their
// order, then Position when the game did not start from the rules' start, then Result unless
// `tags` has one), a blank line, the numbered moves wrapped at 80 columns, the result in
// words as a comment, and the result marker. replay_record reads it back.
std::string write_record(const State& s, const std::vector<RecordTag>& tags = {});

// Applies the moves of a record to `s`. The record's Position tag, when it has one, must be
// the position of `s` (set it first: see record_start). The notation's end mark may only
// follow the move that ends the game. Returns the number of moves applied, or -1 with `error`
// set ("LINE:COL: move 12 (b1-b3): ...") at the first move that does not parse or is not legal.
// `before_each`, when given, is called with the state and each move just before the move is
// applied (a replay page draws the positions as they come; it may make the state forget
// its history so far, as a long game's replay does to stay small).
int replay_moves(State& s, const ParsedRecord& record, std::string& error,
                 const std::function<void(State&, const Move&)>& before_each = {});
// parse_record, then replay_moves.
int replay_record(State& s, std::string_view text, std::string& error);

}  // namespace tabula

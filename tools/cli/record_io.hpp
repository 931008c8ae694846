#pragma once
// Game records at the command line: the tags `play` writes (docs/CLI.md), reading a record
// from a file or standard input, replaying it with a warning when it was played under other
// rules, and a position as JSON (show, replay and play --json).
#include <functional>
#include <string>
#include <vector>

#include "engine/state.hpp"
#include "engine/text/game_record.hpp"
#include "studies/match_record.hpp"
#include "studies/study.hpp"
#include "util/json_value.hpp"

namespace tabula::cli {

// The tags of a record played now under `rules`: Rules (its file name), RulesHash, Players,
// Seed and Date (UTC, YYYY.MM.DD as in PGN). write_record adds Game and Result.
std::vector<RecordTag> record_tags(const RulesIdentity& rules, const std::string& players, uint64_t seed);

// The record of a game of a match: its moves, with the tags of `play` (Seed is the game's)
// and Round (the game's index in the match); Termination when a ply limit cut it.
std::string match_game_record(std::shared_ptr<const Program> program, const RulesIdentity& rules,
                              const GameRecord& game);

// A UserError when `record` is larger than a game record may be (kMaxRecordBytes, the limit
// `replay` reads): tabula writes no record that it would refuse to read back.
void check_record_size(const std::string& record);

// `match --records DIR`: makes DIR, and refuses (a UserError, before anything is played) a
// record file DIR/game-N.txt already there for a game `plays(N)` says this run plays,
// unless `replace`.
void prepare_records_folder(const std::string& dir, const std::function<bool(int)>& plays, bool replace);
// Writes DIR/game-N.txt (output_file.hpp), after check_record_size.
void write_game_record(const std::string& dir, int game, const std::string& record, bool replace);

// The record in the file `path` ("-": standard input); UserError naming the file and the
// line and column when it does not parse.
ParsedRecord read_record(const std::string& path);

// The state the record starts from: `position` when given (text or @FILE), else the
// record's Position tag, else the rules' start.
State record_start(std::shared_ptr<const Program> program, const ParsedRecord& record, const std::string& position);

// Replays `record` on `s`; UserError ("PATH:LINE:COL: move N (text): why") at a bad move.
// Warns on standard error when the record's RulesHash is not the hash of `rules`.
// `before_each`: as replay_moves (engine/text/game_record.hpp) calls it.
int replay_or_fail(State& s, const ParsedRecord& record, const RulesIdentity& rules, const std::string& path,
                   const std::function<void(State&, const Move&)>& before_each = {});
// The state a --position and a --moves option give (moves: a game record's text, or @FILE,
// @- for standard input, played from the position): a UserError names a move that fails.
State state_after_moves(std::shared_ptr<const Program> program, const RulesIdentity& rules, const std::string& position,
                        const std::string& moves);

// The position of `s`: its text, the side and seat to move, the legal moves, the result.
Json state_json(const State& s);

}  // namespace tabula::cli

// The conformance suite (after OpenSpiel's basic_tests): every file in rules/ is played by
// random playouts that check the State contract at every ply, and whatever Tabula prints
// about a game (position, move, move history, results line) reads back to the same thing.
// The counts a state keeps are checked against its board at every ply, and the moves random
// playouts draw from a count against the listed moves.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

#include "engine/sample.hpp"
#include "engine/text/game_record.hpp"
#include "kernels/line_sweeps.hpp"
#include "studies/match.hpp"
#include "studies/match_record.hpp"
#include "studies/study.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// The position text of a finished game reads back to a finished game: the same text, the
// same result, and no move for anyone (the loser cannot play on and win).
void check_finished_position(const State& s) {
  REQUIRE(s.is_terminal());
  std::string text = position_string(s), error;
  INFO("final position " << text);
  auto pos = parse_position(s.program(), text, error);
  INFO(error);
  REQUIRE(pos);
  State read(s.program_ptr());
  read.set_position(*pos);
  CHECK(position_string(read) == text);
  CHECK(read.is_terminal());
  CHECK(read.result().over == s.result().over);
  CHECK(read.result().winner == s.result().winner);
  CHECK(read.legal_moves().empty() == s.legal_moves().empty());
}

// A random game to its end (or the rules' ply limit, which ends it too).
State random_game(std::shared_ptr<const Program> p, uint64_t seed) {
  Rng rng(seed);
  State s(p);
  MoveList moves;
  while (!s.is_terminal()) {
    s.legal_moves(moves);
    REQUIRE_FALSE(moves.empty());
    s.apply_unchecked(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
  }
  return s;
}

void check_playout(std::shared_ptr<const Program> p, uint64_t seed) {
  Rng rng(seed);
  State s(p);
  State start = s;
  MoveList moves;
  int plies = 0;
  while (!s.is_terminal()) {
    s.legal_moves(moves);
    REQUIRE_FALSE(moves.empty());
    // Random playouts count the moves and write only the one drawn (engine/sample.hpp): the
    // same number of moves, and move k is the list's move k, every field of it.
    {
      MoveSample sample;
      REQUIRE(count_moves(s, sample) == moves.size());
      for (uint32_t k = 0; k < moves.size(); ++k) {
        const Move& m = nth_move(sample, k);
        INFO(position_string(s) << " move " << k << " " << s.move_to_string(moves[k]));
        CHECK(m == moves[k]);
        CHECK((m.captures == moves[k].captures && m.promotion == moves[k].promotion &&
               m.promoted_at == moves[k].promoted_at && m.flags == moves[k].flags && m.cost == moves[k].cost));
      }
    }
    // Unique move strings, each parsing back to its own move.
    std::set<std::string> texts;
    for (const Move& m : moves) {
      std::string t = s.move_to_string(m);
      INFO(position_string(s) << " move " << t);
      CHECK(texts.insert(t).second);
      std::string error;
      auto parsed = parse_move(s, t, error);
      INFO(error);
      REQUIRE(parsed);
      CHECK(*parsed == m);
    }
    // The position as text reads back to the same position: the same text, hash and moves.
    {
      std::string text = position_string(s), error;
      INFO("position " << text);
      auto pos = parse_position(*p, text, error);
      INFO(error);
      REQUIRE(pos);
      State read(p);
      read.set_position(*pos);
      CHECK(position_string(read) == text);
      CHECK(read.hash() == s.hash());
      MoveList again;
      read.legal_moves(again);
      if (p->end.remembers_boards) {
        // The text holds no history: the boards seen before (superko) are forgotten, so the
        // moves they forbid come back, and every move of the game stays.
        for (const Move& m : moves) CHECK(std::find(again.begin(), again.end(), m) != again.end());
      } else {
        REQUIRE(again.size() == moves.size());
        for (size_t i = 0; i < moves.size(); ++i) CHECK(read.move_to_string(again[i]) == s.move_to_string(moves[i]));
      }
    }
    // Apply then undo restores the state and its hash, for every move.
    State before = s;
    for (const Move& m : moves) {
      s.apply(m);
      s.undo();
      REQUIRE(s == before);
      REQUIRE(s.hash() == before.hash());
    }
    // The counts the state keeps (pieces per side and per code, which pieces(P, KINDS)
    // reads) are those of the board, after moves and undos alike: by the State's own check
    // against a recount, and by the recount written here.
    {
      std::string why;
      const bool consistent = s.is_consistent(&why);
      INFO(why);
      CHECK(consistent);
      std::vector<int> per_code(1 + p->player_count() * p->kind_count(), 0), per_side(p->player_count(), 0);
      for (int c = 0; c < p->cells; ++c)
        if (s.at(c)) ++per_code[s.at(c)], ++per_side[p->owner(s.at(c))];
      for (size_t code = 1; code < per_code.size(); ++code)
        CHECK(s.code_count(static_cast<uint8_t>(code)) == per_code[code]);
      for (int side = 0; side < p->player_count(); ++side) CHECK(s.piece_count(side) == per_side[side]);
      // The bitboards (small boards): per side, per code and their union.
      if (p->bitboards) {
        std::vector<uint64_t> of_code(per_code.size(), 0), of_side(p->player_count(), 0);
        for (int c = 0; c < p->cells; ++c)
          if (s.at(c)) of_code[s.at(c)] |= uint64_t{1} << c, of_side[p->owner(s.at(c))] |= uint64_t{1} << c;
        uint64_t occupied = 0;
        for (int side = 0; side < p->player_count(); ++side) {
          CHECK(s.pieces_mask(side) == of_side[side]);
          occupied |= of_side[side];
        }
        for (size_t code = 1; code < of_code.size(); ++code)
          CHECK(s.code_mask(static_cast<uint8_t>(code)) == of_code[code]);
        CHECK(s.occupied_mask() == occupied);
      }
      // The words per line and side that sweeps read, where the program keeps them.
      if (s.line_words()) {
        std::vector<uint64_t> words(static_cast<size_t>(p->straight_lines.count()) * line_word_stride(*p));
        gather_line_words(*p, s.tops(), words.data());
        CHECK(std::equal(words.begin(), words.end(), s.line_words()));
      }
      CHECK(static_cast<bool>(s.line_words()) == p->keeps_line_words());
    }
    // A clone is equal and independent.
    State clone = s;
    const Move m = moves[rng.below(static_cast<uint32_t>(moves.size()))];
    s.apply(m);
    CHECK(clone == before);
    REQUIRE(++plies <= p->end.ply_limit);
  }
  // The final position reads back finished, with the same result (below for every rules file too).
  check_finished_position(s);
  // Serialising as move history and replaying gives the same state.
  std::string record;
  for (const auto& t : history_strings(s)) record += t + " ";
  State replayed(p);
  std::string error;
  int replayed_plies = replay_record(replayed, record, error);
  INFO(error);  // logged after replay_record has filled it in
  REQUIRE(replayed_plies == s.ply());
  CHECK(replayed == s);
  CHECK(replayed.is_terminal());
  // The record `play` writes (numbers, pass and end marks) reads back to the same game too.
  const std::string written = write_record(s);
  State reread(p);
  std::string record_error;
  int reread_plies = replay_record(reread, written, record_error);
  INFO(written << ": " << record_error);
  REQUIRE(reread_plies == s.ply());
  CHECK(reread == s);
  // Returns are a win/loss pair or all zero.
  auto r = s.returns();
  double sum = 0;
  for (double x : r) sum += x;
  CHECK((sum == 0 || r.size() != 2));
  // Undo all the way back to the start.
  while (s.ply() > 0) s.undo();
  CHECK(s == start);
}

}  // namespace

TEST_CASE("Conformance: every rules file passes random playouts", "[conformance][slow]") {
  auto files = all_rules_files();
  REQUIRE_FALSE(files.empty());
  for (const auto& file : files) {
    DYNAMIC_SECTION(std::filesystem::path(file).filename().string()) { check_playout(load_rules(file), 1); }
  }
}

// Two more games per file, and one in reference mode (the plain forms keep the contract
// too): in the optimised build only. The sanitized build runs the one above, and plays every
// file in reference mode in tests/reference_mode_tests.cpp.
TEST_CASE("Conformance: every rules file passes more random playouts", "[conformance][slow][release-only]") {
  auto files = all_rules_files();
  REQUIRE_FALSE(files.empty());
  for (const auto& file : files) {
    DYNAMIC_SECTION(std::filesystem::path(file).filename().string()) {
      auto p = load_rules(file);
      for (uint64_t seed = 2; seed <= 3; ++seed) check_playout(p, seed);
      check_playout(load_rules(file, {.reference = true}), 4);
    }
  }
}

TEST_CASE("Conformance: every rules file's results line reads back to the same game", "[conformance][results]") {
  for (const auto& file : all_rules_files()) {
    DYNAMIC_SECTION(std::filesystem::path(file).filename().string()) {
      auto p = load_rules(file);
      std::vector<std::string> players(p->seat_count(), "random");
      std::string why;
      const Seating seating = *make_seating(*p, players, false, why);
      auto study = std::make_shared<const Study>(
          Study::match(RulesIdentity{p->name, file, "0123456789abcdef"}, seating, 11, 300));
      for (int game = 0; game < 2; ++game) {
        ResultLine line{GameOrigin{study, 0, {2}, 0, 1},
                        play_game(p, seating.seats_of_game(game), game, game_seed(study->seed, game), 300)};
        std::string text = to_json_line(line), error;
        auto read = parse_result_line(text, error);
        INFO(text << "\n" << error);
        REQUIRE(read);
        CHECK(read->game.same_game(line.game));  // the thinking times are written to the microsecond
        CHECK(to_json_line(*read) == text);
        // The line's moves replay to the game it reports.
        State replayed(p);
        REQUIRE(replay_record(replayed, line.game.moves, error) == line.game.plies);
        CHECK(replayed.is_terminal() == !line.game.cut);
        if (!line.game.cut) CHECK(replayed.result().winner == line.game.winner);
      }
    }
  }
}

TEST_CASE("Conformance: a finished game reads back finished, as a position, a record and a results line",
          "[conformance][finished]") {
  for (const auto& file : all_rules_files()) {
    DYNAMIC_SECTION(std::filesystem::path(file).filename().string()) {
      auto p = load_rules(file);
      for (uint64_t seed = 11; seed <= 16; ++seed) {
        INFO("seed " << seed);
        State s = random_game(p, seed);
        check_finished_position(s);
        // The record `play` writes: replayed, the same finished game, whose position reads back too.
        std::string record = write_record(s), error;
        State replayed(p);
        INFO(record);
        REQUIRE(replay_record(replayed, record, error) == s.ply());
        CHECK(replayed == s);
        CHECK(replayed.is_terminal());
        CHECK(replayed.result().winner == s.result().winner);
        check_finished_position(replayed);
      }
      // The results line of a match game (played to the end: no ply limit of the match's).
      std::vector<std::string> players(p->seat_count(), "random");
      std::string why;
      const Seating seating = *make_seating(*p, players, false, why);
      auto study =
          std::make_shared<const Study>(Study::match(RulesIdentity{p->name, file, "0123456789abcdef"}, seating, 17, 0));
      for (int game = 0; game < 3; ++game) {
        ResultLine line{GameOrigin{study, 0, {3}, 0, 1},
                        play_game(p, seating.seats_of_game(game), game, game_seed(study->seed, game), 0)};
        std::string text = to_json_line(line), error;
        auto read = parse_result_line(text, error);
        INFO(text << "\n" << error);
        REQUIRE(read);
        State replayed(p);
        REQUIRE(replay_record(replayed, read->game.moves, error) == read->game.plies);
        REQUIRE(replayed.is_terminal());
        CHECK(replayed.result().winner == read->game.winner);
        CHECK((read->game.cut == (replayed.result().winner < 0 && replayed.ply() >= p->end.ply_limit)));
        check_finished_position(replayed);
      }
    }
  }
}

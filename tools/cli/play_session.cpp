#include "play_session.hpp"

#include <fmt/format.h>
#include <iostream>
#include <map>
#include <set>

#include "cli_support.hpp"
#include "engine/text/game_record.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "line_reader.hpp"
#include "output_file.hpp"
#include "record_io.hpp"
#include "terminal_colour.hpp"
#include "usage_error.hpp"

namespace tabula::cli {
namespace {

const char* kHelp =
    "Type a move as the list shows it (e.g. one of 'moves'), or a command:\n"
    "  moves [CELL]  the legal moves (those of the piece on CELL)\n"
    "  board         draw the board again\n"
    "  hint          what a computer player would play here\n"
    "  undo          take back moves to your previous turn\n"
    "  save FILE     write the game record so far to FILE\n"
    "  resign        give up the game\n"
    "  quit          stop here (Ctrl-D too); the record so far is printed\n"
    "  help          this list\n";

// A move as the game record writes it: a pass as the rules' pass marker.
std::string record_text(const State& s, const Move& m) {
  return m.kind == Move::pass ? s.program().notation.pass : s.move_to_string(m);
}

// The words of a move's text: "b1xb3" gives b1, b3; "B@a1" gives B, a1.
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out{""};
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) out.back() += c;
    else if (!out.back().empty()) out.emplace_back();
  }
  if (out.back().empty()) out.pop_back();
  return out;
}

// The shape of a move's text, its letters and digits aside: "b1-b3" and "c2-c4" share one.
std::string shape(const std::string& text) {
  std::string out;
  for (char c : text) {
    bool word = std::isalnum(static_cast<unsigned char>(c));
    if (!word) out += c;
    else if (out.empty() || out.back() != 'a') out += 'a';
  }
  return out;
}

std::vector<std::string> legal_texts(const State& s) {
  std::vector<std::string> out;
  for (const Move& m : s.legal_moves()) out.push_back(record_text(s, m));
  return out;
}

// Whether `text` names `cell` at `at`: the cell's name, not the start of a longer one (c1 in
// c1xa3 or c1-c3, not in c10).
bool names_cell_at(const std::string& text, size_t at, const std::string& cell) {
  if (cell.empty() || text.compare(at, cell.size(), cell) != 0) return false;
  const size_t end = at + cell.size();
  return end == text.size() || !std::isdigit(static_cast<unsigned char>(text[end]));
}

// The legal moves of the piece on `cell` (their text starts with it: steps and captures),
// else those naming it anywhere.
std::vector<std::string> moves_of(const State& s, const std::string& cell) {
  std::vector<std::string> from, naming;
  for (const auto& text : legal_texts(s)) {
    if (names_cell_at(text, 0, cell)) {
      from.push_back(text);
      continue;
    }
    for (size_t at = text.find(cell); at != std::string::npos; at = text.find(cell, at + 1))
      if (names_cell_at(text, at, cell)) {
        naming.push_back(text);
        break;
      }
  }
  return from.empty() ? naming : from;
}

// A list of moves in lines of at most 78 characters, broken between moves, never inside one.
std::string wrapped(const std::vector<std::string>& items) {
  std::string out;
  size_t line = 0;
  for (const auto& item : items) {
    if (line > 0 && line + 1 + item.size() > 78) out += '\n', line = 0;
    else if (line > 0) out += ' ', ++line;
    out += item;
    line += item.size();
  }
  return out;
}

std::string joined(const std::vector<std::string>& items, size_t most = 0) {
  std::string out;
  for (size_t i = 0; i < items.size() && (most == 0 || i < most); ++i) out += (i ? " " : "") + items[i];
  if (most && items.size() > most) out += fmt::format(" ... ({} in all)", items.size());
  return out;
}

// Why `typed` is not a move, with what would be: the moves naming the cell typed, or one
// example of each form the legal moves take (placements, steps, captures, passes...).
std::string advice(const State& s, const std::string& typed, const std::string& why) {
  auto typed_words = words(typed);
  if (typed_words.size() == 1)
    if (auto naming = moves_of(s, typed_words[0]); !naming.empty())
      return fmt::format("'{}' is not a move here; moves with {}: {}", typed, typed_words[0], joined(naming, 8));
  std::map<std::string, std::string> by_shape;
  for (const auto& text : legal_texts(s)) by_shape.emplace(shape(text), text);
  std::vector<std::string> examples;
  for (const auto& [form, text] : by_shape) examples.push_back(text);
  return fmt::format("{}\nmoves here look like: {} (type 'moves' for all, 'help' for the commands)", why,
                     joined(examples, 6));
}

class Session {
 public:
  Session(std::shared_ptr<const Program> program, const RulesIdentity& rules, const std::vector<Agent*>& by_seat,
          const std::string& description, const PlayOptions& o)
      : program_(program),
        rules_(rules),
        by_seat_(by_seat),
        description_(description),
        o_(o),
        s_(initial_state(program, o.position)) {
    for (Agent* a : by_seat) human_ = human_ || a->name() == "human";
    show_moves_ = human_ || o.verbose;
  }

  void run() {
    if (!o_.json) std::cout << program_->name << ": " << description_ << "\n" << board();
    while (!s_.is_terminal() && !stopped_) {
      Agent* agent = by_seat_[s_.current_seat()];
      if (agent->name() == "human") {
        human_turn();
        continue;
      }
      play(agent->choose(s_));
    }
    finish();
  }

 private:
  std::string board() const { return coloured_drawing(draw_state(s_), *program_); }

  std::string seat_label() const {
    const auto& seat = program_->seats[s_.current_seat()];
    const auto& side = program_->players[s_.current_player()].name;
    return seat.name == side ? side : fmt::format("{} ({})", seat.name, side);
  }

  void play(const Move& m) {
    std::string label = seat_label(), text = record_text(s_, m);
    s_.apply(m);
    if (show_moves_ && !o_.json) std::cout << fmt::format("{} plays {}\n", label, text) << board();
  }

  void human_turn() {
    LineReader& in = reader_;
    while (true) {
      auto line = in.read(fmt::format("{} to move> ", seat_label()));
      if (!line) {
        std::cout << "\n";
        return stop("input ended (Ctrl-D)");
      }
      std::string text = *line;
      while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
      while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.erase(0, 1);
      std::string command = text.substr(0, text.find(' '));
      std::string argument = command.size() < text.size() ? text.substr(command.size() + 1) : "";
      if (text.empty()) continue;
      if (command == "help" || command == "?") {
        std::cout << kHelp;
      } else if (command == "moves") {
        auto list = argument.empty() ? legal_texts(s_) : moves_of(s_, argument);
        if (list.empty()) std::cout << fmt::format("no legal move of a piece on {}\n", argument);
        else std::cout << wrapped(list) << "\n";
      } else if (command == "board") {
        std::cout << board();
      } else if (command == "hint") {
        std::string error;
        auto advisor = make_agent(o_.hint, o_.seed + 104729 * (s_.history().size() + 1), error);
        State copy = s_;
        std::cout << fmt::format("{} would play {}\n", advisor->name(), record_text(s_, advisor->choose(copy)));
      } else if (command == "undo") {
        if (undo()) std::cout << board();
      } else if (command == "save") {
        if (argument.empty()) std::cout << "save needs a file name: save game.txt\n";
        else save(argument);
      } else if (command == "resign") {
        resigned_ = s_.current_player();
        return stop(fmt::format("{} resigned", program_->players[s_.current_player()].name));
      } else if (command == "quit" || command == "exit") {
        return stop("quit");
      } else {
        std::string why;
        auto m = parse_move(s_, text, why);
        if (m) return play(*m);
        // A misspelt command ("mvoes") is said as one, before what moves look like.
        static const std::vector<std::string> kCommands = {"moves",  "board", "hint", "undo", "save",
                                                           "resign", "quit",  "exit", "help"};
        if (const std::string guess = closest_name(command, kCommands); !guess.empty() && moves_of(s_, command).empty())
          std::cout << fmt::format("'{}' is not a command or a move; did you mean '{}'?\n", command, guess);
        std::cout << advice(s_, text, why) << "\n";
      }
    }
  }

  // Back to this human's previous turn: their last move and every move since.
  bool undo() {
    int human_moves = 0;
    State back = s_;
    while (!back.history().empty()) {
      back.undo();
      if (by_seat_[back.current_seat()]->name() == "human" && ++human_moves == 1) break;
    }
    if (human_moves == 0) {
      std::cout << "nothing to undo: no human has moved yet\n";
      return false;
    }
    size_t taken = s_.history().size() - back.history().size();
    s_ = back;
    std::cout << fmt::format("took back {} move{}\n", taken, taken == 1 ? "" : "s");
    return true;
  }

  void stop(const std::string& why) {
    stopped_ = true;
    termination_ = why;
  }

  std::vector<RecordTag> tags() const {
    auto out = record_tags(rules_, description_, o_.seed);
    if (resigned_ >= 0 && program_->player_count() == 2) out.push_back({"Result", resigned_ == 0 ? "0-1" : "1-0"});
    if (!termination_.empty()) out.push_back({"Termination", termination_});
    return out;
  }

  // `save FILE` writes over only a file this game saved before (saving again as it goes on).
  void save(const std::string& path) {
    try {
      std::string record = write_record(s_, tags());
      check_record_size(record);
      write_output(path, record, saved_.count(path) > 0, "");
      saved_.insert(path);
      std::cout << fmt::format("saved the record of {} moves to {}\n", s_.history().size(), path);
    } catch (const UserError& e) {
      std::cout << e.message << "\n";
    }
  }

  void finish() {
    std::string record = write_record(s_, tags());
    if (!o_.out.empty()) {
      try {
        check_record_size(record);
        write_output(o_.out, record, o_.force, "--out");
      } catch (const UserError&) {
        if (o_.out != "-") std::cout << record;  // the game is not lost with its file
        throw;
      }
    }
    std::string result = resigned_ >= 0 ? termination_ : result_sentence(s_);
    if (o_.json) {
      Json tag_object = Json::object();
      for (const auto& t : tags()) tag_object[t.name] = t.value;
      Json moves = Json::array();
      State replay = s_;
      std::vector<Move> history = s_.history();
      while (!replay.history().empty()) replay.undo();
      for (const Move& m : history) {
        moves.push_back(record_text(replay, m));
        replay.apply_unchecked(m);
      }
      return print_json(
          {{"tags", tag_object}, {"moves", moves}, {"record", record}, {"result", result}, {"final", state_json(s_)}});
    }
    std::cout << "moves: " << record_movetext(s_) << "\n";
    if (!show_moves_ || stopped_) std::cout << board();
    if (stopped_ && resigned_ < 0)
      std::cout << fmt::format("stopped ({}) after {} moves\n", termination_, s_.history().size());
    if (human_ && o_.out.empty()) std::cout << "\n" << record;
    std::cout << "result: " << result << "\n";
  }

  std::shared_ptr<const Program> program_;
  RulesIdentity rules_;
  std::vector<Agent*> by_seat_;
  std::string description_;
  const PlayOptions& o_;
  State s_;
  LineReader reader_;
  bool human_ = false, show_moves_ = false, stopped_ = false;
  int resigned_ = -1;
  std::string termination_;
  std::set<std::string> saved_;  // the files `save` wrote
};

}  // namespace

void play_game_at_terminal(std::shared_ptr<const Program> program, const RulesIdentity& rules,
                           const std::vector<Agent*>& by_seat, const std::string& description, const PlayOptions& o) {
  Session(program, rules, by_seat, description, o).run();
}

}  // namespace tabula::cli

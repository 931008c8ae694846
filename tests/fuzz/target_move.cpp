// Move text -> parse_move in one of a few LOA positions (first byte picks it) -> apply/undo.
#include "engine/state.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "fuzz_support.hpp"
#include "targets.hpp"

namespace tabula::fuzz {

void move(const uint8_t* data, size_t size) {
  static const char* kPositions[] = {
      "",  // the start
      "8/8/1W1WB3/8/1BWW4/1WW1B3/2W2B2/8 white",
      "1BBBBBB1/W6W/W6W/W6W/W6W/W6W/W6W/1BBBBBB1 white",
      "8/8/8/3B4/8/8/8/W7 black",             // few pieces
      "BBBBBBBB/WWWWWWWW/8/8/8/8/8/8 black",  // crowded lines
  };
  auto program = repo_program("loa.rules");
  State s(program);
  size_t pick = size ? data[0] % std::size(kPositions) : 0;
  std::string error;
  if (*kPositions[pick]) {
    auto pos = parse_position(*program, kPositions[pick], error);
    check(pos.has_value(), "a fixed test position parses");
    s.set_position(*pos);
  }
  std::string_view text = size ? text_of(data + 1, size - 1) : std::string_view{};
  const State before = s;
  auto m = parse_move(s, text, error);
  if (!m) {
    check(!error.empty(), "a rejected move says why");
    return;
  }
  check(s.is_legal(*m), "a parsed move is legal");
  s.apply(*m);
  s.undo();
  check(s == before, "apply then undo restores the position");
}

}  // namespace tabula::fuzz

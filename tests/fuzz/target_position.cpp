// Position text -> parse_position (LOA) -> a State there -> its moves -> the text again.
#include "engine/state.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "fuzz_support.hpp"
#include "targets.hpp"

namespace tabula::fuzz {

void position(const uint8_t* data, size_t size) {
  auto program = repo_program("loa.rules");
  std::string error;
  auto pos = parse_position(*program, text_of(data, size), error);
  if (!pos) {
    check(!error.empty(), "a rejected position says why");
    return;
  }
  State s(program);
  s.set_position(*pos);
  s.legal_moves();
  s.is_terminal();
  std::string text = position_string(s);
  auto again = parse_position(*program, text, error);
  check(again.has_value(), "position_string parses");
  State t(program);
  t.set_position(*again);
  check(position_string(t) == text, "position text round trip");
}

}  // namespace tabula::fuzz

// Game record text -> replay_record from LOA's start -> the history replays the same way.
#include "engine/state.hpp"
#include "engine/text/game_record.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "fuzz_support.hpp"
#include "targets.hpp"

namespace tabula::fuzz {

void record(const uint8_t* data, size_t size) {
  auto program = repo_program("loa.rules");
  State s(program);
  std::string error;
  int applied = replay_record(s, text_of(data, size), error);
  if (applied < 0) {
    check(!error.empty(), "a rejected record says why");
    return;
  }
  check(applied == s.ply(), "replay_record counts the moves it applied");
  std::string again;
  for (const auto& m : history_strings(s)) again += m + "\n";
  State t(program);
  check(replay_record(t, again, error) == applied, "the history replays as a record");
  check(position_string(t) == position_string(s), "both replays reach the same position");
}

}  // namespace tabula::fuzz

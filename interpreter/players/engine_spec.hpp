#pragma once
// The spec of a player that is an engine outside Tabula: `gtp:COMMAND[:time=T]`. COMMAND is a
// shell line (spaces allowed, no ','; a ':' is its own unless `time=` follows it), T a time
// per move (1s, 500ms) the engine is
// given through its protocol; without it the engine plays at its own pace (within a minute a
// move: the deadline of every answer).
#include <optional>
#include <string>
#include <string_view>

namespace tabula {

struct EngineSpec {
  std::string protocol;  // "gtp"
  std::string command;   // the shell line that starts it
  double seconds = 0;    // time per move (time=T); 0: its own default
  std::string text;      // the spec as written
};

// Whether `text` names an outside engine (it starts with "gtp:").
bool is_engine_spec(std::string_view text);
// nullopt with `error` for a bad spec.
std::optional<EngineSpec> parse_engine_spec(std::string_view text, std::string& error);

}  // namespace tabula

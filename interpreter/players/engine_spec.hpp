#pragma once
// The spec of a player that is an engine outside Tabula: `gtp:COMMAND[:time=T]`,
// `uci:COMMAND[:NAME=VALUE...][:time=T]` or `cecp:COMMAND[:time=T]` (xboard's protocol). COMMAND is a shell line
// (spaces allowed, no ','; a
// ':' is its own unless NAME=VALUE follows it), NAME=VALUE an option a UCI engine is set
// (`UCI_Elo=1350`), T a time per move (1s, 500ms) the engine is
// given through its protocol; without it the engine plays at its own pace (within a minute a
// move: the deadline of every answer).
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tabula {

struct EngineSpec {
  std::string protocol;                                      // "gtp", "uci" or "cecp"
  std::string command;                                       // the shell line that starts it
  double seconds = 0;                                        // time per move (time=T); 0: its own default
  std::vector<std::pair<std::string, std::string>> options;  // uci: NAME=VALUE, in order
  std::string text;                                          // the spec as written
};

// Whether `text` names an outside engine (it starts with "gtp:", "uci:" or "cecp:").
bool is_engine_spec(std::string_view text);
// nullopt with `error` for a bad spec.
std::optional<EngineSpec> parse_engine_spec(std::string_view text, std::string& error);

}  // namespace tabula

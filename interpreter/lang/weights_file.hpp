#pragma once
// The tuned weights of a rules file's evaluation: a small text file beside it
// (`rules/x.rules` -> `rules/x.weights`) that `tabula tune` writes and every loader
// reads, so that computer players and studies pick them up. One `TERM NUMBER` per line,
// `#` comments; every TERM must be a term of that rules file's evaluation
// (engine/position_features). Two more lines record the players' measured choices:
// `auto KIND[:OPTIONS]` (what `auto:TIME` plays as: mcts, alphabeta or mc) and `mcts OPTIONS`
// (MCTS's options for these rules), checked as player specs where they are used. A
// weights file is part of what a rules file is: its text counts in the rules' identity (a
// study's rules hash).
#include <string>
#include <utility>
#include <vector>

#include "diag/diagnostic.hpp"
#include "diag/source_registry.hpp"
#include "program/program.hpp"

namespace tabula {

// The weights file of a rules file ("" for a text without a file).
std::string weights_path(const std::string& rules_path);

// Reads the weights file of `rules_path` into p.evaluation_weights when there is one;
// errors (file:line:col) for what is not a term of these rules or not a number.
void load_weights(Program& p, const std::string& rules_path, Diagnostics& diags, SourceRegistry& sources);

// The text of a weights file: `header` lines as comments, then one line per term.
std::string weights_text(const std::vector<std::string>& header,
                         const std::vector<std::pair<std::string, double>>& weights,
                         const std::string& auto_player = "", const std::string& mcts_options = "");

}  // namespace tabula

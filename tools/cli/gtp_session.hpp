#pragma once
// `tabula gtp RULES`: Tabula as a GTP engine (GTP version 2), for rules whose moves are
// placements and passes. It reads commands from one stream and answers on another, as a
// GUI or a referee (GoGui, Sabaki, gogui-twogtp) drives an engine: `=[id] answer` or
// `?[id] error`, each followed by an empty line. A bad line gets an error answer and the
// session goes on. Vertices are players/gtp_vertex.hpp's.
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "engine/state.hpp"
#include "players/agent.hpp"
#include "players/gtp_vertex.hpp"

namespace tabula::cli {

class GtpSession {
 public:
  // `rules_path` is where the rules were read (a new komi is a variant of them); `player`
  // the spec of the player genmove asks.
  GtpSession(std::shared_ptr<const Program> program, std::string rules_path, std::string player);
  // Runs until `quit` or the end of the input.
  void run(std::istream& in, std::ostream& out);
  // One command line (without its id); false in `ok` for an error answer. For tests.
  std::string answer(const std::string& command, bool& ok, bool& quit);

 private:
  std::string play(const std::vector<std::string>& args, bool& ok);
  std::string genmove(const std::vector<std::string>& args, bool& ok);
  std::string set_komi(const std::vector<std::string>& args, bool& ok);
  std::string final_score(bool& ok) const;
  std::string time_settings(const std::vector<std::string>& args, bool& ok);
  int colour(const std::string& word) const;  // 0 black, 1 white, -1 neither
  Agent& agent();

  std::shared_ptr<const Program> program_;
  std::string rules_path_, player_spec_;
  double seconds_per_move_ = 0;  // from time_settings / time_left; 0: the spec's own
  State state_;
  std::unique_ptr<VertexNames> vertices_;
  std::unique_ptr<Agent> agent_;
  uint64_t seed_ = 1;
};

}  // namespace tabula::cli

#include "micro_support.hpp"

#include <filesystem>
#include <map>
#include <stdexcept>

#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "lang/game_loader.hpp"
#include "util/rng.hpp"

namespace tabula::micro {

static std::string path_of(const std::string& name) {
  return std::string(TABULA_SOURCE_DIR) + "/rules/" + name + ".rules";
}

bool has_rules(const std::string& name) { return std::filesystem::exists(path_of(name)); }

std::shared_ptr<const Program> rules(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const Program>> loaded;
  if (auto it = loaded.find(name); it != loaded.end()) return it->second;
  Diagnostics diags;
  SourceRegistry sources;
  auto program = load_program(path_of(name), diags, sources);
  if (!program) throw std::runtime_error(render_all(diags, sources));
  return loaded[name] = program;
}

std::vector<State> positions(const std::shared_ptr<const Program>& program, int plies, int games) {
  std::vector<State> out;
  MoveList moves;
  for (int g = 0; g < games; ++g) {
    Rng rng(1000 + g);
    State s(program);
    for (int i = 0; i < plies; ++i) {
      s.legal_moves(moves);
      if (moves.empty()) break;
      s.apply_unchecked(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
    }
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

}  // namespace tabula::micro

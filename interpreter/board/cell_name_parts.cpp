#include "board/cell_name_parts.hpp"

#include <cctype>

namespace tabula {

std::pair<std::string, std::string> split_cell_name(const std::string& name) {
  size_t i = 0;
  while (i < name.size() && std::isalpha(static_cast<unsigned char>(name[i]))) ++i;
  return {name.substr(0, i), name.substr(i)};
}

std::string shared_name_part(const BoardGraph& b, const std::vector<int>& cells, bool after_letters) {
  std::string common;
  for (size_t i = 0; i < cells.size(); ++i) {
    auto [letters, rest] = split_cell_name(b.cell(cells[i]).name);
    const std::string& part = after_letters ? rest : letters;
    if (part.empty() || (i > 0 && part != common)) return {};
    common = part;
  }
  return common;
}

}  // namespace tabula

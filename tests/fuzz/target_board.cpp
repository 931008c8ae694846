// Board YAML -> loader -> the program's precomputed board data (rays, lines) -> drawing, as
// text and as an SVG picture.
#include "board/board_drawing.hpp"
#include "board/board_loader.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "fuzz_support.hpp"
#include "picture/board_svg.hpp"
#include "program/program.hpp"
#include "targets.hpp"

namespace tabula::fuzz {

void board(const uint8_t* data, size_t size) {
  SourceFile src{"fuzz.yaml", std::string(text_of(data, size))};
  Diagnostics diags;
  auto loaded = load_board(src, diags);
  SourceRegistry sources;
  sources.add(src);
  render_all(diags, sources);
  if (!loaded) return;
  check(loaded->cell_count() > 0, "a board without errors has cells");
  Program p;
  p.board = std::make_shared<const BoardGraph>(std::move(*loaded));
  precompute_board_data(*p.board, p);
  draw_board(*p.board, [&](int c) { return p.board->cell(c).name.substr(0, 1); });
  describe_board(*p.board);
  PictureOptions picture;
  for (const auto& [name, cells] : p.board->zones()) picture.shaded.push_back({name, cells});
  std::string svg = board_svg(*p.board, std::vector<CellView>(p.board->cell_count()), picture);
  check(svg.find("</svg>") != std::string::npos, "a picture is finished");
}

}  // namespace tabula::fuzz

// The picture layer (interpreter/picture): SVG of any board graph, the pieces on it and the
// marks over it, drawn from plain views. Every picture is checked with xmllint, and the
// board files' pictures are rendered with rsvg-convert.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "board/board_loader.hpp"
#include "diag/render.hpp"
#include "picture/board_layout.hpp"
#include "picture/board_svg.hpp"
#include "picture/piece_drawing.hpp"
#include "picture/svg_text.hpp"
#include "svg_check.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

BoardGraph load_board_at(const std::string& relative) {
  Diagnostics diags;
  SourceRegistry sources;
  auto b = load_board_file(std::string(TABULA_SOURCE_DIR) + "/" + relative, diags, sources);
  INFO(render_all(diags, sources));
  REQUIRE(b);
  return std::move(*b);
}

// Every board file: the shipped boards and the test boards.
std::vector<std::string> board_files() {
  std::vector<std::string> out;
  for (const char* dir : {"boards", "tests/data"})
    for (const auto& entry : std::filesystem::directory_iterator(std::string(TABULA_SOURCE_DIR) + "/" + dir))
      if (entry.path().extension() == ".yaml") out.push_back(std::string(dir) + "/" + entry.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// Writes the picture and checks that xmllint finds it well-formed; returns its path.
std::string write_checked(const std::string& name, const std::string& svg) {
  std::string path = picture_dir() + "/" + name + ".svg";
  write_file(path, svg);
  INFO(path);
  CHECK(xml_problems(path) == "");
  return path;
}

// Lines of the picture that start with `start` and contain `part` (every element the
// layers draw per cell is on a line of its own).
size_t count_lines(const std::string& svg, const std::string& start, const std::string& part) {
  size_t n = 0;
  std::istringstream in(svg);
  for (std::string line; std::getline(in, line);)
    n += line.rfind(start, 0) == 0 && line.find(part) != std::string::npos;
  return n;
}

// The text of the group `<g class="NAME" ...>` up to its end.
std::string group(const std::string& svg, const std::string& name) {
  auto at = svg.find("<g class=\"" + name + "\"");
  if (at == std::string::npos) return {};
  return svg.substr(at, svg.find("</g>", at) - at);
}

PieceView piece(int side, int kind = 0, std::string symbol = "", std::string kind_name = "") {
  return {side, kind, std::move(symbol), std::move(kind_name)};
}

}  // namespace

TEST_CASE("Pictures: the cell shape follows the board's geometry", "[picture]") {
  for (const char* file :
       {"boards/square8.yaml", "boards/laska7.yaml", "boards/lanko68.yaml", "boards/lanko88.yaml",
        "boards/lanko103.yaml", "tests/data/square3.yaml", "tests/data/line3.yaml", "tests/data/long-file.yaml"}) {
    INFO(file);
    CHECK(cell_shape(load_board_at(file)) == CellShape::square);
  }
  for (const char* file : {"boards/hex5.yaml", "boards/hex7.yaml", "boards/hex9.yaml", "tests/data/hex2.yaml"}) {
    INFO(file);
    CHECK(cell_shape(load_board_at(file)) == CellShape::hexagon);
  }
  CHECK(cell_shape(load_board_at("tests/data/wheel.yaml")) == CellShape::circle);
  // A square grid with one link across the board is a graph: the link must be drawn.
  Diagnostics diags;
  auto wrapped =
      load_board(SourceFile{"wrap.yaml", "rectangle: { files: 4, ranks: 1 }\nlinks: { d1: { e: a1 } }\n"}, diags);
  REQUIRE(wrapped);
  CHECK(cell_shape(*wrapped) == CellShape::circle);
  // Whole-number coordinates far apart are no grid: drawn as a graph, without filling the gap.
  BoardGraph far;
  far.add_cell("p", 0, 0);
  far.add_cell("q", 1e9, 0);
  far.add_direction("e", 1, 0);
  CHECK(cell_shape(far) == CellShape::circle);
  CHECK(count(board_svg(far, std::vector<CellView>(2), PictureOptions{}), "class=\"cell\"") == 2);
}

TEST_CASE("Pictures: every board file is well-formed SVG that renders, one cell element per cell", "[picture][slow]") {
  for (const auto& file : board_files()) {
    INFO(file);
    BoardGraph b = load_board_at(file);
    PictureOptions options;
    options.caption = "board " + b.name;
    std::string svg = board_svg(b, std::vector<CellView>(b.cell_count()), options);
    std::string path = write_checked(std::filesystem::path(file).stem().string(), svg);
    check_renders(path);
    CHECK(count(svg, "class=\"cell\"") == static_cast<size_t>(b.cell_count()));
    CHECK(count(svg, "<title>") ==
          static_cast<size_t>(b.cell_count()) + 1 + b.barriers().size());  // cells, picture, walls
    CHECK(count(svg, "class=\"barrier\"") == b.barriers().size());
    CHECK(count(svg, "class=\"piece") == 0);
    CellShape shape = cell_shape(b);
    const char* element = shape == CellShape::square    ? "<rect "
                          : shape == CellShape::hexagon ? "<polygon "
                                                        : "<circle ";
    CHECK(count_lines(svg, element, "class=\"cell\"") == static_cast<size_t>(b.cell_count()));
    if (shape == CellShape::hexagon) {
      CHECK(count(svg, "class=\"hole\"") == 0);
      CHECK(count(group(svg, "names"), "<text") == static_cast<size_t>(b.cell_count()));  // hex points carry names
    }
    if (shape == CellShape::circle) CHECK(count(svg, "class=\"link\"") > 0);
  }
}

TEST_CASE("Pictures: a board file's style draws points on lines or holes in a frame, not a chessboard", "[picture]") {
  // Gomoku's 15x15: one wooden surface, 14 lines across and 14 down, each 14 steps long.
  const BoardGraph points = load_board_at("boards/square15.yaml");
  REQUIRE(points.style == "points");
  std::string svg = board_svg(points, std::vector<CellView>(225), PictureOptions{});
  CHECK(count(svg, "class=\"cell\"") == 225);
  CHECK(count(svg, "fill=\"#b58863\"") == 0);  // no dark squares
  CHECK(count(svg, "<g class=\"grid\"") == 1);
  CHECK(count(svg, "<line x1=") == 2 * 15 * 14);  // a line per pair of orthogonal neighbours
  // Connect Four's 7x6: a frame with a hole per cell.
  const BoardGraph holes = load_board_at("boards/rect7x6.yaml");
  REQUIRE(holes.style == "holes");
  svg = board_svg(holes, std::vector<CellView>(42), PictureOptions{});
  CHECK(count(svg, "class=\"cell\"") == 42);
  CHECK(count(svg, "<g class=\"holes\"") == 1);
  CHECK(count(svg, "<circle cx=") == 42);
  // Without a style, squares are light and dark.
  svg = board_svg(load_board_at("boards/square8.yaml"), std::vector<CellView>(64), PictureOptions{});
  CHECK(count(svg, "fill=\"#b58863\"") == 32);
  CHECK(svg.find("class=\"grid\"") == std::string::npos);
}

TEST_CASE("Pictures: square boards keep their shape - walls, coordinates and links where the board has them",
          "[picture]") {
  auto draw = [](const BoardGraph& b) { return board_svg(b, std::vector<CellView>(b.cell_count()), PictureOptions{}); };
  std::string square8 = draw(load_board_at("boards/square8.yaml"));
  CHECK(count(square8, "class=\"hole\"") == 0);
  CHECK(count(square8, "fill=\"#b58863\"") == 32);  // dark squares, a1's colour
  CHECK(count(group(square8, "coordinates"), "<text") == 16);
  CHECK(group(square8, "coordinates").find(">a</text>") != std::string::npos);
  CHECK(group(square8, "names").empty());  // the edges name the squares
  // Laska: 25 squares of a 7x7 board; the 24 others are drawn as light gaps.
  std::string laska = draw(load_board_at("boards/laska7.yaml"));
  CHECK(count(laska, "class=\"hole\"") == 24);
  CHECK(count(laska, "class=\"hole\" fill=\"url(#hole-hatch)\"") == 0);
  // Lanko-68: the hole in the middle is hatched, the cut corners are left out; four walls.
  std::string lanko68 = draw(load_board_at("boards/lanko68.yaml"));
  CHECK(count(lanko68, "class=\"hole\"") == 1);
  CHECK(count(lanko68, "class=\"hole\" fill=\"url(#hole-hatch)\"") == 1);
  CHECK(count(lanko68, "class=\"barrier\"") == 4);
  CHECK(lanko68.find("<title>barrier b2|b3</title>") != std::string::npos);
  // Lanko-103: 105 squares of an 11x11 board without its 2x2 corners; 61 are cells.
  std::string lanko103 = draw(load_board_at("boards/lanko103.yaml"));
  CHECK(count(lanko103, "class=\"hole\"") == 105 - 61);
  // Its 8 light squares that are cells stand out from the 44 that are not: light as on a
  // chessboard, where the others are nearly the paper.
  CHECK(count(lanko103, "class=\"cell\" fill=\"#f0d9b5\"") == 8);
  CHECK(count(lanko103, "class=\"hole\" fill=\"#fbf7ef\"") == 44);
  // A hole in a board of both colours is a missing cell whatever its colour: all four
  // squares of a 2x2 hole are hatched (a light one drawn pale would pass for a cell).
  const std::string holed = picture_dir() + "/holed.yaml";
  write_file(holed,
             "name: holed\nmap:\n  rows: |\n    ......\n    ......\n    ..##..\n    ..##..\n    ......\n    "
             "......\n  legend:\n    \"#\": none\n    \".\": {}\n");
  std::string with_hole = draw(load_board_at(std::filesystem::relative(holed, TABULA_SOURCE_DIR).string()));
  CHECK(count(with_hole, "class=\"hole\"") == 4);
  CHECK(count(with_hole, "class=\"hole\" fill=\"url(#hole-hatch)\"") == 4);
  // Hex rows: the row letter at both ends of each of the 17 rows.
  std::string hex9 = draw(load_board_at("boards/hex9.yaml"));
  CHECK(count(group(hex9, "coordinates"), "<text") == 34);
  // A graph: six links round the rim but one (the barrier), six one-way links to the hub.
  std::string wheel = draw(load_board_at("tests/data/wheel.yaml"));
  CHECK(count(wheel, "class=\"link\"") == 11);
  CHECK(count(wheel, "marker-mid=\"url(#link-arrow)\"") == 6);
  CHECK(count(wheel, "class=\"barrier\"") == 1);
  CHECK(count(group(wheel, "names"), "<text") == 7);
  // No coordinates when asked; names when asked.
  PictureOptions bare;
  bare.coordinates = false;
  bare.cell_names = CellNames::shown;
  BoardGraph b = load_board_at("boards/square8.yaml");
  std::string plain = board_svg(b, std::vector<CellView>(64), bare);
  CHECK(group(plain, "coordinates").empty());
  CHECK(count(group(plain, "names"), "<text") == 64);
}

TEST_CASE("Pictures: one piece element per piece, by side and kind, with letters when asked", "[picture]") {
  BoardGraph b = load_board_at("boards/square8.yaml");
  std::vector<CellView> cells(b.cell_count());
  cells[b.find_cell("a1")].column = {piece(0)};
  cells[b.find_cell("b2")].column = {piece(0, 1, "K", "king")};
  cells[b.find_cell("c3")].column = {piece(0, 3, "T", "tower")};
  cells[b.find_cell("h8")].column = {piece(1, 0, "p", "pawn")};
  cells[b.find_cell("g7")].column = {piece(1, 2, "Q", "queen")};
  PictureOptions options;
  options.side_names = {"white", "black"};
  options.kind_letters = true;
  std::string svg = board_svg(b, cells, options);
  write_checked("pieces", svg);
  CHECK(count(svg, "class=\"piece\" data-side=\"0\"") == 3);
  CHECK(count(svg, "class=\"piece\" data-side=\"1\"") == 2);
  CHECK(count(svg, "data-kind=\"1\"") == 1);
  CHECK(svg.find("<title>white king</title>") != std::string::npos);
  CHECK(svg.find(">K</text>") != std::string::npos);
  CHECK(svg.find(">p</text>") != std::string::npos);
  CHECK(count(svg, "stroke-linejoin=\"round\"") == 2);  // the tower's body (and its shadow) is a polygon, not a disc
  CHECK(count(svg, "fill=\"#f7f4ec\"") == 3);           // white fills, per the side names
  options.kind_letters = false;
  CHECK(board_svg(b, cells, options).find(">K</text>") == std::string::npos);
}

TEST_CASE("Pictures: columns are stacks in which every counter shows", "[picture]") {
  BoardGraph b = load_board_at("boards/laska7.yaml");
  std::vector<CellView> cells(b.cell_count());
  cells[b.find_cell("a1")].column = {piece(0), piece(1), piece(1, 1), piece(0)};  // bottom first
  cells[b.find_cell("c3")].column = {piece(1)};
  PictureOptions options;
  options.side_names = {"white", "black"};
  options.stacks = true;
  std::string svg = board_svg(b, cells, options);
  write_checked("stacks", svg);
  CHECK(count(svg, "class=\"piece column\"") == 2);
  CHECK(count(svg, "class=\"piece column\" data-side=\"0\" data-height=\"4\"") == 1);
  CHECK(count(svg, "class=\"piece column\" data-side=\"1\" data-height=\"1\"") == 1);
  CHECK(count(svg, "class=\"counter\"") == 5);
  CHECK(count(svg, "class=\"counter\" data-side=\"1\" data-kind=\"1\"") == 1);
  CHECK(svg.find("<title>white, black, black, white (top first)</title>") != std::string::npos);
  // A column of several counters is a stack even where stacks were not asked for.
  options.stacks = false;
  svg = board_svg(b, cells, options);
  CHECK(count(svg, "class=\"counter\"") == 4);
  CHECK(count(svg, "class=\"piece\" data-side=\"1\"") == 1);
  // A tall column stays inside its cell: every counter at least a pixel and a half thick.
  cells[b.find_cell("a1")].column.assign(32, piece(0));
  svg = board_svg(b, cells, options);
  CHECK(count(svg, "class=\"counter\"") == 32);
}

TEST_CASE("Pictures: side colours come from the side names, others take distinct defaults and patterns", "[picture]") {
  auto named = side_styles({"black", "white"}, 2);
  CHECK(named[0].fill == "#262626");
  CHECK(named[1].fill == "#f7f4ec");
  auto unnamed = side_styles({"north", "south"}, 2);
  CHECK(unnamed[0].fill == "#f7f4ec");
  CHECK(unnamed[1].fill == "#262626");
  auto mixed = side_styles({"x", "white"}, 2);  // x does not take white from the side named white
  CHECK(mixed[0].fill != mixed[1].fill);
  CHECK(mixed[1].fill == "#f7f4ec");
  auto four = side_styles({"a", "b", "c", "d"}, 4);
  CHECK(four[0].pattern.empty());
  CHECK(four[1].pattern.empty());
  CHECK(four[2].pattern == "side-pattern-2");
  CHECK(four[3].pattern == "side-pattern-3");
  std::set<std::string> fills;
  for (const auto& s : four) fills.insert(s.fill);
  CHECK(fills.size() == 4);
  CHECK(count(side_pattern_defs(four), "<pattern") == 2);
  auto more = side_styles({"Yellow"}, 3);  // case does not matter; missing names are numbered
  CHECK(more[0].fill == "#f2c230");
  CHECK(more[2].name == "side 3");
}

TEST_CASE("Pictures: the last move, the legal moves of a piece, a region and its mark, shaded zones", "[picture]") {
  BoardGraph b = load_board_at("boards/square8.yaml");
  std::vector<CellView> cells(b.cell_count());
  int a1 = b.find_cell("a1"), c3 = b.find_cell("c3"), e5 = b.find_cell("e5"), h8 = b.find_cell("h8");
  cells[e5].column = {piece(0)};
  cells[h8].column = {piece(1)};
  PictureOptions options;
  std::string svg = board_svg(b, cells, options);
  CHECK(count(svg, "class=\"last-move") == 0);
  CHECK(count(svg, "class=\"target") == 0);
  CHECK(count(svg, "class=\"region") == 0);

  options.last_move = {a1, c3, e5};  // a capture with a landing on c3
  svg = board_svg(b, cells, options);
  write_checked("last-move", svg);
  CHECK(count(svg, "<polyline class=\"last-move\"") == 1);
  CHECK(count(svg, "marker-end=\"url(#arrowhead)\"") == 1);
  CHECK(count(svg, "class=\"landing\"") == 1);
  CHECK(count(svg, "class=\"last-move-cell\"") == 2);
  // The piece it took on b2 (a cell the path does not visit) is crossed out, named.
  options.last_taken = {b.find_cell("b2")};
  svg = board_svg(b, cells, options);
  CHECK(count(svg, "<g class=\"taken\"") == 1);
  CHECK(svg.find("<title>taken on b2</title>") != std::string::npos);
  options.last_taken.clear();
  options.last_move = {e5};  // a placement
  svg = board_svg(b, cells, options);
  CHECK(count(svg, "<circle class=\"last-move\"") == 1);
  CHECK(count(svg, "marker-end") == 0);

  options.last_move.clear();
  options.targets_from = e5;
  options.targets = {b.find_cell("e6"), b.find_cell("f6"), h8};
  svg = board_svg(b, cells, options);
  write_checked("targets", svg);
  CHECK(count(svg, "class=\"targets-from\"") == 1);
  CHECK(count(svg, "class=\"target\"") == 3);

  options.targets_from = -1;
  options.region = {c3, b.find_cell("d3"), b.find_cell("c4")};
  options.region_mark = c3;
  options.region_name = "rendezvous";
  options.shaded = {{"rank1", *b.find_zone("rank1")}, {"edge", *b.find_zone("edge")}};
  svg = board_svg(b, cells, options);
  write_checked("region", svg);
  CHECK(count(svg, "class=\"region-cell\"") == 3);
  CHECK(count(svg, "class=\"region-mark\"") == 1);
  CHECK(svg.find("<title>rendezvous: 3 cells</title>") != std::string::npos);
  CHECK(count(svg, "class=\"shade\"") == 8 + 28);
  CHECK(count(group(svg, "legend"), "<text") == 2);
  CHECK(svg.find(">edge (28 cells)</text>") != std::string::npos);
  // Cells out of range in the options are left out, not drawn somewhere else.
  options.region = {-1, 64, 1000};
  options.last_move = {-5, 99};
  svg = board_svg(b, cells, options);
  CHECK(count(svg, "class=\"region-cell\"") == 0);
  CHECK(count(svg, "class=\"last-move") == 0);
}

TEST_CASE("Pictures: text is escaped and numbers are short", "[picture]") {
  CHECK(num(12.34) == "12.3");
  CHECK(num(3) == "3");
  CHECK(num(-0.04) == "0");
  CHECK(num(-2.5) == "-2.5");
  CHECK(num(0.96) == "1");
  CHECK(xml_escape("<a & \"b\">") == "&lt;a &amp; &quot;b&quot;&gt;");
  CHECK(xml_escape(std::string("bell\x07")) == "bell?");
  BoardGraph b = load_board_at("tests/data/square3.yaml");
  PictureOptions options;
  options.title = "R&D <draft>";
  options.caption = "a < b & \"c\"";
  options.side_names = {"<red>"};
  std::vector<CellView> cells(b.cell_count());
  cells[0].column = {piece(0, 0, "&", "<stone>")};
  options.kind_letters = true;
  std::string svg = board_svg(b, cells, options);
  write_checked("escaped", svg);
  CHECK(svg.find("<title>R&amp;D &lt;draft&gt;</title>") != std::string::npos);
  CHECK(svg.find(">a &lt; b &amp; &quot;c&quot;</text>") != std::string::npos);
}

TEST_CASE("Pictures: boards without cells or with one cell still draw", "[picture]") {
  BoardGraph empty;
  std::string svg = board_svg(empty, {}, PictureOptions{});
  write_checked("empty", svg);
  CHECK(count(svg, "class=\"cell\"") == 0);
  BoardGraph one;
  one.add_cell("x", 3, 4);
  svg = board_svg(one, {CellView{{piece(0)}}}, PictureOptions{});
  write_checked("one-cell", svg);
  CHECK(count(svg, "class=\"cell\"") == 1);
  CHECK(count(svg, "class=\"piece\"") == 1);
  // A piece of a side beyond the names gets a style of its own.
  svg = board_svg(one, {CellView{{piece(5)}}}, PictureOptions{});
  CHECK(svg.find("<title>side 6</title>") != std::string::npos);
}

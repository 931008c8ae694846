// Board layer: generators, the YAML loader (shipped boards and golden bad boards) and drawing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "board/board_drawing.hpp"
#include "board/board_generators.hpp"
#include "board/board_loader.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "golden.hpp"
#include "kernels/shifts.hpp"
#include "program/board_data.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;

namespace {

std::string board_path(const std::string& file) { return std::string(TABULA_SOURCE_DIR) + "/boards/" + file; }

BoardGraph load_shipped(const std::string& file) {
  Diagnostics diags;
  SourceRegistry sources;
  auto b = load_board_file(board_path(file), diags, sources);
  INFO(render_all(diags, sources));
  REQUIRE(b);
  CHECK(diags.empty());
  return std::move(*b);
}

std::optional<BoardGraph> load_text(const std::string& text, Diagnostics& diags) {
  return load_board(SourceFile{"test.yaml", text}, diags);
}

int cell(const BoardGraph& b, const std::string& name) {
  int c = b.find_cell(name);
  INFO(name);
  REQUIRE(c != kNoCell);
  return c;
}

int dir(const BoardGraph& b, const std::string& name) {
  int d = b.find_direction(name);
  INFO(name);
  REQUIRE(d != kNoDirection);
  return d;
}

// The neighbour's name, or "" at the edge.
std::string step(const BoardGraph& b, const std::string& from, const std::string& direction) {
  int to = b.neighbour(cell(b, from), dir(b, direction));
  return to == kNoCell ? "" : b.cell(to).name;
}

int neighbour_count(const BoardGraph& b, const std::string& name) {
  int n = 0;
  for (int d = 0; d < b.direction_count(); ++d) n += b.neighbour(cell(b, name), d) != kNoCell;
  return n;
}

std::set<std::string> zone(const BoardGraph& b, const std::string& name) {
  std::set<std::string> out;
  const auto* z = b.find_zone(name);
  INFO(name);
  REQUIRE(z);
  for (int c : *z) out.insert(b.cell(c).name);
  return out;
}

std::string relative(const BoardGraph& b, const std::string& orientation, const std::string& rel) {
  const Orientation* o = b.find_orientation(orientation);
  REQUIRE(o);
  auto it = o->relative.find(rel);
  return it == o->relative.end() ? "" : b.direction(it->second).name;
}

}  // namespace

TEST_CASE("shipped boards have the documented cell counts", "[board]") {
  CHECK(load_shipped("square8.yaml").cell_count() == 64);
  CHECK(load_shipped("laska7.yaml").cell_count() == 25);
  CHECK(load_shipped("hex9.yaml").cell_count() == 217);
  CHECK(load_shipped("hex5.yaml").cell_count() == 61);
  CHECK(load_shipped("lanko88.yaml").cell_count() == 88);
  CHECK(load_shipped("lanko68.yaml").cell_count() == 68);
  CHECK(load_shipped("lanko103.yaml").cell_count() == 61);
  CHECK(make_hex(9).cell_count() == 3 * 9 * 8 + 1);
}

TEST_CASE("rectangle: names, neighbours, opposites, groups", "[board]") {
  auto b = load_shipped("square8.yaml");
  CHECK(b.name == "square8");
  CHECK(b.direction_count() == 8);
  CHECK(step(b, "a1", "n") == "a2");
  CHECK(step(b, "a1", "e") == "b1");
  CHECK(step(b, "a1", "ne") == "b2");
  CHECK(step(b, "a1", "s") == "");
  CHECK(step(b, "a1", "w") == "");
  CHECK(step(b, "h8", "sw") == "g7");
  CHECK(neighbour_count(b, "a1") == 3);
  CHECK(neighbour_count(b, "d4") == 8);
  for (int d = 0; d < b.direction_count(); ++d) {
    int o = b.direction(d).opposite;
    REQUIRE(o != kNoDirection);
    CHECK(b.direction(o).opposite == d);
    CHECK(b.direction(o).dx == -b.direction(d).dx);
    CHECK(b.direction(o).dy == -b.direction(d).dy);
  }
  CHECK(b.direction(dir(b, "n")).opposite == dir(b, "s"));
  CHECK(b.direction(dir(b, "ne")).opposite == dir(b, "sw"));
  // Every link has its way back.
  for (int c = 0; c < b.cell_count(); ++c)
    for (int d = 0; d < b.direction_count(); ++d)
      if (int to = b.neighbour(c, d); to != kNoCell) CHECK(b.neighbour(to, b.direction(d).opposite) == c);
  REQUIRE(b.find_direction_group("all"));
  CHECK(b.find_direction_group("all")->size() == 8);
  CHECK(b.find_direction_group("orthogonal")->size() == 4);
  CHECK(b.find_direction_group("diagonal")->size() == 4);
  CHECK(b.cell(cell(b, "c5")).x == 2);
  CHECK(b.cell(cell(b, "c5")).y == 4);
  CHECK(b.attribute(cell(b, "a1"), "colour") == "dark");
  CHECK(b.attribute(cell(b, "b1"), "colour") == "light");
  CHECK(b.attribute(cell(b, "h8"), "colour") == "dark");
}

TEST_CASE("rectangle: zones", "[board]") {
  auto b = load_shipped("square8.yaml");
  CHECK(zone(b, "rank1") == std::set<std::string>{"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"});
  CHECK(zone(b, "file-c").size() == 8);
  CHECK(zone(b, "file-c").count("c8"));
  CHECK(zone(b, "edge").size() == 28);
  CHECK(zone(b, "edge").count("a5"));
  CHECK(!zone(b, "edge").count("b2"));
}

TEST_CASE("rectangle with corners only: diagonal links only", "[board]") {
  auto b = load_shipped("laska7.yaml");
  CHECK(b.find_cell("a1") != kNoCell);
  CHECK(b.find_cell("b1") == kNoCell);
  CHECK(b.find_cell("g7") != kNoCell);
  for (int c = 0; c < b.cell_count(); ++c) {
    CHECK(b.attribute(c, "colour") == "dark");
    for (int d : *b.find_direction_group("orthogonal")) CHECK(b.neighbour(c, d) == kNoCell);
  }
  CHECK(step(b, "a1", "ne") == "b2");
  CHECK(step(b, "d4", "nw") == "c5");
  CHECK(neighbour_count(b, "d4") == 4);
  CHECK(neighbour_count(b, "a1") == 1);
  CHECK(zone(b, "rank7") == std::set<std::string>{"a7", "c7", "e7", "g7"});
}

TEST_CASE("leaps: a knight's eight directions on generated grids, linked by their offsets", "[board]") {
  for (const char* shape : {"rectangle: { files: 8, ranks: 8 }", "rectangle: { files: 7, ranks: 7, squares: corners }",
                            "map:\n  rows: |\n    ....\n    .#..\n    ....\n  legend: { '.': {}, '#': none }"}) {
    INFO(shape);
    Diagnostics diags;
    auto b = load_text(std::string(shape) + "\nleaps: { knight: [1, 2], camel: [3, 1] }\n", diags);
    REQUIRE(b);
    CHECK(diags.empty());
    REQUIRE(b->find_direction_group("knight"));
    REQUIRE(b->find_direction_group("camel"));
    CHECK(b->find_direction_group("knight")->size() == 8);
    CHECK(b->direction_count() == 8 + 16);
    // Every cell: each leap direction reaches exactly the cell at its offset, when it exists,
    // and its opposite leads back.
    std::map<std::pair<long, long>, int> at;
    for (int c = 0; c < b->cell_count(); ++c) at[{std::lround(b->cell(c).x), std::lround(b->cell(c).y)}] = c;
    int links = 0;
    for (const char* group : {"knight", "camel"})
      for (int d : *b->find_direction_group(group)) {
        const auto& dir = b->direction(d);
        CHECK(dir.name.rfind(std::string(group) + "-", 0) == 0);
        const int o = dir.opposite;
        REQUIRE(o != kNoDirection);
        CHECK(b->direction(o).dx == -dir.dx);
        CHECK(b->direction(o).dy == -dir.dy);
        for (const auto& [xy, c] : at) {
          auto target = at.find({xy.first + std::lround(dir.dx), xy.second + std::lround(dir.dy)});
          const int expected = target == at.end() ? kNoCell : target->second;
          CHECK(b->neighbour(c, d) == expected);
          if (expected == kNoCell) continue;
          CHECK(b->neighbour(expected, o) == c);
          ++links;
        }
      }
    CHECK(links > 0);
  }
  // The names: the nearer axis first, then the diagonal.
  Diagnostics diags;
  auto b = load_text("rectangle: { files: 8, ranks: 8 }\nleaps: { knight: [1, 2] }\n", diags);
  REQUIRE(b);
  CHECK(step(*b, "b1", "knight-nne") == "c3");
  CHECK(step(*b, "b1", "knight-ene") == "d2");
  CHECK(step(*b, "b1", "knight-nnw") == "a3");
  CHECK(b->neighbour(cell(*b, "b1"), b->find_direction("knight-wnw")) == kNoCell);
  CHECK(step(*b, "g8", "knight-sse") == "h6");
  CHECK(step(*b, "g8", "knight-wsw") == "e7");
}

TEST_CASE("rectangle orientations", "[board]") {
  auto b = make_rectangle(8, 8);
  CHECK(relative(b, "north", "forward") == "n");
  CHECK(relative(b, "north", "left") == "w");
  CHECK(relative(b, "north", "forward-right") == "ne");
  CHECK(relative(b, "north", "backward-left") == "sw");
  CHECK(relative(b, "south", "forward") == "s");
  CHECK(relative(b, "south", "left") == "e");
  CHECK(relative(b, "south", "forward-left") == "se");
  CHECK(relative(b, "east", "forward") == "e");
  CHECK(relative(b, "east", "left") == "n");
  CHECK(relative(b, "east", "backward-right") == "sw");
  CHECK(relative(b, "west", "forward") == "w");
  CHECK(relative(b, "west", "left") == "s");
  CHECK(relative(b, "west", "right") == "n");
}

TEST_CASE("orientations in the file add to or replace the generated ones", "[board]") {
  Diagnostics diags;
  auto b = load_text(
      "rectangle: { files: 3, ranks: 3 }\n"
      "orientations:\n"
      "  north: { forward: e }\n"
      "  sideways: { forward: w, left: s }\n",
      diags);
  REQUIRE(b);
  CHECK(relative(*b, "north", "forward") == "e");
  CHECK(relative(*b, "north", "left") == "");  // replaced, not merged
  CHECK(relative(*b, "sideways", "left") == "s");
  CHECK(b->orientations().size() == 5);
}

TEST_CASE("hex: naming, six neighbours in the middle, three at a corner", "[board]") {
  auto b = load_shipped("hex9.yaml");
  CHECK(b.direction_count() == 6);
  CHECK(zone(b, "edge").size() == 48);
  CHECK(b.find_cell("a9") != kNoCell);
  CHECK(b.find_cell("a10") == kNoCell);
  CHECK(b.find_cell("i17") != kNoCell);
  CHECK(b.find_cell("q9") != kNoCell);
  CHECK(b.find_cell("r1") == kNoCell);
  CHECK(neighbour_count(b, "i9") == 6);  // the centre
  CHECK(step(b, "i9", "e") == "i10");
  CHECK(step(b, "i9", "w") == "i8");
  CHECK(step(b, "i9", "ne") == "j9");
  CHECK(step(b, "i9", "nw") == "j8");
  CHECK(step(b, "i9", "se") == "h9");
  CHECK(step(b, "i9", "sw") == "h8");
  CHECK(step(b, "a1", "ne") == "b2");
  CHECK(step(b, "a1", "nw") == "b1");
  for (const char* corner : {"a1", "a9", "i1", "i17", "q1", "q9"}) CHECK(neighbour_count(b, corner) == 3);
  CHECK(neighbour_count(b, "a5") == 4);  // edge, not a corner
  for (int d = 0; d < 6; ++d) CHECK(b.direction(b.direction(d).opposite).opposite == d);
  CHECK(b.direction(dir(b, "ne")).opposite == dir(b, "sw"));
  // Rows are centred: the middle row spans x 0..16, the south row is shifted by 4.
  CHECK(b.cell(cell(b, "i1")).x == 0);
  CHECK(b.cell(cell(b, "a1")).x == 4);
  CHECK(b.cell(cell(b, "b1")).x == 3.5);
  CHECK(b.cell(cell(b, "q1")).y == Approx(16 * std::sqrt(3.0) / 2));
  CHECK(relative(b, "north", "forward-left") == "nw");
  CHECK(relative(b, "north", "right") == "e");
  CHECK(relative(b, "north", "backward-left") == "sw");
  CHECK(relative(b, "north", "forward") == "");
  CHECK(relative(b, "south", "forward-left") == "se");
  CHECK(relative(b, "south", "left") == "e");
  CHECK(relative(b, "south", "backward-right") == "nw");
}

TEST_CASE("Lanko-88: middle, strips, ring, barriers, halves", "[board]") {
  auto b = load_shipped("lanko88.yaml");
  CHECK(b.find_cell("g7") == kNoCell);  // the hole
  CHECK(zone(b, "middle") == std::set<std::string>{"g6", "f7", "h7", "g8"});
  CHECK(zone(b, "border").size() == 20);
  CHECK(zone(b, "border-we").size() == 10);
  CHECK(zone(b, "border-ns").size() == 10);
  CHECK(zone(b, "border-we").count("a7"));
  CHECK(zone(b, "border-we").count("m7"));
  CHECK(zone(b, "border-ns").count("g13"));
  CHECK(zone(b, "border-ns").count("g9"));
  CHECK(zone(b, "ring").size() == 32);
  CHECK(b.cell_count() - 4 - 20 == 64);
  // Barriers remove the orthogonal link both ways; diagonal links stay.
  CHECK(b.barriers().size() == 4);
  CHECK(step(b, "c3", "n") == "");
  CHECK(step(b, "c4", "s") == "");
  CHECK(step(b, "c3", "e") == "d3");
  CHECK(step(b, "c3", "ne") == "d4");
  CHECK(step(b, "d4", "sw") == "c3");
  CHECK(step(b, "c11", "e") == "");
  CHECK(step(b, "d11", "w") == "");
  CHECK(step(b, "k11", "s") == "");
  CHECK(step(b, "k3", "w") == "");
  CHECK(step(b, "k3", "n") == "k4");
  // Across the hole there is no link; around it the middle squares meet diagonally.
  CHECK(step(b, "g6", "n") == "");
  CHECK(step(b, "g6", "nw") == "f7");
  CHECK(step(b, "e7", "e") == "f7");
  CHECK(step(b, "a7", "n") == "");
  CHECK(neighbour_count(b, "a7") == 1);
  // Control halves (A5): closed half-planes including the common strip.
  CHECK(zone(b, "half-S").size() == 50);
  CHECK(zone(b, "half-S").count("a7"));
  CHECK(zone(b, "half-N").count("m7"));
  CHECK(!zone(b, "half-N").count("g6"));
  CHECK(zone(b, "half-W").count("g13"));
  CHECK(!zone(b, "half-W").count("h7"));
  CHECK(zone(b, "half-E").count("g1"));
}

TEST_CASE("Lanko-68: counts, barriers, halves", "[board]") {
  auto b = load_shipped("lanko68.yaml");
  CHECK(b.find_cell("e5") == kNoCell);
  CHECK(b.find_cell("a1") == kNoCell);
  CHECK(b.find_cell("b1") == kNoCell);
  CHECK(b.find_cell("a2") == kNoCell);
  CHECK(b.find_cell("c1") != kNoCell);
  CHECK(zone(b, "middle") == std::set<std::string>{"e4", "d5", "f5", "e6"});
  CHECK(zone(b, "border").size() == 12);
  CHECK(zone(b, "border-we") == std::set<std::string>{"a5", "b5", "c5", "g5", "h5", "i5"});
  CHECK(zone(b, "border-ns") == std::set<std::string>{"e1", "e2", "e3", "e7", "e8", "e9"});
  CHECK(step(b, "b2", "n") == "");
  CHECK(step(b, "b8", "e") == "");
  CHECK(step(b, "h8", "s") == "");
  CHECK(step(b, "h2", "w") == "");
  CHECK(step(b, "b2", "ne") == "c3");
  CHECK(zone(b, "half-S").size() == 38);
  CHECK(zone(b, "half-W").count("e9"));
}

TEST_CASE("Lanko-103: dark squares plus role squares", "[board]") {
  auto b = load_shipped("lanko103.yaml");
  int dark = 0;
  for (int c = 0; c < b.cell_count(); ++c) dark += b.attribute(c, "colour") == "dark";
  CHECK(dark == 53);
  CHECK(b.attribute(cell(b, "f6"), "colour") == "dark");
  CHECK(zone(b, "manoeuvre") == std::set<std::string>{"e5", "g5", "f6", "e7", "g7"});
  CHECK(zone(b, "end") == std::set<std::string>{"f5", "e6", "g6", "f7"});
  CHECK(zone(b, "standby") == std::set<std::string>{"f1", "a6", "f11", "k6"});
  CHECK(zone(b, "border-we") == std::set<std::string>{"b6", "d6", "h6", "j6"});
  CHECK(zone(b, "border-ns") == std::set<std::string>{"f2", "f4", "f8", "f10"});
  CHECK(b.find_cell("e1") != kNoCell);
  CHECK(b.find_cell("d1") == kNoCell);  // white without a role
  CHECK(b.find_cell("a1") == kNoCell);  // cut corner
  CHECK(b.barriers().empty());
  CHECK(step(b, "f6", "n") == "f7");  // manoeuvre -> end square, orthogonally
  CHECK(step(b, "f6", "ne") == "g7");
  CHECK(step(b, "f1", "n") == "f2");  // standby entry
  CHECK(step(b, "f1", "w") == "e1");
  CHECK(step(b, "e3", "n") == "");  // e4 is a white square without a role
  CHECK(neighbour_count(b, "e3") == 4);
  CHECK(zone(b, "half-S").count("a6"));
  CHECK(!zone(b, "half-S").count("f7"));
  CHECK(zone(b, "half-E").count("f11"));
}

TEST_CASE("map: legend zones and attributes, ranks from the top line", "[board]") {
  Diagnostics diags;
  auto b = load_text(
      "map:\n"
      "  rows: |\n"
      "    .G.\n"
      "    #..\n"
      "  legend:\n"
      "    \"#\": none\n"
      "    \".\": {}\n"
      "    G: { zones: [goal, far], attributes: { role: target } }\n",
      diags);
  REQUIRE(b);
  CHECK(diags.empty());
  CHECK(b->cell_count() == 5);
  CHECK(b->find_cell("a1") == kNoCell);
  CHECK(zone(*b, "goal") == std::set<std::string>{"b2"});
  CHECK(zone(*b, "far") == std::set<std::string>{"b2"});
  CHECK(b->attribute(cell(*b, "b2"), "role") == "target");
  CHECK(b->attribute(cell(*b, "a2"), "role") == "");
  CHECK(step(*b, "b1", "nw") == "a2");
  CHECK(step(*b, "a2", "s") == "");
  CHECK(zone(*b, "rank2").size() == 3);
  CHECK(relative(*b, "north", "forward") == "n");
}

TEST_CASE("map: an unknown legend character is reported where it stands", "[board]") {
  Diagnostics diags;
  auto b = load_text(
      "# comment\n"
      "map:\n"
      "  rows: |   # a comment after the block header\n"
      "\n"
      "      ..\n"
      "      .x\n"
      "  legend: { \".\": {} }\n",
      diags);
  CHECK(!b);
  REQUIRE(diags.items().size() == 1);
  CHECK(diags.items()[0].pos.line == 6);
  CHECK(diags.items()[0].pos.column == 8);
  CHECK(diags.items()[0].message == "map character 'x' is not in the legend (legend: .)");
}

TEST_CASE("explicit cells, directions and links, and zone ranges", "[board]") {
  Diagnostics diags;
  auto b = load_text(
      "name: ring\n"
      "cells: [{name: p1, x: 0, y: 0}, {name: p2, x: 1, y: 0}, {name: p3, x: 2, y: 0}]\n"
      "directions: [{name: cw, dx: 1, dy: 0, opposite: ccw}, {name: ccw, dx: -1, dy: 0}]\n"
      "links:\n"
      "  p1: { cw: p2, ccw: p3 }\n"
      "  p2: { cw: p3, ccw: p1 }\n"
      "  p3: { cw: p1, ccw: p2 }\n"
      "zones: { all-points: [p1..p3], start: p1 }\n"
      "direction-groups: { round: [cw, ccw] }\n",
      diags);
  INFO(render_all(diags, {}));
  REQUIRE(b);
  CHECK(diags.empty());
  CHECK(b->name == "ring");
  CHECK(step(*b, "p3", "cw") == "p1");
  CHECK(b->direction(dir(*b, "ccw")).opposite == dir(*b, "cw"));
  CHECK(zone(*b, "all-points").size() == 3);
  CHECK(zone(*b, "start") == std::set<std::string>{"p1"});
  CHECK(b->find_direction_group("round")->size() == 2);
}

TEST_CASE("loader never crashes and reports every error", "[board]") {
  for (const char* text : {"",
                           "~",
                           "42",
                           "[1, 2]",
                           "rectangle:",
                           "rectangle: 8",
                           "hex: []",
                           "map: {rows: [], legend: {}}",
                           "cells: {}",
                           "cells: [1, [2], {name: {}}]\ndirections: [x]",
                           "links: {a: b}",
                           "zones: 3",
                           "map: {rows: \"..\\n.x\", legend: {\".\": {}}}",
                           "rectangle: {files: -1, ranks: 99999999999}",
                           "? [a, b]\n: c",
                           "&a [*a]",
                           "rectangle: {files: 2, ranks: 2}\nbarriers: [[a1, a1], 3, [[x], y]]",
                           "rectangle: {files: 2, ranks: 2}\nzones: {z: [a1..b99999999, q1]}",
                           "\t- x",
                           "a: \"unterminated"}) {
    Diagnostics diags;
    INFO(text);
    auto b = load_text(text, diags);
    CHECK(!b);
    CHECK(diags.has_errors());
    for (const auto& d : diags.items()) {
      // Located, except the one error about a YAML file that is not a board at all.
      CHECK((d.pos.line >= 1 || d.message.rfind("not a board file: ", 0) == 0));
      CHECK(d.message.find("yaml-cpp") == std::string::npos);
    }
  }
}

TEST_CASE("a missing board file is reported with its path", "[board]") {
  Diagnostics diags;
  SourceRegistry sources;
  CHECK(!load_board_file("/nonexistent/board.yaml", diags, sources));
  REQUIRE(diags.items().size() == 1);
  CHECK(diags.items()[0].message == "cannot open board file '/nonexistent/board.yaml'");
  CHECK(diags.items()[0].pos.file == "/nonexistent/board.yaml");
}

TEST_CASE("golden bad boards report exactly their expected diagnostics", "[board]") {
  auto files = testing::golden_files("boards", ".yaml");
  REQUIRE(files.size() >= 20);
  for (const auto& path : files) {
    Diagnostics diags;
    SourceRegistry sources;
    auto board = load_board_file(path.string(), diags, sources);
    auto expected = testing::expected_diagnostics(testing::read_text(path));
    INFO(path.filename().string() << "\n" << render_all(diags, sources));
    REQUIRE(!expected.empty());
    CHECK(testing::reported_diagnostics(diags) == expected);
    bool expects_error =
        std::any_of(expected.begin(), expected.end(), [](const std::string& e) { return e.rfind("error", 0) == 0; });
    CHECK(board.has_value() == !expects_error);
  }
}

TEST_CASE("drawing an 8x8 start position", "[board]") {
  auto b = load_shipped("square8.yaml");
  auto label = [&](int c) {
    const std::string& n = b.cell(c).name;
    char file = n[0];
    int rank = std::stoi(n.substr(1));
    if ((rank == 1 || rank == 8) && file > 'a' && file < 'h') return std::string("B");
    if ((file == 'a' || file == 'h') && rank > 1 && rank < 8) return std::string("W");
    return std::string("-");
  };
  CHECK(draw_board(b, label) ==
        "8 - B B B B B B -\n"
        "7 W - - - - - - W\n"
        "6 W - - - - - - W\n"
        "5 W - - - - - - W\n"
        "4 W - - - - - - W\n"
        "3 W - - - - - - W\n"
        "2 W - - - - - - W\n"
        "1 - B B B B B B -\n"
        "  a b c d e f g h\n");
}

TEST_CASE("drawing: missing squares are blanks, wide labels pad every cell", "[board]") {
  auto laska = load_shipped("laska7.yaml");
  CHECK(draw_board(laska, [](int) { return std::string("w"); }) ==
        "7 w   w   w   w\n"
        "6   w   w   w\n"
        "5 w   w   w   w\n"
        "4   w   w   w\n"
        "3 w   w   w   w\n"
        "2   w   w   w\n"
        "1 w   w   w   w\n"
        "  a b c d e f g\n");
  auto small = make_rectangle(3, 2);
  CHECK(draw_board(small, [&](int c) { return small.cell(c).name == "b1" ? std::string("Wbb") : std::string("-"); }) ==
        "2 -   -   -\n"
        "1 -   Wbb -\n"
        "  a   b   c\n");
}

TEST_CASE("drawing: hex rows are staggered by half a cell", "[board]") {
  auto b = make_hex(3);
  CHECK(draw_board(b, [](int) { return std::string("."); }) ==
        "e   . . .\n"
        "d  . . . .\n"
        "c . . . . .\n"
        "b  . . . .\n"
        "a   . . .\n");
  auto lanko = load_shipped("lanko88.yaml");
  std::string picture = draw_board(lanko, [](int) { return std::string("."); });
  CHECK(picture.substr(0, picture.find('\n')) == "13             .");
  CHECK(picture.find(" 7 . . . . . .   . . . . . .\n") != std::string::npos);
}

TEST_CASE("describe_board summarises cells, zones and barriers", "[board]") {
  auto text = describe_board(load_shipped("lanko68.yaml"));
  CHECK(text.find("board lanko68: 68 cells, 8 directions") == 0);
  CHECK(text.find("middle (4)") != std::string::npos);
  CHECK(text.find("barriers: b2|b3, b8|c8, h8|h7, h2|g2") != std::string::npos);
}

// Shared by the two tests below: every shipped board of at most 64 cells, a random mask of
// cells, and the cells whose k-th cell along a direction is in a mask, read off the rays.
namespace {

constexpr const char* kBitboardFiles[] = {"square6.yaml", "square8.yaml", "draughts8.yaml", "laska7.yaml",
                                          "rect7x6.yaml", "rect8x7.yaml", "hex5.yaml"};
uint64_t random_cells(Rng& rng) {
  return (uint64_t{rng.below(1u << 31)} << 33) ^ (uint64_t{rng.below(1u << 31)} << 2) ^ rng.below(4);
}
uint64_t cells_whose_ray_cell_in(const BoardData& d, int dir, int k, uint64_t cells) {
  uint64_t out = 0;
  for (int c = 0; c < d.cells; ++c)
    if (d.ray_len(c, dir) > k && (cells >> d.ray(c, dir)[k] & 1)) out |= uint64_t{1} << c;
  return out;
}

}  // namespace

// cells_before moves a whole mask along a direction with the board's offset groups: two fixed
// shifts when no direction has more than two groups, else a loop over them. Both against the
// rays, on every shipped board of at most 64 cells (hex5 has more groups and takes the loop).
TEST_CASE("Boards: a mask moved along a direction by shifts is the cells whose neighbour is in it", "[board]") {
  bool paired = false, looped = false;
  for (const char* file : kBitboardFiles) {
    INFO(file);
    BoardData d;
    precompute_board_data(load_shipped(file), d);
    REQUIRE(d.bitboards);
    (d.shift_pairs.empty() ? looped : paired) = true;
    Rng rng(11);
    for (int round = 0; round < 50; ++round) {
      const uint64_t cells = random_cells(rng);
      for (int dir = 0; dir < d.dirs; ++dir) {
        INFO("direction " << dir << " mask " << cells);
        CHECK(cells_before(d, dir, cells) == cells_whose_ray_cell_in(d, dir, 0, cells));
      }
    }
  }
  CHECK(paired);
  CHECK(looped);
}

// hop_shifts: two cells along a direction as one shift, where every cell's second cell is
// the same offset away (the capture test's landings). Against the rays on every shipped
// board of at most 64 cells; the boards of dark squares have them, hex5's rows do not line up.
TEST_CASE("Boards: two cells along a direction in one shift where the board allows it", "[board]") {
  for (const char* file : kBitboardFiles) {
    INFO(file);
    BoardData d;
    precompute_board_data(load_shipped(file), d);
    const std::string name = file;
    if (name == "draughts8.yaml" || name == "laska7.yaml" || name == "square8.yaml") CHECK(!d.hop_shifts.empty());
    if (name == "hex5.yaml") CHECK(d.hop_shifts.empty());
    if (d.hop_shifts.empty()) continue;
    REQUIRE(d.hop_shifts.size() == static_cast<size_t>(d.dirs));
    Rng rng(12);
    for (int round = 0; round < 50; ++round) {
      const uint64_t cells = random_cells(rng);
      for (int dir = 0; dir < d.dirs; ++dir) {
        INFO("direction " << dir << " mask " << cells);
        CHECK(cells_before(d.hop_shifts[dir], cells) == cells_whose_ray_cell_in(d, dir, 1, cells));
      }
    }
  }
}

TEST_CASE("docs/BOARDS.md's table has every shipped board, with its cell count and the rules files on it",
          "[boards][docs]") {
  const std::string doc = tabula::testing::read_text(std::string(TABULA_SOURCE_DIR) + "/docs/BOARDS.md");
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TABULA_SOURCE_DIR) + "/boards")) {
    const std::string file = entry.path().filename().string();
    INFO(file);
    const std::string start = "| `" + file + "` |";
    const auto at = doc.find(start);
    REQUIRE(at != std::string::npos);
    const std::string row = doc.substr(at, doc.find('\n', at) - at);
    // The third column begins with the number of cells.
    size_t bar = at;
    for (int k = 0; k < 2; ++k) bar = doc.find('|', bar + 1);
    CHECK(std::stoi(doc.substr(bar + 1)) == load_shipped(file).cell_count());
    // A board no rules file names says so; else the row names a game (not checked by name).
    bool named = false;
    for (const auto& rules : std::filesystem::directory_iterator(std::string(TABULA_SOURCE_DIR) + "/rules"))
      named = named ||
              tabula::testing::read_text(rules.path().string()).find("board \"" + file + "\"") != std::string::npos;
    CHECK(named == (row.find("no shipped game") == std::string::npos));
  }
}

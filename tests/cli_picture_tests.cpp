// `tabula show --svg` and `tabula replay --html`, run as the real binary: every shipped game's
// start and every board file draw as well-formed SVG that renders; the picture holds what the
// position holds; bad requests are one clear sentence.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"
#include "engine/text/game_record.hpp"
#include "picture/svg_text.hpp"
#include "svg_check.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::vector<std::string> files_in(const std::string& dir, const std::string& extension) {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::directory_iterator(repo_path(dir)))
    if (entry.path().extension() == extension) out.push_back(dir + "/" + entry.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// Runs `show ARGS --svg FILE`, requires success, checks the SVG with xmllint and returns it.
std::string show_svg(const std::string& args, const std::string& name) {
  std::string path = picture_dir() + "/" + name + ".svg";
  std::filesystem::remove(path);
  auto r = run("show " + args + " --svg '" + path + "'");
  INFO(args << "\n" << r.out);
  REQUIRE(r.status == 0);
  INFO(path);
  CHECK(xml_problems(path) == "");
  return read_text(path);
}

size_t pieces_of_side(const std::string& svg, int side) {
  std::string s = std::to_string(side);
  return count(svg, "class=\"piece\" data-side=\"" + s + "\"") +
         count(svg, "class=\"piece column\" data-side=\"" + s + "\"");
}

// The picture holds one piece element per occupied cell, by the side on top, and (in
// column games) one counter element per counter.
void check_pieces(const State& s, const std::string& svg) {
  const Program& p = s.program();
  std::vector<size_t> tops(p.player_count(), 0);
  size_t counters = 0;
  for (int c = 0; c < p.cells; ++c) {
    if (!s.at(c)) continue;
    ++tops[p.owner(s.at(c))];
    counters += s.height(c);
  }
  for (int side = 0; side < p.player_count(); ++side) {
    INFO(p.players[side].name);
    CHECK(pieces_of_side(svg, side) == tops[side]);
  }
  CHECK(count(svg, "class=\"counter\"") == (p.stacking ? counters : 0));
  CHECK(count(svg, "class=\"cell\"") == static_cast<size_t>(p.cells));
}

}  // namespace

TEST_CASE("CLI: show --svg draws every shipped game's start position - it renders and holds every piece",
          "[cli][picture][slow]") {
  for (const auto& rules : files_in("rules", ".rules")) {
    INFO(rules);
    std::string name = std::filesystem::path(rules).stem().string();
    std::string svg = show_svg(rules, name);
    check_renders(picture_dir() + "/" + name + ".svg");
    State s(load_rules(repo_path(rules)));
    check_pieces(s, svg);
    CHECK(count(svg, "class=\"last-move") == 0);  // nothing was played yet
    // The title as XML writes it (an apostrophe in "Nine men's morris" is escaped).
    CHECK(svg.find("<title>" + xml_escape(s.program().name) + "</title>") != std::string::npos);
    CHECK(svg.find(" to move</text>") != std::string::npos);  // the caption
  }
}

TEST_CASE("CLI: show FILE.yaml --svg - draws a bare board file, and only the SVG goes to stdout", "[cli][picture]") {
  auto boards = files_in("boards", ".yaml");
  for (const auto& extra : files_in("tests/data", ".yaml")) boards.push_back(extra);
  for (const auto& board : boards) {
    INFO(board);
    auto r = run("show " + board + " --svg -");
    REQUIRE(r.status == 0);
    CHECK(r.out.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 0) == 0);
    CHECK(r.out.size() > 7);
    CHECK(r.out.substr(r.out.size() - 7) == "</svg>\n");
    std::string path = picture_dir() + "/board-" + std::filesystem::path(board).stem().string() + ".svg";
    write_file(path, r.out);
    CHECK(xml_problems(path) == "");
    CHECK(count(r.out, "class=\"piece") == 0);
  }
  // Lanko's barriers are walls; hex boards have hexagons, with every point named.
  CHECK(count(show_svg("boards/lanko88.yaml", "lanko88"), "class=\"barrier\"") == 4);
  std::string hex = show_svg("boards/hex5.yaml", "hex5");
  CHECK(count(hex, "<polygon points=") == 61);
  CHECK(hex.find(">e9</text>") != std::string::npos);
  // Without --svg the text drawing, as before.
  auto r = run("show boards/laska7.yaml --zone rank1");
  CHECK(r.status == 0);
  CHECK(r.out.find("board laska7: 25 cells\n") == 0);
  CHECK(r.out.find("1 *   *   *   *\n") != std::string::npos);
}

TEST_CASE("CLI: show --svg marks the last move, the legal moves of a piece and shaded zones", "[cli][picture]") {
  std::string svg = show_svg("rules/loa.rules --moves 'b1-b3'", "loa-b1b3");
  CHECK(count(svg, "<polyline class=\"last-move\"") == 1);
  CHECK(count(svg, "class=\"last-move-cell\"") == 2);
  CHECK(svg.find("white to move (ply 1)</text>") != std::string::npos);
  CHECK(count(svg, "class=\"taken\"") == 0);  // a plain move took nothing
  // A capture: the arrow goes e5-c3, and the counter it took on d4 is crossed out there.
  svg = show_svg("rules/laska.rules --moves 'c3-d4 e5-c3'", "laska-capture");
  CHECK(count(svg, "<g class=\"taken\"") == 1);
  CHECK(svg.find("<title>taken on d4</title>") != std::string::npos);

  auto program = load_rules(repo_path("rules/loa.rules"));
  State s(program);
  std::set<int> reachable;
  for (const Move& m : s.legal_moves())
    if (m.from == program->board->find_cell("c1")) reachable.insert(m.to);
  REQUIRE(reachable.size() == 3);  // c1-a3, c1-c3, c1-e3
  svg = show_svg("rules/loa.rules --targets c1", "loa-targets");
  CHECK(count(svg, "class=\"targets-from\"") == 1);
  CHECK(count(svg, "class=\"target\"") == reachable.size());
  CHECK(svg.find("<title>e3</title></circle>") != std::string::npos);

  svg = show_svg("rules/lanko-88.rules --zone middle --zone border", "lanko88-zones");
  CHECK(count(svg, "class=\"shade\"") == 4 + 20);
  CHECK(svg.find(">middle (4 cells)</text>") != std::string::npos);
  CHECK(count(svg, "class=\"barrier\"") == 4);
  // --territory: each side's territory is a shaded set of its own.
  svg = show_svg("rules/lanquia.rules --territory --position 'i6B i8B i11B i13B, Black to move'", "lanquia-territory");
  CHECK(count(svg, "class=\"shade\"") == 4);
  CHECK(svg.find(">black territory (4 cells)</text>") != std::string::npos);
  CHECK(svg.find(">white territory (0 cells)</text>") != std::string::npos);
  // A zone of the rules (a promotion rank, per side) shades the cells of every side.
  svg = show_svg("rules/laska.rules --zone far-rank", "laska-far-rank");
  CHECK(count(svg, "class=\"shade\"") == 8);
}

TEST_CASE("CLI: show --svg keys the letters on the pieces and shows the pieces in reserve", "[cli][picture]") {
  std::string svg = show_svg("rules/lanko-88.rules", "lanko88-key");
  CHECK(svg.find(">letters: P/p pawn, T/t small-castle, X/x big-castle,</text>") != std::string::npos);
  CHECK(svg.find(">  V/v fixed-small-castle, Z/z fixed-big-castle</text>") != std::string::npos);
  svg = show_svg("rules/loa-parachute.rules", "parachute-reserves");
  CHECK(svg.find(">in reserve: black 6 stone, white 6 stone</text>") != std::string::npos);
  CHECK(svg.find("letters:") == std::string::npos);  // one kind: no letters on the pieces
  svg = show_svg("rules/loa.rules", "loa-no-key");
  CHECK(svg.find("class=\"key\"") == std::string::npos);
}

TEST_CASE("CLI: show --svg rings the cells that ended a finished game, and nothing before its end", "[cli][picture]") {
  // Connect Four: a column of four in a.
  std::string svg = show_svg("rules/connect-four.rules --moves 'R@a1 Y@b1 R@a2 Y@b2 R@a3 Y@b3'", "c4-before-end");
  CHECK(svg.find("class=\"ending\"") == std::string::npos);
  svg = show_svg("rules/connect-four.rules --moves 'R@a1 Y@b1 R@a2 Y@b2 R@a3 Y@b3 R@a4'", "c4-end");
  CHECK(count(svg, "class=\"ending-cell\"") == 4);
  CHECK(svg.find("<title>how the game ended: 4 cells</title>") != std::string::npos);
}

TEST_CASE("CLI: show --svg draws Laska columns counter by counter and Lanrick's region and mark", "[cli][picture]") {
  const std::string position = "BwwwW,2,b/bb,b,b/bw,3/1,b,1/1,bw,1,wb/w,bww,1/w,3 white";
  std::string svg = show_svg("rules/laska.rules --position '" + position + "'", "laska-columns");
  State laska = state_at(load_rules(repo_path("rules/laska.rules")), position);
  check_pieces(laska, svg);
  CHECK(count(svg, "data-height=\"5\"") == 1);
  CHECK(count(svg, "class=\"counter\" data-side=\"0\" data-kind=\"1\"") == 1);  // the white officer at the bottom of a7
  CHECK(svg.find(
            "<title>black officer, white soldier, white soldier, white soldier, white officer (top first)</title>") !=
        std::string::npos);

  const std::string moves = "mark:f3 decline h5-f3 h2-f2";
  svg = show_svg("rules/lanrick.rules --moves '" + moves + "'", "lanrick-region");
  auto lanrick = load_rules(repo_path("rules/lanrick.rules"));
  State s(lanrick);
  for (const char* m : {"mark:f3", "decline", "h5-f3", "h2-f2"}) s.apply(move_of(s, m));
  REQUIRE(describe(s).areas.size() == 1);
  REQUIRE(describe(s).areas[0].cells.size() == 9);
  CHECK(count(svg, "class=\"region-cell\"") == 9);
  CHECK(count(svg, "class=\"region-mark\"") == 1);
  CHECK(svg.find("<title>mark of rendezvous on f3</title>") != std::string::npos);
  check_pieces(s, svg);
  check_renders(picture_dir() + "/lanrick-region.svg");
}

TEST_CASE("CLI: show --svg refuses what it cannot draw, in one sentence", "[cli][picture]") {
  std::string out = picture_dir() + "/refused.svg";
  std::filesystem::remove(out);  // from an earlier run: an output is never written over
  auto r = run("show rules/loa.rules --svg " + out + " --targets e4");
  CHECK(r.status == 1);
  CHECK(r.out == "tabula: --targets: there is no piece on e4\n");
  r = run("show rules/loa.rules --svg " + out + " --targets z9");
  CHECK(r.status == 1);
  CHECK(r.out == "tabula: --targets: 'z9' is not a cell of the board\n");
  r = run("show rules/loa.rules --targets b1");
  CHECK(r.status != 0);
  CHECK(r.out.find("--targets requires --svg") != std::string::npos);
  r = run("show boards/hex9.yaml --position x --svg -");
  CHECK(r.status == 1);
  CHECK(r.out == "tabula: --position needs a rules file; boards/hex9.yaml is a board file\n");
  r = run("show boards/hex9.yaml --zone nowhere --svg -");
  CHECK(r.status == 1);
  CHECK(r.out == "tabula: 'nowhere' is not a zone of the board\n");
  r = run("show rules/loa.rules --svg /nonexistent-dir/x.svg");
  CHECK(r.status == 1);
  CHECK(r.out.find("tabula: cannot write --svg '/nonexistent-dir/x.svg': No such file or directory") !=
        std::string::npos);
  r = run("show rules/loa.rules --svg " + out + " --size 2");
  CHECK(r.status != 0);
  // A piece with no legal move now is drawn without targets, and said so.
  r = run("show rules/laska.rules --svg " + out + " --targets a1");
  CHECK(r.status == 0);
  CHECK(r.out.find("tabula: note: the piece on a1 has no legal move now") != std::string::npos);
  CHECK(count(read_text(out), "class=\"target\"") == 0);
}

namespace {

// The state group of an SVG drawing: what lies between <g class="state"> and the </g> that closes it.
std::string state_group(const std::string& svg) {
  auto start = svg.find("<g class=\"state\"");
  REQUIRE(start != std::string::npos);
  start = svg.find('>', start) + 2;
  auto end = svg.rfind("</g>\n</svg>");
  REQUIRE(end != std::string::npos);
  return svg.substr(start, end - start);
}

}  // namespace

TEST_CASE("CLI: replay --html writes one self-contained page that holds every position as its changes",
          "[cli][picture]") {
  std::string page_path = picture_dir() + "/lanrick.html";
  std::filesystem::remove(page_path);
  auto r = run("replay rules/lanrick.rules tests/data/lanrick-game.txt --html " + page_path);
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out == "273 moves replayed; yellow wins after 273 plies\n");
  std::string page = read_text(page_path);
  CHECK(page.rfind("<!DOCTYPE html>\n", 0) == 0);
  CHECK(xml_problems(page_path) == "");
  CHECK(count(page, "<i>") == 273);
  // The move list is numbered as the record numbers it: a row per round of seats.
  State game(load_rules(repo_path("rules/lanrick.rules")));
  std::string replay_error;
  REQUIRE(replay_record(game, read_text(repo_path("tests/data/lanrick-game.txt")), replay_error) == 273);
  std::istringstream words(record_movetext(game));
  int numbers = 0;
  for (std::string w; words >> w;) numbers += w.size() > 1 && w.back() == '.' && std::isdigit(w[0]);
  REQUIRE(numbers > 50);
  CHECK(count(page, "<p><b>") == numbers);
  CHECK(page.find("<p><b>1.</b><i>mark:f3</i>") != std::string::npos);
  CHECK(count(page, "<svg") == 1);
  // Self-contained: nothing is fetched (no URL, no external script, style or image).
  CHECK(page.find("http") == std::string::npos);
  CHECK(page.find("src=") == std::string::npos);
  CHECK(page.find("<link") == std::string::npos);
  CHECK(page.find("@import") == std::string::npos);
  for (const char* control :
       {"id=\"first\"", "id=\"back\"", "id=\"forward\"", "id=\"last\"", "ArrowLeft", "ArrowRight"})
    CHECK(page.find(control) != std::string::npos);
  CHECK(page.find("<i>mark:f3</i>") != std::string::npos);
  // The positions: the first drawn, then each as the parts its move changed. Put back
  // together, position k is what `show --moves` draws after the first k moves.
  const std::string open = "<script type=\"application/json\" id=\"replay\">";
  auto at = page.find(open) + open.size();
  auto data = nlohmann::json::parse(page.substr(at, page.find("</script>", at) - at));
  REQUIRE(data["changes"].size() == 273);
  REQUIRE(data["frame_status"].size() == 274);
  CHECK(data["status"][data["frame_status"][273].get<size_t>()] == "Lanrick: yellow wins after 273 plies");
  auto moves = record_moves(read_text(repo_path("tests/data/lanrick-game.txt")));
  REQUIRE(moves.size() == 273);
  std::vector<int> slots = data["first"].get<std::vector<int>>();
  for (size_t ply = 0; ply <= 273; ++ply) {
    if (ply > 0) {
      const auto& change = data["changes"][ply - 1];
      for (size_t k = 0; k + 2 < change.size(); k += 3) {
        CHECK(slots.at(change[k].get<size_t>()) == change[k + 1].get<int>());
        slots[change[k].get<size_t>()] = change[k + 2].get<int>();
      }
    }
    if (ply != 0 && ply != 1 && ply != 150 && ply != 273) continue;
    std::string played;
    for (size_t i = 0; i < ply; ++i) played += moves[i] + " ";
    auto shown = run("show rules/lanrick.rules --svg -" + (ply ? " --moves '" + played + "'" : std::string()));
    REQUIRE(shown.status == 0);
    std::string rebuilt;
    for (int id : slots) rebuilt += data["parts"][id].get<std::string>();
    INFO("ply " << ply);
    CHECK(rebuilt == state_group(shown.out));
  }
  // Only the changes are kept: the page is far smaller than a drawing per position.
  CHECK(page.size() < 274 * state_group(run("show rules/lanrick.rules --svg -").out).size() / 4);

  r = run("replay rules/loa.rules tests/data/loa-games/shortest_game.txt --html -");
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(r.out.find("moves replayed") == std::string::npos);  // only the page on stdout
}

TEST_CASE("CLI: replay --html of a long game grows with its changes, about 100 bytes a ply", "[cli][picture]") {
  // LOA without its end: random play runs to the ply limit.
  std::string rules =
      temp_rules("endless-loa.rules", "variant \"Endless LOA\" extends \"" + repo_path("rules/loa.rules") +
                                          "\"\nremove after-move\nlimit plies=20000\n");
  std::string record = picture_dir() + "/endless-loa.txt", page = picture_dir() + "/endless-loa.html";
  std::filesystem::remove(record);
  std::filesystem::remove(page);
  REQUIRE(run("play " + rules + " --players random,random --seed 3 --out " + record).status == 0);
  auto r = run("replay " + rules + " " + record + " --html " + page);
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out == "20000 moves replayed; draw after 20000 plies\n");
  // A drawing per position was about 4 KB (401 MB for 100 000 plies); the changes take
  // about 100 bytes (9.4 MB for 100 000 plies, docs/ROBUSTNESS.md).
  CHECK(std::filesystem::file_size(page) < 20000 * 120);
  CHECK(xml_problems(page) == "");
}

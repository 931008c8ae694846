#pragma once
// What a picture shows, as plain values: the pieces on each cell and the marks drawn over the
// board. The picture layer knows boards (board/) and these types only, never a game's rules,
// so any caller (the CLI, a replay page, bindings) fills them from its own state.
#include <string>
#include <vector>

namespace tabula {

struct PieceView {
  int side = 0;           // index into PictureOptions::side_names: picks the colour
  int kind = 0;           // picks the mark: 0 a plain disc, 1 a crown, 2 a ring, 3 a square tower, 4 a star
  std::string symbol;     // the letter drawn on the piece when PictureOptions::kind_letters
  std::string kind_name;  // for the tooltip ("white officer")
  bool operator==(const PieceView&) const = default;
};

struct CellView {
  std::vector<PieceView> column;  // bottom first; empty for an empty cell
  bool operator==(const CellView&) const = default;
};

// A set of cells drawn tinted and hatched, named in a legend under the board.
struct ShadedCells {
  std::string name;
  std::vector<int> cells;
};

enum class CellNames { automatic, shown, hidden };  // automatic: where no edge coordinates name them

struct PictureOptions {
  std::vector<std::string> side_names;  // one per side; a name that is a colour ("yellow") gives that colour
  bool stacks = false;                  // draw every column as a stack of counters (column games)
  bool kind_letters = false;            // write each piece's symbol on it (games with several kinds)
  std::vector<ShadedCells> shaded;
  // A target region: its cells are outlined, its mark cell carries a cross.
  std::vector<int> region;
  int region_mark = -1;
  std::string region_name;
  // The last move as the cells it visits: from, the landings, to. One cell: a placement.
  std::vector<int> last_move;
  // The cells whose pieces the last move took on its way (a jump's captures): crossed out.
  std::vector<int> last_taken;
  // How a finished game ended: the cells of the winning row, group or chain, ringed.
  std::vector<int> ending;
  // The legal moves of one piece: the cell it stands on and the cells it may reach.
  int targets_from = -1;
  std::vector<int> targets;
  bool coordinates = true;  // rank and file (or row) labels along the edges
  CellNames cell_names = CellNames::automatic;
  double cell_size = 48;  // pixels between neighbouring cells
  std::string title;      // the SVG <title>
  // Lines of text under the board, after the zones' legend: what the letters on the pieces
  // stand for, the pieces in reserve.
  std::vector<std::string> key;
  std::string caption;  // a line of text under the board ("" for none)
};

}  // namespace tabula

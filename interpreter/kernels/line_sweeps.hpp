#pragma once
// The flanking questions of kernels/flanking.hpp answered for the whole board at once, from
// a word per straight line (BoardData::straight_lines) and side, bit k standing for the
// line's k-th cell: a few shifts and masks a line instead of a walk from every cell. Only on
// boards that sweep by words (BoardData::sweeps_by_words); elsewhere the callers walk rays.
#include <cstdint>

#include "program/cell_set.hpp"
#include "program/program.hpp"

namespace tabula {

// The words of a position: per line, `line_word_stride(p)` words, the line's occupied
// cells and then each player's. A State keeps them up to date when the program asks
// (Program::keeps_line_words); `gather_line_words` reads them off a board.
inline int line_word_stride(const Program& p) { return p.player_count() + 1; }
void gather_line_words(const Program& p, const uint8_t* board, uint64_t* words);
// The top of `cell` passes from `old_owner` to `new_owner` (-1: empty).
inline void line_words_changed(const Program& p, uint64_t* words, int cell, int old_owner, int new_owner) {
  const BoardData::StraightLines& lines = p.straight_lines;
  const int stride = line_word_stride(p);
  const int32_t* place = lines.place.data() + static_cast<size_t>(cell) * lines.axes;  // none without axes
  for (int a = 0; a < lines.axes; ++a) {
    uint64_t* w = words + static_cast<size_t>(place[a] >> 6) * stride;
    const uint64_t bit = uint64_t{1} << (place[a] & 63);
    if (old_owner >= 0) w[0] &= ~bit, w[1 + old_owner] &= ~bit;
    if (new_owner >= 0) w[0] |= bit, w[1 + new_owner] |= bit;
  }
}

// The empty cells from which, along some direction, the first piece reached across empty
// cells is `player`'s (`both_ends` false: sees_piece_of), or from which, on some axis, the
// first pieces both ways are `player`'s (`both_ends` true: in_run_flanked_by).
bool swept_sight(const Program& p, const uint64_t* words, int player, bool both_ends, CellSet& out);

// The cells of `player`'s chains whose two ends hold enemy pieces (dead_chain_cells).
bool swept_dead_chains(const Program& p, const uint64_t* words, int player, CellSet& out);

// Per empty cell, a bit per player flanking some run of empty cells through it (territory).
bool swept_flanking_players(const Program& p, const uint64_t* words, uint32_t* flanked);

}  // namespace tabula

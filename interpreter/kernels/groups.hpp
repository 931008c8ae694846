#pragma once
// Groups and their liberties, over the links of some directions: a group is a piece and
// every piece of its owner joined to it link by link; its liberties are the empty cells next
// to one of its pieces. An empty region is an empty cell and every empty cell joined to it;
// its border is the set of sides whose pieces touch it (the area a side holds alone).
#include <cstdint>
#include <vector>

#include "program/program.hpp"

namespace tabula {

// The group of the piece on `cell` (not empty) into `members`; returns its liberties, or 1
// as soon as one is found when `any` (is the group alive at all?).
int group_liberties(const Program& p, const uint8_t* board, int cell, const std::vector<int>& dirs,
                    std::vector<int>& members, bool any);

// Per cell: the side whose area it is (its piece's owner, or for an empty cell, the only
// side whose pieces border its empty region), or -1.
std::vector<int> area_owners(const Program& p, const uint8_t* board, const std::vector<int>& dirs);

}  // namespace tabula

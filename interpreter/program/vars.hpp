#pragma once
// The parts of a game's state that constructs own (a turn's budget, a region's mark, the
// pieces in reserve, captures so far, ...): named integer slots that a State stores,
// journals for undo, hashes and writes in position text. A module asks for its slots when it
// is checked and reads and writes them through the State.
#include <cstdint>
#include <string>
#include <vector>

namespace tabula {

struct VarSpec {
  // How the value is written in position text.
  enum class Type : uint8_t { number, cell, side, direction, flag };
  // position: part of what a position is (repetition compares it); counter: a count that
  // grows over the game (captures, turns played), hashed only when a rule reads it.
  enum class Role : uint8_t { position, counter };
  std::string name;
  Type type = Type::number;
  Role role = Role::position;
  int32_t initial = 0;
  int32_t low = 0, high = 0;  // the range a value may take (position text is checked against it)
};

struct VarTable {
  std::vector<VarSpec> specs;
  int add(VarSpec spec) {
    specs.push_back(std::move(spec));
    return static_cast<int>(specs.size()) - 1;
  }
  int find(const std::string& name) const {
    for (size_t i = 0; i < specs.size(); ++i)
      if (specs[i].name == name) return static_cast<int>(i);
    return -1;
  }
  int size() const { return static_cast<int>(specs.size()); }
};

}  // namespace tabula

#pragma once
// The native part of the Python package `tabula` (pybind11), over the public facade only
// (<tabula/tabula.hpp>). tabula_module.cpp binds the module, players and batch work;
// tabula_game.cpp the Game; tabula_state.cpp the State; tabula_batch.cpp the calls on many
// states at once (tabula.batch).
#include <pybind11/pybind11.h>

#include <vector>

namespace tabula {
class Game;
}

namespace tabula::python {

// The observation's shape, flat ([planes, cells]) or spatial ([planes, rows, columns];
// ValueError when the board is no grid).
std::vector<int> observation_shape(const Game& g, bool spatial);

void bind_game(pybind11::module_& m);
void bind_state(pybind11::module_& m);
void bind_batch(pybind11::module_& batch);

}  // namespace tabula::python

#pragma once
// The native part of the Python package `tabula` (pybind11), over the public facade only
// (<tabula/tabula.hpp>). tabula_module.cpp binds the module, games, players and batch work;
// tabula_state.cpp binds the State.
#include <pybind11/pybind11.h>

namespace tabula::python {

void bind_state(pybind11::module_& m);

}  // namespace tabula::python

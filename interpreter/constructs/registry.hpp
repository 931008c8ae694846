#pragma once
// The language's table (constructs.def): the checker dispatches on it, and the catalogue
// in docs/LANGUAGE.md is generated from it (`tabula language`).
#include "check/specs.hpp"

namespace tabula {

const Registry& language();

}  // namespace tabula

#include "constructs/registry.hpp"

namespace tabula {

#define TABULA_STATEMENT(n) extern const StatementSpec n;
#define TABULA_MOVEMENT(n) extern const MovementSpec n;
#define TABULA_ACTION(n) extern const ActionSpec n;
#define TABULA_FUNCTION(n) extern const FunctionSpec n;
#include "constructs/constructs.def"
#undef TABULA_STATEMENT
#undef TABULA_MOVEMENT
#undef TABULA_ACTION
#undef TABULA_FUNCTION

namespace {

#define TABULA_STATEMENT(n) &n,
#define TABULA_MOVEMENT(n)
#define TABULA_ACTION(n)
#define TABULA_FUNCTION(n)
constexpr const StatementSpec* kStatements[] = {
#include "constructs/constructs.def"
};
#undef TABULA_STATEMENT
#undef TABULA_MOVEMENT
#define TABULA_STATEMENT(n)
#define TABULA_MOVEMENT(n) &n,
constexpr const MovementSpec* kMovements[] = {
#include "constructs/constructs.def"
};
#undef TABULA_MOVEMENT
#undef TABULA_ACTION
#define TABULA_MOVEMENT(n)
#define TABULA_ACTION(n) &n,
constexpr const ActionSpec* kActions[] = {
#include "constructs/constructs.def"
};
#undef TABULA_ACTION
#undef TABULA_FUNCTION
#define TABULA_ACTION(n)
#define TABULA_FUNCTION(n) &n,
constexpr const FunctionSpec* kFunctions[] = {
#include "constructs/constructs.def"
};
#undef TABULA_STATEMENT
#undef TABULA_MOVEMENT
#undef TABULA_ACTION
#undef TABULA_FUNCTION

}  // namespace

const Registry& language() {
  static const Registry registry{kStatements, kMovements, kActions, kFunctions};
  return registry;
}

}  // namespace tabula

#pragma once
// One State (or Bot) from two Python threads. Calls that release the GIL (Bot.step,
// State.perft, the playouts) work on a copy of a state taken while the GIL is held, so nothing
// another thread does to the state can reach memory they use. Until they return the state is
// marked in use, and a call that would change it (apply_action, undo, ...) raises instead of
// moving the position under a search that is still thinking about it, whose answer would be
// stale. A Bot keeps its search between calls, so a second step on a Bot in use raises too.
namespace tabula::python {

// Marks `object` in use by `call` ("Bot.step") for its lifetime. Made and destroyed with the
// GIL held.
class InUse {
 public:
  InUse(const void* object, const char* call);
  ~InUse();
  InUse(const InUse&) = delete;
  InUse& operator=(const InUse&) = delete;

 private:
  const void* object_;
  const char* call_;
};

// Raises RuntimeError when `object` (a `kind`: "State", "Bot") is in use by a call on another
// thread; `change` names the call refused ("apply_action"). Called with the GIL held.
void check_not_in_use(const void* object, const char* kind, const char* change);

}  // namespace tabula::python

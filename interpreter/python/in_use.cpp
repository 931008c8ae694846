#include "in_use.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace tabula::python {
namespace {

// The objects in use, with the names of the calls using each, the earliest first. Only read
// and written with the GIL held, which is its lock; never destroyed, since a call may end
// while the interpreter shuts down.
using Calls = std::unordered_map<const void*, std::vector<const char*>>;
Calls& in_use() {
  static auto* objects = new Calls();
  return *objects;
}

}  // namespace

InUse::InUse(const void* object, const char* call) : object_(object), call_(call) { in_use()[object_].push_back(call); }

InUse::~InUse() {
  auto it = in_use().find(object_);
  if (it == in_use().end()) return;
  auto& calls = it->second;
  calls.erase(std::find(calls.begin(), calls.end(), call_));
  if (calls.empty()) in_use().erase(it);
}

void check_not_in_use(const void* object, const char* kind, const char* change) {
  auto it = in_use().find(object);
  if (it == in_use().end()) return;
  const std::string advice = std::string(kind) == "State" ? "a clone() of it" : "another one";
  throw std::runtime_error(std::string(change) + ": this " + kind + " is in use by " + it->second.front() +
                           " on another thread; wait for that call to return, or use " + advice);
}

}  // namespace tabula::python

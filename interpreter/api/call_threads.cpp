#include "api/call_threads.hpp"

#include <fmt/format.h>
#include <stdexcept>

#include "tabula/players.hpp"

namespace tabula::detail {

void check_threads(int threads, const char* what) {
  if (threads < 1 || threads > kMaxThreads)
    throw std::invalid_argument(fmt::format("{} take 1 to {} threads, not {}", what, kMaxThreads, threads));
}

}  // namespace tabula::detail

#include "api/call_threads.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

#include "tabula/errors.hpp"
#include "tabula/players.hpp"

namespace tabula::detail {

void check_threads(int threads, const char* what) {
  if (threads < 1 || threads > kMaxThreads)
    throw std::invalid_argument(fmt::format("{} take 1 to {} threads, not {}", what, kMaxThreads, threads));
}

void run_threads(int threads, const std::function<void(int)>& work, std::atomic<bool>& give_up) {
  std::vector<std::thread> pool;
  pool.reserve(static_cast<size_t>(threads));
  std::string refused;
  for (int t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(work, t);
    } catch (const std::system_error& e) {
      refused = e.what();
      give_up = true;
      break;
    }
  }
  if (refused.empty()) work(0);
  for (auto& th : pool) th.join();
  if (!refused.empty())
    throw LimitError(
        fmt::format("the system started only {} of the {} threads asked for ({})", pool.size() + 1, threads, refused));
}

}  // namespace tabula::detail

#include "util/parallel.hpp"

#include <fmt/format.h>

#include <exception>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "util/limits.hpp"

namespace tabula {

void run_parallel(int threads, const std::function<void(int)>& work, std::atomic<bool>& stop) {
  std::mutex lock;
  std::exception_ptr failure;
  auto guarded = [&](int t) {
    try {
      work(t);
    } catch (...) {
      std::lock_guard<std::mutex> guard(lock);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(static_cast<size_t>(threads > 1 ? threads - 1 : 0));
  std::string refused;
  for (int t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(guarded, t);
    } catch (const std::system_error& e) {
      refused = e.what();
      stop = true;
      break;
    }
  }
  if (refused.empty()) guarded(0);
  for (auto& th : pool) th.join();
  if (failure) std::rethrow_exception(failure);
  if (!refused.empty())
    throw EngineLimit(
        fmt::format("the system started only {} of the {} threads asked for ({})", pool.size() + 1, threads, refused));
}

}  // namespace tabula

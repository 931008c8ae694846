// The one runner of work on several threads (util/parallel): every share runs once, the
// first failure stops the others and is rethrown, whatever thread it came from.
#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "util/parallel.hpp"

using namespace tabula;

TEST_CASE("Parallel runner: every share runs once, the calling thread's too", "[parallel]") {
  std::vector<std::atomic<int>> ran(4);
  std::atomic<bool> stop{false};
  run_parallel(
      4, [&](int t) { ++ran[static_cast<size_t>(t)]; }, stop);
  for (auto& r : ran) CHECK(r.load() == 1);
  CHECK_FALSE(stop.load());
}

TEST_CASE("Parallel runner: a failure in any thread stops the others and is rethrown", "[parallel]") {
  for (int failing : {0, 2}) {
    INFO("failing share " << failing);
    std::atomic<bool> stop{false};
    std::atomic<int> stopped{0};
    auto work = [&](int t) {
      if (t == failing) throw std::runtime_error("share " + std::to_string(t) + " failed");
      while (!stop.load()) {
      }  // the others run until told to stop
      ++stopped;
    };
    CHECK_THROWS_WITH(run_parallel(3, work, stop), "share " + std::to_string(failing) + " failed");
    CHECK(stop.load());
    CHECK(stopped.load() == 2);
  }
}

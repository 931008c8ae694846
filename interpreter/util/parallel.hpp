#pragma once
// The one way Tabula runs work on several threads (random playouts, matches, tuning, the
// facade's calls, results checks): a bounded number of threads, the calling thread being one
// of them, the first failure forwarded, and a thread the system refuses to start an error
// that names the limit, never std::terminate with threads still running.
#include <atomic>
#include <functional>

namespace tabula {

// Runs work(t) for t = 0 .. threads - 1 (work(0) on the calling thread) and returns when
// all are done. When any work throws, or a thread cannot be started, `stop` is set (every
// work must watch it and return soon); then the first exception thrown is rethrown, or an
// EngineLimit says how many threads had started.
void run_parallel(int threads, const std::function<void(int)>& work, std::atomic<bool>& stop);

}  // namespace tabula

#pragma once
// The threads of one facade call (random playouts, batches): a bounded number, started so that
// a thread the system refuses is an error, never std::terminate with threads still running.
#include <atomic>
#include <functional>

namespace tabula::detail {

// Throws std::invalid_argument unless 1 <= threads <= kMaxThreads; `what` names the call.
void check_threads(int threads, const char* what);

// Runs work(t) for t = 0 .. threads - 1, work(0) on this thread, and returns when all are
// done. Each work(t) must catch its own exceptions. When a thread cannot be started,
// `give_up` is set (the work started must watch it and return soon), the started threads are
// joined, and LimitError says how many had started.
void run_threads(int threads, const std::function<void(int)>& work, std::atomic<bool>& give_up);

}  // namespace tabula::detail

#pragma once
// The threads of one facade call (random playouts, batches): a bounded number, run by
// util/parallel's run_parallel (a thread the system refuses is a LimitError through
// engine_call, never std::terminate with threads still running).

namespace tabula::detail {

// Throws std::invalid_argument unless 1 <= threads <= kMaxThreads; `what` names the call.
void check_threads(int threads, const char* what);

}  // namespace tabula::detail

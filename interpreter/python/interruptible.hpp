#pragma once
// Long native calls that Ctrl-C interrupts. Python runs a signal's handler only when the
// interpreter gets control, so a call that holds the main thread in C++ for minutes would
// leave Ctrl-C waiting. run_interruptibly runs the work on a helper thread with the GIL
// released while the calling thread, if it is Python's main thread (the only one signals
// reach), checks for signals every 50 ms; on one it sets the work's stop flag, waits for the
// work to wind down, and raises what the handler raised (KeyboardInterrupt).
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <future>
#include <system_error>
#include <thread>

namespace tabula::python {

// Whether this thread is Python's main thread (set when the module is imported).
bool on_main_thread();

template <class Work>
auto run_interruptibly(Work&& work) -> decltype(work(static_cast<const std::atomic<bool>*>(nullptr))) {
  namespace py = pybind11;
  using Result = decltype(work(static_cast<const std::atomic<bool>*>(nullptr)));
  std::atomic<bool> stop{false};
  if (!on_main_thread()) {
    py::gil_scoped_release release;
    return work(&stop);
  }
  std::packaged_task<Result()> task([&] { return work(&stop); });
  std::future<Result> done = task.get_future();
  std::thread helper;
  try {
    helper = std::thread(std::move(task));
  } catch (const std::system_error& e) {
    throw std::runtime_error(std::string("could not start a thread for the call: ") + e.what());
  }
  bool interrupted = false;
  {
    py::gil_scoped_release release;
    while (done.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
      py::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {
        interrupted = true;
        stop = true;
        break;
      }
    }
    done.wait();
    helper.join();
  }
  if (interrupted) throw py::error_already_set();
  return done.get();
}

}  // namespace tabula::python

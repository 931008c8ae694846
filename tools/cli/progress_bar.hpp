#pragma once
// A one-line progress bar on stderr, drawn only when stderr is a terminal (so logs and
// pipes stay clean).
#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <string>

#include <fmt/format.h>

namespace tabula::cli {

class ProgressBar {
 public:
  ProgressBar() : enabled_(isatty(fileno(stderr))), start_(std::chrono::steady_clock::now()) {}
  bool enabled() const { return enabled_; }
  ~ProgressBar() { finish(); }

  // `unit` names what is counted: "games", "root moves".
  void update(const std::string& label, int done, int total, const char* unit = "games") {
    if (!enabled_ || total <= 0) return;
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (done < total && elapsed - last_draw_ < 0.1) return;  // at most ten redraws a second
    last_draw_ = elapsed;
    double eta = done ? elapsed / done * (total - done) : 0;
    constexpr int kWidth = 30;
    int filled = kWidth * done / total;
    fmt::print(stderr, "\r{} [{}{}] {}/{} {}, {:.0f}s elapsed, about {:.0f}s left  ", label, std::string(filled, '#'),
               std::string(kWidth - filled, '.'), done, total, unit, elapsed, eta);
    std::fflush(stderr);
    drawn_ = true;
  }

  // Clears the line so the report starts on a clean one.
  void finish() {
    if (drawn_) fmt::print(stderr, "\r{}\r", std::string(100, ' '));
    drawn_ = false;
  }

 private:
  bool enabled_;
  bool drawn_ = false;
  double last_draw_ = -1;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace tabula::cli

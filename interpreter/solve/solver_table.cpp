#include "solve/solver_table.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <new>

#include <fmt/format.h>

#include "util/limits.hpp"

namespace tabula {
namespace {

class SpinLock {
 public:
  explicit SpinLock(std::atomic_flag& f) : f_(f) {
    while (f_.test_and_set(std::memory_order_acquire)) {
    }
  }
  ~SpinLock() { f_.clear(std::memory_order_release); }
  SpinLock(const SpinLock&) = delete;
  SpinLock& operator=(const SpinLock&) = delete;

 private:
  std::atomic_flag& f_;
};

uint8_t work_of(uint64_t nodes) { return static_cast<uint8_t>(1 + std::bit_width(nodes)); }

bool filled(const SolverTable::Entry& e) { return e.work != 0; }

}  // namespace

SolverTable::SolverTable(size_t bytes, ValueBounds unknown) : unknown_(unknown) {
  // The largest power of two of buckets that fits.
  // (One bucket of `bytes` is kept for aligning the rest: below.)
  const size_t fit = std::max<size_t>(1, (bytes > sizeof(Bucket) ? bytes - sizeof(Bucket) : 0) / sizeof(Bucket));
  buckets_ = std::bit_floor(fit);
  // One bucket more than needed, to start the buckets at a cache line (calloc promises less).
  allocated_ = std::calloc(buckets_ + 1, sizeof(Bucket));
  if (allocated_) {
    const auto at = reinterpret_cast<uintptr_t>(allocated_);
    buckets_data_ = reinterpret_cast<Bucket*>((at + alignof(Bucket) - 1) & ~uintptr_t{alignof(Bucket) - 1});
  }
  if (!buckets_data_)
    throw EngineLimit(
        fmt::format("the solver's table of {} MB cannot be had from the system: ask for less "
                    "(solve --memory)",
                    buckets_ * sizeof(Bucket) >> 20));
  locks_ = std::make_unique<std::atomic_flag[]>(kLocks);
  for (size_t i = 0; i < kLocks; ++i) locks_[i].clear();
}

SolverTable::~SolverTable() { std::free(allocated_); }

ValueBounds SolverTable::find(uint64_t key, uint64_t check, uint16_t* best_move) const {
  SpinLock lock(lock_of(key));
  const Bucket& b = bucket_of(key);
  for (const Entry& e : b.entries)
    if (filled(e) && e.key == key && e.check == check) {
      if (best_move) *best_move = e.best_move;
      return {e.lower, e.upper};
    }
  if (best_move) *best_move = kNoMove;
  return unknown_;
}

// The entry of this position in the bucket (same: true), else the one to replace: an empty
// one, or the cheapest proof of the bucket.
SolverTable::Entry* SolverTable::slot_for(Bucket& b, uint64_t key, uint64_t check, bool& same) {
  Entry* victim = nullptr;
  same = false;
  for (Entry& e : b.entries) {
    if (filled(e) && e.key == key && e.check == check) {
      same = true;
      return &e;
    }
    if (!victim || (filled(*victim) && (!filled(e) || e.work < victim->work))) victim = &e;
  }
  if (filled(*victim)) evictions_.fetch_add(1, std::memory_order_relaxed);
  else used_.fetch_add(1, std::memory_order_relaxed);
  return victim;
}

void SolverTable::store(uint64_t key, uint64_t check, ValueBounds proven, uint16_t best_move, uint64_t nodes) {
  SpinLock lock(lock_of(key));
  bool same = false;
  Entry* e = slot_for(bucket_of(key), key, check, same);
  const uint8_t work = work_of(nodes);
  if (!same) {
    *e = Entry{key,  check, std::max(proven.lower, unknown_.lower), std::min(proven.upper, unknown_.upper), best_move,
               work, 0};
    return;
  }
  e->lower = std::max(e->lower, proven.lower);
  e->upper = std::min(e->upper, proven.upper);
  if (best_move != kNoMove) e->best_move = best_move;
  e->work = std::max(e->work, work);
}

bool SolverTable::find_entry(uint64_t key, uint64_t check, Entry& out) const {
  SpinLock lock(lock_of(key));
  for (const Entry& e : bucket_of(key).entries)
    if (filled(e) && e.key == key && e.check == check) {
      out = e;
      return true;
    }
  return false;
}

void SolverTable::assign(const Entry& given, uint64_t nodes) {
  SpinLock lock(lock_of(given.key));
  bool same = false;
  Entry* e = slot_for(bucket_of(given.key), given.key, given.check, same);
  const uint8_t work = std::max(work_of(nodes), same ? e->work : uint8_t{0});
  *e = given;
  e->work = work;
}

std::vector<SolverTable::Entry> SolverTable::entries() const {
  std::vector<Entry> out;
  out.reserve(used());
  for (size_t i = 0; i < buckets_; ++i)
    for (const Entry& e : buckets_data_[i].entries)
      if (filled(e)) out.push_back(e);
  return out;
}

void SolverTable::add(const Entry& e) {
  store(e.key, e.check, {e.lower, e.upper}, e.best_move, e.work > 1 ? uint64_t{1} << (e.work - 2) : 0);
}

}  // namespace tabula

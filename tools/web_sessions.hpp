#pragma once
// The games a web board server holds: one per session id (random, 128 bits, hex), at most a
// given number; adding one beyond it evicts the game used least recently. Thread-safe: the
// store has its lock, and each session its own, held while a request works on its game.
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "web_game.hpp"

namespace tabula::web {

struct Session {
  std::mutex mutex;  // held while a request reads or changes `game`
  std::unique_ptr<WebGame> game;
};

class SessionStore {
 public:
  explicit SessionStore(size_t capacity) : capacity_(capacity < 1 ? 1 : capacity) {}

  // Stores a new game under a fresh id and returns the id.
  std::string add(std::unique_ptr<WebGame> game);
  // The session, or nullptr for an unknown (or evicted) id; marks it used.
  std::shared_ptr<Session> find(const std::string& id);
  size_t size() const;
  size_t capacity() const { return capacity_; }

  // 32 lowercase hex digits: the form every id has (others are refused before a lookup).
  static bool well_formed(const std::string& id);

 private:
  struct Entry {
    std::shared_ptr<Session> session;
    uint64_t last_used = 0;
  };
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> sessions_;
  uint64_t clock_ = 0;
  size_t capacity_;
};

}  // namespace tabula::web

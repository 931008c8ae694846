#pragma once
// The games a web board server holds: one per session id (random, 128 bits, hex), each
// belonging to the browser that started it (its token, web_access.hpp): a request of
// another browser does not find it. At most `capacity` games in all and `per_owner` per
// browser; adding one beyond either drops the game used least recently (of that browser,
// at its own limit). Thread-safe: the store has its lock, and each session its own, held
// while a request works on its game.
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
  SessionStore(size_t capacity, size_t per_owner)
      : capacity_(capacity < 1 ? 1 : capacity), per_owner_(per_owner < 1 ? 1 : per_owner) {}

  // Stores a new game of `owner` under a fresh id and returns the id.
  std::string add(std::unique_ptr<WebGame> game, const std::string& owner);
  // The session, or nullptr for an unknown (or dropped) id or another owner's; marks it used.
  std::shared_ptr<Session> find(const std::string& id, const std::string& owner);
  size_t size() const;
  size_t capacity() const { return capacity_; }
  size_t per_owner() const { return per_owner_; }

  // 32 lowercase hex digits: the form every id has (others are refused before a lookup).
  static bool well_formed(const std::string& id);

 private:
  struct Entry {
    std::shared_ptr<Session> session;
    std::string owner;
    uint64_t last_used = 0;
  };
  void drop_least_recent(const std::string* of_owner);  // of one owner, or of all

  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> sessions_;
  uint64_t clock_ = 0;
  size_t capacity_, per_owner_;
};

}  // namespace tabula::web

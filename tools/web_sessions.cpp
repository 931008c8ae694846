#include "web_sessions.hpp"

#include <fmt/format.h>

#include <random>

namespace tabula::web {

std::string SessionStore::add(std::unique_ptr<WebGame> game) {
  auto session = std::make_shared<Session>();
  session->game = std::move(game);
  std::random_device entropy;  // the system's source: ids are not guessable from earlier ones
  std::lock_guard lock(mutex_);
  std::string id;
  do {
    id.clear();
    for (int i = 0; i < 4; ++i) id += fmt::format("{:08x}", static_cast<uint32_t>(entropy()));
  } while (sessions_.count(id));
  while (sessions_.size() >= capacity_) {
    auto oldest = sessions_.begin();
    for (auto it = sessions_.begin(); it != sessions_.end(); ++it)
      if (it->second.last_used < oldest->second.last_used) oldest = it;
    sessions_.erase(oldest);  // a request still working on it keeps it alive until it ends
  }
  sessions_[id] = Entry{std::move(session), ++clock_};
  return id;
}

std::shared_ptr<Session> SessionStore::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = sessions_.find(id);
  if (it == sessions_.end()) return nullptr;
  it->second.last_used = ++clock_;
  return it->second.session;
}

size_t SessionStore::size() const {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

bool SessionStore::well_formed(const std::string& id) {
  if (id.size() != 32) return false;
  for (char c : id)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace tabula::web

#include "web_sessions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <random>

namespace tabula::web {

void SessionStore::drop_least_recent(const std::string* of_owner) {
  auto oldest = sessions_.end();
  for (auto it = sessions_.begin(); it != sessions_.end(); ++it)
    if ((!of_owner || it->second.owner == *of_owner) &&
        (oldest == sessions_.end() || it->second.last_used < oldest->second.last_used))
      oldest = it;
  if (oldest != sessions_.end()) sessions_.erase(oldest);  // a request still working on it keeps it alive until it ends
}

std::string SessionStore::add(std::unique_ptr<WebGame> game, const std::string& owner) {
  auto session = std::make_shared<Session>();
  session->game = std::move(game);
  std::random_device entropy;  // the system's source: ids are not guessable from earlier ones
  std::lock_guard lock(mutex_);
  std::string id;
  do {
    id.clear();
    for (int i = 0; i < 4; ++i) id += fmt::format("{:08x}", static_cast<uint32_t>(entropy()));
  } while (sessions_.count(id));
  size_t owned =
      std::count_if(sessions_.begin(), sessions_.end(), [&](const auto& e) { return e.second.owner == owner; });
  if (owned >= per_owner_) drop_least_recent(&owner);
  while (sessions_.size() >= capacity_) drop_least_recent(nullptr);
  sessions_[id] = Entry{std::move(session), owner, ++clock_};
  return id;
}

std::shared_ptr<Session> SessionStore::find(const std::string& id, const std::string& owner) {
  std::lock_guard lock(mutex_);
  auto it = sessions_.find(id);
  if (it == sessions_.end() || it->second.owner != owner) return nullptr;
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

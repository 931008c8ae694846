#include "studies/study_games.hpp"

#include "players/agent_spec.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <map>

namespace tabula {
namespace {

struct Entry {
  int phase, game;
  size_t file, line;
};

std::string game_name(const Study& s, int phase, int game) {
  if (s.kind == Study::Kind::match) return fmt::format("game {}", game);
  return fmt::format("game {} of the {} phase", game, s.phases()[static_cast<size_t>(phase)].name);
}

std::string phase_name(const Study& s, int phase) {
  return s.kind == Study::Kind::match ? "the match"
                                      : fmt::format("the {} phase", s.phases()[static_cast<size_t>(phase)].name);
}

// The first field in which two records of one game differ, as "winner 0 against -1".
std::string first_difference(const GameRecord& a, const GameRecord& b) {
  if (a.winner != b.winner) return fmt::format("winner {} against {}", a.winner, b.winner);
  if (a.plies != b.plies) return fmt::format("{} plies against {}", a.plies, b.plies);
  if (a.cut != b.cut) return fmt::format("cut {} against {}", a.cut, b.cut);
  if (a.moves != b.moves) return "other moves";
  if (a.legal_moves != b.legal_moves) return fmt::format("legal moves {} against {}", a.legal_moves, b.legal_moves);
  return "moves per seat differ";
}

// A budget of time ("mcts:1s", "alphabeta:4:500ms") ends in a digit and "s" or "ms".
bool has_time_budget(const std::vector<std::string>& items) {
  return std::any_of(items.begin(), items.end(), [](const std::string& item) {
    std::string error;
    auto spec = parse_agent_spec(spec_of(item), error);
    return spec && spec->seconds > 0;
  });
}

// "3, 19, 35, ... (125 in all)" for a sorted list.
std::string some(const std::vector<int>& games, size_t shown = 8) {
  std::string out;
  for (size_t i = 0; i < games.size() && i < shown; ++i) out += fmt::format("{}{}", i ? ", " : "", games[i]);
  if (games.size() > shown) out += fmt::format(", ... ({} in all)", games.size());
  return out;
}

// "5-9, 12" for a sorted list, at most `shown` ranges.
std::string ranges(const std::vector<int>& games, size_t shown = 10) {
  std::string out;
  size_t count = 0;
  for (size_t i = 0; i < games.size(); ++count) {
    size_t j = i;
    while (j + 1 < games.size() && games[j + 1] == games[j] + 1) ++j;
    if (count == shown) return out + fmt::format(", ... ({} in all)", games.size());
    out += (count ? ", " : "") + (i == j ? std::to_string(games[i]) : fmt::format("{}-{}", games[i], games[j]));
    i = j + 1;
  }
  return out;
}

}  // namespace

int StudyGames::game_count() const {
  int n = 0;
  for (const auto& p : phases) n += static_cast<int>(p.size());
  return n;
}

std::vector<std::vector<int>> StudyGames::missing() const {
  std::vector<std::vector<int>> out(phases.size());
  for (size_t p = 0; p < phases.size(); ++p) {
    size_t next = 0;
    for (int g = 0; g < planned[p]; ++g) {
      while (next < phases[p].size() && phases[p][next].game < g) ++next;
      if (next == phases[p].size() || phases[p][next].game != g) out[p].push_back(g);
    }
  }
  return out;
}

std::string StudyGames::describe_missing() const {
  std::vector<std::string> parts;
  auto all = missing();
  for (size_t p = 0; p < all.size(); ++p) {
    const auto& gone = all[p];
    if (gone.empty()) continue;
    std::string where = phase_name(*study, static_cast<int>(p));
    if (shard_count == 1) {
      parts.push_back(fmt::format("{} of the {} games of {} (games {})", gone.size(), planned[p], where, ranges(gone)));
      continue;
    }
    std::map<int, std::vector<int>> by_shard;
    for (int g : gone) by_shard[g % shard_count].push_back(g);
    std::vector<std::string> shards;
    for (const auto& [shard, games] : by_shard) {
      if (shards.size() == 6) {
        shards.push_back(fmt::format("and {} more shards", by_shard.size() - 6));
        break;
      }
      int in_shard = shard < planned[p] ? (planned[p] - shard + shard_count - 1) / shard_count : 0;
      shards.push_back(
          static_cast<int>(games.size()) == in_shard
              ? fmt::format("shard {}/{} (all its {} games: {})", shard, shard_count, in_shard, some(games, 4))
              : fmt::format("shard {}/{} ({} of its {} games: {})", shard, shard_count, games.size(), in_shard,
                            some(games, 4)));
    }
    std::string list;
    for (size_t i = 0; i < shards.size(); ++i) list += (i ? "; " : "") + shards[i];
    parts.push_back(fmt::format("{} of the {} games of {}: {}", gone.size(), planned[p], where, list));
  }
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += i + 1 == parts.size() ? "; and " : "; ";
    out += parts[i];
  }
  return out;
}

std::optional<StudyGames> gather_study(std::vector<ResultsFile>&& files, std::string& error) {
  StudyGames s;
  std::vector<Entry> entries;
  std::map<int, int> shard_counts;  // shard count -> lines
  size_t ref_file = 0, ref_line = 0;
  for (size_t f = 0; f < files.size(); ++f) {
    for (size_t i = 0; i < files[f].lines.size(); ++i) {
      const GameOrigin& o = files[f].lines[i].origin;
      if (!s.study) {
        s.study = o.study;
        s.phases.resize(s.study->phases().size());
        s.planned.assign(s.phases.size(), 0);
        s.first_location = files[f].location(i);
        ref_file = f, ref_line = i;
      } else if (auto diff = s.study->difference(*o.study, files[ref_file].location(ref_line), files[f].location(i));
                 !diff.empty()) {
        error = fmt::format("{} is a game of another study than {} ({}): only the results of one study can be merged",
                            files[f].location(i), files[ref_file].location(ref_line), diff);
        return std::nullopt;
      }
      for (size_t p = 0; p < s.planned.size(); ++p) s.planned[p] = std::max(s.planned[p], o.games[p]);
      ++shard_counts[o.shard_count];
      entries.push_back({o.phase, files[f].lines[i].game.game, f, i});
    }
  }
  if (!s.study) {
    error = "the files hold no games";
    return std::nullopt;
  }
  s.shard_count = std::max_element(shard_counts.begin(), shard_counts.end(), [](const auto& a, const auto& b) {
                    return a.second < b.second;
                  })->first;
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.phase, a.game, a.file, a.line) < std::tie(b.phase, b.game, b.file, b.line);
  });
  std::map<std::pair<size_t, size_t>, std::vector<int>> repeated;  // (file, file) -> games found in both
  std::vector<const Entry*> unique;
  const Entry* kept = nullptr;
  for (const Entry& e : entries) {
    const GameRecord& g = files[e.file].lines[e.line].game;
    if (kept && kept->phase == e.phase && kept->game == e.game) {
      const GameRecord& first = files[kept->file].lines[kept->line].game;
      if (!first.same_game(g)) {
        error = fmt::format("{} is recorded twice with different results: {} and {} ({}){}",
                            game_name(*s.study, e.phase, e.game), files[kept->file].location(kept->line),
                            files[e.file].location(e.line), first_difference(first, g),
                            has_time_budget(s.study->phases()[static_cast<size_t>(e.phase)].seating.players)
                                ? "; players with a time budget do not replay alike, so keep one of the runs only"
                                : "");
        return std::nullopt;
      }
      repeated[{kept->file, e.file}].push_back(e.game);
      continue;
    }
    kept = &e;
    unique.push_back(&e);
  }
  for (const Entry* e : unique)
    s.phases[static_cast<size_t>(e->phase)].push_back(std::move(files[e->file].lines[e->line].game));
  for (auto& [pair, games] : repeated) {
    std::sort(games.begin(), games.end());
    games.erase(std::unique(games.begin(), games.end()), games.end());
    const std::string &a = files[pair.first].path, &b = files[pair.second].path;
    s.repeats.push_back(pair.first == pair.second
                            ? fmt::format("{} game{} twice in {} (games {})", games.size(),
                                          games.size() == 1 ? " is" : "s are", a, some(games))
                            : fmt::format("{} game{} in both {} and {} (games {})", games.size(),
                                          games.size() == 1 ? " is" : "s are", a, b, some(games)));
  }
  return s;
}

}  // namespace tabula

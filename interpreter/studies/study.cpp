#include "studies/study.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "players/agent.hpp"

namespace tabula {
namespace {

uint64_t mix(uint64_t z) {  // SplitMix64's finaliser: every input bit reaches every output bit
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

bool is_hash(const std::string& s) {
  return s.size() == 16 &&
         std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace

std::string comma_list(const std::vector<std::string>& specs) {
  std::string out;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (i) out += ',';
    out += specs[i];
  }
  return out;
}

std::string rules_hash(const std::vector<std::string>& texts) {
  std::vector<uint64_t> hashes;
  for (const auto& text : texts) {
    uint64_t h = 0xCBF29CE484222325ULL;  // FNV-1a over the bytes, then mixed
    for (unsigned char c : text) h = (h ^ c) * 0x100000001B3ULL;
    hashes.push_back(mix(h ^ text.size()));
  }
  std::sort(hashes.begin(), hashes.end());  // the order files were read in does not matter
  uint64_t h = mix(hashes.size());
  for (uint64_t x : hashes) h = mix(h ^ x) + 0x9E3779B97F4A7C15ULL;
  return fmt::format("{:016x}", h);
}

Study Study::match(RulesIdentity rules, const Seating& seating, uint64_t seed, int max_plies) {
  Study s;
  s.kind = Kind::match;
  s.rules = std::move(rules);
  s.players = seating.players;
  s.round_robin = seating.round_robin;
  s.seats = seating.seats();
  s.seat_names = seating.seat_names, s.seat_sides = seating.seat_sides;
  s.seed = seed;
  s.max_plies = max_plies;
  return s;
}

Study Study::analysis(RulesIdentity rules, const Seating& seats, std::string strong, std::string good, uint64_t seed) {
  Study s;
  s.kind = Kind::analysis;
  s.rules = std::move(rules);
  s.seats = seats.seats();
  s.seat_names = seats.seat_names, s.seat_sides = seats.seat_sides;
  s.strong = std::move(strong);
  s.good = std::move(good);
  s.seed = seed;
  return s;
}

Seating Study::seating(std::vector<std::string> items) const {
  Seating out = Seating::plain(std::move(items), seats);
  out.round_robin = round_robin;
  if (!seat_sides.empty()) out.seat_names = seat_names, out.seat_sides = seat_sides;
  return out;
}

std::vector<StudyPhase> Study::phases() const {
  if (kind == Kind::match) return {StudyPhase{"match", seating(players), seed}};
  const auto n = static_cast<size_t>(seats);
  std::vector<std::string> skill(n, "random");
  skill[0] = strong;
  std::vector<StudyPhase> out = {StudyPhase{"random", seating(std::vector<std::string>(n, "random")), seed},
                                 StudyPhase{"skill", seating(skill), seed + 1}};
  if (!good.empty()) out.push_back(StudyPhase{"good", seating(std::vector<std::string>(n, good)), seed + 2});
  return out;
}

int Study::phase_index(const std::string& name) const {
  auto all = phases();
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i].name == name) return static_cast<int>(i);
  return -1;
}

Json Study::to_json() const {
  Json j = {{"command", command()}, {"rules", rules.name}, {"rules_file", rules.file}, {"rules_hash", rules.hash}};
  if (kind == Kind::match) {
    j["players"] = players;
    if (round_robin) j["seats"] = seats;
  } else {
    j["seats"] = seats;
    j["strong"] = strong;
    if (!good.empty()) j["good"] = good;
  }
  if (!seat_sides.empty()) j["seat_names"] = seat_names, j["seat_sides"] = seat_sides;
  j["seed"] = seed;
  if (kind == Kind::match) j["max_plies"] = max_plies;
  return j;
}

std::string Study::difference(const Study& o, const std::string& here, const std::string& there) const {
  auto differ = [&](const std::string& what, const std::string& a, const std::string& b) {
    return fmt::format("{} {} in {}, {} in {}", what, a, here, b, there);
  };
  if (kind != o.kind) return differ("command", command(), o.command());
  if (round_robin != o.round_robin)
    return differ("a round robin", round_robin ? "yes" : "no", o.round_robin ? "yes" : "no");
  if (rules.name != o.rules.name) return differ("rules", json_text(rules.name), json_text(o.rules.name));
  if (rules.hash != o.rules.hash)
    return differ("rules files with other contents: hash", fmt::format("{} ({})", rules.hash, rules.file),
                  fmt::format("{} ({})", o.rules.hash, o.rules.file));
  if (players != o.players) return differ("players", comma_list(players), comma_list(o.players));
  if (seats != o.seats) return differ("seats", std::to_string(seats), std::to_string(o.seats));
  // Files written before seats were named give each seat a side of its own.
  if (seating({}).seat_sides != o.seating({}).seat_sides)
    return differ("seats' sides", json_text(seating({}).seat_sides), json_text(o.seating({}).seat_sides));
  if (strong != o.strong) return differ("strong player", strong, o.strong);
  if (good != o.good) return differ("good player", good.empty() ? "none" : good, o.good.empty() ? "none" : o.good);
  if (seed != o.seed) return differ("seed", std::to_string(seed), std::to_string(o.seed));
  if (max_plies != o.max_plies) return differ("max plies", std::to_string(max_plies), std::to_string(o.max_plies));
  return "";
}

std::optional<Study> parse_study(const JsonValue& object, std::string& error) {
  FieldReader f(object, "study.");
  std::string command = f.string("command");
  if (f.ok() && command != "match" && command != "analyze")
    error = fmt::format("\"study.command\": expected \"match\" or \"analyze\", found \"{}\"", command);
  Study s;
  s.kind = command == "analyze" ? Study::Kind::analysis : Study::Kind::match;
  s.rules.name = f.string("rules");
  s.rules.file = f.string("rules_file");
  s.rules.hash = f.string("rules_hash");
  if (f.ok() && error.empty() && !is_hash(s.rules.hash))
    error = fmt::format("\"study.rules_hash\": expected 16 hex digits, found \"{}\"", s.rules.hash);
  if (s.kind == Study::Kind::match) {
    s.players = f.strings("players", 1, 64);
    s.seats = static_cast<int>(s.players.size());
    if (f.has("seats")) {  // a round robin: pairs of more specs than seats
      s.seats = static_cast<int>(f.integer("seats", 2, 2));
      s.round_robin = true;
      if (f.ok() && error.empty() && s.players.size() < 2)
        error = fmt::format("\"study.seats\": a round robin has two players or more, found {}", s.players.size());
    }
  } else {
    s.seats = static_cast<int>(f.integer("seats", 1, 64));
    s.strong = f.string("strong");
    if (f.has("good")) s.good = f.string("good");
  }
  if (f.has("seat_names") || f.has("seat_sides")) {
    s.seat_names = f.strings("seat_names", 1, 64);
    if (const auto* sides = f.array("seat_sides", s.seat_names.size(), s.seat_names.size()))
      for (const auto& item : *sides) {
        std::string why;
        auto side = FieldReader::integer_of(item, 0, 63, why);
        if (!side) {
          if (error.empty()) error = "\"study.seat_sides\": " + why;
          break;
        }
        s.seat_sides.push_back(static_cast<int>(*side));
      }
    if (s.kind == Study::Kind::analysis && f.ok() && error.empty() && static_cast<int>(s.seat_names.size()) != s.seats)
      error = fmt::format("\"study.seat_names\": {} names for {} seats", s.seat_names.size(), s.seats);
    if (s.kind == Study::Kind::match && !s.round_robin) s.seats = static_cast<int>(s.seat_names.size());
  }
  s.seed = f.unsigned_integer("seed");
  if (s.kind == Study::Kind::match) s.max_plies = static_cast<int>(f.integer("max_plies", 0, 1'000'000'000));
  if (error.empty() && !f.finish()) error = f.error;
  const char* specs_field = s.kind == Study::Kind::match ? "players" : "strong";
  std::vector<std::string> specs = s.kind == Study::Kind::match ? s.players : std::vector<std::string>{s.strong};
  if (!s.good.empty()) specs.push_back(s.good);
  for (const auto& spec : specs)
    if (auto why = check_agent_spec(spec_of(spec)); error.empty() && !why.empty())
      error = fmt::format("\"study.{}\": {}", specs_field, why);
  if (!error.empty()) return std::nullopt;
  return s;
}

}  // namespace tabula

#include "engine/text/position_fields.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>

#include "engine/text/text_util.hpp"

namespace tabula {
namespace {

// The phases that can be interludes, by name, with `NAME:K` when several share a name.
std::vector<std::pair<std::string, int>> phase_names(const Program& p) {
  std::vector<std::pair<std::string, int>> out;  // label, maker index
  std::vector<std::string> seen;
  for (const MoveMaker* m : p.makers) {
    const auto* phase = dynamic_cast<const Phase*>(m);
    if (!phase) continue;
    std::string name(phase->name());
    int n = static_cast<int>(std::count(seen.begin(), seen.end(), name)) + 1;
    seen.push_back(name);
    out.emplace_back(n == 1 ? name : fmt::format("{}:{}", name, n), m->index);
  }
  return out;
}

std::string var_text(const Program& p, const VarSpec& spec, int32_t v) {
  if (spec.type == VarSpec::Type::number || spec.type == VarSpec::Type::flag) return std::to_string(v);
  if (v < 0) return "-";
  switch (spec.type) {
    case VarSpec::Type::cell: return v < p.cells ? p.board->cell(v).name : std::to_string(v);
    case VarSpec::Type::side: return v < p.player_count() ? p.players[v].name : std::to_string(v);
    case VarSpec::Type::direction: return v < p.dirs ? p.board->direction(v).name : std::to_string(v);
    default: return std::to_string(v);
  }
}

std::optional<int32_t> number_of(std::string_view t) {
  int32_t v = 0;
  auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size()) return std::nullopt;
  return v;
}

std::optional<int32_t> var_value(const Program& p, const VarSpec& spec, std::string_view t) {
  if (spec.type == VarSpec::Type::number || spec.type == VarSpec::Type::flag) return number_of(t);
  if (t == "-") return -1;
  switch (spec.type) {
    case VarSpec::Type::cell: {
      int c = p.board->find_cell(t);
      return c == kNoCell ? std::nullopt : std::optional<int32_t>(c);
    }
    case VarSpec::Type::side:
      for (int i = 0; i < p.player_count(); ++i)
        if (p.players[i].name == t) return i;
      return std::nullopt;
    case VarSpec::Type::direction: {
      int d = p.board->find_direction(t);
      return d == kNoDirection ? std::nullopt : std::optional<int32_t>(d);
    }
    default: return std::nullopt;
  }
}

}  // namespace

std::string position_fields(const State& s) {
  const Program& p = s.program();
  std::vector<std::string> fields;
  const TurnPoint& t = s.turn_point();
  if (t.segment == TurnPoint::opening) {
    fields.push_back(fmt::format("at=opening:{}", t.step + 1));
  } else if (t.segment == TurnPoint::interlude) {
    for (const auto& [label, index] : phase_names(p))
      if (index == t.step) fields.push_back("at=" + label);
  } else if (t.step > 0) {
    fields.push_back(fmt::format("at=turn:{}", t.step + 1));
  }
  if (t.fresh) fields.push_back("fresh");
  if (s.consecutive_passes()) fields.push_back(fmt::format("passes={}", s.consecutive_passes()));
  if (p.end.quiet_limit > 0 && s.quiet_plies()) fields.push_back(fmt::format("quiet={}", s.quiet_plies()));
  for (int i = 0; i < p.vars.size(); ++i) {
    const VarSpec& spec = p.vars.specs[i];
    if (s.var(i) != spec.initial) fields.push_back(spec.name + "=" + var_text(p, spec, s.var(i)));
  }
  // A game a rule ended (a line made, a ply limit, a repetition): the board alone may not
  // show it, and the side to move could play on.
  if (GameResult r = s.stored_result(); r.over)
    fields.push_back(r.winner >= 0 ? "winner=" + p.players[r.winner].name : std::string("drawn"));
  // A position that is not at a plain turn start says so, so reading it back does not start
  // a turn (which would recompute what the fields give).
  if (!fields.empty() && fields[0].rfind("at=", 0) != 0) fields.insert(fields.begin(), "at=turn:1");
  std::string out;
  for (const auto& f : fields) out += (out.empty() ? "" : " ") + f;
  return out;
}

bool parse_position_fields(const Program& p, std::string_view text, Position& pos, std::string& error) {
  pos.has_turn_point = true;
  pos.turn = TurnPoint{};
  pos.vars.resize(p.vars.size());
  for (int i = 0; i < p.vars.size(); ++i) pos.vars[i] = p.vars.specs[i].initial;
  std::vector<std::string> seen;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    size_t j = text.find(' ', i);
    std::string_view field = text.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i);
    i = j == std::string_view::npos ? text.size() : j;
    if (field.empty()) continue;
    auto eq = field.find('=');
    std::string key(field.substr(0, eq));
    std::string_view value = eq == std::string_view::npos ? std::string_view{} : field.substr(eq + 1);
    if (std::find(seen.begin(), seen.end(), key) != seen.end())
      return error = fmt::format("the field '{}' is given twice", key), false;
    seen.push_back(key);
    if (key == "fresh" && eq == std::string_view::npos) {
      pos.turn.fresh = 1;
      continue;
    }
    if (key == "drawn" && eq == std::string_view::npos) {
      if (pos.result.over) return error = "the game cannot be both won and drawn", false;
      pos.result = {true, -1};
      continue;
    }
    if (key == "winner" && eq != std::string_view::npos) {
      if (pos.result.over) return error = "the game cannot be both won and drawn", false;
      for (int side = 0; side < p.player_count(); ++side)
        if (p.players[side].name == value) pos.result = {true, side};
      if (!pos.result.over) return error = fmt::format("winner={} is not a player of this game", value), false;
      continue;
    }
    if (eq == std::string_view::npos)
      return error = fmt::format("'{}' is not a field of a position: expected NAME=VALUE", field), false;
    if (key == "at") {
      auto colon = value.find(':');
      std::string_view where = value.substr(0, colon);
      auto k = colon == std::string_view::npos ? std::optional<int32_t>(1) : number_of(value.substr(colon + 1));
      const auto& steps = where == "opening" ? p.turn.opening : p.turn.turn;
      if ((where == "turn" || where == "opening") && k && *k >= 1 && *k <= static_cast<int>(steps.size())) {
        pos.turn.segment = where == "opening" ? TurnPoint::opening : TurnPoint::turn;
        pos.turn.step = static_cast<uint8_t>(*k - 1);
        continue;
      }
      bool found = false;
      for (const auto& [label, index] : phase_names(p))
        if (label == value)
          pos.turn.segment = TurnPoint::interlude, pos.turn.step = static_cast<uint8_t>(index), found = true;
      if (!found)
        return error = fmt::format("at={} is not a point of this game's turns (turn:N, opening:N or a phase's name)",
                                   value),
               false;
      continue;
    }
    auto number = number_of(value);
    if (key == "passes" || key == "quiet") {
      if (!number || *number < 0 || *number > p.end.ply_limit)
        return error = fmt::format("{}={} is not a count from 0 to {}", key, value, p.end.ply_limit), false;
      (key == "passes" ? pos.passes : pos.quiet_plies) = *number;
      continue;
    }
    int v = p.vars.find(key);
    if (v < 0) return error = fmt::format("'{}' is not a field of a position of this game", key), false;
    const VarSpec& spec = p.vars.specs[v];
    auto got = var_value(p, spec, value);
    if (!got || *got < spec.low || *got > spec.high)
      return error = fmt::format("{}={} is not a value it can take (from {} to {})", key, value,
                                 var_text(p, spec, spec.low), var_text(p, spec, spec.high)),
             false;
    pos.vars[v] = *got;
  }
  return true;
}

}  // namespace tabula

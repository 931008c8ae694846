#include "players/engine_spec.hpp"

#include <fmt/format.h>
#include <cctype>

#include "players/agent_spec.hpp"

namespace tabula {

bool is_engine_spec(std::string_view text) {
  return text.starts_with("gtp:") || text.starts_with("uci:") || text.starts_with("cecp:");
}

namespace {

// NAME=VALUE with NAME a word (letters, digits, '_'), as an option is written.
bool is_option(std::string_view item) {
  const size_t eq = item.find('=');
  if (eq == 0 || eq == std::string_view::npos) return false;
  for (char c : item.substr(0, eq))
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

}  // namespace

std::optional<EngineSpec> parse_engine_spec(std::string_view text, std::string& error) {
  EngineSpec spec;
  spec.text = std::string(text);
  const size_t colon = text.find(':');
  spec.protocol = std::string(text.substr(0, colon));
  std::string_view rest = colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
  // Options are the trailing `:NAME=VALUE` parts; any other ':' belongs to the command
  // (`gtp:tabula gtp go.rules --player mcts:200`).
  while (true) {
    const size_t colon_at = rest.rfind(':');
    if (colon_at == std::string_view::npos) break;
    std::string_view item = rest.substr(colon_at + 1);
    if (!is_option(item)) break;
    rest = rest.substr(0, colon_at);
    if (!item.starts_with("time=")) {
      if (spec.protocol != "uci") {
        error = fmt::format(
            "'{}': unknown option '{}' of a {} player; it takes time=T (a time per move, 1s or "
            "500ms)",
            text, item, spec.protocol);
        return std::nullopt;
      }
      const size_t eq = item.find('=');
      spec.options.insert(spec.options.begin(), {std::string(item.substr(0, eq)), std::string(item.substr(eq + 1))});
      continue;
    }
    std::string why;
    auto seconds = parse_agent_spec(fmt::format("mcts:{}", item.substr(5)), why);
    if (!seconds || seconds->seconds <= 0) {
      error = fmt::format("'{}': time= takes a time per move such as 1s or 500ms, not '{}'", text, item.substr(5));
      return std::nullopt;
    }
    spec.seconds = seconds->seconds;
  }
  spec.command = std::string(rest);
  if (spec.command.find_first_not_of(' ') == std::string::npos) {
    error = fmt::format("'{}': {} needs the command that starts the engine ({})", text, spec.protocol,
                        spec.protocol == "gtp"   ? "gtp:gnugo --mode gtp"
                        : spec.protocol == "uci" ? "uci:stockfish"
                                                 : "cecp:fairymax");
    return std::nullopt;
  }
  return spec;
}

}  // namespace tabula

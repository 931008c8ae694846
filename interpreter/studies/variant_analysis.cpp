#include "studies/variant_analysis.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "players/agent_spec.hpp"
#include "players/opening_temperature.hpp"
#include "studies/analysis_verdicts.hpp"

namespace tabula {
namespace {

Json measures_json(const GameMeasures& m) {
  Json rules = Json::array();
  for (const auto& r : m.rules) rules.push_back({{"what", r.what}, {"games", r.games}});
  Json branching = Json::array(), landings = Json::array();
  for (double b : m.branching_by_tenth) branching.push_back(json_round(b, 3));
  for (double l : m.landings) landings.push_back(l);
  Json out = {{"games", m.games},
              {"branching_by_tenth", branching},
              {"board_used", json_round(m.board_used)},
              {"landings", landings},
              {"rules", rules},
              {"first_move",
               {{"groups", m.first_move_groups},
                {"games", m.first_move_games},
                {"predicts", json_round(m.first_move_predicts)},
                {"baseline", json_round(m.overall_predicts)}}}};
  if (m.evaluated)
    out["evaluation"] = {{"lead_changes", json_round(m.lead_changes, 3)},
                         {"drama", json_round(m.drama)},
                         {"decided_at", json_round(m.decided_at)}};
  return out;
}

}  // namespace

std::string good_player_of(const AnalysisConfig& config) {
  if (!config.good_player.empty()) return config.good_player;
  std::string error;
  auto spec = parse_agent_spec(config.strong_player, error);
  if (spec && spec->kind != "random" && !spec->has("temp")) return config.strong_player + ":temp:1";
  return config.strong_player;
}

const Verdict* Analysis::verdict(const std::string& name) const {
  for (const auto& v : verdicts)
    if (v.name == name) return &v;
  return nullptr;
}

Study analysis_study(const Program& program, const AnalysisConfig& config, RulesIdentity rules) {
  return Study::analysis(std::move(rules), seats_of(program), config.strong_player, good_player_of(config),
                         config.seed);
}

std::vector<std::vector<GameRecord>> play_analysis(std::shared_ptr<const Program> program, const AnalysisConfig& config,
                                                   const std::function<void(int, const GameRecord&)>& on_game,
                                                   const std::vector<std::vector<int>>& skip) {
  auto phases = analysis_study(*program, config, RulesIdentity{program->name, "", ""}).phases();
  const int games[] = {config.games, config.skill_games, config.good_games};
  // With a time budget: random games are many and quick, the searching phases take the rest.
  const double share[] = {0.1, 0.3, 0.6};
  std::vector<std::vector<GameRecord>> out;
  for (size_t p = 0; p < phases.size(); ++p) {
    MatchConfig m;
    m.seating = phases[p].seating;
    m.seed = phases[p].seed;
    m.games = games[p];
    m.threads = config.threads;
    m.seconds = config.seconds * share[p];
    m.shard_index = config.shard_index;
    m.shard_count = config.shard_count;
    out.push_back(run_match(
        program, m,
        [&](const GameRecord& g) {
          if (on_game) on_game(static_cast<int>(p), g);
        },
        p < skip.size() ? skip[p] : std::vector<int>{}));
  }
  return out;
}

Analysis analysis_of(const Study& study, const std::vector<std::vector<GameRecord>>& phases,
                     std::shared_ptr<const Program> program, uint64_t solve_positions) {
  Analysis a;
  a.rules = study.rules.name;
  a.strong_player = study.strong;
  a.good_player = study.good;
  const auto plan = study.phases();
  std::string error;  // one study's games: summarize cannot refuse them
  MatchReport* reports[] = {&a.random_play, &a.skill, &a.good};
  for (size_t p = 0; p < plan.size() && p < phases.size(); ++p) {
    *reports[p] = summarize(phases[p], plan[p].seating, error);
    if (reports[p]->rules.empty()) reports[p]->rules = a.rules;
  }
  for (const auto& g : phases.at(0)) a.random_lengths.push_back(g.plies);
  if (phases.size() > 2)
    for (const auto& g : phases[2]) a.good_lengths.push_back(g.plies);
  if (program) {
    a.random_measures = measure_games(program, phases.at(0), false);
    if (a.has_good() && phases.size() > 2) a.good_measures = measure_games(program, phases[2], true);
    a.start = solve_start(program, solve_positions);
    if (!a.start.proven && a.has_good() && phases.size() > 2)
      a.ends = prove_game_ends(program, phases[2], solve_positions / kEndProofShare);
    else if (a.start.proven) a.ends.why_not = "the start is proven";
    else a.ends.why_not = "there were no good-play games to walk back";
  } else {
    a.start.why_not = a.ends.why_not = "the rules were not at hand to solve";
  }
  a.verdicts = analysis_verdicts(a);
  return a;
}

Analysis analyze_variant(std::shared_ptr<const Program> program, const AnalysisConfig& config) {
  auto games = play_analysis(program, config);
  return analysis_of(analysis_study(*program, config, RulesIdentity{program->name, "", ""}), games, program,
                     config.solve_positions);
}

std::string analysis_text(const Analysis& a) {
  std::string out = "Random play (every seat random):\n" + report_text(a.random_play) + "\n";
  out += fmt::format("Skill ({} against random players):\n", a.strong_player) + report_text(a.skill) + "\n";
  if (a.has_good()) {
    out += fmt::format("Good play ({} in every seat):\n", a.good_player);
    std::string error;
    if (auto spec = parse_agent_spec(a.good_player, error); spec && !opening_choice_text(*spec).empty())
      out += "openings: " + opening_choice_text(*spec) + "\n";
    out += report_text(a.good) + "\n";
  }
  out += "Verdicts:\n";
  for (const auto& v : a.verdicts) out += fmt::format("  {}: {}\n", v.name, v.text);
  return out;
}

Json analysis_json(const Analysis& a) {
  Json phases = {{"random", report_json(a.random_play)}, {"skill", report_json(a.skill)}};
  if (a.has_good()) phases["good"] = report_json(a.good);
  Json measures = Json::object();
  if (a.random_measures.games) measures["random"] = measures_json(a.random_measures);
  if (a.good_measures.games) measures["good"] = measures_json(a.good_measures);
  Json verdicts = Json::object();
  for (const auto& v : a.verdicts) {
    Json j = v.fields;
    j["verdict"] = v.verdict;
    j["text"] = v.text;
    verdicts[v.name] = j;
  }
  std::string error, openings;
  if (auto spec = parse_agent_spec(a.good_player, error)) openings = opening_choice_text(*spec);
  Json out = {{"rules", a.rules},
              {"strong_player", a.strong_player},
              {"good_player", a.good_player},
              {"phases", phases},
              {"measures", measures},
              {"start", start_value_json(a.start)},
              {"end_proofs", end_proofs_json(a.ends)},
              {"verdicts", verdicts}};
  out["good_openings"] = openings;
  return out;
}

}  // namespace tabula

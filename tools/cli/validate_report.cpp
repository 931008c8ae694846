#include "validate_report.hpp"

namespace tabula::cli {
namespace {

// The replacement a message proposes: "... did you mean 'forward'?" gives "forward".
std::string suggestion(const std::string& message) {
  auto at = message.find("did you mean ");
  if (at == std::string::npos) return "";
  std::string rest = message.substr(at + 13);
  while (!rest.empty() && (rest.back() == '?' || rest.back() == '.')) rest.pop_back();
  if (rest.size() >= 2 && (rest.front() == '\'' || rest.front() == '"') && rest.back() == rest.front())
    rest = rest.substr(1, rest.size() - 2);
  return rest;
}

}  // namespace

void ValidateReport::add(const std::string& path, bool is_board, const std::string& summary, const Diagnostics& diags) {
  Json list = Json::array();
  for (const Diagnostic& d : diags.items()) {
    if (d.severity == Severity::note && !list.empty()) {  // a note belongs to the diagnostic before it
      list.back()["notes"].push_back(d.message);
      if (list.back()["suggestion"].is_null()) {
        std::string s = suggestion(d.message);
        if (!s.empty()) list.back()["suggestion"] = s;
      }
      all_.push_back(d);
      continue;
    }
    std::string s = suggestion(d.message);
    list.push_back({{"file", d.pos.file.empty() ? path : d.pos.file},
                    {"line", d.pos.line},
                    {"column", d.pos.column},
                    {"severity", severity_name(d.severity)},
                    {"message", d.message},
                    {"suggestion", s.empty() ? Json(nullptr) : Json(s)},
                    {"notes", Json::array()}});
    all_.push_back(d);
    if (all_.back().pos.file.empty()) all_.back().pos.file = path;
  }
  files_.push_back({{"file", path},
                    {"kind", is_board ? "board" : "rules"},
                    {"ok", !diags.has_errors()},
                    {"summary", summary},
                    {"diagnostics", list}});
}

Json ValidateReport::json() const {
  int errors = 0;
  for (const auto& d : all_) errors += d.severity == Severity::error;
  return {{"ok", errors == 0}, {"errors", errors}, {"files", files_}};
}

Json ValidateReport::sarif() const {
  Json results = Json::array();
  for (const Diagnostic& d : all_) {
    Json location = {{"physicalLocation", {{"artifactLocation", {{"uri", d.pos.file}}}}}};
    if (d.pos.line > 0) {
      Json region = {{"startLine", d.pos.line}};
      if (d.pos.column > 0) region["startColumn"] = d.pos.column;
      location["physicalLocation"]["region"] = region;
    }
    results.push_back({{"ruleId", "tabula." + std::string(severity_name(d.severity))},
                       {"level", severity_name(d.severity)},
                       {"message", {{"text", d.message}}},
                       {"locations", Json::array({location})}});
  }
  Json driver = {{"name", "tabula"}, {"rules", Json::array()}};
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", Json::array({{{"tool", {{"driver", driver}}}, {"results", results}}})}};
}

}  // namespace tabula::cli

#pragma once
// `tabula validate --json` and `--format sarif`: every diagnostic of every file checked,
// with its file, line, column, severity, message, the notes after it, and the suggestion
// ("did you mean ...") when it makes one.
#include <string>
#include <vector>

#include "diag/diagnostic.hpp"
#include "util/json_value.hpp"

namespace tabula::cli {

class ValidateReport {
 public:
  void add(const std::string& path, bool is_board, const std::string& summary, const Diagnostics& diags);
  Json json() const;   // docs/schemas/validate.schema.json
  Json sarif() const;  // SARIF 2.1.0: one run, a result per error, warning and note

 private:
  Json files_ = Json::array();
  std::vector<Diagnostic> all_;
};

}  // namespace tabula::cli

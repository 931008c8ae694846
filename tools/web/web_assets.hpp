#pragma once
// The web board's page (tools/web/: index.html, board.js, rules_lexer.mjs, style.css), embedded into the
// binary at build time (tools/web/embed.cmake writes web_assets.cpp), so `tabula serve`
// needs no files besides the rules and boards.
#include <string_view>

namespace tabula::web {

struct WebAsset {
  std::string_view content_type;
  std::string_view body;
};

// The asset served at `path` ("/" is index.html); nullptr when there is none.
const WebAsset* web_asset(std::string_view path);

}  // namespace tabula::web

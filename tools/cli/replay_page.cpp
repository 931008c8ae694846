#include "replay_page.hpp"

#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>

#include "picture/svg_text.hpp"

namespace tabula::cli {
namespace {

constexpr const char* kStyle = R"css(
body { font-family: DejaVu Sans, Arial, sans-serif; margin: 1.5em; color: #2b2b2b; background: #fcfaf5; }
h1 { font-size: 1.3em; margin: 0 0 0.6em 0; }
.layout { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
.controls { margin: 0.6em 0; }
.controls button { font-size: 1em; min-width: 3em; margin-right: 0.3em; }
#status { margin-left: 0.8em; }
#moves { max-height: 70vh; overflow-y: auto; min-width: 14em; max-width: 30em; font-family: DejaVu Sans Mono, monospace; }
#moves p { display: flex; flex-wrap: wrap; gap: 0 0.6em; margin: 0; }
#moves b { min-width: 3.5em; text-align: right; color: #777; font-weight: normal; }
#moves i { cursor: pointer; padding: 0 0.3em; overflow-wrap: anywhere; font-style: normal; }
#moves i.current { background: #f6d743; }
)css";

// Plain JavaScript without < or & so the page stays well-formed XML; CDATA markers hide
// nothing from an HTML parser, which reads them as comments. The positions come as changes:
// data.changes[i - 1] turns position i - 1 into position i, as triples (slot, part before,
// part after) of indices into data.parts; going back applies them the other way.
constexpr const char* kScript = R"js(
var data = JSON.parse(document.getElementById('replay').textContent);
var layer = document.getElementById('state');
var moves = document.getElementById('moves').getElementsByTagName('i');
var slots = data.first.slice();
var current = 0;
function change(i, forward) {
  var c = data.changes[i - 1];
  for (var k = 0; c.length > k; k += 3) slots[c[k]] = forward ? c[k + 2] : c[k + 1];
}
function show(i) {
  i = Math.max(0, Math.min(data.changes.length, i));
  if (current > 0) moves[current - 1].classList.remove('current');
  while (i > current) { current += 1; change(current, true); }
  while (current > i) { change(current, false); current -= 1; }
  var svg = '';
  for (var k = 0; k !== slots.length; ++k) svg += data.parts[slots[k]];
  layer.innerHTML = svg;
  if (current > 0) { moves[current - 1].classList.add('current'); moves[current - 1].scrollIntoView({block: 'nearest'}); }
  document.getElementById('ply').textContent = 'ply ' + current + ' of ' + data.changes.length;
  document.getElementById('status').textContent = data.status[data.frame_status[current]];
}
document.getElementById('first').onclick = function () { show(0); };
document.getElementById('back').onclick = function () { show(current - 1); };
document.getElementById('forward').onclick = function () { show(current + 1); };
document.getElementById('last').onclick = function () { show(data.changes.length); };
function jump(ply) { return function () { show(ply); }; }
for (var k = 0; k !== moves.length; ++k) moves[k].onclick = jump(k + 1);
document.addEventListener('keydown', function (e) {
  if (e.key === 'ArrowLeft') show(current - 1);
  else if (e.key === 'ArrowRight') show(current + 1);
  else if (e.key === 'Home') show(0);
  else if (e.key === 'End') show(data.changes.length);
  else return;
  e.preventDefault();
});
show(0);
)js";

// JSON that can stand inside a script element of a page that is also XML: no '<', '>' or
// '&' (they only occur inside strings, written as \u escapes there).
std::string embeddable(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (char c : json) {
    if (c == '<') out += "\\u003c";
    else if (c == '>') out += "\\u003e";
    else if (c == '&') out += "\\u0026";
    else out += c;
  }
  return out;
}

}  // namespace

ReplayPage::ReplayPage(std::string title, const SvgParts& picture)
    : title_(std::move(title)),
      part_ids_{{"", 0}},
      parts_(nlohmann::json::array({""})),
      statuses_(nlohmann::json::array()),
      first_(nlohmann::json::array()) {
  head_ = svg_open(picture, false) + picture.board + "<g class=\"state\" id=\"state\">\n";
}

void ReplayPage::add(const ReplayFrame& frame) {
  auto id_of = [](std::map<std::string, int>& ids, nlohmann::json& list, const std::string& text) {
    auto [it, fresh] = ids.emplace(text, static_cast<int>(ids.size()));
    if (fresh) list.push_back(text);
    return it->second;
  };
  frame_status_ += (frame_status_.empty() ? "" : ",") + std::to_string(id_of(status_ids_, statuses_, frame.status));
  if (slots_.empty()) {  // the first position: drawn in the page as it is
    for (const auto& part : frame.state_slots) {
      slots_.push_back(id_of(part_ids_, parts_, part));
      head_ += part;
    }
    first_ = slots_;
    texts_ = frame.state_slots;
    return;
  }
  std::string change;
  for (size_t slot = 0; slot < frame.state_slots.size() && slot < slots_.size(); ++slot) {
    if (frame.state_slots[slot] == texts_[slot]) continue;  // most slots stay as they were
    texts_[slot] = frame.state_slots[slot];
    int id = id_of(part_ids_, parts_, frame.state_slots[slot]);
    if (id == slots_[slot]) continue;
    change += fmt::format("{}{},{},{}", change.empty() ? "" : ",", slot, slots_[slot], id);
    slots_[slot] = id;
  }
  changes_ += (changes_.empty() ? "[" : ",[") + change + "]";
  // A row (p) per round of seats, its number (b) and its moves (i), as the record numbers
  // them; moves before the first number (a game started with another seat to move) make a
  // row of their own. Short elements: a long game's list is most of its page.
  if (!frame.number.empty() || moves_.empty()) {
    if (!moves_.empty()) moves_ += "</p>\n";
    moves_ += "<p><b>" + xml_escape(frame.number) + "</b>";
  }
  moves_ += "<i>" + xml_escape(frame.move) + "</i>";
}

std::string ReplayPage::text() const {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n";
  out += "<title>" + xml_escape(title_) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  out += "<h1>" + xml_escape(title_) + "</h1>\n<div class=\"layout\">\n<div>\n";
  out += head_ + "</g>\n</svg>\n<div class=\"controls\">";
  out += R"~(<button type="button" id="first" title="start (Home)">|&#9664;</button>)~";
  out += R"~(<button type="button" id="back" title="back (left arrow)">&#9664;</button>)~";
  out += R"~(<button type="button" id="forward" title="forward (right arrow)">&#9654;</button>)~";
  out += R"~(<button type="button" id="last" title="end (End)">&#9654;|</button>)~";
  out += "<span id=\"ply\"></span><span id=\"status\"></span></div>\n</div>\n<div id=\"moves\">\n" + moves_;
  out +=
      std::string(moves_.empty() ? "" : "</p>\n") + "</div>\n</div>\n<script type=\"application/json\" id=\"replay\">";
  auto dump = [](const nlohmann::json& j) {
    return embeddable(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  };
  // The changes and statuses per position are numbers only: written as they are.
  out.reserve(out.size() + changes_.size() + frame_status_.size() + (1 << 16));
  out += R"({"parts":)" + dump(parts_) + R"(,"first":)" + dump(first_) + R"(,"changes":[)";
  out += changes_;
  out += R"(],"status":)" + dump(statuses_) + R"(,"frame_status":[)";
  out += frame_status_;
  out += "]}";
  out += "</script>\n<script>//<![CDATA[";
  out += kScript;
  out += "//]]></script>\n</body>\n</html>\n";
  return out;
}

}  // namespace tabula::cli

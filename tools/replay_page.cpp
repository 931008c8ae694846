#include "replay_page.hpp"

#include <fmt/format.h>

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
#moves { max-height: 70vh; overflow-y: auto; margin: 0; padding-left: 3.2em; columns: 2; min-width: 14em; }
#moves li { cursor: pointer; padding: 0 0.3em; }
#moves li.current { background: #f6d743; }
.frame { display: none; }
.frame.shown { display: inline; }
)css";

// Plain JavaScript without < or & so the page stays well-formed XML; CDATA markers hide
// nothing from an HTML parser, which reads them as comments.
constexpr const char* kScript = R"js(
var frames = document.getElementsByClassName('frame');
var moves = document.getElementById('moves').getElementsByTagName('li');
var current = 0;
function show(i) {
  i = Math.max(0, Math.min(frames.length - 1, i));
  frames[current].setAttribute('class', 'frame');
  if (current > 0) moves[current - 1].className = '';
  current = i;
  frames[current].setAttribute('class', 'frame shown');
  if (current > 0) { moves[current - 1].className = 'current'; moves[current - 1].scrollIntoView({block: 'nearest'}); }
  document.getElementById('ply').textContent = 'ply ' + current + ' of ' + (frames.length - 1);
  document.getElementById('status').textContent = frames[current].getAttribute('data-status');
}
document.getElementById('first').onclick = function () { show(0); };
document.getElementById('back').onclick = function () { show(current - 1); };
document.getElementById('forward').onclick = function () { show(current + 1); };
document.getElementById('last').onclick = function () { show(frames.length - 1); };
function jump(ply) { return function () { show(ply); }; }
for (var k = 0; k !== moves.length; ++k) moves[k].onclick = jump(k + 1);
document.addEventListener('keydown', function (e) {
  if (e.key === 'ArrowLeft') show(current - 1);
  else if (e.key === 'ArrowRight') show(current + 1);
  else if (e.key === 'Home') show(0);
  else if (e.key === 'End') show(frames.length - 1);
  else return;
  e.preventDefault();
});
show(0);
)js";

}  // namespace

std::string replay_page(const std::string& title, const SvgParts& picture, const std::vector<ReplayFrame>& frames) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n";
  out += "<title>" + xml_escape(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  out += "<h1>" + xml_escape(title) + "</h1>\n<div class=\"layout\">\n<div>\n";
  out += svg_open(picture, false) + picture.board;
  for (size_t i = 0; i < frames.size(); ++i)
    out += fmt::format("<g class=\"frame\" data-status=\"{}\">\n{}</g>\n", xml_escape(frames[i].status),
                       frames[i].state_svg);
  out += "</svg>\n<div class=\"controls\">";
  out += R"~(<button type="button" id="first" title="start (Home)">|&#9664;</button>)~";
  out += R"~(<button type="button" id="back" title="back (left arrow)">&#9664;</button>)~";
  out += R"~(<button type="button" id="forward" title="forward (right arrow)">&#9654;</button>)~";
  out += R"~(<button type="button" id="last" title="end (End)">&#9654;|</button>)~";
  out += "<span id=\"ply\"></span><span id=\"status\"></span></div>\n</div>\n<ol id=\"moves\">\n";
  for (size_t i = 1; i < frames.size(); ++i) out += "<li>" + xml_escape(frames[i].move) + "</li>\n";
  out += "</ol>\n</div>\n<script>//<![CDATA[";
  out += kScript;
  out += "//]]></script>\n</body>\n</html>\n";
  return out;
}

}  // namespace tabula::cli

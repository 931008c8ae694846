// The web board's page: talks to `tabula serve` through its JSON API (docs/WEB.md). A move
// is chosen by clicking: a piece, then each landing in turn (capture sequences that share
// their first steps are told apart by the next click, or by the buttons listing the moves
// still possible); an empty cell for a placement; buttons for passes and decisions. Beside
// the board: the rules file, watched while the page is open (an edit shows its errors, or
// offers a new game with the changed rules), and the zones the rules name.
"use strict";

const board = {
  games: [],        // GET /api/games
  state: null,      // the last state the server sent
  selection: [],    // the cells clicked so far, a prefix of the chosen move's cells
  busy: false,      // a request is under way
  rules: null,      // GET /api/rules of the game shown: {game, version, text, diagnostics}
  zonesShown: new Map(),  // a zone's label -> whether its box is ticked (kept across moves)
};

const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

function showMessage(text) {
  const box = $("message");
  box.textContent = text || "";
  box.hidden = !text;
}

function setBusy(busy) {
  board.busy = busy;
  document.body.dataset.busy = busy ? "1" : "0";
}

// Runs one request; its answer (a state) replaces the shown one. Errors are shown, never thrown.
async function request(method, path, body) {
  setBusy(true);
  try {
    const state = await api(method, path, body);
    setBusy(false);
    showMessage("");
    setState(state);
    scheduleComputer();
    return true;
  } catch (e) {
    setBusy(false);
    showMessage(e.message);
    return false;
  }
}

// ---- the new-game form ----

function gameInfo(id) {
  return board.games.find((g) => g.id === id);
}

function showSeatPlayers(game, players) {
  const area = $("seat-players");
  area.textContent = "";
  const template = $("player-choice");
  game.seats.forEach((seat, i) => {
    const label = template.content.firstElementChild.cloneNode(true);
    label.querySelector(".seat-name").textContent = seat.name === seat.side ? seat.name : `${seat.name} (${seat.side})`;
    const input = label.querySelector("input");
    input.value = players[i];
    input.dataset.seat = seat.name;
    area.appendChild(label);
  });
}

async function loadGames() {
  const data = await api("GET", "/api/games");
  board.games = data.games;
  const select = $("game");
  const chosen = select.value;
  const labels = data.games.map((g) =>
    [g.id, (g.name === g.id ? g.name : `${g.name} (${g.id})`) + (g.loaded ? "" : " (has errors)")]);
  // The choices are made again only when they changed, so an open list is left alone.
  if (JSON.stringify(labels) !== JSON.stringify([...select.options].map((o) => [o.value, o.textContent]))) {
    select.textContent = "";
    for (const [id, label] of labels) {
      const option = document.createElement("option");
      option.value = id;
      option.textContent = label;
      select.appendChild(option);
    }
    if (chosen && gameInfo(chosen)) select.value = chosen;
  }
  const list = $("player-specs");
  list.textContent = "";
  for (const spec of data.players) {
    const option = document.createElement("option");
    option.value = spec;
    list.appendChild(option);
  }
}

async function newGame() {
  const game = $("game").value;
  const players = [...document.querySelectorAll("#seat-players input")].map((input) => input.value.trim());
  if (await request("POST", "/api/new", { game, players })) {
    location.hash = `session=${board.state.session}`;
  } else {
    clearGame();  // the board shown would not be the game the form now names
  }
}

// No game shown: after a refused new game, the previous game's board and panel go, so that
// nothing under the new game's selectors belongs to another game.
function clearGame() {
  board.state = null;
  board.selection = [];
  clearTimeout(computerTimer);
  $("board").textContent = "";
  $("status").textContent = "No game: the new game was refused (see the message above).";
  for (const id of ["seats", "notes", "moves", "choices", "zones"]) $(id).textContent = "";
  for (const id of ["score", "counters", "zones", "rules-changed"]) $(id).hidden = true;
  $("undo").disabled = true;
  $("download").removeAttribute("href");
  $("download").hidden = true;
  document.body.dataset.over = "0";
  document.body.dataset.ply = "";
  showRules();
}

// A new game of the changed rules, with the players of the game shown where they still fit.
async function restartWithChangedRules() {
  if (board.busy || !board.state) return;
  try {
    await loadGames();
  } catch (e) {
    showMessage(`Cannot list the games: ${e.message}`);
    return;
  }
  const game = gameInfo(board.state.game.id);
  const players = board.state.seats.map((s) => s.player);
  $("game").value = game.id;
  showSeatPlayers(game, players.length === game.seats.length ? players : game.default_players);
  await newGame();
}

// ---- the state ----

function setState(state) {
  board.state = state;
  board.selection = [];
  $("board").innerHTML = state.svg;
  $("status").textContent = state.status;
  document.body.dataset.over = state.over ? "1" : "0";
  document.body.dataset.ply = state.ply;

  const seats = $("seats");
  seats.textContent = "";
  state.seats.forEach((seat, i) => {
    const item = document.createElement("li");
    item.textContent = `${seat.name}${seat.name === seat.side ? "" : " (" + seat.side + ")"}: ${seat.player}`;
    if (i === state.to_move) item.classList.add("to-move");
    seats.appendChild(item);
  });

  const score = $("score");
  score.hidden = !state.score;
  const rows = score.querySelector("tbody");
  rows.textContent = "";
  for (const s of state.score || []) {
    const row = rows.insertRow();
    row.insertCell().textContent = s.side;
    row.insertCell().textContent = s.score;
  }

  const counters = $("counters");
  counters.hidden = !state.counters.length;
  const counterRows = counters.querySelector("tbody");
  counterRows.textContent = "";
  for (const c of state.counters) {
    const row = counterRows.insertRow();
    row.insertCell().textContent = c.name;
    row.insertCell().textContent = c.value;
  }

  const notes = $("notes");
  notes.textContent = "";
  for (const line of state.notes) {
    const item = document.createElement("li");
    item.textContent = line;
    notes.appendChild(item);
  }

  const moves = $("moves");
  moves.textContent = "";
  state.history.forEach((text, i) => {
    const item = document.createElement("li");
    item.textContent = `${state.seats[state.movers[i]].name} ${text}`;
    moves.appendChild(item);
  });
  moves.scrollTop = moves.scrollHeight;

  $("undo").disabled = !state.can_undo;
  $("download").hidden = false;
  $("download").href = `/api/record?session=${state.session}`;
  $("download").setAttribute("download", `${state.game.id}-game.txt`);
  showZoneChoices();
  showSelection();
  showRules();
}

// ---- zones ----

const ZONE_COLOURS = ["#d9480f", "#1971c2", "#2f9e44", "#9c36b5", "#e67700", "#0c8599", "#c2255c", "#5c940d"];

// The zones the page can shade: those the rules name, then each side's territory now.
function zoneList(state) {
  const label = (z) => (z.side ? `${z.name} (${z.side})` : z.name);
  const zones = state.zones.map((z) => ({ label: label(z), cells: z.cells, shown: z.in_goal }));
  for (const t of state.territory || []) zones.push({ label: label(t), cells: t.cells, shown: true });
  return zones;
}

// A box per zone, with its colour; a zone named by a goal starts ticked.
function showZoneChoices() {
  const box = $("zones");
  box.textContent = "";
  const zones = zoneList(board.state);
  box.hidden = zones.length === 0;
  if (!zones.length) return;
  const legend = document.createElement("legend");
  legend.textContent = "Zones";
  box.appendChild(legend);
  zones.forEach((z, i) => {
    if (!board.zonesShown.has(z.label)) board.zonesShown.set(z.label, z.shown);
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "checkbox";
    input.checked = board.zonesShown.get(z.label);
    input.dataset.zone = z.label;
    input.addEventListener("change", () => {
      board.zonesShown.set(z.label, input.checked);
      showSelection();
    });
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = ZONE_COLOURS[i % ZONE_COLOURS.length];
    label.append(input, swatch, ` ${z.label} (${z.cells.length})`);
    box.appendChild(label);
  });
}

// Shades the cells of every ticked zone: a copy of each cell's shape in the zone's colour,
// under the pieces and over the squares.
function drawZones(svg, cells) {
  const old = svg.querySelector("#zones-overlay");
  if (old) old.remove();
  if (!board.state || !cells.size) return;
  const overlay = document.createElementNS(SVG_NS, "g");
  overlay.setAttribute("id", "zones-overlay");
  zoneList(board.state).forEach((z, i) => {
    if (!board.zonesShown.get(z.label)) return;
    const group = document.createElementNS(SVG_NS, "g");
    group.setAttribute("class", "zone");
    group.dataset.zone = z.label;
    group.style.setProperty("--zone", ZONE_COLOURS[i % ZONE_COLOURS.length]);
    for (const name of z.cells) {
      if (!cells.has(name)) continue;
      const copy = cells.get(name).cloneNode(true);
      copy.removeAttribute("id");
      copy.setAttribute("class", "zone-cell");
      copy.dataset.cell = name;
      for (const title of copy.querySelectorAll("title")) title.remove();
      group.appendChild(copy);
    }
    overlay.appendChild(group);
  });
  let anchor = [...cells.values()].pop();  // after the cells' own group, before the pieces
  while (anchor.parentNode !== svg) anchor = anchor.parentNode;
  svg.insertBefore(overlay, anchor.nextSibling);
}

// ---- the rules file ----

let lexer = null;  // rules_lexer.mjs, the lexer the editor grammars are tested against

// Shows the rules text (highlighted as the editors mark it), its errors when the file as
// it is now does not load, and an offer of a new game once its rules have changed.
async function showRules() {
  const rules = board.rules;
  const state = board.state;
  const problems = $("rules-problems");
  problems.hidden = !rules || !rules.diagnostics;
  if (rules && rules.diagnostics) {
    problems.querySelector("p").textContent = state && state.game.id === rules.game
        ? `${rules.file} has errors: the game shown goes on with the rules it started with.`
        : `${rules.file} has errors: a game can start once they are fixed.`;
    problems.querySelector("pre").textContent = rules.diagnostics;
  }
  $("rules-changed").hidden = !rules || !state || rules.game !== state.game.id || !!rules.diagnostics ||
                              rules.version === state.game.version;
  const pre = $("rules-text");
  if (!rules) {
    $("rules-file").textContent = "";
    pre.textContent = "";
    delete pre.dataset.version;
    return;
  }
  if (rules.game !== $("game").value) watchRules();  // another game chosen: its rules next
  const shown = `${rules.game}@${rules.version}`;
  if (pre.dataset.version === shown) return;
  $("rules-file").textContent = rules.file;
  pre.dataset.version = shown;
  pre.textContent = rules.text;
  try {
    lexer = lexer || await import("./rules_lexer.mjs");
  } catch (e) {
    return;  // the text stays plain
  }
  if (pre.dataset.version === shown) pre.replaceChildren(...highlighted(rules.text, lexer.classify(rules.text)));
}

const TOKEN_CLASSES = { c: "comment", s: "string", n: "number", k: "keyword" };

// The text as spans of one class each (the lexer gives a class letter per code point).
function highlighted(text, classes) {
  const nodes = [];
  text.split("\n").forEach((line, i) => {
    const chars = Array.from(line);
    const marks = classes[i] || "";
    let start = 0;
    for (let k = 1; k <= chars.length; ++k) {
      if (k < chars.length && marks[k] === marks[start]) continue;
      const piece = chars.slice(start, k).join("");
      const cls = TOKEN_CLASSES[marks[start]];
      if (cls) {
        const span = document.createElement("span");
        span.className = `token ${cls}`;
        span.textContent = piece;
        nodes.push(span);
      } else {
        nodes.push(document.createTextNode(piece));
      }
      start = k;
    }
    nodes.push(document.createTextNode("\n"));
  });
  return nodes;
}

// Asks for the rules of the game chosen, about once a second: the server reads the file again
// when it has changed. Every few seconds the list of games too: a file added to a served
// folder appears, one removed goes.
let watching = false;
async function watchRules() {
  const id = $("game").value || (board.state && board.state.game.id);
  if (watching || !id) return;
  watching = true;
  try {
    board.rules = await api("GET", `/api/rules?game=${encodeURIComponent(id)}`);
  } catch (e) {
    board.rules = null;
  }
  watching = false;
  showRules();
}

// ---- choosing a move by clicking ----

// The cell elements of the board picture, by name (each .cell carries its name as <title>).
function cellElements() {
  const cells = new Map();
  for (const el of document.querySelectorAll("#board svg .cell")) {
    const title = el.querySelector("title");
    if (title) cells.set(title.textContent, el);
  }
  return cells;
}

function startsWith(cells, prefix) {
  return prefix.length <= cells.length && prefix.every((c, i) => cells[i] === c);
}

// The legal moves still possible after the cells clicked so far.
function candidates(selection) {
  if (!board.state || !board.state.human_to_move) return [];
  return board.state.moves.filter((m) => m.cells.length > 0 && startsWith(m.cells, selection));
}

function play(move) {
  board.selection = [];
  return request("POST", "/api/move", { session: board.state.session, move: move.text });
}

function clickCell(name) {
  if (board.busy || !board.state || !board.state.human_to_move) return;
  const last = board.selection[board.selection.length - 1];
  if (name === last && board.selection.length === 1) {  // the selected piece again: let go of it
    board.selection = [];
    showSelection();
    return;
  }
  let next = board.selection.concat([name]);
  let left = candidates(next);
  if (left.length === 0 && board.selection.length > 0) {  // another piece: start again from it
    next = [name];
    left = candidates(next);
  }
  if (left.length === 0) {
    showMessage(board.selection.length ? `The selected piece cannot go to ${name}.` : `No legal move starts at ${name}.`);
    board.selection = [];
    showSelection();
    return;
  }
  showMessage("");
  board.selection = next;
  // One move left once a target is clicked (or a placement's cell): play it. Otherwise
  // show the next cells and the moves left as buttons.
  if (left.length === 1 && (next.length >= 2 || left[0].cells.length === 1)) {
    play(left[0]);
    return;
  }
  showSelection();
}

const SVG_NS = "http://www.w3.org/2000/svg";

function centre(el) {
  const box = el.getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, size: Math.min(box.width, box.height) };
}

function mark(overlay, el, cls, radius) {
  const c = centre(el);
  const circle = document.createElementNS(SVG_NS, "circle");
  circle.setAttribute("cx", c.x);
  circle.setAttribute("cy", c.y);
  circle.setAttribute("r", c.size * radius);
  circle.setAttribute("class", cls);
  overlay.appendChild(circle);
}

// Marks the selected cells and the cells a click may go to next, and lists the moves left.
function showSelection() {
  const svg = document.querySelector("#board svg");
  if (!svg) return;
  const old = svg.querySelector("#overlay");
  if (old) old.remove();
  const overlay = document.createElementNS(SVG_NS, "g");
  overlay.setAttribute("id", "overlay");
  svg.appendChild(overlay);
  const cells = cellElements();
  drawZones(svg, cells);
  const left = candidates(board.selection);
  const nextCells = new Set(left.filter((m) => m.cells.length > board.selection.length).map((m) => m.cells[board.selection.length]));
  for (const el of cells.values()) el.classList.remove("selectable", "selected", "next");
  const centres = board.selection.filter((name) => cells.has(name)).map((name) => centre(cells.get(name)));
  if (centres.length > 1) {  // the path clicked so far
    const line = document.createElementNS(SVG_NS, "polyline");
    line.setAttribute("points", centres.map((p) => `${p.x},${p.y}`).join(" "));
    line.setAttribute("class", "selected-path");
    overlay.appendChild(line);
  }
  for (const name of board.selection) if (cells.has(name)) mark(overlay, cells.get(name), "selected", 0.46);
  for (const name of nextCells) {
    if (!cells.has(name)) continue;
    cells.get(name).classList.add(board.selection.length ? "next" : "selectable");
    mark(overlay, cells.get(name), board.selection.length ? "next" : "selectable", board.selection.length ? 0.18 : 0.44);
  }

  const choices = $("choices");
  choices.textContent = "";
  const state = board.state;
  if (!state || state.over) return;
  if (!state.human_to_move) {
    choices.textContent = `${state.seats[state.to_move].player} is thinking…`;
    return;
  }
  // Moves without cells (a pass, a decision) are always buttons; the moves left after a
  // selection too, so capture sequences that share their first steps can be picked by name.
  const buttons = state.moves.filter((m) => m.cells.length === 0);
  if (board.selection.length) buttons.push(...left);
  for (const m of buttons) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `choice ${m.kind}`;
    button.textContent = m.text;
    button.dataset.move = m.text;
    button.addEventListener("click", () => !board.busy && play(m));
    choices.appendChild(button);
  }
}

// ---- computer seats ----

let computerTimer = null;

// When a computer seat is to move, ask the server to play it (after a short pause, so each
// move can be seen); the answer may hand the turn to another computer seat.
function scheduleComputer() {
  clearTimeout(computerTimer);
  const state = board.state;
  if (!state || state.over || state.human_to_move) return;
  computerTimer = setTimeout(() => {
    if (!board.busy && board.state === state) request("POST", "/api/computer", { session: state.session, max_moves: 1 });
  }, 250);
}

// ---- start ----

async function start() {
  $("board").addEventListener("click", (event) => {
    const cell = event.target.closest(".cell");
    if (cell && cell.querySelector("title")) clickCell(cell.querySelector("title").textContent);
  });
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    newGame();
  });
  $("undo").addEventListener("click", () => {
    if (!board.busy && board.state) request("POST", "/api/undo", { session: board.state.session });
  });
  $("restart").addEventListener("click", restartWithChangedRules);
  $("game").addEventListener("change", () => {
    const game = gameInfo($("game").value);
    showSeatPlayers(game, game.default_players);
    watchRules();
  });
  try {
    await api("POST", "/api/token", {});  // this browser's token (a cookie), unless it has one
    await loadGames();
  } catch (e) {
    showMessage(`Cannot list the games: ${e.message}`);
    return;
  }
  const params = new URLSearchParams(location.hash.slice(1));
  const first = gameInfo(params.get("game")) || board.games.find((g) => g.loaded) || board.games[0];
  $("game").value = first.id;
  showSeatPlayers(first, first.default_players);
  window.addEventListener("hashchange", () => openSession(new URLSearchParams(location.hash.slice(1)).get("session")));
  if (!(await openSession(params.get("session")))) await newGame();
  watchRules();
  setInterval(watchRules, 1000);
  setInterval(refreshGames, 3000);
}

// The list of games again, keeping the choice; the form follows a game that was added or changed.
async function refreshGames() {
  const before = JSON.stringify(board.games);
  try {
    await loadGames();
  } catch (e) {
    return;  // the server may be restarting: the list stays
  }
  if (JSON.stringify(board.games) === before) return;
  const game = gameInfo($("game").value) || board.games[0];
  if (!game) return;
  $("game").value = game.id;
  const players = [...document.querySelectorAll("#seat-players input")].map((input) => input.value);
  showSeatPlayers(game, players.length === game.seats.length ? players : game.default_players);
}

// The game of the address (#session=...), while the server still has it: a reload, or a
// link to a game made elsewhere, shows it.
async function openSession(session) {
  if (!session || (board.state && board.state.session === session)) return false;
  if (!(await request("GET", `/api/state?session=${encodeURIComponent(session)}`))) return false;
  $("game").value = board.state.game.id;
  showSeatPlayers(gameInfo(board.state.game.id), board.state.seats.map((s) => s.player));
  return true;
}

start();

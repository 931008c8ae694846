#!/usr/bin/python3
"""The web board (`tabula serve`, docs/WEB.md) in a real browser: Debian's headless Chromium
driven by Selenium plays, by clicking the board,
  1. a whole Lines of Action game against a random player,
  2. a Laska multiple capture chosen among sequences that share their first landing,
  3. a Lanquia opening and placement on the hex board (keep/swap decision buttons),
  4. a few rounds of Lanko-88 with four seats: two people at one screen, two random seats;
     the zones its rules name shaded (the goal's at first, a seat's half when ticked) and its
     rules text beside the board, highlighted,
  5. a page of another site, and a site's name rebound to this computer, trying to change a
     game (they change nothing),
  6. a refused new game, which takes the previous game's board away,
  7. a rules file edited while served: its error shown in the page, then, fixed with a change,
     a new game of the changed rules from the page's offer,
  8. the pages `tabula replay --html` writes, stepped to their end and back: the move list
     numbered by rounds as records number it, a LOA game's winning group ringed at its end,
and saves a screenshot of each under OUT (checked not blank). Run by ctest (web_board_browser):
    /usr/bin/python3 tests/browser/web_board_test.py --tabula build/tabula --out build/browser
When Chromium or its driver cannot start, it says so and fails: it never skips.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from png_check import check_not_blank  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = "/usr/bin/chromium"
OTHER_SITE = "other-site.example"
REBOUND_SITE = "rebound.example"


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


# ---- the server ----

class Server:
    def __init__(self, tabula, rules=None):
        self.process = subprocess.Popen([tabula, "serve", "--port", "0", "--seed", "1"] +
                                        (rules or [os.path.join(REPO, "rules")]),
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()  # "tabula serve: http://127.0.0.1:PORT/ (...)"
        if not line.startswith("tabula serve: http://"):
            self.process.kill()
            raise Failure(f"tabula serve did not start: {line!r} {self.process.stderr.read()}")
        self.url = line.split()[2]
        self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])
        self.cookie = None
        _, _, headers = self.call("POST", "/api/token", {})  # this client's token, as the page asks for one
        self.cookie = headers.get("Set-Cookie", "").split(";")[0]
        check(self.cookie.startswith(f"tabula-{self.port}="), f"the page gave no token: {headers}")

    def call(self, method, path, body=None, cookie=None):
        """A request as the page makes it (JSON, the token's cookie: this client's, or `cookie`)."""
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        headers = {"Content-Type": "application/json"}
        if cookie or self.cookie:
            headers["Cookie"] = cookie or self.cookie
        request = urllib.request.Request(self.url.rstrip("/") + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read().decode(), dict(response.headers)
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(), dict(e.headers)

    def stop(self):
        """SIGTERM: the server stops cleanly and says so."""
        self.process.terminate()
        try:
            out, err = self.process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise Failure("tabula serve did not stop within 15 s of SIGTERM")
        check(self.process.returncode == 0, f"tabula serve exited with {self.process.returncode}: {err}")
        check("stopping" in err, f"tabula serve did not report stopping: {err!r}")


# ---- the browser ----

def start_browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as e:
        raise Failure(f"{sys.executable} has no Selenium ({e}): tools/install-deps installs python3-selenium "
                      "for Debian's /usr/bin/python3")
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.path.exists(path):
            raise Failure(f"{path} is missing: tools/install-deps installs chromium and chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--no-first-run", "--window-size=1280,1000", "--user-data-dir=" + tempfile.mkdtemp(),
                     # Other sites, on this computer: a page of another site, and a site that
                     # points its own name at this computer (DNS rebinding).
                     f"--host-resolver-rules=MAP {OTHER_SITE} 127.0.0.1, MAP {REBOUND_SITE} 127.0.0.1"):
        options.add_argument(argument)
    try:
        return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except Exception as e:  # noqa: BLE001 - whatever stops the browser, the test fails and says why
        raise Failure(f"cannot start Chromium through {CHROMEDRIVER}: {e}")


class Page:
    def __init__(self, driver, url):
        self.driver = driver
        self.url = url

    def state(self):
        return self.driver.execute_script("return board.state")

    def cookie(self):
        """The token the page gave this browser, as a Cookie header (for requests made beside it)."""
        for c in self.driver.get_cookies():
            if c["name"].startswith("tabula-"):
                return f"{c['name']}={c['value']}"
        raise Failure(f"the browser holds no token: {self.driver.get_cookies()}")

    def wait(self, condition, what, seconds=30):
        end = time.time() + seconds
        while time.time() < end:
            value = condition()
            if value:
                return value
            time.sleep(0.05)
        message = self.driver.execute_script("return document.getElementById('message').textContent")
        raise Failure(f"timed out waiting for {what} (page message: {message!r})")

    def idle(self):
        return self.driver.execute_script("return document.body.dataset.busy === '0' && board.state !== null")

    def wait_for_person_or_end(self):
        """Waits until the page shows a position where a person is to move, or the game is over."""
        def ready():
            if not self.idle():
                return None
            s = self.state()
            return s if (s["over"] or s["human_to_move"]) else None
        return self.wait(ready, "a person's turn or the end")

    def new_game(self, game, players):
        from selenium.webdriver.support.ui import Select
        self.driver.get(self.url)
        self.wait(self.idle, "the page to start")
        Select(self.driver.find_element("id", "game")).select_by_value(game)
        inputs = self.driver.find_elements("css selector", "#seat-players input")
        check(len(inputs) == len(players), f"{game}: {len(inputs)} seat inputs, expected {len(players)}")
        for field, player in zip(inputs, players):
            field.clear()
            field.send_keys(player)
        self.driver.find_element("id", "new").click()
        self.wait(lambda: self.idle() and self.state()["game"]["id"] == game and self.state()["ply"] == 0,
                  f"a new {game} game")
        check(f"session={self.state()['session']}" in self.driver.current_url, "the address names the session")

    def open_session(self, session):
        self.driver.get(f"{self.url}#session={session}")
        self.wait(lambda: self.idle() and self.state()["session"] == session, "the session's game")

    def cell(self, name):
        xpath = ("//*[@id='board']//*[name()='svg']//*[contains(concat(' ', @class, ' '), ' cell ')]"
                 f"[*[name()='title' and text()='{name}']]")
        return self.driver.find_element("xpath", xpath)

    def click_cell(self, name):
        self.cell(name).click()

    def zone_cells(self, label):
        """The cells the page shades for the zone `label` (its box ticked), by name."""
        return sorted(self.driver.execute_script(
            "const g = [...document.querySelectorAll('#zones-overlay .zone')].find(z => z.dataset.zone === arguments[0]);"
            "return g ? [...g.querySelectorAll('.zone-cell')].map(e => e.dataset.cell) : []", label))

    def marked(self, kind):
        """The cells the overlay marks as `kind` (selectable, selected, next), as the page's cell classes say."""
        return sorted(self.driver.execute_script(
            "return [...document.querySelectorAll('#board svg .cell.' + arguments[0])]"
            ".map(e => e.querySelector('title').textContent)", kind))

    def choice_buttons(self):
        return [b.text for b in self.driver.find_elements("css selector", "#choices button")]

    def click_choice(self, text):
        for button in self.driver.find_elements("css selector", "#choices button"):
            if button.get_attribute("data-move") == text:
                button.click()
                return
        raise Failure(f"no button for {text}; buttons: {self.choice_buttons()}")

    def play_by_clicks(self, move):
        """Plays a move as a person does: its cells one by one, or its button."""
        ply = self.state()["ply"]
        if move["cells"]:
            for name in move["cells"]:
                self.click_cell(name)
        else:
            self.click_choice(move["text"])
        self.wait(lambda: self.idle() and self.state()["ply"] > ply, f"the move {move['text']} to be played")

    def screenshot(self, out_dir, name):
        path = os.path.join(out_dir, f"{name}.png")
        self.driver.save_screenshot(path)
        with open(path, "rb") as f:
            check_not_blank(f.read(), path)
        board = self.driver.find_element("id", "board").screenshot_as_png
        check_not_blank(board, f"{path} (the board alone)")
        return path


# ---- the scenarios ----

def loa_concentration_move(state):
    """A move that brings the mover's stones together (so the game ends soon), from the position text."""
    rows, mover = state["position"].split()
    mine = "B" if mover == "black" else "W"
    stones = set()
    for r, row in enumerate(rows.split("/")):
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            if ch == mine:
                stones.add((file, 7 - r))
            file += 1

    def xy(cell):
        return ord(cell[0]) - ord("a"), int(cell[1:]) - 1

    def spread(group):
        cx = sum(x for x, _ in group) / len(group)
        cy = sum(y for _, y in group) / len(group)
        return sum(max(abs(x - cx), abs(y - cy)) for x, y in group)

    return min(state["moves"], key=lambda m: spread((stones - {xy(m["from"])}) | {xy(m["to"])}))


def scenario_loa(page, server, tabula, out_dir):
    page.new_game("loa", ["human", "random"])
    clicks = 0
    while True:
        state = page.wait_for_person_or_end()
        if state["over"]:
            break
        check(clicks < 200, "the LOA game did not end within 200 moves")
        move = loa_concentration_move(state)
        page.click_cell(move["from"])
        targets = {m["to"] for m in state["moves"] if m["from"] == move["from"]}
        check(page.marked("next") == sorted(targets), f"the targets of {move['from']} are marked")
        if clicks == 3:
            page.screenshot(out_dir, "loa-targets")
        page.click_cell(move["to"])
        page.wait(lambda: page.state()["ply"] > state["ply"], "the LOA move")
        clicks += 1
    state = page.state()
    status = page.driver.find_element("id", "status").text
    check(" wins after " in status or "draw" in status, f"the result is shown: {status!r}")
    check(state["history"][0::2] and len(state["history"]) == state["ply"], "the move list is complete")
    items = page.driver.find_elements("css selector", "#moves li")
    check(len(items) == state["ply"], f"{len(items)} moves listed, {state['ply']} played")
    page.screenshot(out_dir, "loa-end")

    # The record behind the download link replays with `tabula replay` to the same result.
    href = page.driver.find_element("id", "download").get_attribute("href")
    status_code, record, headers = server.call("GET", href[len(server.url.rstrip("/")):], cookie=page.cookie())
    check(status_code == 200 and "attachment" in headers.get("Content-Disposition", ""), "the record downloads")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(record)
    replay = subprocess.run([tabula, "replay", os.path.join(REPO, "rules/loa.rules"), f.name],
                            capture_output=True, text=True)
    os.unlink(f.name)
    check(replay.returncode == 0 and f"{state['ply']} moves replayed" in replay.stdout,
          f"the record replays: {replay.stdout} {replay.stderr}")
    return f"LOA: {clicks} moves by clicking, then {status}"


LASKA_POSITION = "b,1,b,1/b,b,b//b,b,1/wb,w,bw,bww//Bwwww,1,w,w white"


def scenario_laska(page, server, out_dir):
    status, body, _ = server.call("POST", "/api/new", {"game": "laska", "players": "human,human",
                                                        "position": LASKA_POSITION}, cookie=page.cookie())
    check(status == 200, f"a Laska game from a position: {body}")
    page.open_session(json.loads(body)["session"])
    check(page.marked("selectable") == ["a3", "c3"], f"the pieces that can take: {page.marked('selectable')}")
    page.click_cell("c3")
    check(page.marked("next") == ["a5", "e5"], f"c3's first landings: {page.marked('next')}")
    page.click_cell("e5")
    check(page.marked("next") == ["c7", "g7"], f"the landings after e5: {page.marked('next')}")
    buttons = page.choice_buttons()
    check(buttons == ["c3-d4-e5wb-f6-g7Wbb", "c3-d4-e5wb-d6-c7Wbb"], f"the sequences left: {buttons}")
    page.screenshot(out_dir, "laska-choice")
    ply = page.state()["ply"]
    page.click_cell("c7")
    page.wait(lambda: page.idle() and page.state()["ply"] > ply, "the Laska capture")
    check(page.state()["history"] == ["c3-d4-e5wb-d6-c7Wbb"], f"played: {page.state()['history']}")
    page.screenshot(out_dir, "laska-taken")

    # Undo, then the other sequence by its button.
    page.driver.find_element("id", "undo").click()
    page.wait(lambda: page.idle() and page.state()["ply"] == ply, "the undo")
    page.click_cell("c3")
    page.click_cell("e5")
    page.click_choice("c3-d4-e5wb-f6-g7Wbb")
    page.wait(lambda: page.idle() and page.state()["ply"] > ply, "the Laska capture by its button")
    check(page.state()["history"] == ["c3-d4-e5wb-f6-g7Wbb"], f"played: {page.state()['history']}")
    return "Laska: a capture chosen among two sequences through e5, by its landing and by its button"


def scenario_lanquia(page, out_dir):
    page.new_game("lanquia", ["human", "human"])
    page.click_cell("i9")
    page.wait(lambda: page.idle() and page.state()["ply"] == 1, "B@i9")
    page.click_cell("i11")
    page.wait(lambda: page.idle() and page.state()["ply"] == 2, "W@i11")
    check(page.state()["history"] == ["B@i9", "W@i11"], f"the opening: {page.state()['history']}")
    check(page.choice_buttons() == ["keep", "swap"], f"the pie decision: {page.choice_buttons()}")
    page.click_choice("keep")
    page.wait(lambda: page.idle() and page.state()["ply"] == 3, "keep")
    state = page.state()
    placements = [m for m in state["moves"] if m["kind"] == "place"]
    check(placements, "placements follow the opening")
    before = state["svg"].count('class="piece"')
    page.click_cell(placements[0]["to"])
    page.wait(lambda: page.idle() and page.state()["ply"] == 4, "a placement")
    check(page.state()["svg"].count('class="piece"') == before + 1, "the placed stone is drawn")
    score = page.driver.find_element("id", "score")
    check(score.is_displayed() and "black" in score.text, f"the score is shown: {score.text!r}")
    page.screenshot(out_dir, "lanquia-placement")
    return f"Lanquia: B@i9 W@i11 keep {placements[0]['text']} by clicking"


def scenario_lanko(page, out_dir):
    page.new_game("lanko-88", ["human", "random", "human", "random"])
    seats = [li.text for li in page.driver.find_elements("css selector", "#seats li")]
    check(len(seats) == 4 and seats[1].endswith("random"), f"four seats: {seats}")
    played = []
    for _ in range(4):  # two rounds: S, (W), N, (E)
        state = page.wait_for_person_or_end()
        if state["over"]:
            break
        seat = state["seats"][state["to_move"]]["name"]
        check(seat in ("S", "N"), f"a person plays S and N, not {seat}")
        move = next((m for m in state["moves"] if m["kind"] == "piece"), state["moves"][0])
        page.play_by_clicks(move)
        played.append(f"{seat} {move['text']}")
    state = page.wait_for_person_or_end()
    check(state["ply"] >= 8, f"the computer seats answered: ply {state['ply']}")
    check(page.driver.find_element("id", "score").is_displayed(), "the score is shown")
    # The zones the rules name: the middle (an end rule's) shaded at first, a seat's half
    # when its box is ticked; the rules file beside the board, highlighted.
    middle = next(z["cells"] for z in state["zones"] if z["name"] == "middle")
    check(page.zone_cells("middle") == sorted(middle), f"the middle shaded: {page.zone_cells('middle')}")
    check(page.zone_cells("half-S") == [], "a seat's half is not shaded at first")
    page.driver.find_element("css selector", "#zones input[data-zone='half-S']").click()
    half = next(z["cells"] for z in state["zones"] if z["name"] == "half-S")
    check(page.zone_cells("half-S") == sorted(half) and len(half) == 50, f"half-S shaded: {len(page.zone_cells('half-S'))}")
    page.wait(lambda: page.driver.execute_script(
        "return document.querySelectorAll('#rules-text .token.keyword').length") > 20, "the highlighted rules")
    text = page.driver.execute_script("return document.getElementById('rules-text').textContent")
    with open(os.path.join(REPO, "rules/lanko-88.rules")) as f:
        check(text.rstrip("\n") == f.read().rstrip("\n"), "the rules text is the file's")
    page.screenshot(out_dir, "lanko-four-seats")
    return "Lanko-88: " + ", ".join(played) + f", random W and E between (ply {state['ply']}); zones, rules text"


# A page of another site that tries to drive the board: every request a page may send to
# another site without asking first (plain-text and form POSTs, with the browser's cookies),
# a JSON POST (which asks first), and 64 new games to push the user's game out.
OTHER_SITE_PAGE = """<!DOCTYPE html><html><body><iframe name="sink"></iframe><script>
const board = "http://127.0.0.1:%(port)d", session = "%(session)s", legal = "%(move)s";
async function send(path, body, type) {
  try {
    await fetch(board + path, {method: "POST", body, mode: "no-cors", credentials: "include",
                               headers: {"Content-Type": type}});
  } catch (e) {}
}
async function attack() {
  const move = JSON.stringify({session, move: legal});
  await send("/api/move", move, "text/plain");
  await send("/api/move", move, "application/x-www-form-urlencoded");
  try {
    await fetch(board + "/api/move", {method: "POST", body: move, credentials: "include",
                                      headers: {"Content-Type": "application/json"}});
  } catch (e) {}
  for (let i = 0; i < 64; ++i) await send("/api/new", JSON.stringify({game: "laska"}), "text/plain");
  const form = document.createElement("form");
  form.method = "POST"; form.enctype = "text/plain"; form.target = "sink"; form.action = board + "/api/undo";
  const field = document.createElement("input");
  field.name = '{"session": "' + session + '", "x": "'; field.value = '"}';
  form.appendChild(field); document.body.appendChild(form); form.submit();
  setTimeout(() => { document.title = "sent"; }, 1000);
}
attack();
</script></body></html>"""


def scenario_other_origin(page, server):
    import http.server
    import threading
    page.new_game("loa", ["human", "human"])
    page.play_by_clicks(next(m for m in page.state()["moves"] if m["text"] == "b1-b3"))
    session = page.state()["session"]
    legal = page.state()["moves"][0]["text"]  # a move the other site's page would play, were it let
    html = (OTHER_SITE_PAGE % {"port": server.port, "session": session, "move": legal}).encode()

    class OtherSite(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *args):
            pass

    other = http.server.HTTPServer(("127.0.0.1", 0), OtherSite)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        page.driver.get(f"http://{OTHER_SITE}:{other.server_port}/")
        page.wait(lambda: page.driver.title == "sent", "the other site's page to send its requests")
    finally:
        other.shutdown()
        other.server_close()
    # DNS rebinding: another site's name pointed at this computer, on the board's port.
    page.driver.get(f"http://{REBOUND_SITE}:{server.port}/")
    text = page.driver.find_element("tag name", "body").text
    check(f"not to the host '{REBOUND_SITE}:{server.port}'" in text, f"the rebound name was served: {text[:200]}")
    # What the browser logged meanwhile (the log is emptied by reading it): refusals, blocked
    # requests, and the board refusing to be shown in the other site's frame; nothing else.
    for entry in page.driver.get_log("browser"):
        message = entry["message"]
        check(any(word in message for word in (OTHER_SITE, REBOUND_SITE, "status of 4", "net::ERR_FAILED",
                                               "frame-ancestors")) or entry["level"] != "SEVERE",
              f"the browser logged: {message}")
    # The user's game is as it was: one move, the same session, held by the server.
    page.open_session(session)
    state = page.state()
    check(state["ply"] == 1 and state["history"] == ["b1-b3"], f"the game changed: {state['history']}")
    status, body, _ = server.call("GET", f"/api/state?session={session}", cookie=page.cookie())
    check(status == 200 and json.loads(body)["ply"] == 1, f"the game is still held: {status} {body[:200]}")
    return (f"another site's page ({OTHER_SITE}) and a rebound name ({REBOUND_SITE}) changed nothing: "
            "the game kept its one move")


def scenario_replay_page(driver, tabula):
    """The page `replay --html` writes: its script puts each position together from the changes."""
    record = os.path.join(REPO, "tests/data/lanrick-game.txt")
    with tempfile.TemporaryDirectory() as folder:
        page_path = os.path.join(folder, "lanrick.html")
        subprocess.run([tabula, "replay", os.path.join(REPO, "rules/lanrick.rules"), record, "--html", page_path],
                       check=True, capture_output=True)
        final = subprocess.run([tabula, "show", os.path.join(REPO, "rules/lanrick.rules"), "--moves", "@" + record,
                                "--svg", "-"], check=True, capture_output=True, text=True).stdout
        driver.get("file://" + page_path)

        def shown():
            return driver.execute_script("return [document.getElementById('status').textContent,"
                                         " document.getElementById('ply').textContent,"
                                         " document.getElementById('state').querySelectorAll('.piece').length]")
        first = shown()
        check(first[1] == "ply 0 of 273", f"the page starts at the first position: {first}")
        driver.find_element("id", "last").click()
        status, ply, pieces = shown()
        check(status == "Lanrick: yellow wins after 273 plies" and ply == "ply 273 of 273",
              f"the last position: {status!r} {ply!r}")
        expected = final.count('class="piece')
        check(pieces == expected, f"{pieces} pieces drawn, the final position has {expected}")
        driver.find_element("id", "back").click()
        check(shown()[1] == "ply 272 of 273", "one step back")
        driver.find_element("id", "first").click()
        check(shown() == first, "back to the first position")
        rows = driver.execute_script("return [...document.querySelectorAll('#moves p')].map("
                                     "r => r.querySelector('b').textContent)")
        check(rows[:3] == ["1.", "2.", "3."], f"the move list is numbered by rounds, as the record: {rows[:3]}")
        check(len(driver.find_elements("css selector", "#moves i")) == 273, "every move listed")
        # A game that ends with a connection: its last position rings the winning group.
        loa_page = os.path.join(folder, "loa.html")
        subprocess.run([tabula, "replay", os.path.join(REPO, "rules/loa.rules"),
                        os.path.join(REPO, "tests/data/loa-games/appendix_E_game1.txt"), "--html", loa_page],
                       check=True, capture_output=True)
        driver.get("file://" + loa_page)
        rings = "return document.querySelectorAll('#state .ending-cell').length"
        check(driver.execute_script(rings) == 0, "no ending marked at the start")
        driver.find_element("id", "last").click()
        ringed = driver.execute_script(rings)
        check(ringed >= 2, f"the winning group is ringed at the end: {ringed}")
        return f"replay page: 273 plies put together from their changes ({pieces} pieces at the end), numbered by rounds; a LOA game's winning group ringed ({ringed} pieces)"


def scenario_refused_new_game(page):
    """A new game the server refuses: the previous game's board goes, so nothing shown belongs to it."""
    page.new_game("breakthrough", ["human", "random"])
    inputs = page.driver.find_elements("css selector", "#seat-players input")
    inputs[1].clear()
    inputs[1].send_keys("mcst:1")
    page.driver.find_element("id", "new").click()
    page.wait(lambda: "mcst" in page.driver.find_element("id", "message").text, "the refusal")
    check(page.driver.execute_script("return board.state === null && "
                                     "document.querySelectorAll('#board svg').length === 0"),
          "the previous board is gone")
    status = page.driver.find_element("id", "status").text
    check(status.startswith("No game"), f"the status says there is no game: {status!r}")
    check(not page.driver.find_element("id", "download").is_displayed(), "nothing to download")
    return f"a refused new game clears the board: {page.driver.find_element('id', 'message').text[:60]}..."


def scenario_edited_rules(driver, tabula, out_dir):
    """The designer's loop: a rules file edited while served shows its error in the page, then,
    fixed with a change, offers a new game that plays the changed rules."""
    with tempfile.TemporaryDirectory() as folder:
        os.makedirs(os.path.join(folder, "rules"))
        subprocess.run(["cp", "-r", os.path.join(REPO, "boards"), folder], check=True)
        path = os.path.join(folder, "rules", "race.rules")
        with open(os.path.join(REPO, "rules/breakthrough.rules")) as f:
            original = f.read()

        def write(text):
            with open(path + ".new", "w") as f:
                f.write(text)
            os.replace(path + ".new", path)
        write(original)
        server = Server(tabula, [path])
        try:
            page = Page(driver, server.url)
            page.new_game("race", ["human", "human"])
            page.play_by_clicks(page.state()["moves"][0])
            write(original.replace("piece pawn", "piece pawn colour=red"))
            problems = page.wait(lambda: page.driver.find_element("id", "rules-problems").text, "the error in the page")
            check("race.rules:" in problems and "error:" in problems and "colour" in problems,
                  f"the diagnostics are shown: {problems!r}")
            check(page.state()["ply"] == 1, "the game shown goes on")
            page.screenshot(out_dir, "edited-rules-error")
            write(original.replace('game "Breakthrough"', 'game "Breakthrough, edited"'))
            page.wait(lambda: not page.driver.find_element("id", "rules-problems").is_displayed(), "the error gone")
            page.wait(lambda: page.driver.find_element("id", "rules-changed").is_displayed(), "the offer of a new game")
            check("Breakthrough, edited" in page.driver.find_element("id", "rules-text").text, "the new text is shown")
            page.driver.find_element("id", "restart").click()
            page.wait(lambda: page.idle() and page.state()["game"]["version"] == 2, "the game of the changed rules")
            state = page.state()
            check(state["game"]["name"] == "Breakthrough, edited" and state["ply"] == 0, f"a new game: {state['game']}")
            check([s["player"] for s in state["seats"]] == ["human", "human"], "the same players")
            check(not page.driver.find_element("id", "rules-changed").is_displayed(), "the offer is gone")
            driver.get("about:blank")  # the page polls its server: leave it before the server stops
            server.stop()
            server = None
        finally:
            if server:
                server.process.kill()
    return "an edited rules file: its error shown in the page, then a new game of the changed rules"


def scenario_served_folder(driver, tabula, out_dir):
    """A served folder with a broken file: the server starts, the page lists the file and shows
    its errors wrapped (no sideways scrolling); a file added while it runs appears and plays,
    a file removed goes."""
    from selenium.webdriver.support.ui import Select
    with tempfile.TemporaryDirectory() as folder:
        for name in ("breakthrough", "tic-tac-toe"):
            subprocess.run(["cp", os.path.join(REPO, "rules", f"{name}.rules"), folder], check=True)
        long_word = "frobnicate" + "x" * 300  # a line far wider than the page
        with open(os.path.join(folder, "broken.rules"), "w") as f:
            f.write(f'game "Broken"\nboard "square8.yaml"\n(player white {long_word}\n')  # the line quoted
        server = Server(tabula, [folder])
        try:
            page = Page(driver, server.url)
            driver.get(server.url)
            page.wait(page.idle, "the page to start with a game that loads")
            def choices(what):  # read in one step: the page may make the list again meanwhile
                return driver.execute_script(f"return [...document.getElementById('game').options].map(o => o.{what})")
            options = choices("textContent")
            check(any("broken (has errors)" in o for o in options), f"the broken file is listed: {options}")
            check(page.state()["game"]["id"] != "broken", "the first game that loads is shown")
            Select(driver.find_element("id", "game")).select_by_value("broken")
            problems = page.wait(lambda: driver.find_element("id", "rules-problems").text, "the broken file's errors")
            check("broken.rules:3:" in problems and "error:" in problems and long_word[:40] in problems,
                  f"its errors are shown: {problems[:200]!r}")
            wide = driver.execute_script(
                "const pre = document.querySelector('#rules-problems pre'); return [pre.scrollWidth, pre.clientWidth]")
            check(wide[0] <= wide[1] + 1, f"the errors wrap instead of scrolling sideways: {wide}")
            page.screenshot(out_dir, "served-folder-errors")
            with open(os.path.join(REPO, "rules", "connect-four.rules")) as f:
                text = f.read()
            with open(os.path.join(folder, "added.rules.new"), "w") as f:
                f.write(text)
            os.replace(os.path.join(folder, "added.rules.new"), os.path.join(folder, "added.rules"))
            os.remove(os.path.join(folder, "tic-tac-toe.rules"))
            page.wait(lambda: "added" in choices("value"), "the added file listed")
            values = choices("value")
            check("tic-tac-toe" not in values, f"the removed file is gone: {values}")
            page.new_game("added", ["human", "human"])
            page.play_by_clicks(page.state()["moves"][0])
            check(page.state()["game"]["name"] == "Connect Four", f"the added file plays: {page.state()['game']}")
            driver.get("about:blank")  # the page polls its server: leave it before the server stops
            server.stop()
            server = None
        finally:
            if server:
                server.process.kill()
    return "a served folder: a broken file listed with its errors, a file added while serving plays, one removed goes"


def scenario_errors(server):
    status, body, _ = server.call("POST", "/api/move", b"x" * 20000)
    check(status == 413 and "error" in json.loads(body), f"a body over the limit: {status} {body}")
    status, body, _ = server.call("POST", "/api/new", {"game": "nothing"})
    check(status == 404 and json.loads(body)["error"].startswith("there is no game 'nothing'"), f"{status} {body}")
    return "errors: 413 and 404 as JSON"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabula", required=True, help="the tabula binary")
    parser.add_argument("--out", required=True, help="where the screenshots go")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    started = time.time()
    server = driver = None
    try:
        server = Server(args.tabula)
        driver = start_browser()
        page = Page(driver, server.url)
        for scenario in (lambda: scenario_loa(page, server, args.tabula, args.out),
                         lambda: scenario_laska(page, server, args.out), lambda: scenario_lanquia(page, args.out),
                         lambda: scenario_lanko(page, args.out), lambda: scenario_other_origin(page, server),
                         lambda: scenario_refused_new_game(page),
                         lambda: scenario_edited_rules(driver, args.tabula, args.out),
                         lambda: scenario_served_folder(driver, args.tabula, args.out),
                         lambda: scenario_replay_page(driver, args.tabula),
                         lambda: scenario_errors(server)):
            print("ok:", scenario(), f"({time.time() - started:.0f} s)", flush=True)
        logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "status of 4" not in e["message"]]
        check(not logs, f"the page logged errors: {logs}")
        driver.quit()
        driver = None
        server.stop()
        server = None
    except Exception as e:  # noqa: BLE001 - any failure is reported with the page as it was
        print(f"FAIL: {e}" if isinstance(e, (Failure, AssertionError)) else f"FAIL: {type(e).__name__}: {e}",
              file=sys.stderr)
        if driver:
            driver.save_screenshot(os.path.join(args.out, "failure.png"))
            print("the page at the failure:", os.path.join(args.out, "failure.png"), file=sys.stderr)
        return 1
    finally:
        if driver:
            driver.quit()
        if server:
            server.process.kill()
    print(f"all browser scenarios passed in {time.time() - started:.0f} s; screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

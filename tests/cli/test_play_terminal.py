"""`tabula play` with a person at a terminal, driven through a pseudo-terminal: the prompt
names the seat, every move and the board are shown, the commands work, line editing and
history come from libedit (the up arrow recalls a line, it never inserts ^[[A), and Ctrl-D
prints the record so far."""
import os
import pty
import re
import select
import signal
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABULA = os.environ["TABULA_BINARY"]


class Terminal:
    def __init__(self, *args):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(ROOT)
            os.execv(TABULA, [TABULA, "play", *args])
        self.out = ""

    def read_until(self, pattern, timeout=60):
        deadline = time.time() + timeout
        while not re.search(pattern, self.out):
            left = deadline - time.time()
            assert left > 0, f"no {pattern!r} in:\n{self.out}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                assert chunk, f"the game ended without {pattern!r}:\n{self.out}"
                self.out += chunk.decode("utf-8", "replace")
        return self.out

    def type(self, keys):
        # Keys are typed once libedit has the terminal in raw mode (the master side reads the
        # line settings of the terminal). Keys that arrive earlier are typeahead, which libedit
        # reads in line mode, where a Ctrl-D can be taken in the middle of a mode switch and
        # lost; a person cannot type within the microseconds this waits for.
        deadline = time.time() + 10
        while termios.tcgetattr(self.fd)[3] & termios.ICANON and time.time() < deadline:
            time.sleep(0.005)
        os.write(self.fd, keys.encode())

    def since(self, mark):
        return self.out[mark:]

    def finish(self, timeout=60):
        deadline = time.time() + timeout
        while True:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:  # read what is left, up to the end of the terminal's output
                while select.select([self.fd], [], [], 0.5)[0]:
                    try:
                        chunk = os.read(self.fd, 65536)
                    except OSError:
                        break
                    if not chunk:
                        break
                    self.out += chunk.decode("utf-8", "replace")
                return os.waitstatus_to_exitcode(status)
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.1)
                if ready:
                    self.out += os.read(self.fd, 65536).decode("utf-8", "replace")
            except OSError:
                pass
            if time.time() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                raise AssertionError(f"tabula did not exit:\n{self.out}")


def test_a_human_game_at_the_terminal():
    t = Terminal("rules/loa.rules", "--players", "human,alphabeta:1", "--seed", "4")
    t.read_until(r"black to move> ")
    t.type("help\r")
    t.read_until(r"undo .*\n(.|\n)*black to move> $")
    assert "resign" in t.out and "save FILE" in t.out
    mark = len(t.out)
    t.type("b1-b3\r")
    t.read_until(r"white plays \S+\r?\n(.|\n)*black to move> $")
    assert "black plays b1-b3" in t.since(mark)
    assert "  a b c d e f g h" in t.since(mark)  # the board after the moves
    # A line recalled with the up arrow: 'moves c1' again, never the escape sequence.
    mark = len(t.out)
    t.type("moves c1\r")
    t.read_until(r"c1-e3[^\n]*\r?\n(.|\n)*black to move> $")
    assert "c1xa3" in t.since(mark) and "c1xc4" in t.since(mark)  # captures too, written cxy
    mark = len(t.out)
    t.type("\x1b[A\r")
    t.read_until(r"c1-e3[^\n]*\r?\n(.|\n)*black to move> $")
    assert "^[[A" not in t.out and "is not a" not in t.since(mark)
    t.type("hint\r")
    t.read_until(r"alphabeta:2 would play \S+")
    t.type("d1\r")  # a cell alone: the moves of its piece
    t.read_until(r"'d1' is not a move here; moves with d1: d1-")
    t.type("mvoes\r")  # a misspelt command is offered the command
    t.read_until(r"'mvoes' is not a command or a move; did you mean 'moves'\?(.|\n)*black to move> $")
    mark = len(t.out)
    t.type("moves\r")  # every move, in lines broken between moves, never inside one
    listed = t.read_until(r"g8-a8[^\n]*\r?\n(.|\n)*black to move> $")[mark:]
    lines = [l.rstrip("\r") for l in listed.split("\n")[1:] if l.strip() and "to move>" not in l]
    assert len(lines) >= 2, listed
    assert all(len(l) <= 78 for l in lines), lines
    assert all(re.fullmatch(r"[a-h][1-8][x-][a-h][1-8]", w) for l in lines for w in l.split()), lines
    t.type("undo\r")
    t.read_until(r"took back 2 moves")
    t.type("c1-c3\r")
    t.read_until(r"white plays (.|\n)*black to move> $")
    t.type("\x04")  # Ctrl-D: the game stops, and its record is printed
    assert t.finish() == 0
    assert re.search(r'\[Game "Lines of Action"\]\r?\n\[Rules "loa.rules"\]', t.out)
    assert "1. c1-c3 " in t.out and "b1-b3" not in t.out.split("[Game")[1]
    assert "stopped (input ended (Ctrl-D)) after 2 moves" in t.out


def test_two_human_seats_of_one_side_see_their_own_seat():
    t = Terminal("rules/lanko-88.rules", "--players", "human,human")
    t.read_until(r"S \(white\) to move> ")
    t.type("resign\r")
    assert t.finish() == 0
    assert "result: white resigned" in t.out
    assert '[Result "0-1"]' in t.out


def test_save_and_quit(tmp_path):
    saved = tmp_path / "game.txt"
    t = Terminal("rules/loa.rules", "--players", "human,random")
    t.read_until(r"black to move> ")
    t.type("b1-b3\r")
    t.read_until(r"white plays (.|\n)*black to move> $")
    t.type(f"save {saved}\r")
    t.read_until(r"saved the record of 2 moves")
    t.type("quit\r")
    assert t.finish() == 0
    text = saved.read_text()
    assert text.startswith('[Game "Lines of Action"]\n') and "1. b1-b3 " in text

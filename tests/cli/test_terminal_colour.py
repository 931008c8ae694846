"""Colour at a terminal only: drawings and diagnostics are coloured through a
pseudo-terminal, plain when piped, and plain when NO_COLOR is set (https://no-color.org)."""
import os
import pty
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABULA = os.environ["TABULA_BINARY"]


def at_terminal(*args, env=None):
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.execve(TABULA, [TABULA, *args], {**os.environ, "TERM": "xterm", **(env or {})})
    out = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace")


def broken(tmp_path):
    path = tmp_path / "broken.rules"
    path.write_text(f'game "Broken"\nboard "{ROOT}/boards/square8.yaml"\nplayer black\nplayer white\npeice stone\n')
    return path


def test_drawings_and_diagnostics_are_coloured_at_a_terminal(tmp_path):
    status, out = at_terminal("show", "rules/loa.rules")
    assert status == 0
    assert "\x1b[1;34mB\x1b[0m" in out and "\x1b[1;31mW\x1b[0m" in out  # each side its colour
    assert "\x1b[" not in out.splitlines()[-3]  # the coordinates stay plain
    status, out = at_terminal("validate", str(broken(tmp_path)))
    assert status == 1
    assert "\x1b[1;31merror:\x1b[0m unknown statement 'peice'" in out


def test_no_colour_when_NO_COLOR_is_set(tmp_path):
    for args in (["show", "rules/loa.rules"], ["validate", str(broken(tmp_path))]):
        status, out = at_terminal(*args, env={"NO_COLOR": "1"})
        assert "\x1b[" not in out, out
    status, out = at_terminal("show", "rules/loa.rules", env={"TERM": "dumb"})
    assert "\x1b[" not in out


def test_no_colour_when_piped(tmp_path):
    r = subprocess.run([TABULA, "validate", str(broken(tmp_path))], cwd=ROOT, capture_output=True, text=True,
                       env={k: v for k, v in os.environ.items() if k != "NO_COLOR"})
    assert "error: unknown statement" in r.stderr and "\x1b[" not in r.stderr
    r = subprocess.run([TABULA, "show", "rules/loa.rules"], cwd=ROOT, capture_output=True, text=True)
    assert "\x1b[" not in r.stdout

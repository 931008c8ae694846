"""A progress line with the time left, on a terminal only: perft counts the same with it."""
import os
import subprocess
from pathlib import Path

from test_terminal_colour import at_terminal

ROOT = Path(__file__).resolve().parents[2]
TABULA = os.environ["TABULA_BINARY"]


def test_perft_shows_progress_at_a_terminal_and_counts_the_same():
    piped = subprocess.run([TABULA, "perft", "rules/loa.rules", "4"], cwd=ROOT, capture_output=True, text=True)
    assert piped.returncode == 0 and piped.stderr == ""  # no progress line into a pipe or a log
    status, out = at_terminal("perft", "rules/loa.rules", "4")
    assert status == 0
    assert "perft 4 [" in out and "/36 root moves, " in out and "s left" in out
    assert out.rstrip().splitlines()[-1].strip() == piped.stdout.strip()
    status, out = at_terminal("perft", "rules/lanko-88.rules", "3", "--divide")
    piped = subprocess.run([TABULA, "perft", "rules/lanko-88.rules", "3", "--divide"], cwd=ROOT, capture_output=True,
                           text=True)
    assert out.replace("\r\n", "\n").endswith(piped.stdout)


def test_match_shows_progress_at_a_terminal():
    status, out = at_terminal("match", "rules/loa.rules", "--players", "random,random", "--games", "3")
    assert status == 0 and "/3 games, " in out

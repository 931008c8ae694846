"""The example scripts (examples/): the balance study docs/PYTHON.md shows, and the loop
speed measurement of docs/PERFORMANCE.md."""
import importlib.util
import re
import subprocess
import sys
import time

import tabula
from conftest import ROOT


def run_script(*args):
    done = subprocess.run([sys.executable, *map(str, args)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def matplotlib_installed():
    return importlib.util.find_spec("matplotlib") is not None


def test_the_balance_study_reports_each_variant_with_its_interval(tmp_path):
    picture = tmp_path / "balance.png"
    out = run_script("examples/balance_study.py", "--games", 12, "--variants", "loa", "loa-scrambled-eggs",
                     "--threads", 2, "--plot", picture)
    rows = re.findall(r"^(\S+)\s+(\d+)\s+(\d+)/(\d+)\s+([\d.]+)\s+\[([\d.]+), ([\d.]+)\]\s+(\d+)\s+([\d.]+)$", out, re.M)
    assert [r[0] for r in rows] == ["loa", "loa-scrambled-eggs"], out
    for name, games, wins, decisive, share, low, high, draws, plies in rows:
        assert int(games) == 12 and int(decisive) + int(draws) == 12
        assert abs(float(share) - int(wins) / int(decisive)) < 0.001
        assert float(low) <= float(share) <= float(high)
        # the same numbers as a match played here
        game = tabula.load_game(ROOT / "rules" / f"{name}.rules")
        result = tabula.match(game, ["random", "random"], games=12, seed=1)
        assert int(wins) == result.per_seat[0].wins and f"{result.first_player_low:.3f}" == low
    if matplotlib_installed():
        assert f"plot: {picture}" in out and picture.stat().st_size > 0
    else:
        assert "matplotlib is not installed" in out and not picture.exists()


def test_the_balance_study_takes_rules_files_by_path_and_checks_its_arguments_first(tmp_path):
    mine = tmp_path / "short-loa.rules"
    mine.write_text('variant "Short LOA" extends "loa.rules"\nlimit plies=30\n')
    out = run_script("examples/balance_study.py", "--games", 4, "--variants", mine, "--threads", 1)
    row = re.search(r"^short-loa\s+4\s+\d+/\d+", out, re.M)
    assert row, out
    for args, says in ((["--variants", "lao"], "did you mean 'loa.rules'"),
                       (["--variants", "loa", "--player", "mcst:10"], "mcst"),
                       (["--games", 0], "--games: 0; give 1 or more")):
        started = time.time()
        done = subprocess.run([sys.executable, "examples/balance_study.py", *map(str, args)], cwd=ROOT,
                              capture_output=True, text=True)
        assert done.returncode == 2 and says in done.stderr, done.stderr
        assert time.time() - started < 10, "refused before any game is played"


def test_the_loop_speed_script_measures_every_way():
    out = run_script("examples/loop_speed.py", "rules/loa.rules", "--seconds", 0.2)
    rates = re.findall(r"^(python loop, actions|python loop, move text|tabula.batch, 256 states|tabula.batch, observed|"
                       r"random_playouts, [12] threads?|batch.playout_returns)\s*([\d,]+) (moves|playouts)/s", out, re.M)
    assert len(rates) == 8, out
    assert all(int(rate.replace(",", "")) > 0 for _, rate, _ in rates)

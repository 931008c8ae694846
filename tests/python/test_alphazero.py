"""examples/alphazero.py: a few iterations of self-play training on tic-tac-toe (the long run
is a benchmark, examples/README.md): the loss falls, the checkpoint reloads (a run resumed
from it is the run that was never stopped), the learning curve is drawn, and the network
plays through the PUCT evaluator hook."""
import json
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import torch  # noqa: F401  python3-torch (tools/install-deps) trains the example's network: required

from conftest import ROOT

ARGS = ["tic-tac-toe", "--games-per-iteration", "4", "--simulations", "16", "--steps", "40", "--evaluate-every", "2",
        "--evaluate-games", "4", "--seed", "3"]


def run(*args, check=True):
    done = subprocess.run([sys.executable, "examples/alphazero.py", *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True)
    if check:
        assert done.returncode == 0, done.stderr
    return done


def log_of(folder):
    entries = [json.loads(line) for line in (folder / "log.jsonl").read_text().splitlines()]
    for e in entries:
        del e["seconds"], e["cpu_seconds"]
    return entries


def test_training_lowers_the_loss_and_a_resumed_run_is_the_whole_run(tmp_path):
    whole, halves = tmp_path / "whole", tmp_path / "halves"
    run(*ARGS, "--iterations", 4, "--out", whole, "--final-games", 4)
    log = log_of(whole)
    assert (whole / "final.txt").read_text().startswith("after 4 iterations: score ")
    assert [e["iteration"] for e in log] == [1, 2, 3, 4]
    assert all(e["loss_after"] < e["loss_before"] for e in log[:2]), log
    assert log[-1]["loss_after"] < log[0]["loss_before"], log
    assert [e["score"] is not None for e in log] == [False, True, False, True]
    assert all(0 <= e["score"] <= 1 for e in log if e["score"] is not None)
    ElementTree.parse(whole / "curve.svg")  # well-formed

    run(*ARGS, "--iterations", 2, "--out", halves)
    refused = run(*ARGS, "--iterations", 2, "--out", halves, check=False)
    assert refused.returncode == 2 and "holds a run already" in refused.stderr
    run(*ARGS, "--iterations", 2, "--out", halves, "--resume")
    assert log_of(halves) == log, "the checkpoint holds the network, the optimizer, the buffer and the generators"


def test_resume_refuses_another_games_checkpoint(tmp_path):
    run(*ARGS, "--iterations", 1, "--out", tmp_path)
    done = run("connect-four", "--out", tmp_path, "--resume", check=False)
    assert done.returncode == 2 and "is a checkpoint of Tic-tac-toe, not of Connect Four" in done.stderr

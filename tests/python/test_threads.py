"""Native calls release the GIL: Python threads run playouts in parallel, with the same
results as one after the other."""
import threading
import time

import tabula
from conftest import ROOT


def test_playouts_from_two_python_threads_equal_the_same_calls_in_turn():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    results = {}

    def run(seed):
        results[seed] = tabula.random_playouts(game, 150, seed=seed, threads=1)

    threads = [threading.Thread(target=run, args=(seed,)) for seed in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for seed in (1, 2):
        alone = tabula.random_playouts(game, 150, seed=seed, threads=1)
        got = results[seed]
        assert (got.playouts, got.plies, got.wins, got.draws) == (alone.playouts, alone.plies, alone.wins, alone.draws)


def test_python_runs_while_a_native_call_works():
    # While one thread is inside random_playouts, the main thread keeps running Python: it
    # could not if the call held the GIL (it would get no tick until the call returned).
    game = tabula.load_game(ROOT / "rules/loa.rules")
    span = {}

    def work():
        span["start"] = time.monotonic()
        tabula.random_playouts(game, 2000, seed=1)
        span["end"] = time.monotonic()

    worker = threading.Thread(target=work)
    ticks = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.monotonic())
        time.sleep(0.002)
    worker.join()
    inside = [t for t in ticks if span["start"] < t < span["end"]]
    assert span["end"] - span["start"] > 0.1
    assert len(inside) >= 10, f"{len(inside)} ticks in {span['end'] - span['start']:.2f} s"


def test_a_bot_thinks_while_python_runs():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    state = game.new_initial_state()
    span, ticks = {}, []

    def think():
        span["start"] = time.monotonic()
        span["action"] = tabula.Bot("mcts:3000", seed=1).step(state)
        span["end"] = time.monotonic()

    worker = threading.Thread(target=think)
    worker.start()
    while worker.is_alive():
        ticks.append(time.monotonic())
        time.sleep(0.002)
    worker.join()
    assert span["action"] in state.legal_actions()
    assert len([t for t in ticks if span["start"] < t < span["end"]]) >= 10

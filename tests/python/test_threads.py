"""Native calls release the GIL: Python threads run playouts in parallel, with the same
results as one after the other; a State used from two threads raises instead of corrupting
memory; thread counts are bounded; Ctrl-C interrupts long calls."""
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

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
        tabula.random_playouts(game, 6000, seed=1, threads=1)  # some tenths of a second on one core
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


def refusals_while(worker, state, call):
    """Tries to change `state` while `worker` runs, until the change is refused: a move and
    its undo, harmless before the worker's call has begun. Returns the refusal's message."""
    while worker.is_alive():
        try:
            state.apply_action(state.legal_actions()[0])
            state.undo()
        except RuntimeError as e:
            assert f"this State is in use by {call} on another thread" in str(e)
            return str(e)
    return None


def test_changing_a_state_a_bot_thinks_about_on_another_thread_raises_and_corrupts_nothing():
    state = tabula.load_game("loa").new_initial_state()
    bot = tabula.Bot("mcts:500ms", seed=1)
    chosen = {}
    worker = threading.Thread(target=lambda: chosen.setdefault("action", bot.step(state)))
    worker.start()
    assert refusals_while(worker, state, "Bot.step")
    # The state cannot change until the step returns (the refused change may have come
    # between a move and its undo): what it is now is what the bot thinks about. Reading it
    # meanwhile is fine (perft too); every change, and a second step of the same Bot, raise.
    seen = state.clone()
    assert state.legal_actions() == seen.legal_actions() and state.perft(2) == seen.perft(2)
    for change in (lambda: state.undo(), lambda: state.apply_move("a2-c2"), lambda: bot.step(state),
                   lambda: tabula.batch.apply_action([state], [81])):
        if worker.is_alive():
            with pytest.raises(RuntimeError, match="in use by Bot.step"):
                change()
    worker.join()
    assert state == seen and chosen["action"] in state.legal_actions()
    state.apply_action(chosen["action"])  # free again
    assert state.ply() == seen.ply() + 1


def test_a_state_counted_by_perft_on_another_thread_cannot_be_changed():
    state = tabula.load_game("loa").new_initial_state()
    counted = {}
    worker = threading.Thread(target=lambda: counted.setdefault("leaves", state.perft(4)))
    worker.start()
    assert refusals_while(worker, state, "State.perft")
    seen = state.clone()
    worker.join()
    assert state == seen and counted["leaves"] == seen.perft(4)


def test_thread_counts_are_bounded():
    game = tabula.load_game("loa")
    with pytest.raises(ValueError, match="random playouts take 1 to 256 threads, not 5000"):
        tabula.random_playouts(game, 10, threads=5000)
    with pytest.raises(ValueError, match="a match takes 1 to 256 threads, not 5000"):
        tabula.match(game, ["random", "random"], games=2, threads=5000)
    with pytest.raises(ValueError, match="take 1 to 256 threads, not -1"):
        tabula.batch.playout_returns([game.new_initial_state()], threads=-1)
    for depth in (-1, 0, 65):
        with pytest.raises(ValueError, match=f"perft: depth {depth} is out of range: expected a whole number from 1 to 64"):
            game.perft(depth)


def test_threads_the_system_refuses_are_an_error_not_an_abort():
    # With little address space left, thread stacks cannot be mapped: the call raises
    # LimitError in a process that then goes on (RLIMIT_NPROC would not bind root).
    script = textwrap.dedent("""
        import resource, tabula
        game = tabula.load_game("loa")
        size = int(next(l for l in open("/proc/self/status") if l.startswith("VmSize")).split()[1]) * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size + (64 << 20), resource.RLIM_INFINITY))
        try:
            tabula.random_playouts(game, 10**5, threads=256)
        except tabula.LimitError as e:
            print("LimitError:", e)
        print("alive", tabula.random_playouts(game, 3, threads=1).playouts)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "LimitError: the system started only" in done.stdout and "of the 256 threads asked for" in done.stdout
    assert "alive 3" in done.stdout


def interrupted_after(call, seconds=0.3):
    """Sends this process SIGINT (Ctrl-C) after `seconds`; returns how long `call` ran before
    KeyboardInterrupt ended it."""
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    return time.monotonic() - start


@pytest.mark.parametrize("what", ["random_playouts", "perft", "match", "playout_returns"])
def test_ctrl_c_interrupts_long_native_calls(what):
    # Each call would run for minutes; Ctrl-C ends it at once (well within 3 s on a busy machine).
    game = tabula.load_game("loa")
    calls = {
        "random_playouts": lambda: tabula.random_playouts(game, 10**8, threads=2),
        "perft": lambda: game.new_initial_state().perft(8),
        "match": lambda: tabula.match(game, ["random", "random"], games=10**6, threads=2),
        "playout_returns": lambda: tabula.batch.playout_returns([game.new_initial_state()] * 2, playouts=10**7),
    }
    assert interrupted_after(calls[what]) < 3
    assert tabula.random_playouts(game, 5).playouts == 5  # and the module goes on working

#!/usr/bin/env python3
"""How fast Python drives the engine (docs/PERFORMANCE.md, "From Python"): random games
played by a Python loop of legal_actions() + apply_action(), by tabula.batch stepping 256
games at once (one call per step for all of them, the choice made in numpy), and natively
by tabula.random_playouts, in moves (states stepped) per second; then random playouts from
many states at once (tabula.batch.playout_returns) against tabula.random_playouts.

    PYTHONPATH=build/python /usr/bin/python3 examples/loop_speed.py rules/loa.rules --seconds 3
"""
import argparse
import random
import sys
import time

import numpy as np

import tabula


def python_loop(game, seconds, seed=1):
    """Moves per second of `while not terminal: apply_action(choice(legal_actions()))`."""
    rng = random.Random(seed)
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return moves / (time.perf_counter() - start)


def python_loop_text(game, seconds, seed=1):
    """The same with moves as text: legal_moves() + apply_move()."""
    rng = random.Random(seed)
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_move(rng.choice(state.legal_moves()))
            moves += 1
    return moves / (time.perf_counter() - start)


def batch_loop(game, seconds, states=256, observe=False, seed=1):
    """Moves per second of random games on `states` states stepped together: legal_actions
    and apply_action for the whole batch in one call each (and observation_tensor when
    `observe`), the uniform choice made by numpy; a finished game starts again."""
    rng = np.random.default_rng(seed)
    batch = [game.new_initial_state() for _ in range(states)]
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if observe:
            tabula.batch.observation_tensor(batch, player=0)
        actions, offsets = tabula.batch.legal_actions(batch)
        counts = np.diff(offsets)
        pick = np.minimum(offsets[:-1] + (rng.random(states) * counts).astype(np.int64), len(actions) - 1)
        tabula.batch.apply_action(batch, np.where(counts > 0, actions[pick], -1))
        moves += int(np.count_nonzero(counts))
        for i in np.flatnonzero(tabula.batch.current_player(batch) == tabula.TERMINAL):
            batch[i] = game.new_initial_state()
    return moves / (time.perf_counter() - start)


def batch_playouts(game, seconds, states=64):
    """Playouts per second of tabula.batch.playout_returns from `states` start positions,
    sized to run about `seconds`."""
    batch = [game.new_initial_state() for _ in range(states)]
    start = time.perf_counter()
    tabula.batch.playout_returns(batch, playouts=1, seed=1)
    per_round = max(time.perf_counter() - start, 1e-6)
    playouts = max(1, int(seconds / per_round))
    start = time.perf_counter()
    tabula.batch.playout_returns(batch, playouts=playouts, seed=2)
    return states * playouts / (time.perf_counter() - start)


def native_playouts(game, seconds):
    """Playouts per second of tabula.random_playouts on one thread."""
    probe = tabula.random_playouts(game, 20, seed=1)
    stats = tabula.random_playouts(game, max(20, int(20 * seconds / max(probe.seconds, 1e-6))), seed=2)
    return stats.playouts / stats.seconds


def native(game, seconds, threads=1):
    """Moves per second of tabula.random_playouts, sized to run about `seconds`."""
    probe = tabula.random_playouts(game, 20, seed=1, threads=threads)
    count = max(20, int(20 * seconds / max(probe.seconds, 1e-6)))
    stats = tabula.random_playouts(game, count, seed=2, threads=threads)
    return stats.plies / stats.seconds


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    game = tabula.load_game(args.rules)
    loop = python_loop(game, args.seconds)
    text = python_loop_text(game, args.seconds)
    stepped = batch_loop(game, args.seconds)
    observed = batch_loop(game, args.seconds, observe=True)
    one = native(game, args.seconds, threads=1)
    two = native(game, args.seconds, threads=2)
    from_states = batch_playouts(game, args.seconds)
    from_start = native_playouts(game, args.seconds)
    print(f"{game.name}")
    print(f"python loop, actions      {loop:>12,.0f} moves/s")
    print(f"python loop, move text    {text:>12,.0f} moves/s")
    print(f"tabula.batch, 256 states  {stepped:>12,.0f} moves/s  ({stepped / loop:.1f}x the action loop)")
    print(f"tabula.batch, observed    {observed:>12,.0f} moves/s  (with observation_tensor each step)")
    print(f"random_playouts, 1 thread {one:>12,.0f} moves/s  ({one / loop:.0f}x the action loop)")
    print(f"random_playouts, 2 threads{two:>12,.0f} moves/s")
    print(f"batch.playout_returns     {from_states:>12,.0f} playouts/s (64 states, 1 thread)")
    print(f"random_playouts, 1 thread {from_start:>12,.0f} playouts/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

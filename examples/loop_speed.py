#!/usr/bin/env python3
"""How fast Python drives the engine (docs/PERFORMANCE.md, "From Python"): random games
played by a Python loop of legal_actions() + apply_action(), against the same random games
played natively by tabula.random_playouts, in moves per second.

    PYTHONPATH=build/python /usr/bin/python3 examples/loop_speed.py rules/loa.rules --seconds 3
"""
import argparse
import random
import sys
import time

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
    one = native(game, args.seconds, threads=1)
    two = native(game, args.seconds, threads=2)
    print(f"{game.name}")
    print(f"python loop, actions      {loop:>12,.0f} moves/s")
    print(f"python loop, move text    {text:>12,.0f} moves/s")
    print(f"random_playouts, 1 thread {one:>12,.0f} moves/s  ({one / loop:.0f}x the action loop)")
    print(f"random_playouts, 2 threads{two:>12,.0f} moves/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

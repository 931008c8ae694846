#!/usr/bin/env python3
"""A small balance study: how often the first player wins, per variant, with 95% confidence
intervals, from seeded matches played natively (tabula.match). docs/PYTHON.md walks
through it. With --plot and matplotlib installed, draws the figure too.

    PYTHONPATH=build/python /usr/bin/python3 examples/balance_study.py --games 400 --plot balance.png
"""
import argparse
import pathlib
import sys

import tabula

VARIANTS = ["loa", "loa-scrambled-eggs", "loa-parachute", "loa-neighbours", "loa-rotation"]


def load_variants(variants):
    """(label, game) per variant: a shipped game's name (loa), a rules file in the current
    folder or TABULA_PATH by name, or a rules file's path, as `tabula` finds them. All are
    loaded before anything is played, so a wrong name stops the study at once."""
    loaded = []
    for name in variants:
        game = tabula.load_game(str(name))
        label = pathlib.Path(str(name)).stem if str(name).endswith(".rules") else str(name)
        loaded.append((label, game))
    return loaded


def study(variants, player="random", games=200, seed=1, threads=1):
    """One row per variant: the first player's share of the decisive games and its interval."""
    rows = []
    for name, game in load_variants(variants):
        result = tabula.match(game, [player] * game.num_players(), games=games, seed=seed, threads=threads)
        decisive = result.games - result.draws
        rows.append({
            "variant": name,
            "game": game.name,
            "games": result.games,
            "decisive": decisive,
            "first_wins": result.per_seat[0].wins,
            "share": result.first_player_share,
            "low": result.first_player_low,
            "high": result.first_player_high,
            "draws": result.draws,
            "plies": result.mean_plies,
        })
    return rows


def print_table(rows, out=sys.stdout):
    print(f"{'variant':<20} {'games':>5} {'first wins':>11} {'share':>6}  {'95% CI':<15} {'draws':>5} {'plies':>6}", file=out)
    for r in rows:
        wins = f"{r['first_wins']}/{r['decisive']}"
        ci = f"[{r['low']:.3f}, {r['high']:.3f}]"
        print(f"{r['variant']:<20} {r['games']:>5} {wins:>11} {r['share']:>6.3f}  {ci:<15} {r['draws']:>5} {r['plies']:>6.1f}",
              file=out)


def plot(rows, path):
    """The first player's share with its interval per variant; False when matplotlib is missing."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    names = [r["variant"] for r in rows]
    shares = [r["share"] for r in rows]
    errors = [[r["share"] - r["low"] for r in rows], [r["high"] - r["share"] for r in rows]]
    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.errorbar(names, shares, yerr=errors, fmt="o", capsize=4)
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_ylabel("first player's share of wins")
    ax.set_ylim(0, 1)
    ax.tick_params(axis="x", labelrotation=20)
    fig.tight_layout()
    fig.savefig(path)
    return True


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=VARIANTS, help="games: shipped names (loa), or rules files by name or path")
    parser.add_argument("--player", default="random", help="the player spec on every side (docs/AI.md)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--plot", help="write the figure to this file (needs matplotlib)")
    args = parser.parse_args(argv)
    # Every argument is checked before the first game (a study may play for minutes).
    if args.games < 1:
        parser.error(f"--games: {args.games}; give 1 or more")
    try:
        load_variants(args.variants)
        tabula.Bot(args.player)  # a spec that does not parse is refused here
    except (ValueError, tabula.RulesError) as e:
        parser.error(str(e))
    rows = study(args.variants, args.player, args.games, args.seed, args.threads)
    print_table(rows)
    if args.plot:
        if plot(rows, args.plot):
            print(f"plot: {args.plot}")
        else:
            print("plot: matplotlib is not installed (python3-matplotlib); the table above is the study")
    return 0


if __name__ == "__main__":
    sys.exit(main())

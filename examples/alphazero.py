#!/usr/bin/env python3
"""AlphaZero in small: a policy-value network trained by self-play for any rules file, on the
CPU with PyTorch (Debian's python3-torch), its search Tabula's PUCT through the evaluator
hook (Bot("puct:N", evaluator=net), docs/PYTHON.md).

Each iteration plays self-play games (the visits of each search are the policy targets,
the game's end the value targets; moves drawn from the visits in the opening plies, the
most visited after), keeps the positions in a replay buffer, trains the network on
minibatches from it, writes a checkpoint, and every --evaluate-every iterations plays the
trained player against Tabula's `mcts` at the same number of simulations. The log
(log.jsonl), the checkpoint (checkpoint.pt) and the learning curve (curve.svg) go in --out;
--resume carries on from the checkpoint. Seeded: the same arguments give the same run.

    PYTHONPATH=build/python /usr/bin/python3 examples/alphazero.py tests/solve/connect-four-5x4.rules \\
        --minutes 30 --out az-c4
"""
import argparse
import collections
import json
import pathlib
import random
import sys
import time

import numpy as np
import torch

import tabula


class Net(torch.nn.Module):
    """A small multilayer perceptron over the flat observation (any board, grids or graphs):
    a policy head of one logit per action and a value head in [-1, 1] for the side to move."""

    def __init__(self, inputs, actions, width):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(inputs, width), torch.nn.ReLU(),
                                        torch.nn.Linear(width, width), torch.nn.ReLU())
        self.policy = torch.nn.Linear(width, actions)
        self.value = torch.nn.Sequential(torch.nn.Linear(width, 1), torch.nn.Tanh())

    def forward(self, x):
        h = self.body(x)
        return self.policy(h), self.value(h).squeeze(-1)


class Evaluator:
    """The network as the PUCT search's evaluation: value(states) and policy(states), each
    batch evaluated once (the policy of the batch the value was asked for is kept)."""

    def __init__(self, net):
        self.net, self._last = net, (None, None)

    def _run(self, states):
        if self._last[0] is not states:
            obs = torch.from_numpy(tabula.batch.observation_tensor(states).reshape(len(states), -1))
            with torch.no_grad():
                logits, value = self.net(obs)
            self._last = (states, (torch.softmax(logits, -1).numpy(), value.numpy()))
        return self._last[1]

    def value(self, states):
        return self._run(states)[1]

    def policy(self, states):
        return self._run(states)[0]


def self_play(game, net, args, rng):
    """One game: [(observation, policy target, side to move)] and the returns."""
    bot = tabula.Bot(f"puct:{args.simulations}:batch:{args.batch}", evaluator=Evaluator(net))
    state = game.new_initial_state()
    positions = []
    while not state.is_terminal():
        policy, best = bot.step_with_policy(state, temperature=1.0)
        target = np.zeros(game.num_distinct_actions(), dtype=np.float32)
        target[policy.actions] = policy.probabilities
        positions.append((state.observation_tensor().ravel(), target, state.current_player()))
        action = rng.choices(policy.actions, weights=policy.probabilities)[0] if state.ply() < args.opening_plies \
            else best
        state.apply_action(action)
    return positions, state.returns()


def train(net, optimizer, buffer, args, rng):
    """--steps minibatches from the buffer; the mean loss of the first and the last tenth."""
    losses = []
    for _ in range(args.steps):
        sample = rng.sample(list(buffer), min(args.minibatch, len(buffer)))
        obs = torch.from_numpy(np.stack([s[0] for s in sample]))
        target_policy = torch.from_numpy(np.stack([s[1] for s in sample]))
        target_value = torch.tensor([s[2] for s in sample], dtype=torch.float32)
        logits, value = net(obs)
        loss = torch.nn.functional.mse_loss(value, target_value) - \
            (target_policy * torch.log_softmax(logits, -1)).sum(-1).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    tenth = max(1, len(losses) // 10)
    return float(np.mean(losses[:tenth])), float(np.mean(losses[-tenth:]))


def evaluate(game, net, args, games):
    """The trained player's score (wins + draws / 2, of games; seats alternate) against mcts at
    equal simulations."""
    bot = tabula.Bot(f"puct:{args.simulations}:batch:{args.batch}", evaluator=Evaluator(net))
    result = tabula.match(game, [bot, f"mcts:{args.simulations}"], games=games, seed=args.seed)
    me = result.players[0]
    return (me.wins + me.draws / 2) / me.games, result


def curve_svg(log, path):
    """The learning curve as SVG: the loss after each iteration, and the score against mcts."""
    width, height, pad = 640, 320, 40
    iters = [e["iteration"] for e in log]
    losses = [e["loss_after"] for e in log]
    scores = [(e["iteration"], e["score"]) for e in log if e.get("score") is not None]
    top, last = max(losses + [1e-9]), max(iters + [1])

    def x(i):
        return pad + (width - 2 * pad) * i / last

    def line(points, colour):
        text = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        return f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{text}"/>'

    loss_points = [(x(i), height - pad - (height - 2 * pad) * v / top) for i, v in zip(iters, losses)]
    score_points = [(x(i), height - pad - (height - 2 * pad) * s) for i, s in scores]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="black"/>',
             f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="black"/>',
             line(loss_points, "steelblue"), line(score_points, "darkorange"),
             f'<text x="{pad}" y="20" font-size="13">loss (blue, 0 to {top:.2f}); score against mcts '
             f'(orange, 0 to 1); iterations 0 to {last}</text>', "</svg>"]
    path.write_text("\n".join(parts) + "\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rules", help="a rules file's path or a shipped game's name")
    parser.add_argument("--out", type=pathlib.Path, required=True, help="folder for log, checkpoint and curve")
    parser.add_argument("--iterations", type=int, default=1000, help="at most this many iterations")
    parser.add_argument("--minutes", type=float, default=0, help="stop after this many minutes (0: no limit)")
    parser.add_argument("--games-per-iteration", type=int, default=8)
    parser.add_argument("--simulations", type=int, default=64, help="PUCT iterations a move (and mcts's)")
    parser.add_argument("--batch", type=int, default=8, help="positions the network values per call")
    parser.add_argument("--opening-plies", type=int, default=6, help="plies whose moves are drawn from the visits")
    parser.add_argument("--buffer", type=int, default=20000, help="positions the replay buffer keeps")
    parser.add_argument("--steps", type=int, default=100, help="minibatches of training an iteration")
    parser.add_argument("--minibatch", type=int, default=64)
    parser.add_argument("--width", type=int, default=128, help="hidden units of the network")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--evaluate-every", type=int, default=5, help="iterations between matches against mcts")
    parser.add_argument("--evaluate-games", type=int, default=20)
    parser.add_argument("--final-games", type=int, default=0,
                        help="after training, this many games against mcts, reported in DIR/final.txt")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--resume", action="store_true", help="carry on from --out's checkpoint")
    args = parser.parse_args(argv)
    for name in ("iterations", "games_per_iteration", "simulations", "batch", "buffer", "steps", "minibatch", "width",
                 "evaluate_every", "evaluate_games"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be 1 or more")

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    game = tabula.load_game(args.rules)
    inputs = int(np.prod(game.observation_tensor_shape()))
    net = Net(inputs, game.num_distinct_actions(), args.width)
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr)
    buffer = collections.deque(maxlen=args.buffer)
    log, first = [], 1
    args.out.mkdir(parents=True, exist_ok=True)
    checkpoint = args.out / "checkpoint.pt"
    if args.resume:
        if not checkpoint.exists():
            parser.error(f"--resume: no checkpoint in {args.out}")
        saved = torch.load(checkpoint)
        if saved["game"] != game.name or saved["inputs"] != inputs:
            parser.error(f"--resume: {checkpoint} is a checkpoint of {saved['game']}, not of {game.name}")
        net.load_state_dict(saved["net"])
        optimizer.load_state_dict(saved["optimizer"])
        buffer.extend(saved["buffer"])
        rng.setstate(saved["rng"])
        torch.set_rng_state(saved["torch_rng"])
        log, first = saved["log"], saved["iteration"] + 1
    elif (args.out / "log.jsonl").exists():
        parser.error(f"{args.out} holds a run already: --resume carries it on, or choose another --out")

    start, cpu_start = time.monotonic(), time.process_time()
    for iteration in range(first, first + args.iterations):
        if args.minutes and time.monotonic() - start > args.minutes * 60:
            break
        plies = 0
        for _ in range(args.games_per_iteration):
            positions, returns = self_play(game, net, args, rng)
            buffer.extend((obs, policy, returns[player]) for obs, policy, player in positions)
            plies += len(positions)
        loss_before, loss_after = train(net, optimizer, buffer, args, rng)
        entry = {"iteration": iteration, "seconds": round(time.monotonic() - start, 1),
                 "cpu_seconds": round(time.process_time() - cpu_start, 1), "plies": plies,
                 "buffer": len(buffer), "loss_before": loss_before, "loss_after": loss_after, "score": None}
        if iteration % args.evaluate_every == 0:
            entry["score"] = evaluate(game, net, args, args.evaluate_games)[0]
        log.append(entry)
        torch.save({"game": game.name, "inputs": inputs, "net": net.state_dict(), "optimizer": optimizer.state_dict(),
                    "buffer": list(buffer), "rng": rng.getstate(), "torch_rng": torch.get_rng_state(), "log": log,
                    "iteration": iteration}, checkpoint)
        with open(args.out / "log.jsonl", "a") as out:
            out.write(json.dumps(entry) + "\n")
        print(json.dumps(entry), flush=True)
    curve_svg(log, args.out / "curve.svg")
    if args.final_games > 0:
        score, result = evaluate(game, net, args, args.final_games)
        text = (f"after {log[-1]['iteration'] if log else 0} iterations: score {score:.3f} against "
                f"mcts:{args.simulations} over {args.final_games} games\n{result.text}")
        (args.out / "final.txt").write_text(text)
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

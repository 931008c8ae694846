#!/usr/bin/env python3
"""A second, independent implementation of Go with area scoring, written from the rules and
not from Tabula: no Tabula code or data is used, only the position text format (rows top
first, W and B for stones, digits for runs of empty points, then the side to move) and the
game records `tabula play --json` writes.

Rules (Tromp-Taylor, with positional superko and no suicide): Black first. A turn places a
stone on an empty point or passes. A group is a stone and every stone of its colour joined to
it along the lines; its liberties are the empty points next to it. A placement removes every
enemy group next to it left without a liberty; it is illegal when its own group then has no
liberty (suicide), or when the board it makes stood at the start of an earlier turn
(positional superko). Two passes in a row end the game, and so does the ply limit; then a
side's score is its stones plus the empty points of every empty region only its stones
border, and White adds 7.5 (komi). Perft as `tabula perft` counts it (a finished game is one
leaf where it ends).

    python3 tests/go/reference_go.py perft 3 --size 9
    python3 tests/go/reference_go.py --check --tabula build/tabula
"""
import argparse
import json
import os
import re
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_support  # noqa: E402  (tests/oracle_support.py)

KOMI = 7.5
RULES = {9: ('rules/go-9x9.rules', 400), 13: ('rules/go-13x13.rules', 1000), 19: ('rules/go.rules', 2000)}


class Go:
    def __init__(self, size, limit, board=None, to_move='B', ply=0):
        self.n = size
        self.limit = limit
        self.board = list(board) if board else ['.'] * (size * size)
        self.to_move = to_move
        self.passes = 0
        self.ply = ply
        self.seen = [tuple(self.board)]  # boards at the start of each turn, this one included
        self.over = False
        self.adj = []
        for i in range(size * size):
            r, f = divmod(i, size)
            near = []
            if f > 0: near.append(i - 1)
            if f < size - 1: near.append(i + 1)
            if r > 0: near.append(i - size)
            if r < size - 1: near.append(i + size)
            self.adj.append(near)

    def name(self, i):
        r, f = divmod(i, self.n)
        return f'{chr(ord("a") + f)}{r + 1}'

    def group(self, board, i):
        colour, todo, members, liberties = board[i], [i], {i}, set()
        while todo:
            c = todo.pop()
            for n in self.adj[c]:
                if board[n] == '.':
                    liberties.add(n)
                elif board[n] == colour and n not in members:
                    members.add(n)
                    todo.append(n)
        return members, liberties

    def after_placing(self, i):
        """The board after the mover places on i, or None when that is illegal."""
        if self.board[i] != '.':
            return None
        board = list(self.board)
        board[i] = self.to_move
        enemy = 'W' if self.to_move == 'B' else 'B'
        for n in self.adj[i]:
            if board[n] == enemy:
                members, liberties = self.group(board, n)
                if not liberties:
                    for m in members:
                        board[m] = '.'
        if not self.group(board, i)[1]:
            return None  # suicide
        if tuple(board) in self.seen:
            return None  # superko
        return board

    def moves(self):
        if self.over:
            return []
        out = [self.name(i) for i in range(self.n * self.n) if self.after_placing(i) is not None]
        return out + ['pass']

    def play(self, move):
        if move == 'pass':
            self.passes += 1
        else:
            f, r = ord(move[0]) - ord('a'), int(move[1:]) - 1
            board = self.after_placing(r * self.n + f)
            assert board is not None, f'{move} is not legal'
            self.board, self.passes = board, 0
        self.to_move = 'W' if self.to_move == 'B' else 'B'
        self.ply += 1
        self.seen.append(tuple(self.board))
        self.over = self.passes >= 2 or self.ply >= self.limit

    def copy(self):
        g = Go(self.n, self.limit, self.board, self.to_move, self.ply)
        g.passes, g.seen, g.over = self.passes, list(self.seen), self.over
        return g

    def scores(self):
        score = {'B': 0, 'W': KOMI}
        done = set()
        for i, c in enumerate(self.board):
            if c != '.':
                score[c] += 1
            elif i not in done:
                region, border, todo = {i}, set(), [i]
                while todo:
                    x = todo.pop()
                    for n in self.adj[x]:
                        if self.board[n] == '.':
                            if n not in region:
                                region.add(n)
                                todo.append(n)
                        else:
                            border.add(self.board[n])
                done |= region
                if len(border) == 1:
                    score[border.pop()] += len(region)
        return score

    def text(self):
        rows = []
        for r in range(self.n - 1, -1, -1):
            row, run = '', 0
            for f in range(self.n):
                c = self.board[r * self.n + f]
                if c == '.':
                    run += 1
                    continue
                row += (str(run) if run else '') + c
                run = 0
            rows.append(row + (str(run) if run else ''))
        return '/'.join(rows) + (' black' if self.to_move == 'B' else ' white')


def perft(g, depth):
    moves = g.moves()
    if not moves:
        return 1
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        h = g.copy()
        h.play(m)
        total += perft(h, depth - 1)
    return total


def from_text(size, text):
    rows, side = text.split()[:2]
    board = []
    for row in reversed(rows.split('/')):
        cells = []
        for token in re.findall(r'\d+|[BW]', row):
            cells += ['.'] * int(token) if token.isdigit() else [token]
        assert len(cells) == size, row
        board += cells
    return Go(size, RULES[size][1], board, 'B' if side == 'black' else 'W')


def tabula(tabula_path, *args):
    return subprocess.run([tabula_path, *args], check=True, capture_output=True, text=True).stdout


def tabula_perft(tabula_path, size, depth, position='', moves=''):
    return oracle_support.tabula_perft(tabula_path, RULES[size][0], depth, position=position, moves=moves)


# Positions from the oracle's own moves: captures of one stone and of a group, a ko (the
# retake is superko; the take itself has no liberty but its capture), a suicide point, a corner
# group with one liberty it may not fill.
CAPTURES = 'B:e5 W:e6 B:d6 W:pass B:f6 W:pass B:e7'
KO = 'B:d5 W:e5 B:c4 W:f4 B:d3 W:e3 B:e4 W:d4'
SUICIDE = 'B:a2 W:pass B:b1'
CORNER = 'B:a2 W:b2 B:b1 W:c1 B:pass W:a3'
CASES = [(9, '', [1, 2, 3]), (9, CAPTURES, [1, 2, 3]), (9, KO, [1, 2, 3]), (9, SUICIDE, [1, 2, 3]),
         (9, CORNER, [1, 2, 3]), (13, '', [1, 2]), (19, '', [1, 2])]


def replay(size, line):
    g = Go(size, RULES[size][1])
    for m in line.split():
        side, move = m.split(':')
        assert side == g.to_move, line
        g.play(move)
    return g


def record(line):
    return ' '.join(f'{m[0]}@{m[2:]}' if m[2:] != 'pass' else 'pass' for m in line.split())


def check_perft(tabula_path):
    failures = 0
    for size, line, depths in CASES:
        # After the moves (the earlier boards known: a ko's retake is superko), and from the
        # position as text (no history: the retake is legal).
        ways = [(replay(size, line) if line else Go(size, RULES[size][1]), {'moves': record(line)})]
        if line:
            ways.append((from_text(size, ways[0][0].text()), {'position': ways[0][0].text()}))
        for start, given in ways:
            for d in depths:
                mine, theirs = perft(start, d), tabula_perft(tabula_path, size, d, **given)
                failures += mine != theirs
                print(f"{'ok  ' if mine == theirs else 'FAIL'} {size}x{size} {list(given.values())[0] or 'start'} "
                      f"perft {d}: reference {mine}, tabula {theirs}")
    return failures


def check_games(tabula_path, size, seeds):
    """Seeded random games played by Tabula: every move must be legal here, the game must end
    where it ends here, with the same board, winner and scores."""
    failures = 0
    for seed in seeds:
        game = json.loads(tabula(tabula_path, 'play', RULES[size][0], '--players', 'random,random', '--seed',
                                 str(seed), '--json'))
        g = Go(size, RULES[size][1])
        problems = []
        for k, move in enumerate(game['moves']):
            move = 'pass' if move == 'pass' else move.split('@')[1]
            if g.over or move not in g.moves():
                problems.append(f'ply {k + 1}: {move} is not legal here')
                break
            g.play(move)
        final = game['final']
        score = g.scores()
        winner = 'black' if score['B'] > score['W'] else 'white'
        fmt = lambda v: str(int(v)) if v == int(v) else str(v)
        sentence = f"{winner} wins after {g.ply} plies (score: black {fmt(score['B'])}, white {fmt(score['W'])})"
        if not problems:
            if not g.over:
                problems.append('the game goes on here')
            if final['position'].split(';')[0].split()[0] != g.text().split()[0]:
                problems.append(f"final board {final['position']} here {g.text()}")
            if final['result']['text'] != sentence:
                problems.append(f"result '{final['result']['text']}' here '{sentence}'")
        failures += bool(problems)
        print(f"{'ok  ' if not problems else 'FAIL'} {size}x{size} seed {seed}: {len(game['moves'])} plies, "
              f"{sentence}{'; ' + '; '.join(problems) if problems else ''}")
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('command', nargs='?', choices=['perft'])
    ap.add_argument('depth', nargs='?', type=int)
    ap.add_argument('--size', type=int, default=9, choices=sorted(RULES))
    ap.add_argument('--position', default='')
    ap.add_argument('--check', action='store_true')
    ap.add_argument('--games', type=int, default=12, help='seeded random games per board size in --check')
    ap.add_argument('--tabula', default='build/tabula')
    args = ap.parse_args()
    if args.check:
        failures = check_perft(args.tabula)
        failures += check_games(args.tabula, 9, range(1, args.games + 1))
        failures += check_games(args.tabula, 13, range(1, max(1, args.games // 4) + 1))
        failures += check_games(args.tabula, 19, range(1, max(1, args.games // 6) + 1))
        print(f'{failures} difference(s)')
        return 1 if failures else 0
    if not (args.command and args.depth):
        ap.error('perft DEPTH, or --check')
    g = from_text(args.size, args.position) if args.position else Go(args.size, RULES[args.size][1])
    print(perft(g, args.depth))
    return 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""A second, independent move generator for Ataxx, written from its rules and not from
Tabula: no Tabula code or data is used, only the position text format (rows top first, X and
O for the stones, digits for runs of empty cells, blocked cells left out of their row, then
the side to move).

Ataxx on 7x7 (optionally with blocked cells): a move is a clone, a new stone on an empty cell
next to one of the mover's stones (the eight neighbours), or a jump, one of the mover's
stones to an empty cell at distance two (king distance, the sixteen cells of the second
ring), leaving its cell empty. Every enemy stone next to the arrival cell changes colour. A
clone is one move per cell, whichever stone it grows from. A side without a move passes.
The game ends when no cell is empty, a side has no stone, or both sides pass in a row.

It counts perft as `tabula perft` does (a finished game is one leaf where it ends) or, with
--full-length, as published Ataxx lists do (a finished game adds nothing: 16, 256, 6460,
155888, 4752668 from the start), and with --check compares its counts with `tabula perft`.

    python3 tests/ataxx/reference_ataxx.py perft 3
    python3 tests/ataxx/reference_ataxx.py --check --tabula build/tabula
"""
import argparse
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_support  # noqa: E402  (tests/oracle_support.py)

SIZE = 7
BLOCKED = {'ataxx': set(), 'ataxx-blocked': {(2, 2), (4, 2), (2, 4), (4, 4)}}  # c3 e3 c5 e5
NEAR = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
FAR = [(df, dr) for df in range(-2, 3) for dr in range(-2, 3) if max(abs(df), abs(dr)) == 2]


class Game:
    def __init__(self, blocked):
        self.cells = [(f, r) for r in range(SIZE) for f in range(SIZE) if (f, r) not in blocked]
        self.cell_set = set(self.cells)

    def start(self):
        board = {c: None for c in self.cells}
        board[(0, 6)] = board[(6, 0)] = 'X'
        board[(6, 6)] = board[(0, 0)] = 'O'
        return board, 'X'

    def parse(self, text):
        rows_text, side = text.split()
        board = {c: None for c in self.cells}
        for top, row in enumerate(rows_text.split('/')):
            r = SIZE - 1 - top
            files = [f for f in range(SIZE) if (f, r) in self.cell_set]
            i, digits = 0, ''
            for ch in row + '/':
                if ch.isdigit():
                    digits += ch
                    continue
                if digits:
                    i, digits = i + int(digits), ''
                if ch == '/':
                    break
                board[(files[i], r)] = ch
                i += 1
            if i != len(files):
                raise ValueError(f'row {top + 1} has {i} cells, not {len(files)}')
        return board, 'X' if side == 'black' else 'O'

    def around(self, cell, offsets):
        f, r = cell
        for df, dr in offsets:
            c = (f + df, r + dr)
            if c in self.cell_set:
                yield c

    def moves(self, board, side):
        out = []
        for cell in self.cells:
            if board[cell] is not None:
                continue
            if any(board[n] == side for n in self.around(cell, NEAR)):
                out.append((None, cell))
            out += [(n, cell) for n in self.around(cell, FAR) if board[n] == side]
        return out

    def play(self, board, side, move):
        board = dict(board)
        frm, to = move
        if frm is not None:
            board[frm] = None
        board[to] = side
        for n in self.around(to, NEAR):
            if board[n] not in (None, side):
                board[n] = side
        return board

    @staticmethod
    def over(board, passes):
        stones = [v for v in board.values() if v]
        return len(stones) == len(board) or 'X' not in stones or 'O' not in stones or passes >= 2

    def perft(self, board, side, depth, full_length, passes=0):
        if self.over(board, passes):
            return 0 if full_length and depth > 0 else 1
        if depth == 0:
            return 1
        other = 'O' if side == 'X' else 'X'
        moves = self.moves(board, side)
        if not moves:
            return self.perft(board, other, depth - 1, full_length, passes + 1)
        return sum(self.perft(self.play(board, side, m), other, depth - 1, full_length) for m in moves)


# Positions where games end (every cell taken, the last enemy stone turned) or a side passes.
FILLING = 'XXXOOOX/XOOOXXX/OOXXXOO/XXOOXX1/OOXXOOO/XXXOO2/OOOXXXO black'
LAST_STONE = '7/7/7/3O3/7/7/X6 black'
SHUT_IN = '7/7/7/7/OOO4/OOO4/XOO4 black'
BLOCKED_FILLING = 'XXOOXOX/OXXOXOO/OO1OO/XXXXOO1/XX1XO/OOOOXXX/XXOO1OO white'
CASES = [('ataxx', '', [1, 2, 3], False), ('ataxx', '', [4], True), ('ataxx', FILLING, [1, 2, 3, 4], False),
         ('ataxx', FILLING, [3, 4], True), ('ataxx', LAST_STONE, [1, 2, 3], False),
         ('ataxx', LAST_STONE, [2, 3], True), ('ataxx', SHUT_IN, [1, 2, 3], False),
         ('ataxx-blocked', '', [1, 2, 3], False), ('ataxx-blocked', BLOCKED_FILLING, [1, 2, 3, 4, 5], False),
         ('ataxx-blocked', BLOCKED_FILLING, [4, 5], True)]


def tabula_perft(tabula, rules, position, depth, full_length):
    return oracle_support.tabula_perft(tabula, f'rules/{rules}.rules', depth, position=position, full_length=full_length)


def check(tabula):
    failures = 0
    for rules, position, depths, full_length in CASES:
        game = Game(BLOCKED[rules])
        board, side = game.parse(position) if position else game.start()
        for d in depths:
            mine = game.perft(board, side, d, full_length)
            theirs = tabula_perft(tabula, rules, position, d, full_length)
            failures += mine != theirs
            label = f"{rules} {position or 'start'} perft {d}{' --full-length' if full_length else ''}"
            print(f"{'ok  ' if mine == theirs else 'FAIL'} {label}: reference {mine}, tabula {theirs}")
    print(f'{failures} difference(s)')
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('command', nargs='?', choices=['perft'])
    ap.add_argument('depth', nargs='?', type=int)
    ap.add_argument('--rules', choices=sorted(BLOCKED), default='ataxx')
    ap.add_argument('--position', default='')
    ap.add_argument('--full-length', action='store_true')
    ap.add_argument('--check', action='store_true')
    ap.add_argument('--tabula', default='build/tabula')
    args = ap.parse_args()
    if args.check:
        return check(args.tabula)
    if not (args.command and args.depth):
        ap.error('perft DEPTH, or --check')
    game = Game(BLOCKED[args.rules])
    board, side = game.parse(args.position) if args.position else game.start()
    print(game.perft(board, side, args.depth, args.full_length))
    return 0


if __name__ == '__main__':
    sys.exit(main())

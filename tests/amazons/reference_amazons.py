#!/usr/bin/env python3
"""A second, independent move generator for Amazons, written from its rules and not from
Tabula: no Tabula code or data is used, only the position text format (rows top first, W and
B for the queens, X for arrows, digits for runs of empty cells, then the side to move).

Amazons: a turn is a queen's move (any number of empty cells along one of the eight
directions) and then an arrow shot from where that queen landed, the same way, onto an empty
cell (the cell the queen left is empty). A side with no queen move at the start of its turn
loses. Perft counts the move and the arrow as one ply each (as `tabula perft` does: a
finished game is one leaf where it ends), so perft 2 from the 10x10 start is the 2,176 first
moves of published lists; with --check it compares its counts with `tabula perft`.

    python3 tests/amazons/reference_amazons.py perft 2
    python3 tests/amazons/reference_amazons.py --check --tabula build/tabula
"""
import argparse
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_support  # noqa: E402  (tests/oracle_support.py)

DIRS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
STARTS = {
    'amazons': (10, {'W': ['a4', 'd1', 'g1', 'j4'], 'B': ['a7', 'd10', 'g10', 'j7']}),
    'amazons-6x6': (6, {'W': ['c1', 'f3'], 'B': ['d6', 'a4']}),
}


def cell(name):
    return ord(name[0]) - ord('a'), int(name[1:]) - 1


class Game:
    def __init__(self, rules):
        self.size, self.queens = STARTS[rules]

    def start(self):
        board = {}
        for side, names in self.queens.items():
            for n in names:
                board[cell(n)] = side
        return board, 'W'

    def parse(self, text):
        rows_text, side = text.split()
        board = {}
        for top, row in enumerate(rows_text.split('/')):
            r, f, digits = self.size - 1 - top, 0, ''
            for ch in row + '/':
                if ch.isdigit():
                    digits += ch
                    continue
                if digits:
                    f, digits = f + int(digits), ''
                if ch == '/':
                    break
                board[(f, r)] = ch
                f += 1
            if f != self.size:
                raise ValueError(f'row {top + 1} has {f} cells')
        return board, 'W' if side == 'white' else 'B'

    def reach(self, board, frm):
        for df, dr in DIRS:
            f, r = frm[0] + df, frm[1] + dr
            while 0 <= f < self.size and 0 <= r < self.size and (f, r) not in board:
                yield f, r
                f, r = f + df, r + dr

    def queen_moves(self, board, side):
        return [(q, to) for q in sorted(c for c, v in board.items() if v == side) for to in self.reach(board, q)]

    def perft(self, board, side, depth, shoot_from=None):
        """Plies left `depth`; shoot_from: the arrow step, from that cell."""
        other = 'B' if side == 'W' else 'W'
        if shoot_from is None:
            moves = self.queen_moves(board, side)
            if not moves:
                return 1  # the side to move has lost: a finished game is one leaf
            if depth == 0:
                return 1
            total = 0
            for frm, to in moves:
                board[to] = board.pop(frm)
                total += self.perft(board, side, depth - 1, to)
                board[frm] = board.pop(to)
            return total
        if depth == 0:
            return 1
        total = 0
        for target in list(self.reach(board, shoot_from)):
            board[target] = 'X'
            total += self.perft(board, other, depth - 1)
            del board[target]
        return total


# Black to move with one queen that has one cell left; White with every queen shut in once
# Black's arrow lands (a finished game at ply 2); and three positions of seeded random games
# (12 and 16 turns in), where queens are shut in within six plies.
CORNERED = 'XXXXXX/XWXBXX/XXX1XX/X2XXX/XXXXXX/XXXXWX black'
LAST_CELL = 'B1XXXX/XXXXXX/XXXXXX/XXXXXX/XXXXX1/XXXXXW black'
MIDGAME = ['3XX1/1XX3/3X1B/1XWXWX/X2X1X/3BX1 white', '2XBBX/3XXX/3XW1/X3XX/3XXW/5X white',
           'BX1XX1/XXX1BX/X1X3/3X2/1XXXXX/1WXW2 white']
CASES = [('amazons', '', [1, 2, 3]), ('amazons-6x6', '', [1, 2, 3, 4]),
         ('amazons-6x6', CORNERED, [1, 2, 3, 4]), ('amazons-6x6', LAST_CELL, [1, 2, 3, 4])]
CASES += [('amazons-6x6', position, [1, 2, 3, 4, 5, 6]) for position in MIDGAME]


def tabula_perft(tabula, rules, position, depth):
    return oracle_support.tabula_perft(tabula, f'rules/{rules}.rules', depth, position=position)


def check(tabula):
    failures = 0
    for rules, position, depths in CASES:
        game = Game(rules)
        board, side = game.parse(position) if position else game.start()
        for d in depths:
            mine, theirs = game.perft(dict(board), side, d), tabula_perft(tabula, rules, position, d)
            failures += mine != theirs
            print(f"{'ok  ' if mine == theirs else 'FAIL'} {rules} {position or 'start'} perft {d}: "
                  f"reference {mine}, tabula {theirs}")
    print(f'{failures} difference(s)')
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('command', nargs='?', choices=['perft'])
    ap.add_argument('depth', nargs='?', type=int)
    ap.add_argument('--rules', choices=sorted(STARTS), default='amazons')
    ap.add_argument('--position', default='')
    ap.add_argument('--check', action='store_true')
    ap.add_argument('--tabula', default='build/tabula')
    args = ap.parse_args()
    if args.check:
        return check(args.tabula)
    if not (args.command and args.depth):
        ap.error('perft DEPTH, or --check')
    game = Game(args.rules)
    board, side = game.parse(args.position) if args.position else game.start()
    print(game.perft(board, side, args.depth))
    return 0


if __name__ == '__main__':
    sys.exit(main())

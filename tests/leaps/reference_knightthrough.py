#!/usr/bin/env python3
"""A second, independent move generator for Knightthrough, written from its rules and not from
Tabula: no Tabula code or data is used, only the position text format (rows top first, W and
B for the knights, digits for runs of empty squares, then the side to move).

Knightthrough is Breakthrough with knights: a knight leaps as in chess but only forward (the
four leaps that gain one or two ranks), onto an empty square or an enemy knight, which is
taken. A knight on its far rank, or the last enemy taken, wins. It counts perft as `tabula
perft` does (a finished game is one leaf where it ends) and, with --check, compares its
counts with `tabula perft` from the start and from positions where games end at once.

    python3 tests/leaps/reference_knightthrough.py perft 3
    python3 tests/leaps/reference_knightthrough.py --check --tabula build/tabula
"""
import argparse
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_support  # noqa: E402  (tests/oracle_support.py)

FORWARD = [(-1, 2), (1, 2), (-2, 1), (2, 1)]  # (files, ranks) for White; Black mirrors the ranks


def start():
    board = {}
    for f in range(8):
        for r in (0, 1):
            board[(f, r)] = 'W'
        for r in (6, 7):
            board[(f, r)] = 'B'
    return board, 'W'


def parse(text):
    rows_text, side = text.split()
    board = {}
    for top, row in enumerate(rows_text.split('/')):
        r, f, digits = 7 - top, 0, ''
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
        if f != 8:
            raise ValueError(f'row {top + 1} has {f} squares')
    return board, 'W' if side == 'white' else 'B'


def moves(board, side):
    sign = 1 if side == 'W' else -1
    for (f, r), piece in list(board.items()):
        if piece != side:
            continue
        for df, dr in FORWARD:
            to = (f + df, r + sign * dr)
            if 0 <= to[0] < 8 and 0 <= to[1] < 8 and board.get(to) != side:
                yield (f, r), to


def won(board, side, to):
    far = 7 if side == 'W' else 0
    other = 'B' if side == 'W' else 'W'
    return to[1] == far or other not in board.values()


def perft(board, side, depth):
    if depth == 0:
        return 1
    total = 0
    for frm, to in list(moves(board, side)):
        taken = board.get(to)
        board[to] = board.pop(frm)
        if won(board, side, to):
            total += 1
        else:
            total += perft(board, 'B' if side == 'W' else 'W', depth - 1)
        board[frm] = board.pop(to)
        if taken:
            board[to] = taken
    return total


# Near the end: White one leap from the far rank; Black with knights able to take.
NEAR_END = '8/2W5/8/1B1B4/8/5W2/2B5/8 white'
LAST_KNIGHT = '8/8/3B4/8/2W5/8/8/8 white'
CASES = [('', [1, 2, 3]), (NEAR_END, [1, 2, 3, 4]), (LAST_KNIGHT, [1, 2, 3, 4, 5])]


def tabula_perft(tabula, position, depth):
    return oracle_support.tabula_perft(tabula, 'rules/knightthrough.rules', depth, position=position)


def check(tabula):
    failures = 0
    for position, depths in CASES:
        board, side = parse(position) if position else start()
        for d in depths:
            mine, theirs = perft(dict(board), side, d), tabula_perft(tabula, position, d)
            failures += mine != theirs
            print(f"{'ok  ' if mine == theirs else 'FAIL'} {position or 'start'} perft {d}: reference {mine}, tabula {theirs}")
    print(f'{failures} difference(s)')
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('command', nargs='?', choices=['perft'])
    ap.add_argument('depth', nargs='?', type=int)
    ap.add_argument('--position', default='')
    ap.add_argument('--check', action='store_true')
    ap.add_argument('--tabula', default='build/tabula')
    args = ap.parse_args()
    if args.check:
        return check(args.tabula)
    if not (args.command and args.depth):
        ap.error('perft DEPTH, or --check')
    board, side = parse(args.position) if args.position else start()
    print(perft(board, side, args.depth))
    return 0


if __name__ == '__main__':
    sys.exit(main())

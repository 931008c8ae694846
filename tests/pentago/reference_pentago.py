#!/usr/bin/env python3
"""A second, independent move generator for Pentago, written from its rules and not from
Tabula: no Tabula code or data is used, only the position text format (rows top first, W and
B for the marbles, digits for runs of empty cells, then the side to move, and `; at=turn:2`
between the marble and the turn).

Pentago on 6x6: a turn is a marble on an empty cell, then a quarter turn of one of the four
3x3 blocks, clockwise or anticlockwise (eight choices, always all eight). Five or more in a
row (across, down, diagonally) wins, judged after the marble and after the block's turn; a
turn giving five to both sides draws; a full board without five draws. Perft counts the
marble and the turn as one ply each (a finished game is one leaf where it ends, as `tabula
perft` counts); with --check it compares its counts with `tabula perft`.

    python3 tests/pentago/reference_pentago.py perft 3
    python3 tests/pentago/reference_pentago.py --check --tabula build/tabula
"""
import argparse
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_support  # noqa: E402  (tests/oracle_support.py)

N = 6
BLOCKS = [(0, 0), (3, 0), (0, 3), (3, 3)]  # lower-left corners: q-sw, q-se, q-nw, q-ne
LINES = [(1, 0), (0, 1), (1, 1), (1, -1)]


def parse(text):
    fields = text.split(';')
    rows_text, side = fields[0].split()
    step = 2 if len(fields) > 1 and 'at=turn:2' in fields[1] else 1
    board = {}
    for top, row in enumerate(rows_text.split('/')):
        r, f, digits = N - 1 - top, 0, ''
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
        if f != N:
            raise ValueError(f'row {top + 1} has {f} cells')
    return board, 'W' if side == 'white' else 'B', step


def five(board, side):
    for (f, r), v in board.items():
        if v != side:
            continue
        for df, dr in LINES:
            n = 1
            while board.get((f + n * df, r + n * dr)) == side:
                n += 1
            if n >= 5:
                return True
    return False


def turned(board, block, clockwise):
    x0, y0 = block
    out = {c: v for c, v in board.items() if not (x0 <= c[0] < x0 + 3 and y0 <= c[1] < y0 + 3)}
    for (f, r), v in board.items():
        if x0 <= f < x0 + 3 and y0 <= r < y0 + 3:
            dx, dy = f - x0 - 1, r - y0 - 1  # about the block's centre, y northwards
            nx, ny = (dy, -dx) if clockwise else (-dy, dx)
            out[(x0 + 1 + nx, y0 + 1 + ny)] = v
    return out


def over(board, mover):
    """Whether the position after the mover's ply is finished."""
    other = 'B' if mover == 'W' else 'W'
    return five(board, mover) or five(board, other)


def perft(board, side, step, depth):
    if step == 1 and len(board) == N * N:
        return 1  # a full board: no marble to place, a draw
    if depth == 0:
        return 1
    other = 'B' if side == 'W' else 'W'
    total = 0
    if step == 1:
        for c in [(f, r) for r in range(N) for f in range(N) if (f, r) not in board]:
            board[c] = side
            total += 1 if over(board, side) else perft(board, side, 2, depth - 1)
            del board[c]
        return total
    for block in BLOCKS:
        for clockwise in (True, False):
            after = turned(board, block, clockwise)
            total += 1 if over(after, side) else perft(after, other, 1, depth - 1)
    return total


# Positions where games end inside the counts: fours for both sides, a five one turn away, a
# board nearly full.
FOURS = 'WWWW2/BBBB2/6/6/2W3/2B3 white'
FOURS_TURN = 'WWWW1W/BBBB2/6/6/2W3/2B3 black; at=turn:2'
CROSSED = '1W1B2/WB1WB1/1WB1W1/B1WB1W/1B1WB1/W1B1B1 white'
NEAR_FULL = 'WBWBW1/BWBWBW/BWBWBW/WBWBWB/WBWBWB/BWBW2 black'
# White to turn a block: q-nw clockwise makes White's five, anticlockwise both sides' (a draw).
BOTH_FIVES = 'B1W1W1/WWB3/WB1B2/3WBW/3BWB/B2W2 white; at=turn:2'
CASES = [('', [1, 2, 3, 4]), (FOURS, [1, 2, 3]), (FOURS_TURN, [1, 2, 3]), (CROSSED, [1, 2, 3]),
         (NEAR_FULL, [1, 2, 3, 4]), (BOTH_FIVES, [1, 2, 3])]


def tabula_perft(tabula, position, depth):
    return oracle_support.tabula_perft(tabula, 'rules/pentago.rules', depth, position=position)


def check(tabula):
    failures = 0
    for position, depths in CASES:
        board, side, step = parse(position) if position else ({}, 'W', 1)
        for d in depths:
            mine, theirs = perft(dict(board), side, step, d), tabula_perft(tabula, position, d)
            failures += mine != theirs
            print(f"{'ok  ' if mine == theirs else 'FAIL'} {position or 'start'} perft {d}: "
                  f"reference {mine}, tabula {theirs}")
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
    board, side, step = parse(args.position) if args.position else ({}, 'W', 1)
    print(perft(board, side, step, args.depth))
    return 0


if __name__ == '__main__':
    sys.exit(main())

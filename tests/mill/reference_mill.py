#!/usr/bin/env python3
"""A second, independent move generator for nine men's morris (the mill game), written from
its rules and not from Tabula: no Tabula code or data is used, only the position text format
(rows top first over the 24 points, W and B for the men, digits for runs of empty points,
then the side to move and `reserve.white.man=K reserve.black.man=K`: the men in hand).

Rules: each side has nine men in hand; White first. With men in hand a turn places one on
an empty point; then a man moves along a line to a neighbouring empty point, or flies to any
empty point when its side has three men. A man landing in a line of three of its side (a
mill) lets its side remove one enemy man on the board that is in no mill, or any when all
are; the removal is a ply of its own. A side with fewer than three men (on the board and in
hand) after the other's turn has lost, and so has a side to move without a move. Perft as
`tabula perft` counts it (a finished game is one leaf where it ends); with --check it
compares its counts with `tabula perft`.

    python3 tests/mill/reference_mill.py perft 3
    python3 tests/mill/reference_mill.py --check --tabula build/tabula
"""
import argparse
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_support  # noqa: E402  (tests/oracle_support.py)

LINES = [['a7', 'd7', 'g7'], ['b6', 'd6', 'f6'], ['c5', 'd5', 'e5'], ['a4', 'b4', 'c4'], ['e4', 'f4', 'g4'],
         ['c3', 'd3', 'e3'], ['b2', 'd2', 'f2'], ['a1', 'd1', 'g1'], ['a1', 'a4', 'a7'], ['b2', 'b4', 'b6'],
         ['c3', 'c4', 'c5'], ['d1', 'd2', 'd3'], ['d5', 'd6', 'd7'], ['e3', 'e4', 'e5'], ['f2', 'f4', 'f6'],
         ['g1', 'g4', 'g7']]
POINTS = sorted({p for line in LINES for p in line}, key=lambda n: (int(n[1]), n[0]))
NEIGHBOURS = {p: set() for p in POINTS}
for line in LINES:
    for a, b in zip(line, line[1:]):
        NEIGHBOURS[a].add(b)
        NEIGHBOURS[b].add(a)


def other(side):
    return 'B' if side == 'W' else 'W'


def in_mill(board, p):
    return any(p in line and all(board.get(q) == board[p] for q in line) for line in LINES)


def parse(text):
    head, _, fields = text.partition(';')
    rows_text, side = head.split()
    board = {}
    for top, row in enumerate(rows_text.split('/')):
        points = [p for p in POINTS if int(p[1]) == 7 - top]
        i, digits = 0, ''
        for ch in row + '/':
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                i, digits = i + int(digits), ''
            if ch == '/':
                break
            board[points[i]] = ch
            i += 1
        if i != len(points):
            raise ValueError(f'row {top + 1} has {i} points, not {len(points)}')
    hand = {'W': 9, 'B': 9}
    for field in fields.split():
        key, _, value = field.partition('=')
        if key == 'reserve.white.man':
            hand['W'] = int(value)
        elif key == 'reserve.black.man':
            hand['B'] = int(value)
    return board, 'W' if side == 'white' else 'B', hand


def moves(board, side, hand):
    """(from, to) pairs; from None for a placement."""
    empty = [p for p in POINTS if p not in board]
    if hand[side]:
        return [(None, p) for p in empty]
    mine = [p for p in POINTS if board.get(p) == side]
    if len(mine) == 3:
        return [(f, t) for f in mine for t in empty]
    return [(f, t) for f in mine for t in POINTS if t in NEIGHBOURS[f] and t not in board]


def removals(board, side):
    theirs = [p for p in POINTS if board.get(p) == other(side)]
    free = [p for p in theirs if not in_mill(board, p)]
    return free or theirs


def lost(board, side, hand):
    return sum(1 for v in board.values() if v == side) + hand[side] < 3


def perft(board, side, hand, depth):
    ms = moves(board, side, hand)
    if not ms:
        return 1  # the side to move cannot move: it has lost
    if depth == 0:
        return 1
    total = 0
    for frm, to in ms:
        b, h = dict(board), dict(hand)
        if frm is None:
            h[side] -= 1
        else:
            del b[frm]
        b[to] = side
        if in_mill(b, to) and removals(b, side):
            if depth == 1:
                total += 1
                continue
            for r in removals(b, side):
                after = dict(b)
                del after[r]
                total += 1 if lost(after, other(side), h) else perft(after, other(side), h, depth - 2)
        else:
            total += 1 if lost(b, other(side), h) else perft(b, other(side), h, depth - 1)
    return total


def text(white, black, side, hand_white, hand_black):
    board = {**{p: 'W' for p in white.split()}, **{p: 'B' for p in black.split()}}
    rows = []
    for rank in range(7, 0, -1):
        row, run = '', 0
        for p in [p for p in POINTS if int(p[1]) == rank]:
            if p in board:
                row += (str(run) if run else '') + board[p]
                run = 0
            else:
                run += 1
        rows.append(row + (str(run) if run else ''))
    return (f"{'/'.join(rows)} {side}; reserve.white.man={hand_white} reserve.black.man={hand_black}")


# Positions where games end inside the counts: mills about to close for both sides while
# placing, a side down to three men that flies, a mill when every enemy man is in a mill, a
# side about to be shut in.
PLACING = text('a7 d6 c3 a4 g1', 'g7 b4 e4 b2', 'black', 4, 5)
FLYING = text('a7 d7 f4', 'b6 d5 a4 c4 e3 d2', 'white', 0, 0)
ALL_IN_MILLS = text('a4 b4 c3 g1', 'a7 d7 g7 e4 f4 g4', 'white', 0, 0)
SHUT_IN = text('a7 g7 d1 b4 f4', 'a4 d7 b6 f6 c4 e4', 'black', 0, 0)
CASES = [('', [1, 2, 3, 4]), (PLACING, [1, 2, 3, 4]), (FLYING, [1, 2, 3]), (ALL_IN_MILLS, [1, 2, 3, 4]),
         (SHUT_IN, [1, 2, 3, 4])]


def tabula_perft(tabula, position, depth):
    return oracle_support.tabula_perft(tabula, 'rules/nine-mens-morris.rules', depth, position=position)


def check(tabula):
    failures = 0
    for position, depths in CASES:
        board, side, hand = parse(position) if position else ({}, 'W', {'W': 9, 'B': 9})
        for d in depths:
            mine, theirs = perft(board, side, hand, d), tabula_perft(tabula, position, d)
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
    board, side, hand = parse(args.position) if args.position else ({}, 'W', {'W': 9, 'B': 9})
    print(perft(board, side, hand, args.depth))
    return 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""A second, independent move generator for two-player Chinese checkers, written from its
rules and not from Tabula: no Tabula code or data is used, only the position text format
(rows top first, S and N for the marbles, digits for runs of empty points, then the side to
move) and the naming of the star's points (rows a..q from the south, points numbered from the
west end of their row).

The star: points of the triangular grid in cube coordinates (x + y + z = 0) where all three
are at least -4 or all at most 4, within 8: 121 points. South starts in the south point (the
ten points south of the hexagon) and wins when the north point is full and holds one of its marbles
(all ten, or with North's that stayed there); North the
other way round. A move is a step to an empty neighbour, or a chain of one or more jumps,
each over a neighbouring marble of either side to the empty point beyond; the moving
marble's start is empty on the way; moves are counted once per end point (the path is not
part of the move). Perft as `tabula perft` counts it (a finished game is one leaf where it
ends); with --check it compares its counts with `tabula perft`.

    python3 tests/chinese_checkers/reference_chinese_checkers.py perft 3
    python3 tests/chinese_checkers/reference_chinese_checkers.py --check --tabula build/tabula
"""
import argparse
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_support  # noqa: E402  (tests/oracle_support.py)

AXIAL = [(1, 0), (-1, 0), (0, 1), (-1, 1), (1, -1), (0, -1)]


def star():
    rows = []
    for r in range(-8, 9):
        row = []
        for q in range(-8, 9):
            x, z = q, r
            y = -x - z
            if max(abs(x), abs(y), abs(z)) <= 8 and (min(x, y, z) >= -4 or max(x, y, z) <= 4):
                row.append((q, r))
        rows.append(row)
    return rows


ROWS = star()
POINTS = {p for row in ROWS for p in row}
SOUTH_POINT = {p for p in POINTS if p[1] < -4}
NORTH_POINT = {p for p in POINTS if p[1] > 4}


def parse(text):
    rows_text, side = text.split()
    board = {}
    for top, row in enumerate(rows_text.split('/')):
        points = ROWS[len(ROWS) - 1 - top]
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
    return board, 'S' if side == 'south' else 'N'


def start():
    board = {p: 'S' for p in SOUTH_POINT}
    board.update({p: 'N' for p in NORTH_POINT})
    return board, 'S'


def moves(board, side):
    out = []
    for frm in sorted(p for p, v in board.items() if v == side):
        ends = set()
        for dq, dr in AXIAL:
            to = (frm[0] + dq, frm[1] + dr)
            if to in POINTS and to not in board:
                ends.add(to)
        todo, seen = [frm], {frm}
        while todo:
            at = todo.pop()
            for dq, dr in AXIAL:
                over, to = (at[0] + dq, at[1] + dr), (at[0] + 2 * dq, at[1] + 2 * dr)
                if over in board and over != frm and to in POINTS and (to not in board or to == frm) \
                        and to not in seen:
                    seen.add(to)
                    todo.append(to)
        ends |= seen - {frm}
        out += [(frm, to) for to in ends]
    return out


def won(board, side):
    goal = NORTH_POINT if side == 'S' else SOUTH_POINT
    return all(p in board for p in goal) and any(board.get(p) == side for p in goal)


def perft(board, side, depth):
    if depth == 0:
        return 1
    other = 'N' if side == 'S' else 'S'
    ms = moves(board, side)
    if not ms:
        return perft(board, other, depth - 1)  # a pass
    total = 0
    for frm, to in ms:
        board[to] = board.pop(frm)
        total += 1 if won(board, side) else perft(board, other, depth - 1)
        board[frm] = board.pop(to)
    return total


def text(board, side):
    rows = []
    for row in reversed(ROWS):
        out, run = '', 0
        for p in row:
            if p in board:
                out += (str(run) if run else '') + board[p]
                run = 0
            else:
                run += 1
        rows.append(out + (str(run) if run else ''))
    return '/'.join(rows) + (' south' if side == 'S' else ' north')


def near_end():
    """South with nine marbles home, the tenth a jump away from the last empty home point
    (over a North marble), North's marbles spread over the middle."""
    board = {p: 'S' for p in NORTH_POINT if p != (-1, 5)}
    board[(-1, 3)] = 'S'
    board[(-1, 4)] = 'N'
    middle = sorted(p for p in POINTS if max(abs(p[0]), abs(p[1]), abs(p[0] + p[1])) <= 3 and p not in board)
    for p in middle[::4][:9]:
        board[p] = 'N'
    return board


NEAR_END = text(near_end(), 'S')
# A lattice of North marbles two apart over the middle, South's among them: long chains of
# jumps in every direction, over both sides, through the start.
CROWD = {p: 'N' for p in POINTS if p[0] % 2 == 0 and p[1] % 2 == 0 and max(map(abs, (p[0], p[1], p[0] + p[1]))) <= 4}
CROWD.update({(1, -1): 'S', (-3, 1): 'S', (1, 3): 'S', (3, -3): 'S'})
CROWDED = text(CROWD, 'S')
CASES = [('', [1, 2, 3]), (NEAR_END, [1, 2, 3]), (CROWDED, [1, 2, 3])]


def tabula_perft(tabula, position, depth):
    return oracle_support.tabula_perft(tabula, 'rules/chinese-checkers.rules', depth, position=position)


def check(tabula):
    failures = 0
    for position, depths in CASES:
        board, side = parse(position) if position else start()
        for d in depths:
            mine, theirs = perft(dict(board), side, d), tabula_perft(tabula, position, d)
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
    board, side = parse(args.position) if args.position else start()
    print(perft(board, side, args.depth))
    return 0


if __name__ == '__main__':
    sys.exit(main())

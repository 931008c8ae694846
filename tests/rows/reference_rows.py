#!/usr/bin/env python3
"""A second, independent move generator for three placement-and-row games, written from their
rules and not from Tabula: no Tabula code or data is used, only the position text format
(rows top first, one symbol per cell, digits for runs of empty cells, `/` between rows, then
the side to move and, in the middle of a two-stone turn, `; at=turn:2`).

- tic-tac-toe: 3x3, three in a row (across, down, diagonal) wins, a full grid draws;
- Connect6: 19x19, Black opens with one stone, then two stones a turn (each stone a ply),
  six or more in a row wins at once, a full board draws;
- Yavalath: a hexagon of 5 points a side (rows of 5, 6, ..., 9, ..., 5), four or more in a
  row along one of the three axes wins, else exactly three in a row loses.

It counts perft as `tabula perft` does (a finished game is one leaf where it ends) and, with
--check, compares its counts with `tabula perft` on the cases below; the published
tic-tac-toe counts (which do not count finished games at later depths) are checked against
its --full-length form.

    python3 tests/rows/reference_rows.py perft yavalath 2 --position '5/6/7/8/9/8/7/6/5 white'
    python3 tests/rows/reference_rows.py --check --tabula build/tabula
"""
import argparse
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_support  # noqa: E402  (tests/oracle_support.py)


class Game:
    """Cells are (row, index) pairs, row 0 the bottom one; `lines` are the axes' steps."""

    def __init__(self, name, row_lengths, axes, win, lose, symbols, stones_per_turn, first_turn_stones):
        self.name = name
        self.row_lengths = row_lengths        # bottom row first
        self.axes = axes                      # functions (row, index) -> the next cell along an axis
        self.win = win                        # a run at least this long wins
        self.lose = lose                      # a run of exactly this length loses (0: none)
        self.symbols = symbols                # first player's symbol first
        self.stones_per_turn = stones_per_turn
        self.first_turn_stones = first_turn_stones
        self.cells = [(r, i) for r, n in enumerate(row_lengths) for i in range(n)]
        self.valid = set(self.cells)


def square_axes():
    return [lambda r, i: (r, i + 1), lambda r, i: (r + 1, i), lambda r, i: (r + 1, i + 1),
            lambda r, i: (r + 1, i - 1)]


def hexagon_axes(side):
    """Rows grow by one point up to the middle row, then shrink. In axial coordinates a point
    of row r (0 at the bottom, the middle row side - 1) at index i is (q, r), with q starting
    at side - 1 - r below the middle and at 0 above it; the axes are (1, 0), (0, 1), (-1, 1)."""
    mid = side - 1

    def axial(r, i):
        return (mid - r + i if r <= mid else i), r

    def cell(q, r):
        return r, (q - (mid - r) if r <= mid else q)

    def step(dq, dr):
        def f(r, i):
            q, rr = axial(r, i)
            return cell(q + dq, rr + dr)
        return f

    return [step(1, 0), step(0, 1), step(-1, 1)]


GAMES = {
    'tic-tac-toe': Game('tic-tac-toe', [3] * 3, square_axes(), 3, 0, 'XO', 1, 1),
    'connect6': Game('connect6', [19] * 19, square_axes(), 6, 0, 'BW', 2, 1),
    'yavalath': Game('yavalath', [5, 6, 7, 8, 9, 8, 7, 6, 5], hexagon_axes(5), 4, 3, 'WB', 1, 1),
}


def parse_position(game, text):
    """(board: dict cell -> side, side to move, stones left in this turn)."""
    fields = text.split(';')
    rows_text, side_name = fields[0].split()
    step = 1
    for extra in fields[1:]:
        key, _, value = extra.strip().partition('=')
        if key == 'at' and value.startswith('turn:'):
            step = int(value.split(':')[1])
    rows = rows_text.split('/')
    if len(rows) != len(game.row_lengths):
        raise ValueError(f'{len(rows)} rows, expected {len(game.row_lengths)}')
    board = {}
    for top_index, row in enumerate(rows):
        r = len(rows) - 1 - top_index
        i, digits = 0, ''
        for ch in row + '/':
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                i += int(digits)
                digits = ''
            if ch == '/':
                break
            board[(r, i)] = game.symbols.index(ch)
            i += 1
        if i != game.row_lengths[r]:
            raise ValueError(f'row {top_index + 1} has {i} cells, expected {game.row_lengths[r]}')
    sides = {'x': 0, 'o': 1} if game.name == 'tic-tac-toe' else {'black': 0, 'white': 1} \
        if game.name == 'connect6' else {'white': 0, 'black': 1}
    left = game.stones_per_turn - (step - 1)
    for cell, owner in board.items():  # a finished position is not a test of the moves
        if max(runs_through(game, board, cell, owner)) >= min(game.win, game.lose or game.win):
            raise ValueError(f'the position already holds a finished row at {cell}')
    return board, sides[side_name], left


def runs_through(game, board, cell, side):
    """The lengths of the side's runs through `cell` along each axis."""
    out = []
    for axis in game.axes:
        n = 1
        for direction in (1, -1):
            c = cell
            while True:
                if direction == 1:
                    c = axis(*c)
                else:  # step backwards: find the cell whose next is c
                    c = previous(game, axis, c)
                if c is None or c not in game.valid or board.get(c) != side:
                    break
                n += 1
        out.append(n)
    return out


_previous = {}


def previous(game, axis, cell):
    key = (game.name, id(axis))
    if key not in _previous:
        table = {}
        for c in game.cells:
            nxt = axis(*c)
            if nxt in game.valid:
                table[nxt] = c
        _previous[key] = table
    return _previous[key].get(cell)


def result_after(game, board, cell, side):
    """'win', 'lose' or None for the side that just placed on `cell` (only its runs through
    the cell can have changed: the rules test the whole board, and a run elsewhere would have
    ended the game before)."""
    runs = runs_through(game, board, cell, side)
    if max(runs) >= game.win:
        return 'win'
    if game.lose and game.lose in runs:
        return 'lose'
    return None


def perft(game, board, side, left, depth, full_length=False):
    if depth == 0:
        return 1
    empty = [c for c in game.cells if c not in board]
    if not empty:
        return 0 if full_length else 1  # a full board: the game is over (a draw)
    total = 0
    for c in empty:
        board[c] = side
        if result_after(game, board, c, side):
            total += 1 if depth == 1 or not full_length else 0
        elif left > 1:
            total += perft(game, board, side, left - 1, depth - 1, full_length)
        else:
            total += perft(game, board, 1 - side, game.stones_per_turn, depth - 1, full_length)
        del board[c]
    return total


def start(game):
    return {}, 0, game.first_turn_stones


# (rules file, game, position ('' for the start), depths). The positions hold runs one stone
# short of winning and of losing, for both sides, so that games end inside the counts.
YAVALATH_MIDDLE = '1W1W1/2B3/W6/2B5/2W6/2B1W3/2B2BB/4WW/2B2 white'
YAVALATH_LATE = 'BB3/W1WW1W/B2B2W/2WBWB2/B1BWBWBW1/1B6/WB5/BW1BW1/WB2W white'
CONNECT6_MIDDLE = ('19/19/19/19/19/19/6B4BB6/9BWB7/6WW4W6/8WWBW7/6WW4B6/7B3WB6/6WBB2BW6/19/19/19/19/19/19'
                   ' white; at=turn:2')
CONNECT6_FIVES = '19/19/19/19/19/19/19/19/19/4BBBBB10/5WWWWW9/19/19/19/19/19/19/19/19 white; at=turn:2'
# The same fives before the turn's first stone: a six with it wins, the second is not played.
CONNECT6_FIVES_FIRST = CONNECT6_FIVES.replace('at=turn:2', 'at=turn:1')
CASES = [
    ('rules/tic-tac-toe.rules', 'tic-tac-toe', '', [1, 2, 3, 4, 5, 6, 7, 8, 9]),
    ('rules/tic-tac-toe.rules', 'tic-tac-toe', 'XO1/1X1/O2 x', [1, 2, 3, 4, 5]),
    ('rules/yavalath.rules', 'yavalath', '', [1, 2, 3]),
    ('rules/yavalath.rules', 'yavalath', YAVALATH_MIDDLE, [1, 2, 3]),
    ('rules/yavalath.rules', 'yavalath', YAVALATH_LATE, [1, 2, 3]),
    ('rules/connect6.rules', 'connect6', '', [1, 2]),
    ('rules/connect6.rules', 'connect6', CONNECT6_MIDDLE, [1, 2]),
    ('rules/connect6.rules', 'connect6', CONNECT6_FIVES, [1, 2]),
    ('rules/connect6.rules', 'connect6', CONNECT6_FIVES_FIRST, [1, 2]),
]
# Tic-tac-toe's published counts of games of exactly N moves (a finished game is not
# counted at later depths): Tabula's --full-length form.
PUBLISHED_TIC_TAC_TOE = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]


def tabula_perft(tabula, rules_file, position, depth, full_length=False):
    return oracle_support.tabula_perft(tabula, rules_file, depth, position=position, full_length=full_length)


def check(tabula):
    failures = 0
    for rules_file, name, position, depths in CASES:
        game = GAMES[name]
        board, side, left = parse_position(game, position) if position else start(game)
        for d in depths:
            mine = perft(game, dict(board), side, left, d)
            theirs = tabula_perft(tabula, rules_file, position, d)
            ok = mine == theirs
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {name} {position or 'start'} perft {d}: reference {mine}, tabula {theirs}")
    game = GAMES['tic-tac-toe']
    for d, published in enumerate(PUBLISHED_TIC_TAC_TOE, start=1):
        mine = perft(game, {}, 0, 1, d, full_length=True)
        theirs = tabula_perft(tabula, 'rules/tic-tac-toe.rules', '', d, full_length=True)
        ok = mine == theirs == published
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} tic-tac-toe games of exactly {d} moves: published {published}, "
              f"reference {mine}, tabula {theirs}")
    print(f'{failures} difference(s)')
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('command', nargs='?', choices=['perft'])
    ap.add_argument('game', nargs='?', choices=sorted(GAMES))
    ap.add_argument('depth', nargs='?', type=int)
    ap.add_argument('--position', default='')
    ap.add_argument('--full-length', action='store_true')
    ap.add_argument('--check', action='store_true', help='compare with tabula perft on the built-in cases')
    ap.add_argument('--tabula', default='build/tabula')
    args = ap.parse_args()
    if args.check:
        return check(args.tabula)
    if not (args.command and args.game and args.depth):
        ap.error('perft GAME DEPTH, or --check')
    game = GAMES[args.game]
    board, side, left = parse_position(game, args.position) if args.position else start(game)
    print(perft(game, board, side, left, args.depth, args.full_length))
    return 0


if __name__ == '__main__':
    sys.exit(main())

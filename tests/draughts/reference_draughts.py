#!/usr/bin/env python3
"""A second, independent move generator for the draughts family, written from the rule
books and not from Tabula: no Tabula code or data is used, only the position text format
(rows top first, one symbol per playable square, digits for runs of empty squares, then
the side to move). It counts perft the way `tabula perft` does (a multi-capture is one
move; a position with no move before the last ply is one leaf, as Tabula counts a finished
game; in international draughts two captures with the same start, end and taken pieces are
one move, as the FMJD rules say and rules/international-draughts.rules does, or each path
one with --paths: perft 8 from the start 6,483,961 and 6,483,971, an hour each here) and, with --check, compares its counts with `tabula perft` on the cases below, also
under the quiet-move draw of rules/english-draughts-20.rules (20 plies without a capture or
a man's move).

    python3 tests/draughts/reference_draughts.py perft international 3 --position '...'
    python3 tests/draughts/reference_draughts.py --check --tabula build/tabula
"""
import argparse
import os
import sys
from dataclasses import dataclass
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_support  # noqa: E402  (tests/oracle_support.py)


@dataclass(frozen=True)
class Rules:
    size: int                 # squares per side
    dark_only: bool           # play on the squares of a1's colour only (diagonal games)
    diagonal: bool            # True: diagonal directions; False: orthogonal
    man_captures_back: bool   # a man captures backwards too
    man_steps_sideways: bool  # orthogonal games: a man also steps and captures left and right
    flying_kings: bool        # kings move and capture any distance
    king_lands_far: bool      # a flying king lands on any empty square beyond the taken piece
    maximum: bool             # the capture taking most pieces is compulsory
    promotion: str            # 'ends' (a man crowned mid-capture stops), 'at-end' (only where
                              # the move ends), 'continue' (crowned mid-capture, goes on as king)
    remove_at_end: bool       # taken pieces leave when the move ends (they block meanwhile)
    no_reverse: bool          # never turn back 180 degrees between two captures
    first: str                # who moves first: 'w' or 'b'
    white_rows: tuple         # rows (0 = rank 1) of White's men at the start
    black_rows: tuple
    distinct_takes: bool = False  # a capture is its start, end and taken pieces (FMJD): two
                                  # paths over the same pieces to the same square are one move


GAMES = {
    'english': Rules(8, True, True, False, False, False, False, False, 'ends', False, False, 'b',
                     (0, 1, 2), (5, 6, 7)),
    'international': Rules(10, True, True, True, False, True, True, True, 'at-end', True, False, 'w',
                           (0, 1, 2, 3), (6, 7, 8, 9), distinct_takes=True),
    'brazilian': Rules(8, True, True, True, False, True, True, True, 'at-end', True, False, 'w',
                       (0, 1, 2), (5, 6, 7)),
    'russian': Rules(8, True, True, True, False, True, True, False, 'continue', True, False, 'w',
                     (0, 1, 2), (5, 6, 7)),
    'turkish': Rules(8, False, False, False, True, True, True, True, 'at-end', False, True, 'w',
                     (1, 2), (5, 6)),
}


def squares(r):
    """The playable squares, in the position text's order: rows top first, west to east."""
    return [(x, y) for y in range(r.size - 1, -1, -1) for x in range(r.size)
            if not r.dark_only or (x + y) % 2 == 0]


def start_position(r):
    board = {}
    for (x, y) in squares(r):
        if y in r.white_rows:
            board[(x, y)] = 'w'
        elif y in r.black_rows:
            board[(x, y)] = 'b'
    return board, r.first


def parse_position(r, text):
    if ',' in text:  # a piece list: "a1W d4b, White to move"
        pieces, side = text.split(',')
        board = {}
        for item in pieces.split():
            board[(ord(item[0]) - 97, int(item[1:-1]) - 1)] = item[-1]
        return board, side.split()[0].lower()[0]
    rows_text, side = text.split()
    rows = rows_text.split('/')
    if len(rows) != r.size:
        raise ValueError(f'expected {r.size} rows in {text!r}')
    board = {}
    for i, row in enumerate(rows):
        y = r.size - 1 - i
        cells = [(x, y) for x in range(r.size) if not r.dark_only or (x + y) % 2 == 0]
        k = 0
        digits = ''
        for ch in row + ' ':
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                k += int(digits)
                digits = ''
            if ch == ' ':
                break
            board[cells[k]] = ch
            k += 1
        if k != len(cells):
            raise ValueError(f'row {row!r} has {k} squares, not {len(cells)}')
    side = {'white': 'w', 'black': 'b', 'w': 'w', 'b': 'b'}[side]
    return board, side


def directions(r):
    return [(1, 1), (-1, 1), (1, -1), (-1, -1)] if r.diagonal else [(0, 1), (1, 0), (0, -1), (-1, 0)]


def forward(side):
    return 1 if side == 'w' else -1


def man_dirs(r, side, capture):
    f = forward(side)
    if r.diagonal:
        if capture and r.man_captures_back:
            return directions(r)
        return [(1, f), (-1, f)]
    dirs = [(0, f)]
    if r.man_steps_sideways:
        dirs += [(1, 0), (-1, 0)]
    return dirs


def on_board(r, sq):
    x, y = sq
    return 0 <= x < r.size and 0 <= y < r.size


def last_row(r, side):
    return r.size - 1 if side == 'w' else 0


def capture_sequences(r, board, side, start):
    """Every capture sequence of the piece on `start`: (landings, taken, final kind)."""
    piece = board[start]
    out = []

    def enemy_at(sq, taken):
        p = board.get(sq)
        return p is not None and p.lower() != side and sq not in taken

    def blocked(sq, taken):
        """Whether a piece stands on sq during the move (the start square is vacated)."""
        if sq == start:
            return False
        if sq in taken:
            return r.remove_at_end
        return sq in board

    def search(at, king, landings, taken, came, found):
        """Adds to `found` the sequences going on from `at`; returns whether any piece could be taken."""
        went_on = False
        dirs = directions(r) if king else man_dirs(r, side, True)
        for d in dirs:
            if r.no_reverse and came is not None and d == (-came[0], -came[1]):
                continue
            sq = (at[0] + d[0], at[1] + d[1])
            if king and r.flying_kings:
                while on_board(r, sq) and not blocked(sq, taken):
                    sq = (sq[0] + d[0], sq[1] + d[1])
            if not on_board(r, sq) or not enemy_at(sq, taken):
                continue
            victim = sq
            land = (victim[0] + d[0], victim[1] + d[1])
            branches = []  # per landing: (whether the capture went on from it, its sequences)
            while on_board(r, land) and not blocked(land, taken + [victim]):
                crowned = not king and land[1] == last_row(r, side)
                now_king = king or (crowned and r.promotion == 'continue')
                sequences = []
                if crowned and r.promotion == 'ends':
                    sequences.append((landings + [land], taken + [victim], True))
                    branches.append((False, sequences))
                else:
                    more = search(land, now_king, landings + [land], taken + [victim], d, sequences)
                    branches.append((more, sequences))
                if not (king and r.flying_kings and r.king_lands_far):
                    break
                land = (land[0] + d[0], land[1] + d[1])
            # The capture must go on: where it may land on several squares, it must land on
            # one from which it can take again, if there is one.
            if any(more for more, _ in branches):
                branches = [b for b in branches if b[0]]
            for _, sequences in branches:
                found.extend(sequences)
            went_on = went_on or bool(branches)
        if not went_on and taken:
            crowned = king or at[1] == last_row(r, side)
            found.append((landings, taken, crowned))
        return went_on

    search(start, piece.isupper(), [], [], None, out)
    return out


# How captures that differ only in their path are counted: None as the game's rules say
# (distinct_takes), True once (--dedupe), False once per path (--paths).
DEDUPE = None


def legal_moves(r, board, side):
    """Moves as (from, landings, taken, king after the move)."""
    mine = [sq for sq, p in board.items() if p.lower() == side]
    captures = []
    for sq in mine:
        for landings, taken, king in capture_sequences(r, board, side, sq):
            captures.append((sq, landings, taken, king))
    if captures:
        if r.maximum:
            most = max(len(c[2]) for c in captures)
            captures = [c for c in captures if len(c[2]) == most]
        if r.distinct_takes if DEDUPE is None else DEDUPE:
            unique = {(c[0], c[1][-1], frozenset(c[2])): c for c in captures}
            captures = list(unique.values())
        return captures
    moves = []
    for sq in mine:
        king = board[sq].isupper()
        for d in directions(r) if king else man_dirs(r, side, False):
            to = (sq[0] + d[0], sq[1] + d[1])
            while on_board(r, to) and to not in board:
                moves.append((sq, [to], [], king or to[1] == last_row(r, side)))
                if not (king and r.flying_kings):
                    break
                to = (to[0] + d[0], to[1] + d[1])
    return moves


def play(board, side, move):
    start, landings, taken, king = move
    after = dict(board)
    del after[start]
    for sq in taken:
        del after[sq]
    after[landings[-1]] = side.upper() if king else side
    return after, 'b' if side == 'w' else 'w'


# The quiet-move draw of rules/english-draughts-20.rules: after `limit` plies in a row with no
# capture and no man moved (only kings moving), the game is drawn. The count after a move:
def quiet_after(board, move, quiet):
    start, _, taken, _ = move
    return 0 if taken or board[start].islower() else quiet + 1


def perft(r, board, side, depth, quiet=0, limit=0):
    """The leaves `depth` plies below the position (its moves at depth 1, even when none);
    with a `limit`, under the quiet-move draw from `quiet` quiet plies."""
    moves = legal_moves(r, board, side)
    if depth == 1:
        return len(moves)
    return sum(leaves(r, *play(board, side, m), depth - 1, quiet_after(board, m, quiet), limit) for m in moves)


def leaves(r, board, side, depth, quiet=0, limit=0):
    if limit and quiet >= limit:
        return 1  # drawn: one leaf, as a finished game
    moves = legal_moves(r, board, side)
    if not moves:
        return 1  # a finished game is one leaf, at any depth, as Tabula counts it
    if depth == 1:
        return len(moves)
    return sum(leaves(r, *play(board, side, m), depth - 1, quiet_after(board, m, quiet), limit) for m in moves)


# Positions of English draughts with 20 quiet plies as the limit, and the quiet plies so far
# (written after the position as Tabula reads it: `; quiet=N`).
QUIET_POSITIONS = [
    ('4/1bB1/w3/4/4/1W2/4/4 white', 17),
    ('4/4/2B1/4/4/1W2/w3/4 black', 18),
    ('B3/4/4/2b1/4/4/W3/4 white', 16),
    ('b3/4/4/4/4/4/1W2/3B white', 19),
]


# (rules file, game, position or '' for the start, depths) checked against `tabula perft`.
CASES = [
    ('rules/english-draughts.rules', 'english', '', [1, 2, 3, 4, 5, 6]),
    ('rules/international-draughts.rules', 'international', '', [1, 2, 3, 4, 5]),
    ('rules/brazilian-draughts.rules', 'brazilian', '', [1, 2, 3, 4, 5, 6]),
    ('rules/russian-draughts.rules', 'russian', '', [1, 2, 3, 4, 5, 6]),
    ('rules/turkish-draughts.rules', 'turkish', '', [1, 2, 3, 4, 5]),
]
# Positions with kings; tests/draughts_tests.cpp pins the same counts.
KING_POSITIONS = {
    'international': [
        '5/5/5/5/5/5/1b3/5/5/W4 white',
        'b4/5/3B1/1b3/3b1/2b2/3bw/1W3/5/w1ww1 white',
        '5/3b1/1b2B/2B2/5/1b3/2W2/w4/W4/5 black',
        '5/1b1b1/5/b2b1/5/2W1b/5/1b1b1/5/5 white',
        '5/5/5/1b3/3b1/2b2/3b1/1W3/5/5 white',
    ],
    'russian': [
        '4/4/4/2bb/4/1W2/4/4 white',
        '4/1bb1/w3/4/4/4/4/4 white',
        '4/4/2b1/4/Bb2/1w2/4/4 white',
    ],
    'brazilian': [
        '4/1bb1/w3/4/4/4/4/4 white',
    ],
    'english': [
        '4/1bb1/w3/4/4/4/4/4 white',
    ],
    'turkish': [
        '8/8/8/3b4/8/3W4/3b4/8 white',
    ],
}


def tabula_perft(tabula, rules_file, position, depth):
    return oracle_support.tabula_perft(tabula, rules_file, depth, position=position)


def check(tabula):
    failures = 0
    cases = list(CASES)
    for game, positions in KING_POSITIONS.items():
        rules_file = next(c[0] for c in CASES if c[1] == game)
        cases += [(rules_file, game, p, [1, 2, 3, 4]) for p in positions]
    for rules_file, game, position, depths in cases:
        r = GAMES[game]
        board, side = parse_position(r, position) if position else start_position(r)
        for d in depths:
            mine = perft(r, board, side, d)
            theirs = tabula_perft(tabula, rules_file, position, d)
            ok = mine == theirs
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {game} {position or 'start'} perft({d}): "
                  f"reference {mine}, tabula {theirs}")
    total = sum(len(c[3]) for c in cases)
    r = GAMES['english']
    for position, quiet in QUIET_POSITIONS:
        board, side = parse_position(r, position)
        for d in [1, 2, 3, 4, 5, 6]:
            mine = perft(r, board, side, d, quiet, 20)
            theirs = tabula_perft(tabula, 'rules/english-draughts-20.rules', f'{position}; quiet={quiet}', d)
            ok = mine == theirs
            failures += not ok
            total += 1
            print(f"{'ok  ' if ok else 'FAIL'} english-20 {position} quiet={quiet} perft({d}): "
                  f"reference {mine}, tabula {theirs}")
    print(f'{total - failures} passed, {failures} failed')
    return failures == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('command', nargs='?', choices=['perft', 'divide'])
    ap.add_argument('game', nargs='?', choices=sorted(GAMES))
    ap.add_argument('depth', nargs='?', type=int)
    ap.add_argument('--position', default='')
    ap.add_argument('--check', action='store_true', help='compare with tabula perft on the built-in cases')
    ap.add_argument('--tabula', default='build/tabula')
    ap.add_argument('--dedupe', action='store_true',
                    help='count captures with the same start, end and taken pieces once, whatever the game')
    ap.add_argument('--paths', action='store_true',
                    help='count every path of a capture as a move, whatever the game')
    a = ap.parse_args()
    global DEDUPE
    DEDUPE = True if a.dedupe else False if a.paths else None
    if a.check:
        return 0 if check(a.tabula) else 1
    if not (a.command and a.game and a.depth):
        ap.error('expected perft|divide GAME DEPTH, or --check')
    r = GAMES[a.game]
    board, side = parse_position(r, a.position) if a.position else start_position(r)
    if a.command == 'perft':
        print(perft(r, board, side, a.depth))
    else:
        for m in legal_moves(r, board, side):
            b, s = play(board, side, m)
            path = [m[0]] + m[1]
            name = ('x' if m[2] else '-').join(f"{chr(97 + x)}{y + 1}" for x, y in path)
            print(name, perft(r, b, s, a.depth - 1) if a.depth > 1 else 1)
    return 0


if __name__ == '__main__':
    sys.exit(main())

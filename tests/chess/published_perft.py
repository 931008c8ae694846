#!/usr/bin/env python3
"""Chess and Chess960 against published perft counts, with positions given in FEN.

Each FEN goes through tools/fen (FEN to Tabula's position text), then `tabula perft
--full-length` (a mate below the root is no leaf, as these lists count). The counts are the
Chess Programming Wiki's "Perft Results" (the start and positions 2-6) and "Chess960 Perft
Results"; several engines' move generators agree on them, and none shares code with Tabula.
Each FEN is also converted back (tools/fen from-tabula) and must come out as it went in, with
the castling rights as X-FEN writes them.

    tests/chess/published_perft.py --check --tabula build/tabula          # about 40 s
    tests/chess/published_perft.py --check --tabula build/tabula --deep   # + perft 6 (3 min)
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import oracle_support  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
FEN_TOOL = os.path.join(ROOT, 'tools', 'fen')

# (rules file, FEN, counts from depth 1, the same FEN as X-FEN writes it back)
CASES = [
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', [20, 400, 8902, 197281, 4865609], None),
    ('chess', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', [48, 2039, 97862, 4085603], None),
    ('chess', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', [14, 191, 2812, 43238, 674624], None),
    ('chess', 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', [6, 264, 9467, 422333], None),
    ('chess', 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 1', [44, 1486, 62379, 2103487], None),
    ('chess', 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 1', [46, 2079, 89890], None),
    ('chess960', 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 1', [21, 528, 12189, 326672],
     'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 1'),
    ('chess960', '2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 1', [21, 807, 18002, 667366],
     '2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w KQkq - 1 1'),
    ('chess960', 'b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 1', [20, 479, 10471, 273318],
     'b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w KQ - 1 1'),
    ('chess960', 'qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 1', [22, 593, 13440, 382958],
     'qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w kq - 0 1'),
    ('chess960', 'nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 1', [21, 461, 10608, 248069],
     'nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w k - 3 1'),
    ('chess960', 'bqnr1kr1/pppppp1p/6p1/5n2/4B3/3N2PP/PbPPPP2/BQNR1KR1 w GDgd - 2 1', [31, 1132, 36559, 1261476],
     'bqnr1kr1/pppppp1p/6p1/5n2/4B3/3N2PP/PbPPPP2/BQNR1KR1 w KQkq - 2 1'),
]
DEEP = [('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 6, 119060324)]


def fen(command, text):
    return subprocess.run([sys.executable, FEN_TOOL, command, text], check=True, capture_output=True,
                          text=True).stdout.strip()


# FEN that tools/fen refuses, and words its message must hold.
BAD = [('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1', 'the board has 7 ranks'),
       ('4k3/8/8/8/8/8/8/4K3 w K - 0 1', "castling right 'K': no rook on that side of the king"),
       ('4k3/8/8/8/8/8/8/4K3 w - e6 0 1', "the en passant square 'e6': no black pawn on e5 passed it"),
       ('4k3/8/8/8/8/8/8/4K3 b - e6 0 1', "the en passant square 'e6' is not behind a pawn of the side that just moved"),
       ('4k3/8/8/8/8/8/8/4K3 x - - 0 1', "the side to move is 'x'")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true', help='compare with tabula perft (the only mode)')
    ap.add_argument('--tabula', default=os.path.join(ROOT, 'build', 'tabula'))
    ap.add_argument('--deep', action='store_true', help='also perft 6 from the start')
    args = ap.parse_args()
    failures = 0
    cases = [(r, f, {d + 1: n for d, n in enumerate(c)}, back) for r, f, c, back in CASES]
    if args.deep:
        cases += [(r, f, {d: n}, None) for r, f, d, n in DEEP]
    for bad, words in BAD:
        run = subprocess.run([sys.executable, FEN_TOOL, 'to-tabula', bad], capture_output=True, text=True)
        if run.returncode != 2 or words not in run.stderr:
            print(f'FAIL tools/fen accepted or misreported {bad!r}: {run.returncode} {run.stderr.strip()}')
            failures += 1
    for rules, position_fen, counts, back in cases:
        position = fen('to-tabula', position_fen)
        again = fen('from-tabula', position)
        if again != (back or position_fen):
            print(f'FAIL round trip: {position_fen} -> {position} -> {again}')
            failures += 1
        for depth, expected in counts.items():
            got = oracle_support.tabula_perft(args.tabula, os.path.join(ROOT, 'rules', rules + '.rules'), depth,
                                              position=position, full_length=True)
            ok = got == expected
            failures += not ok
            print(f"{'ok' if ok else 'FAIL'} {rules} {position_fen} depth {depth}: {got} (published {expected})")
    print(f'{failures} differences')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())

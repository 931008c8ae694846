"""What the independent implementations in tests/*/reference_*.py share: asking this build's
`tabula` for a perft count through its command line (no other part of Tabula is used), so each
oracle holds only its game.

    import oracle_support                 # after sys.path gets tests/ (see the oracles)
    oracle_support.tabula_perft('build/tabula', 'rules/mill.rules', 3, position='...')
"""
import subprocess


def tabula_perft(tabula, rules_file, depth, position='', moves='', full_length=False):
    """`tabula perft RULES DEPTH` from the start, a position (text) or after moves (a record)."""
    cmd = [tabula, 'perft', rules_file, str(depth)]
    cmd += ['--position', position] if position else []
    cmd += ['--moves', moves] if moves else []
    cmd += ['--full-length'] if full_length else []
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return int(out.split()[-1].replace(',', ''))

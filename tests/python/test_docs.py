"""docs/PYTHON.md is a walk-through a researcher runs: its ```python cells run here in order,
in one namespace, from the repository root, and each cell followed by a ```text block must
print exactly that (every number in it is seeded)."""
import contextlib
import io
import os
import re

from conftest import ROOT

CELL = re.compile(r"```python\n(.*?)```\n(?:\s*```text\n(.*?)```\n)?", re.S)


def cells():
    return [(m.group(1), m.group(2)) for m in CELL.finditer((ROOT / "docs/PYTHON.md").read_text())]


def test_the_walk_through_runs_and_prints_what_it_shows():
    found = cells()
    assert len(found) >= 6 and sum(expected is not None for _, expected in found) >= 5
    namespace = {"__name__": "walkthrough"}
    os.chdir(ROOT)
    for number, (code, expected) in enumerate(found, 1):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"docs/PYTHON.md cell {number}", "exec"), namespace)
        if expected is not None:
            assert out.getvalue() == expected, f"cell {number} printed:\n{out.getvalue()}"

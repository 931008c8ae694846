"""docs/PYTHON.md is a walk-through a researcher runs: its ```python cells run here in order,
in one namespace, from the repository root, and each cell followed by a ```text block must
print exactly that (every number in it is seeded); and its comparison with pyspiel names
only calls the module has, and says "not offered" only of calls it has not."""
import contextlib
import io
import os
import re
import tempfile

from conftest import ROOT

CELL = re.compile(r"```python\n(.*?)```\n(?:\s*```text\n(.*?)```\n)?", re.S)


def cells():
    return [(m.group(1), m.group(2)) for m in CELL.finditer((ROOT / "docs/PYTHON.md").read_text())]


def test_the_walk_through_runs_and_prints_what_it_shows(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the Dask cell's study folder goes here
    found = cells()
    assert len(found) >= 6 and sum(expected is not None for _, expected in found) >= 5
    # As a script's: the Dask cell keeps its work under `if __name__ == "__main__":`, as a
    # script must (its workers import the script), and that work is run here too.
    namespace = {"__name__": "__main__"}
    os.chdir(ROOT)
    for number, (code, expected) in enumerate(found, 1):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"docs/PYTHON.md cell {number}", "exec"), namespace)
        if expected is not None:
            assert out.getvalue() == expected, f"cell {number} printed:\n{out.getvalue()}"


def pyspiel_section():
    text = (ROOT / "docs/PYTHON.md").read_text()
    return text[text.index("### Compared with pyspiel"):text.index("### Actions")]


def has(name):
    import tabula
    owners = (tabula, tabula.Game, tabula.State, tabula.Bot, tabula.Observer, tabula.load_game("loa").get_type())
    return any(hasattr(owner, name) for owner in owners)


def test_the_comparison_with_pyspiel_names_calls_that_exist_and_leaves_out_calls_that_do_not():
    section = pyspiel_section()
    offered = section[:section.index("Not offered")]
    # Every call named as offered exists (`name(` or a bare `name`; the rules' own keywords aside).
    named = set(re.findall(r"`(?:[a-z]+\.)?([a-z_][a-z0-9_]*)(?:\(|`)", offered))
    named -= {"limit", "option", "str", "tensor", "dict"}  # the rules' keywords, Python's str(), an Observer's fields
    assert len(named) > 40, named
    assert [n for n in named if not has(n)] == []
    # The calls said not to be offered are not there (a doc to change the day one is added).
    missing = section[section.index("Not offered"):section.index("Tabula's own")]
    absent = set(re.findall(r"`([a-z_][a-z0-9_]*)`", missing))
    assert {"chance_outcomes", "apply_actions", "resample_from_infostate"} <= absent
    assert [n for n in absent if has(n)] == []

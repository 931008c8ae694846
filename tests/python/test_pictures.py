"""Pictures from Python: State.svg() and Jupyter's _repr_svg_ draw what `tabula show --svg` draws."""
import xml.etree.ElementTree as ET

import pytest

import tabula
from conftest import ROOT, cli


def test_the_svg_is_the_clis_for_every_rules_file(rules):
    game = tabula.load_game(str(rules))
    state = game.new_initial_state()
    svg = state.svg()
    ET.fromstring(svg)  # well-formed
    assert svg == cli("show", rules.relative_to(ROOT), "--svg", "-").stdout
    assert state._repr_svg_() == svg


def test_the_last_move_and_targets_are_drawn():
    game = tabula.load_game(str(ROOT / "rules/loa.rules"))
    state = game.new_initial_state()
    state.apply_move("b1-b3")
    svg = state.svg()
    assert svg == cli("show", "rules/loa.rules", "--moves", "b1-b3", "--svg", "-").stdout
    assert 'class="last-move"' in svg
    marked = state.svg(targets_of="a2")
    assert marked == cli("show", "rules/loa.rules", "--moves", "b1-b3", "--targets", "a2", "--svg", "-").stdout
    with pytest.raises(ValueError, match="not a cell"):
        state.svg(targets_of="z9")

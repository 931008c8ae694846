"""Rules that do not load raise RulesError with every diagnostic, rendered as the CLI does."""
import shutil

import pytest

import tabula
from conftest import ROOT, cli

BAD = """game "Broken"
board "square8.yaml"
player black symbol=B
player white symbol=W
piece stone
setup {
  black stone: b1 c1
  white stone: a2 z9
}
move stone {
  line dirs=all distance=count(lines) over=friend land=empty|enemy
}
after-move {
  win mover if connected(mover)
}
"""


def test_rules_error_carries_every_diagnostic_with_its_place(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "boards").mkdir()
    shutil.copy(ROOT / "boards/square8.yaml", tmp_path / "boards")
    path = tmp_path / "rules/broken.rules"
    path.write_text(BAD)
    with pytest.raises(tabula.RulesError) as raised:
        tabula.load_game(path)
    error = raised.value
    assert error.diagnostics, "at least one diagnostic"
    for d in error.diagnostics:
        assert d.file == str(path)
        assert d.line >= 1 and d.column >= 1 and d.message and d.severity in ("error", "warning", "note")
    assert {8, 11} <= {d.line for d in error.diagnostics}, [repr(d) for d in error.diagnostics]
    # rendered as the CLI prints them (it adds one line of its own at the end)
    printed = cli("moves", path, check=False)
    assert printed.returncode == 1
    assert printed.stderr.startswith(str(error) + "\n")
    assert f"{path}:11:" in str(error) and "^" in str(error)


def test_rules_from_text_find_boards_and_bases_like_a_file():
    text = 'variant "Test" extends "loa.rules"\n'
    game = tabula.load_game_from_text(text, name=ROOT / "rules/test-variant.rules")
    assert game.perft(2) == tabula.load_game(ROOT / "rules/loa.rules").perft(2)
    with pytest.raises(tabula.RulesError) as raised:
        tabula.load_game_from_text(BAD, name="/nonexistent/notebook/cell.rules")
    assert all(d.file == "/nonexistent/notebook/cell.rules" for d in raised.value.diagnostics)
    # A shipped board is found from anywhere: the errors are the text's own.
    assert not any("square8.yaml" in d.message for d in raised.value.diagnostics)
    assert {8, 11} <= {d.line for d in raised.value.diagnostics}


def test_a_missing_file_is_a_rules_error():
    with pytest.raises(tabula.RulesError, match="cannot open rules file"):
        tabula.load_game(ROOT / "rules/no-such-game.rules")


def test_illegal_moves_say_why():
    state = tabula.load_game(ROOT / "rules/loa.rules").new_initial_state()
    with pytest.raises(tabula.IllegalMoveError, match="no piece on a1"):
        state.apply_move("a1-a3")
    with pytest.raises(ValueError):  # IllegalMoveError is a ValueError
        state.apply_move("b1-b2")
    with pytest.raises(tabula.IllegalMoveError, match="not legal"):
        state.apply_action(-1)
    with pytest.raises(tabula.IllegalMoveError, match="not legal"):
        state.action_to_string(state.game.num_distinct_actions())
    assert state.history() == [], "nothing was played"
    with pytest.raises(RuntimeError, match="no move has been played"):
        state.undo()


def test_a_bad_bot_spec_is_a_value_error():
    with pytest.raises(ValueError):
        tabula.Bot("mcts:lots")
    game = tabula.load_game(ROOT / "rules/loa.rules")
    with pytest.raises(ValueError):
        tabula.match(game, ["random"], games=2)


def test_perft_depth_outside_1_to_64_is_a_value_error():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    for depth in (-1, 0, 65):
        with pytest.raises(ValueError, match=f"depth {depth} is out of range: expected a whole number from 1 to 64"):
            game.perft(depth)
        with pytest.raises(ValueError, match="from 1 to 64"):
            game.new_initial_state().perft(depth)
    assert game.perft(1) == 36


def test_a_rules_text_over_the_file_limit_is_refused_as_a_file_would_be():
    # load_game_from_text (and pickled sources) have the limit of files: 1 MiB (issue 58, P28).
    text = 'game "Big"\n' + "# a comment line of a rules text far too large\n" * 30000
    assert len(text) > 1 << 20
    with pytest.raises(tabula.RulesError, match="more than the 1 MiB limit for a rules, board or weights file"):
        tabula.load_game_from_text(text)


def test_arguments_of_the_wrong_type_are_refused_in_pythons_terms():
    # Not the binding library's text, which names the native module and C++ types (issue 58).
    game = tabula.load_game("tic-tac-toe")
    state = game.new_initial_state()
    with pytest.raises(TypeError) as raised:
        state.apply_action("e4")
    assert str(raised.value) == "State.apply_action takes (action: int); it was given 'e4' (str)"
    for call in (lambda: game.new_initial_state(5), lambda: game.perft("x"), lambda: tabula.Bot(5),
                 lambda: state.apply_move(5), lambda: state.apply_action(10**30)):
        with pytest.raises(TypeError) as raised:
            call()
        assert "_tabula" not in str(raised.value) and "::" not in str(raised.value), str(raised.value)
        assert "it was given" in str(raised.value)
    with pytest.raises(TypeError, match="^load_game takes a game's name or a rules file's path .* not 5 \\(int\\)$"):
        tabula.load_game(5)
    with pytest.raises(TypeError, match="not text that UTF-8 can hold"):
        state.apply_move("\udcff")
    with pytest.raises(ValueError, match="not text that UTF-8 can hold"):
        tabula.load_game_from_text('game "\udcff"')
    with pytest.raises(ValueError, match=r"^a pickled tabula.Game holds its sources \(a list of \(path, text\)"):
        tabula.Game.__new__(tabula.Game).__setstate__(("x",))
    with pytest.raises(ValueError, match=r"^a pickled tabula.State holds its tabula.Game and its text"):
        tabula.State.__new__(tabula.State).__setstate__((5, 6))

"""Games by name (the shipped rules files) and with parameters, as pyspiel loads them: a dict,
or the name with its parameters in brackets; a parameter becomes a variant of the rules in
memory, checked by the rules' own checker."""
import pytest

import tabula
from conftest import ROOT, RULES


def test_the_registered_names_are_the_shipped_rules_files_and_load_as_their_paths():
    names = tabula.registered_names()
    assert names == sorted(path.stem for path in RULES)
    for name in ("loa", "laska", "hex"):
        assert tabula.load_game(name) == tabula.load_game(ROOT / "rules" / f"{name}.rules")
        assert tabula.load_game(name).get_type().short_name == name
    assert tabula.load_game(str(ROOT / "rules/loa.rules")).name == "Lines of Action"


def test_an_unknown_name_is_refused_with_the_close_ones():
    with pytest.raises(ValueError, match="no game named 'lao'.*did you mean 'loa.rules'"):
        tabula.load_game("lao")
    with pytest.raises(ValueError, match="the shipped games are: amazons, amazons-6x6, ataxx, ataxx-blocked, bignor-ludus, brazilian-draughts, breakthrough, chess, chess960, chinese-checkers"):
        tabula.load_game("zzzzzz")


def test_a_name_is_found_as_the_cli_finds_it_the_current_folder_then_tabula_path(tmp_path, monkeypatch):
    # docs/LANGUAGE.md, "Where files are found": the same order as `tabula perft NAME`.
    mine, lib = tmp_path / "mine", tmp_path / "lib"
    mine.mkdir()
    lib.mkdir()
    (mine / "short.rules").write_text('variant "Short" extends "loa.rules"\nlimit plies=40\n')
    (lib / "tiny.rules").write_text('game "Tiny"\nboard "tiny.yaml"\nplayer black\nplayer white\n'
                                    'piece stone\nturn {\n  place stone\n}\nno-move draw\n')
    (lib / "tiny.yaml").write_text("rectangle: { files: 2, ranks: 2 }\n")
    monkeypatch.chdir(mine)
    monkeypatch.setenv("TABULA_PATH", str(lib))
    short = tabula.load_game("short")  # ./short.rules, whose base is the shipped loa.rules
    assert short.name == "Short" and short.max_game_length() == 40
    assert len(short.new_initial_state().legal_actions()) == 36
    tiny = tabula.load_game("tiny")  # in TABULA_PATH, with its board beside it
    assert tiny.num_distinct_actions() >= 4 and len(tiny.new_initial_state().legal_actions()) == 4
    with pytest.raises(ValueError, match="did you mean 'tiny.rules'"):
        tabula.load_game("tinny")


def test_parameters_as_a_dict_or_in_the_name_give_the_same_game():
    by_dict = tabula.load_game("loa", {"plies": 300, "repetition-draw": True})
    by_name = tabula.load_game("loa(plies=300,repetition-draw=on)")
    by_path = tabula.load_game(ROOT / "rules/loa.rules", {"plies": 300, "repetition-draw": "on"})
    assert by_dict == by_name == by_path
    assert by_dict.name == "Lines of Action (plies=300,repetition-draw=on)"
    assert by_dict.max_game_length() == 300
    assert by_dict.get_parameters() == {"plies": 300, "repetition": "draw", "quiet-moves-draw": 0}
    assert tabula.load_game("loa").get_parameters() == {"plies": 1000, "repetition": "off", "quiet-moves-draw": 0}
    assert by_dict.get_type().short_name == "loa(plies=300,repetition-draw=on)"
    assert tabula.load_game("loa", {}) == tabula.load_game("loa()") == tabula.load_game("loa")


def test_a_parameter_changes_the_game_played():
    # Black and White shuffle a stone each back and forth: the start comes back a third time.
    shuffle = ["b1-b3", "h2-f2", "b3-b1", "f2-h2"] * 2
    for parameters, over in (({}, False), ({"repetition-draw": True}, True), ({"repetition": "draw"}, True)):
        state = tabula.load_game("loa", parameters).new_initial_state()
        for move in shuffle:
            state.apply_move(move)
        assert state.is_terminal() == over, parameters
        if over:
            assert state.returns() == [0.0, 0.0] and state.result_text() == "draw after 8 plies"
    short = tabula.load_game("laska", {"plies": 4}).new_initial_state()
    for move in ("c3-d4", "e5-c3", "b2xd4", "f6-e5"):
        short.apply_move(move)
    assert short.is_terminal()


def test_a_parameter_the_rules_do_not_take_is_the_checkers_located_error():
    with pytest.raises(tabula.RulesError) as raised:
        tabula.load_game("loa", {"frobnicate": 3})
    error = raised.value.diagnostics[0]
    assert error.file.endswith("rules/loa(frobnicate=3).rules") and (error.line, error.column) == (2, 8)
    assert "unknown argument 'frobnicate' for 'option'" in error.message
    assert "option frobnicate=3\n         ^" in str(raised.value)
    with pytest.raises(tabula.RulesError, match="expected off, draw or end"):
        tabula.load_game("loa(repetition=maybe)")
    with pytest.raises(tabula.RulesError, match="the ply limit"):
        tabula.load_game("loa", {"plies": 0})


@pytest.mark.parametrize("game, parameters, error, says", [
    ("loa", {"plies": "3\nsetup {}"}, tabula.RulesError, r"words of letters, digits and '-'"),
    ("loa", {"plies": 2.5}, TypeError, "is not a bool, an int or a str"),
    ("loa(plies)", None, ValueError, "is not NAME=VALUE"),
    ("loa(plies=3,plies=4)", None, ValueError, "given twice"),
    ("loa(plies=3)", {"plies": 4}, ValueError, "both in the game's name and in parameters"),
])
def test_malformed_parameters_are_refused(game, parameters, error, says):
    with pytest.raises(error, match=says):
        tabula.load_game(game, parameters)


def test_a_rules_file_that_does_not_load_reports_its_own_errors_before_parameters(tmp_path):
    path = tmp_path / "broken.rules"
    path.write_text('game "Broken"\nboard "square8.yaml"\nfrobnicate\n')
    with pytest.raises(tabula.RulesError) as raised:
        tabula.load_game(path, {"plies": 10})
    assert any(d.file == str(path) and d.line == 3 for d in raised.value.diagnostics)

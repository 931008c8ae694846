"""Loading games, perft, positions, the board graph, drawings: Python against the CLI."""
import json
import pickle
import random

import numpy as np
import pytest

import tabula
from conftest import ROOT, RULES, cli


def test_perft_equals_the_cli_for_every_rules_file(rules):
    game = tabula.load_game(rules)
    for depth in (1, 2):
        assert game.perft(depth) == int(cli("perft", rules, depth).stdout), (rules.name, depth)


def test_perft_from_a_position_equals_the_cli():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    position = "8/8/1W1WB3/8/1BWW4/1WW1B3/2W2B2/8 white"
    state = game.new_state(position)
    assert state.perft(3) == int(cli("perft", "rules/loa.rules", 3, "--position", position).stdout)


def test_legal_moves_are_the_clis(rules):
    state = tabula.load_game(rules).new_initial_state()
    assert state.legal_moves() == json.loads(cli("moves", rules, "--json").stdout)


def test_str_is_the_clis_drawing_and_position_text_reads_back():
    game = tabula.load_game(ROOT / "rules/laska.rules")
    state = game.new_initial_state()
    for move in ("c3-d4", "e5-c3"):
        state.apply_move(move)
    shown = cli("show", "rules/laska.rules", "--moves", "c3-d4 e5-c3").stdout
    assert str(state) in shown
    assert f"position: {state.position_text()}" in shown
    again = game.new_state(state.position_text())
    assert again.hash() == state.hash()
    assert str(again) == str(state)


def test_game_facts():
    game = tabula.load_game(ROOT / "rules/lanko-88.rules")
    assert game.name
    assert game.num_players() == 2 and game.num_seats() == 4
    assert sorted(set(game.seat_players)) == [0, 1]
    assert len(game.seat_names) == 4 and len(game.player_names) == 2
    assert game.max_game_length() > 0
    assert game.rules_path.endswith("lanko-88.rules")


def test_the_board_graph_for_plotting():
    board = tabula.load_game(ROOT / "rules/loa.rules").board()
    assert len(board) == 64 and board.cell_names[0] and len(set(board.cell_names)) == 64
    xy = board.coordinates
    assert xy.shape == (64, 2) and xy.dtype == np.float64
    a1, h8 = board.cell_index("a1"), board.cell_index("h8")
    assert xy[h8, 0] > xy[a1, 0] and xy[h8, 1] > xy[a1, 1]
    # every cell of a square board has 3 to 8 neighbours, links name real cells and directions
    degree = np.bincount([f for f, _, _ in board.links], minlength=64)
    assert degree.min() == 3 and degree.max() == 8
    assert all(0 <= t < 64 and 0 <= d < len(board.directions) for _, t, d in board.links)
    with pytest.raises(KeyError):
        board.cell_index("z9")


def test_rule_zones_are_per_side():
    board = tabula.load_game(ROOT / "rules/laska.rules").board()
    assert board.rule_zones, "laska promotes on a zone of the rules"
    for name, per_side in board.rule_zones.items():
        assert len(per_side) == 2, name
        assert per_side[0] != per_side[1], name  # each side's far rank


def test_a_position_that_is_not_one_raises():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    with pytest.raises(ValueError, match="bad position"):
        game.new_state("9/8 white")


def test_version():
    assert tabula.__version__.count(".") == 2


def test_reference_mode_plays_the_same_game_and_travels_with_the_game():
    fast = tabula.load_game("english-draughts")
    plain = tabula.load_game("english-draughts", reference=True)
    assert plain.reference and not fast.reference
    assert plain.perft(5) == fast.perft(5)
    rng = random.Random(7)
    a, b = fast.new_initial_state(), plain.new_initial_state()
    while not a.is_terminal():
        assert b.legal_actions() == a.legal_actions()
        action = rng.choice(a.legal_actions())
        a.apply_action(action)
        b.apply_action(action)
    assert b.is_terminal() and b.returns() == a.returns()
    # A pickled or serialized game keeps its mode; parameters and texts take it too.
    assert pickle.loads(pickle.dumps(plain)).reference
    game, state = tabula.deserialize_game_and_state(tabula.serialize_game_and_state(plain, b))
    assert game.reference and state.returns() == a.returns()
    assert tabula.load_game("loa", {"plies": 300}, reference=True).reference
    text = (ROOT / "rules/loa.rules").read_text()
    assert tabula.load_game_from_text(text, str(ROOT / "rules/my-loa.rules"), reference=True).reference

"""The observation tensor: shape, layout, perspective, stacks."""
import numpy as np

import tabula
from conftest import ROOT


def test_planes_of_a_game_without_stacks():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    state = game.new_initial_state()
    assert game.observation_tensor_shape() == [2, 64]
    assert game.observation_plane_names() == ["top +0 stone", "top +1 stone"]
    black = state.observation_tensor(0)
    white = state.observation_tensor(1)
    assert black.dtype == np.float32 and black.shape == (2, 64)
    assert black.sum(axis=1).tolist() == [12.0, 12.0]
    assert np.array_equal(black[0], white[1]) and np.array_equal(black[1], white[0])
    b1 = game.board().cell_index("b1")
    assert black[0, b1] == 1.0 and black[1, b1] == 0.0  # black's own stone
    assert np.array_equal(state.observation_tensor(), black), "default: the player to move"


def test_stacks_have_count_and_height_planes():
    game = tabula.load_game(ROOT / "rules/laska.rules")
    sides, kinds = game.num_players(), len(game.kind_names)
    planes, cells = game.observation_tensor_shape()
    assert planes == 2 * sides * kinds + 1
    state = game.new_initial_state()
    for move in ("c3-d4", "e5-c3", "b2xd4"):
        state.apply_move(move)
    obs = state.observation_tensor(0)
    tops, counts, height = obs[: sides * kinds], obs[sides * kinds : -1], obs[-1]
    assert np.array_equal(counts.sum(axis=0), height), "a column's counters add up to its height"
    assert np.array_equal(tops.sum(axis=0), (height > 0).astype(np.float32)), "one top piece per column"
    assert height.max() >= 2, "the capture made a column"
    assert game.observation_plane_names()[-1] == "height"


def test_observing_for_a_side_that_does_not_exist_raises():
    state = tabula.load_game(ROOT / "rules/loa.rules").new_initial_state()
    try:
        state.observation_tensor(2)
    except IndexError as e:
        assert "players 0 to 1" in str(e)
    else:
        raise AssertionError("no error")

"""The observation tensor: shape, layout, perspective, stacks, the state beyond the board,
the spatial form, and that it tells apart every two states the engine tells apart."""
import random

import numpy as np
import pytest

import tabula
from conftest import ROOT, RULES, rules_id


def plane(game, obs, name):
    return obs[game.observation_plane_names().index(name)]


def test_planes_of_a_game_without_stacks():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    state = game.new_initial_state()
    names = ["top +0 stone", "top +1 stone", "to move: black", "to move: white", "observer: black",
             "observer: white", "passes in a row", "plies"]
    assert game.observation_tensor_shape() == [len(names), 64]
    assert game.observation_plane_names() == names
    black = state.observation_tensor(0)
    white = state.observation_tensor(1)
    assert black.dtype == np.float32 and black.shape == (len(names), 64)
    assert black.sum(axis=1).tolist() == [12.0, 12.0, 64.0, 0.0, 64.0, 0.0, 0.0, 0.0]
    assert np.array_equal(black[0], white[1]) and np.array_equal(black[1], white[0])
    assert np.array_equal(black[2:4], white[2:4]), "whose turn it is does not depend on the observer"
    assert white[4:6].sum(axis=1).tolist() == [0.0, 64.0], "the observer's own side"
    b1 = game.board().cell_index("b1")
    assert black[0, b1] == 1.0 and black[1, b1] == 0.0  # black's own stone
    assert np.array_equal(state.observation_tensor(), black), "default: the player to move"


def test_stacks_have_count_and_height_planes():
    game = tabula.load_game(ROOT / "rules/laska.rules")
    sides, kinds = game.num_players(), len(game.kind_names)
    state = game.new_initial_state()
    for move in ("c3-d4", "e5-c3", "b2xd4"):
        state.apply_move(move)
    obs = state.observation_tensor(0)
    height_plane = game.observation_plane_names().index("height")
    assert height_plane == 2 * sides * kinds
    tops, counts, height = obs[: sides * kinds], obs[sides * kinds : height_plane], obs[height_plane]
    assert np.array_equal(counts.sum(axis=0), height), "a column's counters add up to its height"
    assert np.array_equal(tops.sum(axis=0), (height > 0).astype(np.float32)), "one top piece per column"
    assert height.max() >= 2, "the capture made a column"


def test_observing_for_a_side_that_does_not_exist_raises():
    state = tabula.load_game(ROOT / "rules/loa.rules").new_initial_state()
    try:
        state.observation_tensor(2)
    except IndexError as e:
        assert "players 0 to 1" in str(e)
    else:
        raise AssertionError("no error")


@pytest.mark.parametrize("path", RULES, ids=rules_id)
def test_states_the_engine_tells_apart_are_observed_apart(path):
    """Along seeded random games, no two states with different hashes (pieces, seat, turn
    point, values, counters) give the same observations, for every observer."""
    game = tabula.load_game(path)
    seen = {}
    rng = random.Random(11)
    for _ in range(5):
        state = game.new_initial_state()
        for _ in range(160):
            observations = b"".join(state.observation_tensor(p).tobytes() for p in range(game.num_players()))
            first = seen.setdefault(observations, (state.hash(), state.position_text()))
            assert first[0] == state.hash(), f"observed alike: {first[1]!r} and {state.position_text()!r}"
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(seen) > 1


def test_the_seat_to_move_where_two_seats_play_one_side():
    game = tabula.load_game(ROOT / "rules/lanko-68.rules")
    state = game.new_initial_state()
    seats = [n for n in game.observation_plane_names() if n.startswith("to move: ")]
    assert seats == ["to move: " + s for s in game.seat_names]
    for turn in range(4):
        assert state.current_seat() == turn % 4
        obs = state.observation_tensor()
        moving = [n for n in seats if plane(game, obs, n).all()]
        assert moving == ["to move: " + game.seat_names[turn % 4]]
        state.apply_action(state.legal_actions()[0])


def test_reserves_turn_steps_and_the_last_landing():
    parachute = tabula.load_game(ROOT / "rules/loa-parachute.rules")
    state = parachute.new_initial_state()
    names = parachute.observation_plane_names()
    reserve = [n for n in names if n.startswith("value: reserve.")]
    assert len(reserve) == 2
    before = [plane(parachute, state.observation_tensor(0), n)[0] for n in reserve]
    state.apply_action(state.legal_actions()[0])  # the move, then a stone placed from the other's reserve
    assert plane(parachute, state.observation_tensor(0), "turn step").min() == 1.0
    state.apply_action(state.legal_actions()[0])
    obs = state.observation_tensor(0)
    after = [plane(parachute, obs, n)[0] for n in reserve]
    assert after[0] == before[0] and after[1] < before[1], "white's reserve gave black's placement its stone"
    assert all((plane(parachute, obs, n) == v).all() for n, v in zip(reserve, after)), "a value fills its plane"

    amazons = tabula.load_game(ROOT / "rules/amazons.rules")
    state = amazons.new_initial_state()
    assert plane(amazons, state.observation_tensor(0), "turn step").max() == 0.0
    state.apply_move("d1-d7")
    obs = state.observation_tensor(0)
    assert plane(amazons, obs, "turn step").min() == 1.0, "the arrow's step of the turn"
    last = plane(amazons, obs, "value: last")
    assert [amazons.board().cell_names[i] for i in last.nonzero()[0]] == ["d7"], "the queen's landing"


def test_spatial_form_puts_each_cell_where_its_name_says():
    loa = tabula.load_game(ROOT / "rules/loa.rules")
    state = loa.new_initial_state()
    flat = state.observation_tensor(0)
    grid = state.observation_tensor(0, spatial=True)
    assert loa.observation_tensor_shape(spatial=True) == [flat.shape[0], 8, 8] and grid.shape == (flat.shape[0], 8, 8)
    cell = loa.board().cell_index
    assert grid[0, 7, 1] == flat[0, cell("b1")] == 1.0, "row 0 is the top: b1 sits on the last row"
    assert grid[1, 0, 0] == 0.0 and grid[1, 3, 0] == flat[1, cell("a5")] == 1.0
    assert np.array_equal(np.sort(grid.reshape(grid.shape[0], -1), axis=1), np.sort(flat, axis=1))
    batch = tabula.batch.observation_tensor([state, state], player=0, spatial=True)
    assert batch.shape == (2, *grid.shape) and np.array_equal(batch[1], grid)

    mill = tabula.load_game(ROOT / "rules/nine-mens-morris.rules")
    names = mill.observation_plane_names(spatial=True)
    assert names[-1] == "on board" and mill.observation_tensor_shape(spatial=True) == [len(names), 7, 7]
    on_board = mill.new_initial_state().observation_tensor(0, spatial=True)[-1]
    assert on_board.sum() == 24 and on_board[3, 3] == 0.0 and on_board[6, 0] == 1.0, "d4 is no point, a1 is"


def test_a_graph_board_has_no_spatial_form():
    game = tabula.load_game_from_text(
        'game "Ring"\nboard "wheel.yaml"\nplayer a symbol=A\nplayer b symbol=B\npiece stone\n'
        "setup {\n  a stone: r1\n  b stone: r4\n}\nmove stone {\n  step dirs=all land=empty\n}\n",
        name=str(ROOT / "tests/data/ring.rules"))
    assert not game.has_spatial_observation()
    with pytest.raises(ValueError, match="no grid"):
        game.observation_tensor_shape(spatial=True)
    with pytest.raises(ValueError, match="no grid"):
        game.new_initial_state().observation_tensor(0, spatial=True)
    assert game.observation_tensor_shape() == [len(game.observation_plane_names()), 7]

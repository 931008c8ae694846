"""tabula.batch: the State's calls on many states at once give what the same calls give one
state at a time, as numpy arrays."""
import random

import numpy as np
import pytest

import tabula


def states_along_random_games(game, count, seed):
    rng = random.Random(seed)
    states = []
    for i in range(count):
        state = game.new_initial_state()
        for _ in range(rng.randrange(0, 40)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("name", ["loa", "laska", "othello"])
def test_the_batch_calls_equal_the_state_calls(name):
    game = tabula.load_game(name)
    states = states_along_random_games(game, 24, seed=1)
    obs = tabula.batch.observation_tensor(states, player=1)
    assert obs.shape == (24, *game.observation_tensor_shape()) and obs.dtype == np.float32
    assert all((obs[i] == s.observation_tensor(1)).all() for i, s in enumerate(states))
    mask = tabula.batch.legal_actions_mask(states)
    assert mask.shape == (24, game.num_distinct_actions()) and mask.dtype == np.uint8
    assert all((mask[i] == s.legal_actions_mask()).all() for i, s in enumerate(states))
    actions, offsets = tabula.batch.legal_actions(states)
    assert offsets.shape == (25,) and offsets[0] == 0 and offsets[-1] == len(actions)
    assert all(list(actions[offsets[i]:offsets[i + 1]]) == s.legal_actions() for i, s in enumerate(states))
    assert list(tabula.batch.current_player(states)) == [s.current_player() for s in states]
    assert (tabula.batch.returns(states) == np.array([s.returns() for s in states])).all()
    playing = [s for s in states if not s.is_terminal()]
    mine = tabula.batch.observation_tensor(playing)
    assert all((mine[i] == s.observation_tensor()).all() for i, s in enumerate(playing))


def test_apply_action_plays_each_states_action_or_none():
    game = tabula.load_game("loa")
    states = [game.new_initial_state() for _ in range(3)]
    expected = [s.clone() for s in states]
    chosen = [states[0].legal_actions()[0], -1, states[2].legal_actions()[5]]
    tabula.batch.apply_action(states, np.array(chosen))
    expected[0].apply_action(chosen[0])
    expected[2].apply_action(chosen[2])
    assert states == expected and states[1].ply() == 0
    tabula.batch.apply_action(states, [-1, states[1].legal_actions()[1], -1])  # a list will do
    assert [s.ply() for s in states] == [1, 1, 1]


def test_an_illegal_action_moves_no_state():
    game = tabula.load_game("loa")
    states = [game.new_initial_state() for _ in range(3)]
    before = [s.clone() for s in states]
    with pytest.raises(tabula.IllegalMoveError, match="state 2: action 5 is not legal; no state moved"):
        tabula.batch.apply_action(states, [states[0].legal_actions()[0], -1, 5])
    assert states == before
    with pytest.raises(ValueError, match="a state moves once per call"):
        tabula.batch.apply_action([states[0], states[0]], [81, 83])
    with pytest.raises(ValueError, match="one action per state: 3 states"):
        tabula.batch.apply_action(states, [81, 83])
    assert states == before


def test_a_batch_is_of_one_game():
    states = [tabula.load_game("loa").new_initial_state(), tabula.load_game("laska").new_initial_state()]
    with pytest.raises(ValueError, match="state 1 is a state of Laska, state 0 of Lines of Action"):
        tabula.batch.legal_actions_mask(states)
    with pytest.raises(ValueError, match="the batch is empty"):
        tabula.batch.observation_tensor([])


def test_a_finished_state_needs_the_player_to_observe_for():
    game = tabula.load_game("connect-four")
    over = game.new_initial_state()
    while not over.is_terminal():
        over.apply_action(over.legal_actions()[0])
    with pytest.raises(ValueError, match="state 1 is over"):
        tabula.batch.observation_tensor([game.new_initial_state(), over])
    assert tabula.batch.legal_actions_mask([over]).sum() == 0
    assert tabula.batch.current_player([over])[0] == tabula.TERMINAL


def test_playout_returns_are_random_playouts_from_each_state_whatever_the_threads():
    game = tabula.load_game("breakthrough")
    states = states_along_random_games(game, 6, seed=2)
    one = tabula.batch.playout_returns(states, playouts=40, seed=9, threads=1)
    two = tabula.batch.playout_returns(states, playouts=40, seed=9, threads=2)
    assert one.shape == (6, 2) and one.dtype == np.float64 and (one == two).all()
    assert ((-1 <= one) & (one <= 1)).all()
    assert not (one == tabula.batch.playout_returns(states, playouts=40, seed=10)).all()
    # A batch of one state plays the playouts random_playouts plays from it for the seed.
    for state in states[:3]:
        stats = tabula.random_playouts(state, 40, seed=9)
        alone = tabula.batch.playout_returns([state], playouts=40, seed=9)[0]
        wins = np.array(stats.wins, dtype=float)
        assert np.allclose(alone, (wins - (stats.playouts - stats.draws - wins)) / stats.playouts)
    with pytest.raises(ValueError, match="take 1 to 256 threads, not 0"):
        tabula.batch.playout_returns(states, threads=0)
    with pytest.raises(ValueError, match="at least one playout"):
        tabula.batch.playout_returns(states, playouts=0)

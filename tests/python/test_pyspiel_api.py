"""The calls a pyspiel user reaches for, with pyspiel's names and meanings (docs/PYTHON.md,
"Compared with pyspiel")."""
import random

import pytest

import tabula


def test_get_type_says_what_kind_of_game_it_is():
    game = tabula.load_game("laska")
    t = game.get_type()
    G = tabula.GameType
    assert (t.short_name, t.long_name) == ("laska", "Laska")
    assert t.dynamics == G.Dynamics.SEQUENTIAL and t.chance_mode == G.ChanceMode.DETERMINISTIC
    assert t.information == G.Information.PERFECT_INFORMATION and t.utility == G.Utility.ZERO_SUM
    assert t.reward_model == G.RewardModel.TERMINAL
    assert t.min_num_players == t.max_num_players == game.num_players() == 2
    assert t.provides_observation_tensor and t.provides_observation_string
    assert t.provides_information_state_string and not t.provides_information_state_tensor
    assert t.parameter_specification == game.get_parameters()


def test_game_information():
    game = tabula.load_game("loa")
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.max_chance_outcomes() == 0 and game.max_game_length() == 1000
    assert game.observation_tensor_size() == 8 * 64 == game.new_initial_state().observation_tensor(0).size


def play(game, seed, plies):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and state.ply() < plies:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_state_calls_of_pyspiel():
    game = tabula.load_game("loa")
    state = play(game, seed=1, plies=5)
    assert state.is_player_node() and not state.is_chance_node() and not state.is_simultaneous_node()
    assert state.move_number() == state.ply() == 5 and state.num_players() == 2
    assert state.num_distinct_actions() == game.num_distinct_actions() and state.get_game() == game
    assert state.history_str() == ", ".join(map(str, state.history()))
    assert state.to_string() == str(state)
    assert state.rewards() == state.returns() == [0.0, 0.0]
    mover = state.current_player()
    assert (state.legal_actions_mask(mover) == state.legal_actions_mask()).all()
    assert state.legal_actions_mask(1 - mover).sum() == 0 and state.legal_actions(1 - mover) == []
    assert state.player_return(1) == 0.0
    with pytest.raises(ValueError, match="has players 0 to 1"):
        state.player_return(2)

    action = state.legal_actions()[2]
    child = state.child(action)
    assert child.history() == state.history() + [action] and state.ply() == 5
    mover = state.current_player()
    with pytest.raises(ValueError, match="not the last action"):
        child.undo_action(mover, state.legal_actions()[0] if state.legal_actions()[0] != action else -7)
    with pytest.raises(ValueError, match=f"played by player {mover}, not {1 - mover}"):
        child.undo_action(1 - mover, action)
    assert child.history()[-1] == action
    child.undo_action(mover, action)
    assert child == state


def test_observation_and_information_state_strings():
    game = tabula.load_game("loa")
    state = play(game, seed=2, plies=4)
    # Perfect information: every player sees the position, and knows the whole history.
    assert state.observation_string(0) == state.observation_string(1) == state.observation_string()
    assert game.new_state(state.observation_string(0)).legal_moves() == state.legal_moves()
    assert state.information_state_string(0) == state.information_state_string(1) == state.serialize()
    assert game.deserialize_state(state.information_state_string(0)) == state
    other = play(game, seed=3, plies=4)
    assert other.information_state_string(0) != state.information_state_string(0)
    with pytest.raises(ValueError, match="has players 0 to 1"):
        state.observation_string(5)


def test_a_finished_game_rewards_and_returns_its_result():
    game = tabula.load_game("connect-four")
    state = play(game, seed=4, plies=10**6)
    assert state.is_terminal() and not state.is_player_node()
    assert state.rewards() == state.returns() and sum(state.returns()) == 0
    assert [state.player_return(p) for p in range(2)] == state.returns()

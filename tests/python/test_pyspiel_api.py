"""The calls a pyspiel user reaches for, with pyspiel's names and meanings (docs/PYTHON.md,
"Compared with pyspiel")."""
import random

import numpy as np
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


def test_the_rest_of_pyspiels_game_and_state_names():
    game = tabula.load_game("tic-tac-toe")
    types = tabula.registered_games()
    assert [t.short_name for t in types] == tabula.registered_names()
    assert types[tabula.registered_names().index("tic-tac-toe")] == game.get_type()
    assert game.policy_tensor_shape() == [game.num_distinct_actions()]
    assert game.max_move_number() == game.max_history_length() == game.max_game_length()
    assert [s.is_initial_state() for s in game.new_initial_states()] == [True]
    assert game.information_state_tensor_shape() == game.observation_tensor_shape()
    assert game.information_state_tensor_size() == game.observation_tensor_size()
    state = game.new_initial_state()
    for move in ("X@b2", "O@a1", "X@c3"):
        state.apply_move(move)
    assert not state.is_initial_state()
    assert state.full_history() == [tabula.PlayerAction(p, a) for p, a in zip([0, 1, 0], state.history())]
    assert state.full_history()[1].player == 1
    assert np.array_equal(state.information_state_tensor(1), state.observation_tensor(1))
    with pytest.raises(tabula.IllegalMoveError):
        state.apply_action_with_legality_check(state.history()[0])
    state.apply_action_with_legality_check(state.legal_actions()[0])
    assert len(state.history()) == 4
    # A state read from a position has played nothing, yet is not the start.
    assert not game.new_state(state.position_text()).is_initial_state()


def test_make_observer_fills_its_tensor_in_place_with_named_views():
    game = tabula.load_game("tic-tac-toe")
    observer = game.make_observer()
    state = game.new_initial_state()
    state.apply_move("X@b2")
    observer.set_from(state, 1)
    assert np.array_equal(observer.tensor, state.observation_tensor(1).ravel())
    assert observer.dict["top +1 mark"].sum() == 1.0, "x's mark, seen by o"
    assert observer.string_from(state, 0) == state.observation_string(0)
    spatial = game.make_observer(None, {"spatial": True})
    spatial.set_from(state, 0)
    assert spatial.dict["top +0 mark"][1, 1] == 1.0, "b2 is the centre of the grid"
    with pytest.raises(ValueError, match="spatial"):
        game.make_observer(params={"perspective": 1})


class FirstLegal:
    """A Python player: pyspiel's bot interface, counting what it is told."""

    def __init__(self):
        self.informed = 0

    def step(self, state):
        return state.legal_actions()[0]

    def inform_action(self, state, player, action):
        self.informed += 1


def test_evaluate_bots_plays_python_players_and_bots():
    game = tabula.load_game("tic-tac-toe")
    start = game.new_initial_state()
    mine, theirs = FirstLegal(), FirstLegal()
    returns = tabula.evaluate_bots(start, [mine, theirs])
    assert returns == [1.0, -1.0], "the first empty cell each time: x fills a column first"
    assert start.is_initial_state(), "the state given is left as it was"
    assert mine.informed == theirs.informed == 7
    bot = tabula.Bot("alphabeta:9", seed=1)
    assert bot.provides_policy() and bot.inform_action(start, 0, 0) is None and bot.restart_at(start) is None
    assert tabula.evaluate_bots(start, [bot, tabula.Bot("alphabeta:9", seed=2)]) == [0.0, 0.0], "a draw"


def test_evaluate_bots_names_a_bot_that_plays_an_illegal_action():
    class Cheat:
        def step(self, state):
            return 10**6

        def __repr__(self):
            return "Cheat()"

    game = tabula.load_game("tic-tac-toe")
    with pytest.raises(ValueError, match=r"bot 1 \(Cheat\(\)\) chose 1000000, which is not a legal action at ply 1"):
        tabula.evaluate_bots(game.new_initial_state(), [FirstLegal(), Cheat()])
    with pytest.raises(ValueError, match="2 sides, 1 bots"):
        tabula.evaluate_bots(game.new_initial_state(), [FirstLegal()])

"""A Python evaluator valuing the positions of a PUCT Bot (Bot("puct:N", evaluator=...)):
called in batches, its values and priors steering the search, and every way it can go
wrong (a wrong shape, NaN, a value out of range, a negative prior, an exception) a clear
error naming it, never a crash."""
import numpy as np
import pytest

import tabula


class Flat:
    """Values every position alike; priors from a table (uniform without one)."""

    def __init__(self, game, favourite=None):
        self.game, self.favourite, self.batches = game, favourite, []

    def value(self, states):
        self.batches.append(len(states))
        assert all(isinstance(s, tabula.State) and not s.is_terminal() for s in states)
        return np.zeros(len(states), dtype=np.float32)

    def policy(self, states):
        priors = np.ones((len(states), self.game.num_distinct_actions()))
        if self.favourite is not None:
            priors[:, self.favourite] = 1000.0
        return priors


def test_the_evaluator_is_called_a_batch_at_a_time():
    game = tabula.load_game("connect-four")
    flat = Flat(game)
    bot = tabula.Bot("puct:200:batch:16", evaluator=flat)
    state = game.new_initial_state()
    bot.step(state)
    assert sum(flat.batches) == 200 and max(flat.batches) == 16 and flat.batches[0] == 1, flat.batches
    assert len(flat.batches) < 200 / 8, "most calls hold a whole batch"
    policy, action = bot.step_with_policy(state)
    assert sum(policy.weights) == 199 and policy.kind == "visits"
    assert not state.history(), "the state is left as it was"


def test_priors_steer_the_search():
    game = tabula.load_game("connect-four")
    state = game.new_initial_state()
    for column in range(7):
        favourite = state.legal_actions()[column]
        bot = tabula.Bot("puct:100", evaluator=Flat(game, favourite))
        policy, action = bot.step_with_policy(state)
        assert action == favourite
        assert max(policy.weights) == policy.weights[column] > 50


def test_values_steer_the_search_without_a_policy():
    game = tabula.load_game("tic-tac-toe")
    centre = game.new_initial_state().string_to_action("X@b2")

    class LikesTheCentre:
        """Good for x when x holds b2, for whichever side is to move (no policy: uniform priors)."""

        def value(self, states):
            x_holds_b2 = np.array(["X@b2" in s.history_strings() for s in states])
            x_to_move = np.array([s.current_player() == 0 for s in states])
            return np.where(x_holds_b2, np.where(x_to_move, 0.9, -0.9), 0.0)

    state = game.new_initial_state()
    assert tabula.Bot("puct:300:batch:4", evaluator=LikesTheCentre()).step(state) == centre


def test_a_python_evaluator_bot_plays_a_match_as_itself():
    game = tabula.load_game("tic-tac-toe")
    flat = Flat(game)
    bot = tabula.Bot("puct:100", evaluator=flat)
    result = tabula.match(game, [bot, "random"], games=4, seed=1)
    assert result.players[0].name.startswith("python:puct:100#")
    assert flat.batches and all(g.forfeit == "" for g in result.records)
    assert result.players[0].games == 4 and result.players[0].losses == 0, "it sees every game's end coming"


@pytest.mark.parametrize("answer, message", [
    (lambda n: np.zeros(n + 1), r"value\(states\) returned shape \(\d+,\) for a batch of \d+ positions: expected "),
    (lambda n: np.full(n, np.nan), r"valued position 0 of its batch .* at nan: a value is a number from -1 to 1"),
    (lambda n: np.full(n, 2.0), r"at 2: a value is a number from -1 to 1"),
    (lambda n: "no", r"value\(states\) returned 'no', not an array of numbers"),
])
def test_a_bad_value_is_an_error_naming_it(answer, message):
    class Bad:
        def value(self, states):
            return answer(len(states))

    game = tabula.load_game("tic-tac-toe")
    with pytest.raises(RuntimeError, match=message):
        tabula.Bot("puct:50", evaluator=Bad()).step(game.new_initial_state())


def test_a_bad_policy_or_an_exception_is_an_error_naming_it():
    game = tabula.load_game("tic-tac-toe")

    class NegativePrior(Flat):
        def policy(self, states):
            return -np.ones((len(states), game.num_distinct_actions()))

    class WrongWidth(Flat):
        def policy(self, states):
            return np.ones((len(states), 3))

    class Raises(Flat):
        def value(self, states):
            raise ZeroDivisionError("the network fell over")

    state = game.new_initial_state()
    with pytest.raises(RuntimeError, match=r"prior of action \d+ in position 0 .* is -1: priors are numbers of 0 or more"):
        tabula.Bot("puct:50", evaluator=NegativePrior(game)).step(state)
    with pytest.raises(RuntimeError, match=r"policy\(states\) returned shape \(1, 3\) for a batch of 1 positions"):
        tabula.Bot("puct:50", evaluator=WrongWidth(game)).step(state)
    with pytest.raises(RuntimeError, match=r"the evaluator <.*Raises.*> raised on a batch of 1 positions, the first "
                                           r"3/3/3 x: ZeroDivisionError: the network fell over"):
        tabula.Bot("puct:50", evaluator=Raises(game)).step(state)
    # The Bot is still usable, and the state untouched.
    assert not state.history()
    assert tabula.Bot("puct:50", evaluator=Flat(game)).step(state) in state.legal_actions()


def test_an_evaluator_is_for_puct_players():
    game = tabula.load_game("tic-tac-toe")
    with pytest.raises(ValueError, match="an outside evaluator values the positions of a PUCT player"):
        tabula.Bot("mcts:100", evaluator=Flat(game))
    with pytest.raises(ValueError, match="without temp"):
        tabula.Bot("puct:100:temp:1", evaluator=Flat(game))
    with pytest.raises(TypeError, match="has no value"):
        tabula.Bot("puct:100", evaluator=object())

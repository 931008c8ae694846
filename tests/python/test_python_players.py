"""Python players in a match (tabula.match with objects that have step(state)): seated beside
specs and Bots, on threads, in a round robin; an illegal action is a forfeit the match
reports, an exception stops the match naming the player and the position."""
import numpy as np
import pytest

import tabula


class FirstLegal:
    """Plays the lowest legal action."""

    def step(self, state):
        return state.legal_actions()[0]


class Counting(FirstLegal):
    def __init__(self):
        self.steps = 0

    def step(self, state):
        self.steps += 1
        assert state.current_player() != tabula.TERMINAL
        return np.int64(super().step(state))  # numpy's integers stand for ints


def test_a_python_player_sits_beside_specs_and_bots():
    game = tabula.load_game("tic-tac-toe")
    mine = Counting()
    result = tabula.match(game, [mine, "random"], games=20, seed=3, threads=2)
    names = [t.name for t in result.players]
    assert names[0].startswith("python:Counting#") and names[1] == "random"
    assert result.games == 20 and result.players[0].games == 20
    moved = sum((g.plies + (g.seats[0] == names[0])) // 2 for g in result.records)
    assert mine.steps == moved, "one step a move the Python player made"
    assert all(g.forfeit == "" for g in result.records)
    again = tabula.match(game, [FirstLegal(), tabula.Bot("random", seed=9)], games=20, seed=3)
    assert [t.name for t in again.players][1] == "random", "a Bot sits as its spec"
    assert [g.moves for g in again.records] == [g.moves for g in result.records], "seeded: the same games"


def test_python_players_in_a_round_robin():
    game = tabula.load_game("tic-tac-toe")
    result = tabula.match(game, [FirstLegal(), "alphabeta:9", "random"], games=4, round_robin=True, seed=2)
    ratings = {r.name.split("#")[0]: r.elo for r in result.ratings}
    assert set(ratings) == {"python:FirstLegal", "alphabeta:9", "random"}
    assert ratings["alphabeta:9"] > ratings["random"], "perfect play rates above random"


def test_an_illegal_action_forfeits_the_game_and_is_reported():
    class Cheat:
        def step(self, state):
            return 10**6

    game = tabula.load_game("tic-tac-toe")
    result = tabula.match(game, [Cheat(), "random"], games=4, seed=1)
    assert result.players[0].losses == 4
    assert all("chose action 1000000, which is not legal at ply" in g.forfeit for g in result.records)
    assert "forfeited: 4" in result.text


def test_a_player_that_raises_or_answers_nonsense_stops_the_match_naming_it():
    class Boom:
        def step(self, state):
            raise KeyError("no idea")

    class Halves:
        def step(self, state):
            return 2.5

    game = tabula.load_game("tic-tac-toe")
    with pytest.raises(RuntimeError, match=r"python:Boom#\d+ raised at ply 0 of Tic-tac-toe \(position 3/3/3 x\): "
                                           r"KeyError") as raised:
        tabula.match(game, [Boom(), "random"], games=4)
    name = str(raised.value).split(" raised")[0]
    with pytest.raises(RuntimeError, match=r"python:Halves#\d+ raised at ply \d.*float"):
        tabula.match(game, [Halves(), "random"], games=4)
    with pytest.raises(TypeError, match="a player is a spec .str., a tabula.Bot or an object with step.state., not 3"):
        tabula.match(game, [3, "random"], games=4)
    # The name was seated for the call only: no spec afterwards.
    with pytest.raises(ValueError):
        tabula.Bot(name)

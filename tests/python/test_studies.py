"""Studies from Python: seats by name (Lanko for four, three and two people), round robins only
when asked, and the policy behind a Bot's choice as a learning target; engines outside Tabula as seats."""
import math
import os

import pytest

import tabula
from conftest import ROOT


@pytest.fixture(scope="module")
def lanko():
    return tabula.load_game(ROOT / "rules/lanko-88.rules")


def test_lanko_with_a_spec_per_seat(lanko):
    result = tabula.match(lanko, ["S=random", "W=mc:2", "N=alphabeta:1", "E=random"], games=2, seed=3, max_plies=40)
    assert result.seat_names == ["S", "W", "N", "E"]
    assert len(result.per_seat) == 4 and len(result.per_side) == 2
    assert [t.name for t in result.players] == ["S=random", "W=mc:2", "N=alphabeta:1", "E=random"]
    # Partners share their side's result.
    assert result.per_seat[0].wins == result.per_seat[2].wins == result.per_side[0].wins
    assert result.per_seat[1].wins == result.per_seat[3].wins == result.per_side[1].wins


@pytest.mark.parametrize("players", [["S=random", "W+E=mc:2", "N=random"], ["S+N=random", "W+E=mc:2"]])
def test_lanko_for_fewer_people(lanko, players):
    result = tabula.match(lanko, players, games=2, seed=5, max_plies=30)
    assert [t.name for t in result.players] == players
    partners = next(t for t in result.players if t.name == "W+E=mc:2")
    assert partners.games == 2  # one person, once a game, though in two seats
    assert result.games == 2 and len(result.records) == 2


def test_a_list_of_specs_is_a_round_robin_only_when_asked():
    loa = tabula.load_game(ROOT / "rules/loa.rules")
    with pytest.raises(ValueError, match="round-robin"):
        tabula.match(loa, ["random", "mc:2", "mc:4"], games=2)
    result = tabula.match(loa, ["random", "mc:2", "mc:4"], games=2, max_plies=60, round_robin=True)
    assert result.games == 6
    assert sorted(r.name for r in result.ratings) == ["mc:2", "mc:4", "random"]
    assert all(r.low <= r.elo <= r.high for r in result.ratings)
    assert 1 <= result.distinct_games <= 6 and 0 < result.effective_games <= 6


@pytest.mark.parametrize("spec,kind", [("mcts:200", "visits"), ("alphabeta:2", "values"), ("mc:4", "values"),
                                       ("random", "uniform")])
def test_a_bots_policy_covers_the_legal_actions(spec, kind):
    loa = tabula.load_game(ROOT / "rules/loa.rules")
    state = loa.new_initial_state()
    state.apply_move("b1-b3")
    policy, action = tabula.Bot(spec, seed=2).step_with_policy(state, temperature=1.0)
    assert policy.kind == kind
    assert policy.actions == state.legal_actions()
    assert action in policy.actions
    assert math.isclose(sum(policy.probabilities), 1.0, rel_tol=1e-9)
    assert list(policy) == list(zip(policy.actions, policy.probabilities)) and len(policy) == len(policy.actions)
    assert all(p >= 0 for p in policy.probabilities)
    # The same seed chooses the same action with or without the policy.
    assert tabula.Bot(spec, seed=2).step(state) == action
    # Temperature 0 keeps only the best moves.
    greedy, _ = tabula.Bot(spec, seed=2).step_with_policy(state, temperature=0)
    best = max(greedy.weights)
    for w, p in zip(greedy.weights, greedy.probabilities):
        assert (p > 0) == (w == best)


def test_mcts_visits_are_its_iterations():
    state = tabula.load_game(ROOT / "rules/loa.rules").new_initial_state()
    policy, _ = tabula.Bot("mcts:300", seed=1).step_with_policy(state)
    assert 250 <= sum(policy.weights) <= 300
    assert policy.probabilities[policy.weights.index(max(policy.weights))] == max(policy.probabilities)


def test_a_temperature_must_be_a_number_of_zero_or_more():
    state = tabula.load_game(ROOT / "rules/loa.rules").new_initial_state()
    for t in (-1.0, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="temperature"):
            tabula.Bot("mcts:10").step_with_policy(state, temperature=t)


def test_an_engine_outside_tabula_plays_a_match_from_python():
    # GNU Go (tools/install-deps installs it) as a seat of tabula.match, and an engine that
    # plays an illegal move: its games are forfeited, with the engine's words in the report.
    gnugo = "/usr/games/gnugo"
    assert os.path.exists(gnugo), "gnugo is not installed (tools/install-deps installs it)"
    game = tabula.load_game(ROOT / "rules/go-9x9.rules")
    result = tabula.match(game, [f"gtp:{gnugo} --mode gtp --level 0", "random"], games=2, seed=3)
    assert result.games == 2
    assert '"forfeits":0' in result.json
    liar = f"{ROOT / 'tests/data/gtp_fake_engine.sh'} A1"
    forfeited = tabula.match(game, [f"gtp:{liar}", "random"], games=1, seed=3)
    assert "played 'A1', which is not a legal move here" in forfeited.text
    assert '"forfeits":1' in forfeited.json

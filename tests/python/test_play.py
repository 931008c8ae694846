"""Whole games from Python against the CLI's seeded games, computer players, matches."""
import json
import re

import pytest

import tabula
from conftest import ROOT, cli

# `tabula play --players random,random --seed S` gives the i-th listed player (one per side)
# the seed S + 7919 * i (tools/cli/cmd_play.cpp).
SEAT_SEED_STEP = 7919


def play_random_game(game, seed):
    bots = [tabula.Bot("random", seed=seed + SEAT_SEED_STEP * side) for side in range(game.num_players())]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    return state


def test_a_random_game_from_python_is_the_clis_seeded_game(rules):
    game = tabula.load_game(rules)
    state = play_random_game(game, seed=5)
    out = cli("play", rules, "--players", "random,random", "--seed", 5).stdout
    moves = re.search(r"^moves: (.*)$", out, re.M).group(1)
    assert state.record() == moves
    assert f"result: {state.result_text()}" in out
    # move for move: the record's move tokens are the history's texts (marks aside)
    assert state.current_player() == tabula.TERMINAL
    assert len(state.history()) == len(state.history_strings()) == state.ply()


def test_returns_follow_the_winner():
    state = play_random_game(tabula.load_game(ROOT / "rules/loa.rules"), seed=2)
    winner = state.winner()
    assert winner in (0, 1), "random LOA games end with a winner"
    assert state.returns() == [1.0 if side == winner else -1.0 for side in range(2)]
    assert state.result_text().startswith(state.game.player_names[winner] + " wins")


def test_bots_are_reproducible_from_their_seed():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(tabula.Bot("random", seed=state.ply()).step(state))
    before = state.hash()
    first = tabula.Bot("mcts:300", seed=7).step(state)
    assert tabula.Bot("mcts:300", seed=7).step(state) == first
    assert state.hash() == before, "step leaves the state as it was"
    assert first in state.legal_actions()
    assert tabula.Bot("alphabeta:2").step(state) in state.legal_actions()
    assert tabula.Bot("mcts:50", seed=1).name == "mcts:50"


def test_a_bot_cannot_move_in_a_finished_game():
    state = play_random_game(tabula.load_game(ROOT / "rules/loa.rules"), seed=3)
    with pytest.raises(tabula.IllegalMoveError, match="over"):
        tabula.Bot("random").step(state)


def test_match_reports_the_clis_statistics():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    result = tabula.match(game, ["random", "mc:4"], games=6, seed=9, threads=2)
    ours = json.loads(result.json)
    theirs = json.loads(cli("match", "rules/loa.rules", "--games", 6, "--players", "random,mc:4", "--seed", 9,
                            "--threads", 2, "--json").stdout)
    for report in (ours, theirs):  # thinking time differs from run to run
        for tally in report["players"] + report["per_seat"] + report["per_side"]:
            del tally["seconds_per_move"]
    assert ours == theirs
    assert result.games == 6 and len(result.records) == 6
    assert [g.game for g in result.records] == list(range(6))
    assert sum(t.wins for t in result.per_seat) + result.draws == 6
    assert result.first_player_low <= result.first_player_share <= result.first_player_high
    assert str(result) == result.text and result.csv.startswith("kind,name,")


def test_random_playouts_depend_on_the_seed_not_the_threads():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    one = tabula.random_playouts(game, 40, seed=4, threads=1)
    two = tabula.random_playouts(game, 40, seed=4, threads=2)
    assert (one.playouts, one.plies, one.wins, one.draws) == (two.playouts, two.plies, two.wins, two.draws)
    assert one.playouts == 40 and sum(one.wins) + one.draws == 40
    other = tabula.random_playouts(game, 40, seed=5, threads=1)
    assert (other.plies, other.wins) != (one.plies, one.wins)


def test_random_playouts_need_a_thread():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    with pytest.raises(ValueError, match="random playouts take 1 to 256 threads, not 0"):
        tabula.random_playouts(game, 10, seed=1, threads=0)


def test_random_playouts_from_a_position():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    state = game.new_initial_state()
    state.apply_move("b1-b3")
    stats = tabula.random_playouts(state, 10, seed=1)
    assert stats.playouts == 10 and state.ply() == 1

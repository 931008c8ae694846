"""The fixed action space: every legal action of random positions of every rules file goes
to text and back, is in range, and is the same whichever way the position was reached."""
import random

import numpy as np
import pytest

import tabula
from conftest import ROOT


def positions(game, seed, games=2, every=7):
    """Positions along random games: every `every`-th ply, the last one included."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.ply() % every == 0:
                yield state
            state.apply_action(rng.choice(state.legal_actions()))


def test_actions_round_trip_through_text_on_every_rules_file(rules):
    game = tabula.load_game(rules)
    size = game.num_distinct_actions()
    checked = 0
    for state in positions(game, seed=11):
        actions = state.legal_actions()
        moves = state.legal_moves()
        assert actions == sorted(set(actions)), "ascending, no two moves share an action"
        assert len(actions) == len(moves)
        assert all(0 <= a < size for a in actions)
        assert sorted(state.action_to_string(a) for a in actions) == sorted(moves)
        for a in actions:
            assert state.string_to_action(state.action_to_string(a)) == a
        checked += len(actions)
    assert checked > 0


@pytest.mark.parametrize("rules_file, first, second", [
    ("loa.rules", ["b1-b3", "h2-f2", "c1-c3"], ["c1-c3", "h2-f2", "b1-b3"]),
    ("loa-scrambled-eggs.rules", ["c1-c3", "b1-b3", "e1-e3"], ["e1-e3", "b1-b3", "c1-c3"]),
])
def test_an_action_means_the_same_move_however_the_position_was_reached(rules_file, first, second):
    game = tabula.load_game(ROOT / "rules" / rules_file)
    states = []
    for moves in (first, second):
        state = game.new_initial_state()
        for move in moves:
            state.apply_move(move)
        states.append(state)
    one, two = states
    assert one.hash() == two.hash(), "the same position"
    assert one.legal_actions() == two.legal_actions()
    assert [one.action_to_string(a) for a in one.legal_actions()] == [two.action_to_string(a) for a in two.legal_actions()]


def test_apply_and_undo_restore_the_position(rules):
    game = tabula.load_game(rules)
    for state in positions(game, seed=5, games=1, every=17):
        before, history = state.hash(), state.history()
        for a in state.legal_actions()[:10]:
            state.apply_action(a)
            assert state.history() == history + [a]
            state.undo()
            assert state.hash() == before and state.history() == history


def test_the_layout_is_the_documented_one():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    layout = game.action_layout()
    cells = layout["cells"]
    assert cells == 64 and layout["variants"] == 1
    assert layout["placements"] == cells * cells
    assert layout["pass"] == layout["placements"] + layout["piece_codes"] * cells
    assert layout["per_variant"] == layout["decisions"] + layout["decision_values"] * (cells + 1)
    assert game.num_distinct_actions() == layout["per_variant"] * layout["variants"]
    state = game.new_initial_state()
    board = game.board()
    b1, b3 = board.cell_index("b1"), board.cell_index("b3")
    assert state.string_to_action("b1-b3") == layout["piece_moves"] + b1 * cells + b3
    # capture sequences need variants; placements name the piece
    assert tabula.load_game(ROOT / "rules/laska.rules").action_layout()["variants"] == 8
    lanquia = tabula.load_game(ROOT / "rules/lanquia.rules")
    first = lanquia.new_initial_state()
    placement = first.legal_actions()[0]
    assert lanquia.action_layout()["placements"] <= placement < lanquia.action_layout()["pass"]


def test_capture_sequences_with_the_same_ends_get_variants_in_text_order():
    # White's officer on e7 takes round a loop, either way, back to c5 (a random game's ply 34).
    game = tabula.load_game(ROOT / "rules/laska.rules")
    per_variant = game.action_layout()["per_variant"]
    state = game.new_state("2,Wbb,b/wb,b,1/b,3/Bwww,bw,1/1,b,1,w/bw,bww,1/3,w white")
    actions = state.legal_actions()
    assert len(actions) == 2
    assert actions[0] % per_variant == actions[1] % per_variant, "the same class and squares"
    assert [a // per_variant for a in actions] == [0, 1]
    texts = [state.action_to_string(a) for a in actions]
    assert texts == sorted(state.legal_moves())
    assert texts[0].startswith("e7-") and texts[0].endswith("-c5WbbbBbbb") and texts[1].endswith("-c5WbbbbbbB")


def test_the_legal_actions_mask():
    game = tabula.load_game(ROOT / "rules/loa.rules")
    state = game.new_initial_state()
    mask = state.legal_actions_mask()
    assert mask.shape == (game.num_distinct_actions(),) and mask.dtype == np.uint8
    assert list(np.flatnonzero(mask)) == state.legal_actions()
    assert state.legal_actions(0) == state.legal_actions() and state.legal_actions(1) == []

"""States serialize to text and back; games and states pickle (so multiprocessing and Dask
can send them), carrying the texts of their files; states compare and hash by position."""
import copy
import multiprocessing
import pickle
import random
import shutil

import pytest

import tabula
from conftest import ROOT, RULES


def random_state(game, plies, seed):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and state.ply() < plies:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_serialize_reads_back_to_the_same_state_along_random_games_of_every_rules_file():
    for path in RULES:
        game = tabula.load_game(path)
        state = game.new_initial_state()
        rng = random.Random(path.stem)
        for _ in range(60):
            again = game.deserialize_state(state.serialize())
            assert again == state and again.history() == state.history(), path.stem
            assert again.record() == state.record() and again.position_text() == state.position_text()
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_state_made_from_a_position_serializes_with_that_position():
    game = tabula.load_game("loa")
    position = "8/8/1W1WB3/8/1BWW4/1WW1B3/2W2B2/8 white"
    state = game.new_state(position)
    state.apply_move(state.legal_moves()[3])
    text = state.serialize()
    assert text == f"actions: {state.history()[0]}\nstart: {position}"
    again = game.deserialize_state(text)
    assert again == state and again.history() == state.history()
    again.undo()
    assert again == game.new_state(position)


@pytest.mark.parametrize("text, says", [
    ("", "starts with 'actions:'"),
    ("moves: 81", "starts with 'actions:'"),
    ("actions: 81 x7", "'x7' is not an action number"),
    ("actions: 81 81", "action 81 (number 2 of the actions) is not legal"),
    ("actions: 81\nend: 3", "only 'start: '"),
    ("actions:\nstart: nonsense", "its start position"),
])
def test_a_text_that_is_not_a_serialized_state_is_refused_saying_why(text, says):
    with pytest.raises(ValueError, match=says.replace("(", r"\(").replace(")", r"\)")):
        tabula.load_game("loa").deserialize_state(text)


def test_games_and_states_pickle_and_come_back_equal():
    game = tabula.load_game("laska")
    state = random_state(game, 30, seed=3)
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        g, s = pickle.loads(pickle.dumps(game, protocol)), pickle.loads(pickle.dumps(state, protocol))
        assert g == game and g.name == game.name and g.perft(2) == game.perft(2)
        assert s == state and s.history() == state.history() and s.legal_actions() == state.legal_actions()
        assert s.game == game
    assert copy.deepcopy(state) == state


def test_a_pickled_game_needs_none_of_its_files(tmp_path):
    # A variant and its base in a folder of their own, the board beside it: pickled, the
    # files deleted (or changed), the game comes back the same, read from its own texts.
    (tmp_path / "rules").mkdir()
    (tmp_path / "boards").mkdir()
    shutil.copy(ROOT / "rules/loa.rules", tmp_path / "rules")
    shutil.copy(ROOT / "rules/loa-scrambled-eggs.rules", tmp_path / "rules")
    shutil.copy(ROOT / "boards/square8.yaml", tmp_path / "boards")
    game = tabula.load_game(tmp_path / "rules/loa-scrambled-eggs.rules", {"plies": 80})
    paths = [path for path, _ in game._sources()]
    assert paths[0].endswith("loa-scrambled-eggs(plies=80).rules") and len(paths) == 4, paths
    state = random_state(game, 20, seed=1)
    data = pickle.dumps(state)
    (tmp_path / "rules/loa.rules").write_text((ROOT / "rules/loa.rules").read_text().replace("stone", "pebble"))
    shutil.rmtree(tmp_path / "boards")
    again = pickle.loads(data)
    assert again == state and again.game.max_game_length() == 80 and again.game.kind_names == ["stone"]
    # The files as they are now make another game (their board now comes from the shipped
    # boards): the pickle kept the one it was made with.
    assert tabula.load_game(tmp_path / "rules/loa-scrambled-eggs.rules").kind_names == ["pebble"]


def test_a_pickled_game_keeps_and_checks_its_weights(tmp_path):
    # The weights file beside the rules travels in the pickle: changed or deleted on disk
    # afterwards, it changes nothing; a forged weight in the pickle is refused as in a file.
    (tmp_path / "rules").mkdir()
    (tmp_path / "boards").mkdir()
    shutil.copy(ROOT / "rules/loa.rules", tmp_path / "rules")
    (tmp_path / "rules/loa.weights").write_text("material 2.5\n")
    shutil.copy(ROOT / "boards/square8.yaml", tmp_path / "boards")
    game = tabula.load_game(tmp_path / "rules/loa.rules")
    weights = [(path, text) for path, text in game._sources() if path.endswith(".weights")]
    assert [text for _, text in weights] == ["material 2.5\n"], game._sources()
    data = pickle.dumps(game)
    (tmp_path / "rules/loa.weights").write_text("material 7\n")
    again = pickle.loads(data)
    assert again == game and again._sources() == game._sources()
    (tmp_path / "rules/loa.weights").unlink()
    assert pickle.loads(data)._sources() == game._sources()
    sources, reference = game.__getstate__()
    forged = [(path, "material nan\n" if path.endswith(".weights") else text) for path, text in sources]
    with pytest.raises(ValueError, match="expected the weight of 'material', a number from -1e9 to 1e9"):
        tabula.Game.__new__(tabula.Game).__setstate__((forged, reference))


def test_game_and_state_serialized_together_read_back_anywhere():
    game = tabula.load_game_from_text('variant "Short" extends "loa.rules"\nlimit plies=50\n',
                                      name=str(ROOT / "rules/short.rules"))
    state = random_state(game, 10, seed=2)
    text = tabula.serialize_game_and_state(game, state)
    g, s = tabula.deserialize_game_and_state(text)
    assert g == game and g.max_game_length() == 50 and s == state
    with pytest.raises(ValueError, match="not a text of serialize_game_and_state"):
        tabula.deserialize_game_and_state('{"tabula": 1}')
    with pytest.raises(ValueError, match="is a state of"):
        tabula.serialize_game_and_state(tabula.load_game("laska"), state)


def perft_two(state):
    return state.perft(2), state.serialize()


def test_states_go_to_worker_processes_and_back():
    game = tabula.load_game("english-draughts")
    states = [random_state(game, plies, seed=plies) for plies in (0, 7, 15, 23)]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.map(perft_two, states)
    assert results == [perft_two(s) for s in states]


def test_states_compare_and_hash_by_position_not_by_history():
    game = tabula.load_game("loa")
    state = random_state(game, 6, seed=4)
    assert state == state.clone() and hash(state) == hash(state.clone())
    other = state.child(state.legal_actions()[0])
    assert other != state
    other.undo()
    assert other == state
    # Two orders of the same moves: the same position, one key in a dict.
    a, b = game.new_initial_state(), game.new_initial_state()
    for move in ("b1-b3", "h2-f2", "c1-c3"):
        a.apply_move(move)
    for move in ("c1-c3", "h2-f2", "b1-b3"):
        b.apply_move(move)
    assert a == b and hash(a) == hash(b) and a.history() != b.history()
    assert len({a: 1, b: 2}) == 1
    assert a != tabula.load_game("loa-scrambled-eggs").new_initial_state()
    assert state != "a string" and state != None  # noqa: E711

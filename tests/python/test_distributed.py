"""Shards of a study on a Dask cluster (tabula.distributed, on a LocalCluster of two worker
processes) give the same report as the unsharded run, and a missing shard is refused."""
import json
import os
import subprocess

import pytest

from conftest import ROOT, cli, tabula_binary

from dask.distributed import Client, LocalCluster  # noqa: E402

import tabula.distributed as td  # noqa: E402

PLAYERS = ["alphabeta:2", "random"]


def without_times(value):
    """A report with every thinking time left out (they differ from run to run), and merge's
    "verified" (whether it replayed the games; a match's own report has no such field)."""
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if "seconds" not in k and k != "verified"}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as c:
            yield c


def test_dask_shards_merge_into_the_unsharded_report(client, tmp_path):
    report = td.match_study(client, "rules/loa.rules", PLAYERS, games=24, shards=4, out_dir=str(tmp_path / "shards"),
                            seed=7, binary=tabula_binary(), cwd=str(ROOT))
    whole = cli("match", "rules/loa.rules", "--players", ",".join(PLAYERS), "--games", 24, "--seed", 7, "--json")
    assert without_times(report) == without_times(json.loads(whole.stdout))
    shard_files = sorted((tmp_path / "shards").glob("shard-*.jsonl"))
    assert len(shard_files) == 4
    assert sum(len(f.read_text().splitlines()) for f in shard_files) == 24
    # A task run again (Dask retries a lost task elsewhere) resumes: nothing is played twice.
    again = td.match_study(client, "rules/loa.rules", PLAYERS, games=24, shards=4, out_dir=str(tmp_path / "shards"),
                           seed=7, binary=tabula_binary(), cwd=str(ROOT))
    assert without_times(again) == without_times(report)
    assert sum(len(f.read_text().splitlines()) for f in shard_files) == 24


def leaves_and_state(state):
    return state.perft(2), state


def test_states_and_games_go_to_dask_workers_and_back(client):
    # Pickled as the texts of their files and their actions: the workers (other processes,
    # another working directory) rebuild them exactly.
    import tabula
    game = tabula.load_game("laska", {"plies": 200})
    states = [game.new_initial_state()]
    for ply in range(3):
        legal = states[-1].legal_actions()
        states.append(states[-1].child(legal[ply % len(legal)]))
    results = client.gather(client.map(leaves_and_state, states))
    assert [leaves for leaves, _ in results] == [s.perft(2) for s in states]
    assert [s for _, s in results] == states and results[0][1].game.max_game_length() == 200
    assert client.submit(lambda g: g.get_parameters()["plies"], game).result() == 200


def test_a_missing_shard_is_named_not_a_smaller_study(client, tmp_path):
    out = tmp_path / "shards"
    td.match_study(client, "rules/loa.rules", PLAYERS, games=12, shards=3, out_dir=str(out), seed=3,
                   binary=tabula_binary(), cwd=str(ROOT))
    (out / "shard-1.jsonl").unlink()
    merged = subprocess.run([tabula_binary(), "merge", str(out / "shard-0.jsonl"), str(out / "shard-2.jsonl")],
                            cwd=ROOT, capture_output=True, text=True)
    assert merged.returncode == 1
    assert "missing" in merged.stderr


def test_a_failing_shard_raises_with_the_commands_message(client, tmp_path):
    with pytest.raises(RuntimeError, match="is not a player|unknown|expected"):
        td.match_study(client, "rules/loa.rules", ["random", "nonsense:3"], games=4, shards=2,
                       out_dir=str(tmp_path / "bad"), binary=tabula_binary(), cwd=str(ROOT))


def test_the_binary_comes_from_the_environment_then_beside_the_package_then_the_path(monkeypatch, tmp_path):
    built = tabula_binary()  # ctest's TABULA_BINARY: this build's CLI
    monkeypatch.setenv("TABULA_BINARY", "/some/where/tabula")
    assert td.tabula_binary() == "/some/where/tabula"
    # Unset, as the docs' setup leaves it (PYTHONPATH=build/python only): build/tabula, the CLI
    # built with the package (installed: PREFIX/bin/tabula, checked by tests/consumer/run).
    monkeypatch.delenv("TABULA_BINARY")
    monkeypatch.setenv("PATH", "/nonexistent")
    assert os.path.samefile(td.tabula_binary(), built)
    # A package without its CLI beside it: the PATH's, else an error that says what to do.
    monkeypatch.setattr(td._locations, "TABULA_BINARY", str(tmp_path / "not-built" / "tabula"))
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "tabula").symlink_to(built)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert td.tabula_binary() == str(tmp_path / "bin" / "tabula")
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(FileNotFoundError, match="not-built/tabula; set TABULA_BINARY or put tabula on the PATH"):
        td.tabula_binary()


def test_dask_solve_shards_and_a_subtree_combine_into_the_whole_solve(client, tmp_path):
    rules = "tests/solve/connect-four-4x4.rules"
    out = str(tmp_path / "solve")
    budget = ["--nodes", "300", "--memory", "16M"]
    # Too small a budget: the shards leave moves unknown.
    partial = td.solve_study(client, rules, shards=2, out_dir=out, args=budget, binary=tabula_binary(), cwd=str(ROOT))
    unknown = [m["move"] for m in partial["moves"] if "bounds" in m]
    assert unknown and partial["value"] == "unknown"
    # Each unknown move's subtree split again: the combined value is the whole solve's.
    for move in unknown:
        report = td.solve_study(client, rules, shards=2, out_dir=out, args=["--moves", move, "--memory", "16M"],
                                root_args=budget, binary=tabula_binary(), cwd=str(ROOT))
    whole = json.loads(cli("solve", rules, "--memory", "16M", "--json").stdout)
    assert report["value"] == whole["value"] == "draw" and report["proven"]
    assert {m["move"]: m["value"] for m in report["moves"]} == {m["move"]: m["value"] for m in whole["moves"]}
    assert len(list((tmp_path / "solve").glob("solve-*-shard-*.json"))) == 2 + 2 * len(unknown)
    # Run again, every shard is already written: nothing is solved twice, the value stands.
    again = td.solve_study(client, rules, shards=2, out_dir=out, args=budget, binary=tabula_binary(), cwd=str(ROOT))
    assert again["value"] == "draw"

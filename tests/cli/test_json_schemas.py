"""Every --json output of the tabula CLI validates against its schema in docs/schemas
(python3-jsonschema, from tools/install-deps), and a schema rejects what it should."""
import json
import os
import subprocess
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
TABULA = os.environ["TABULA_BINARY"]
SCHEMAS = ROOT / "docs" / "schemas"


def tabula(*args, status=0, stdin=None):
    r = subprocess.run([TABULA, *map(str, args)], cwd=ROOT, capture_output=True, text=True, input=stdin, timeout=300)
    assert r.returncode == status, r.stderr
    return r.stdout


def check(schema_name, text):
    assert text.endswith("\n") and text.count("\n") == 1, "one line of JSON"
    value = json.loads(text)
    schema = json.loads((SCHEMAS / f"{schema_name}.schema.json").read_text())
    jsonschema.Draft7Validator.check_schema(schema)
    jsonschema.validate(value, schema, cls=jsonschema.Draft7Validator)
    return value


def test_every_schema_is_used_by_a_test_here():
    source = Path(__file__).read_text()
    for path in SCHEMAS.glob("*.schema.json"):
        assert f'check("{path.name.split(".")[0]}"' in source, path.name


def test_validate(tmp_path):
    value = check("validate", tabula("validate", "rules/loa.rules", "boards/square8.yaml", "--json"))
    assert value["ok"] and [f["kind"] for f in value["files"]] == ["rules", "board"]
    broken = tmp_path / "broken.rules"
    broken.write_text(f'game "Broken"\nboard "{ROOT}/boards/square8.yaml"\nplayer black\nplayer white\npiece stone\n'
                      "move stone {\n  line dirs=nort distance=1\n}\n")
    value = check("validate", tabula("validate", broken, "--json", status=1))
    [d] = value["files"][0]["diagnostics"]
    assert (d["line"], d["column"], d["severity"]) == (7, 13, "error")
    assert d["suggestion"] is None and d["message"].startswith("unknown direction 'nort'")
    assert d["file"] == str(broken)
    broken.write_text(f'game "Broken"\nboard "{ROOT}/boards/square8.yaml"\nplayer black\nplayer white\npeice stone\n')
    value = check("validate", tabula("validate", broken, "--json", status=1))
    typo = [d for d in value["files"][0]["diagnostics"] if d["line"] == 5]
    assert typo[0]["suggestion"] == "piece" and typo[0]["column"] == 1


def test_validate_reads_an_editors_buffer_from_standard_input():
    text = (ROOT / "rules/loa.rules").read_text().replace("piece stone", "peice stone")
    value = check("validate", tabula("validate", "-", "--stdin-name", "rules/loa.rules", "--json", stdin=text, status=1))
    assert value["files"][0]["file"] == "rules/loa.rules"
    assert any(d["suggestion"] == "piece" for d in value["files"][0]["diagnostics"])
    ok = check("validate", tabula("validate", "-", "--stdin-name", "rules/loa.rules", "--json",
                                  stdin=(ROOT / "rules/loa.rules").read_text()))
    assert ok["ok"]


def test_validate_sarif(tmp_path):
    broken = tmp_path / "broken.rules"
    broken.write_text(f'game "Broken"\nboard "{ROOT}/boards/square8.yaml"\nplayer black\n')
    sarif = json.loads(tabula("validate", broken, "--format", "sarif", status=1))
    assert sarif["version"] == "2.1.0"
    results = sarif["runs"][0]["results"]
    assert results and all(r["level"] in ("error", "warning", "note") for r in results)
    assert results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == str(broken)


def test_show_replay_play():
    value = check("show", tabula("show", "rules/loa.rules", "--json"))
    assert len(value["legal_moves"]) == 36 and value["result"]["over"] is False
    game = "tests/data/loa-games/shortest_game.txt"
    value = check("replay", tabula("replay", "rules/loa.rules", game, "--json"))
    assert value["final"]["result"]["winner"] == "black"
    played = check("play", tabula("play", "rules/lanko-88.rules", "--players", "random,random", "--seed", 3, "--json"))
    assert played["record"].startswith('[Game "')
    assert played["final"]["result"]["over"]
    # The record play writes reads back, from standard input, to the same position.
    again = check("replay", tabula("replay", "rules/lanko-88.rules", "-", "--json", stdin=played["record"]))
    assert again["final"]["position"] == played["final"]["position"]
    assert again["tags"]["Seed"] == "3"
    assert check("show", tabula("show", "rules/lanko-88.rules", "--moves", "@-", "--json",
                                stdin=played["record"]))["position"] == played["final"]["position"]


def test_moves_perft_bench():
    assert "b1-b3" in check("moves", tabula("moves", "rules/loa.rules", "--json"))
    value = check("perft", tabula("perft", "rules/loa.rules", 2, "--divide", "--json"))
    assert sum(d["nodes"] for d in value["divide"]) == value["nodes"] == 1244
    value = check("bench", tabula("bench", "rules/loa.rules", "--playouts", 10, "--json"))
    assert sum(value["wins"].values()) + value["draws"] == value["playouts"]


def test_match_merge_analyze(tmp_path):
    value = check("match", tabula("match", "rules/loa.rules", "--players", "random,alphabeta:1,mc:2", "--round-robin",
                                  "--games", 2, "--json"))
    assert [r["name"] for r in value["ratings"]] == ["random", "alphabeta:1", "mc:2"]
    out = tmp_path / "m.jsonl"
    tabula("match", "rules/loa.rules", "--players", "random,random", "--games", 2, "--out", out)
    assert check("match", tabula("merge", out, "--json"))["verified"] is False
    assert check("match", tabula("merge", out, "--json", "--verify"))["verified"] is True
    value = check("analyze", tabula("analyze", "rules/loa.rules", "--games", 4, "--skill-games", 2, "--good-games", 2,
                                    "--strong", "alphabeta:1", "--solve-positions", 20000, "--json"))
    # Two good-play games are a handful: no finding, and the sentence says why.
    assert value["verdicts"]["balance"]["verdict"] == "not-measured"
    assert "too few games to tell" in value["verdicts"]["balance"]["text"]
    assert value["end_proofs"]["tried"] is True and value["verdicts"]["end_proofs"]["verdict"] in (
        "nothing-proven", "proven-results-kept", "proven-results-thrown")
    value = check("analyze", tabula("analyze", "rules/loa.rules", "rules/loa-misere.rules", "--games", 4,
                                    "--skill-games", 2, "--good-games", 2, "--strong", "alphabeta:1",
                                    "--solve-positions", 20000, "--json"))
    assert [d["measure"] for d in value["differences"]][0] == "first_player_share"


def test_a_schema_rejects_a_wrong_output():
    schema = json.loads((SCHEMAS / "perft.schema.json").read_text())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"depth": 2, "nodes": -1, "seconds": 0.1}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"depth": 2, "nodes": 5}, schema)


def test_json_is_valid_utf8_even_for_bytes_that_are_not(tmp_path):
    # A rules file's name is the user's: a Latin-1 byte in it must not break the JSON.
    name = tmp_path / "caf\xe9.rules"
    name.write_text((ROOT / "rules/loa.rules").read_text().replace('"square8.yaml"', f'"{ROOT}/boards/square8.yaml"'))
    r = subprocess.run([TABULA, "validate", "--json", os.fsencode(name)], cwd=ROOT, capture_output=True)
    text = r.stdout.decode("utf-8")  # raises if not UTF-8
    check("validate", text)


def test_solve():
    value = check("solve", tabula("solve", "rules/tic-tac-toe.rules", "--memory", "16M", "--json"))
    assert value["value"] == "draw" and value["proven"] and len(value["pv"]) == 9
    assert [m["value"] for m in value["moves"]] == ["draw"] * 9
    value = check("solve", tabula("solve", "tests/solve/othello-4x4.rules", "--memory", "16M", "--json"))
    assert value["score"] == -8 and all(m["score"] == -8 for m in value["moves"])
    value = check("solve", tabula("solve", "tests/solve/connect-four-5x4.rules", "--nodes", 5000, "--memory", "16M",
                                  "--json"))
    assert value["value"] == "unknown" and len(value["bounds"]) == 2 and "node budget" in value["stopped"]
    broken = dict(value, value="maybe")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, json.loads((SCHEMAS / "solve.schema.json").read_text()))

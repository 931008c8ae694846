"""Studies on a Dask cluster: the shards of a `tabula match` (or of a `tabula solve`: solve_study)
spread over dask.distributed workers.

Each shard is one task that runs `tabula match RULES ... --shard I/N --out DIR/shard-I.jsonl
--resume` (the same command as a Slurm array task, docs/SCALING.md), so a task that fails or is
retried on another worker loses no finished game; then `tabula merge` combines the shard files,
which record the study they belong to, into the report. The report equals the unsharded run's
(times aside): tests/python/test_distributed.py checks it on a LocalCluster.

    from dask.distributed import Client, LocalCluster
    import tabula.distributed as td
    if __name__ == "__main__":  # the workers import the script: only the main process starts a cluster
        with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
            report = td.match_study(client, "rules/my-game.rules", ["alphabeta:2", "random"], games=1000,
                                    shards=8, out_dir="results", seed=7)
        print(report["players"], report["games"])

The client closes before its cluster (the other way round, its connection breaks first and
distributed prints a CommClosedError traceback).
"""

import glob
import json
import os
import shutil
import subprocess
import zlib

from . import _locations

__all__ = ["tabula_binary", "run_shard", "match_study", "run_solve_shard", "solve_study"]


def tabula_binary():
    """The `tabula` command the tasks run: $TABULA_BINARY, else the one built or installed with
    this package (build/tabula beside build/python, or bin/tabula of the install), else `tabula`
    on the PATH."""
    beside = os.path.normpath(os.path.join(os.path.dirname(__file__), _locations.TABULA_BINARY))
    found = os.environ.get("TABULA_BINARY") or (beside if os.access(beside, os.X_OK) else shutil.which("tabula"))
    if not found:
        raise FileNotFoundError(f"no tabula command: none at {beside}; set TABULA_BINARY or put tabula on the PATH")
    return found


def run_shard(binary, rules, players, games, seed, shard, shards, out_dir, max_plies=0, cwd=None):
    """Plays one shard into out_dir/shard-I.jsonl (resuming what it holds); returns the file's path.

    Raises RuntimeError with the command's own message when it fails.
    """
    path = os.path.join(out_dir, f"shard-{shard}.jsonl")
    command = [binary, "match", rules, "--players", ",".join(players), "--games", str(games), "--seed",
               str(seed), "--shard", f"{shard}/{shards}", "--out", path, "--resume"]
    if max_plies:
        command += ["--max-plies", str(max_plies)]
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"shard {shard}/{shards} failed ({done.returncode}): {done.stderr.strip()}")
    return path


def match_study(client, rules, players, games, shards, out_dir, seed=1, max_plies=0, binary=None, cwd=None):
    """Runs a match of `games` games in `shards` shards on the Dask `client`, then merges them.

    Returns the merged report (the JSON of `tabula merge --json`), which `merge` refuses to make
    when a shard is missing or files of another study are mixed in. `rules` and `out_dir` are
    paths as the workers see them (a shared file system on a real cluster).
    """
    binary = binary or tabula_binary()
    os.makedirs(out_dir, exist_ok=True)
    futures = [client.submit(run_shard, binary, rules, list(players), games, seed, i, shards, out_dir, max_plies, cwd,
                             key=f"tabula-shard-{i}-of-{shards}-{os.path.abspath(out_dir)}", pure=False)
               for i in range(shards)]
    files = client.gather(futures)
    merged = subprocess.run([binary, "merge", *files, "--json"], cwd=cwd, capture_output=True, text=True)
    if merged.returncode != 0:
        raise RuntimeError(f"merge failed ({merged.returncode}): {merged.stderr.strip()}")
    return json.loads(merged.stdout)


def run_solve_shard(binary, rules, args, shard, shards, path, cwd=None):
    """Solves one shard of a position's moves into `path` (`tabula solve RULES ARGS --shard I/N
    --out PATH`); a shard already written is kept as it is (a task run again). Returns the path.

    Raises RuntimeError with the command's own message when it fails.
    """
    if os.path.exists(path) and os.path.getsize(path) > 0:
        return path
    command = [binary, "solve", rules, *args, "--shard", f"{shard}/{shards}", "--out", path]
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"solve shard {shard}/{shards} failed ({done.returncode}): {done.stderr.strip()}")
    return path


def solve_study(client, rules, shards, out_dir, args=(), root_args=None, binary=None, cwd=None):
    """Solves a position's moves in `shards` shards on the Dask `client`, then combines every
    solve shard in `out_dir` into the value of the root position (the JSON of `tabula solve
    --combine --json`).

    `args` are the solve's options (`["--moves", "a1 b2", "--memory", "1G"]`). To split a move the
    root's shards left unknown, call again with `args` that play that move too (`--moves`) and
    `root_args` the root's: its shards go into the same folder and the combined value takes them
    in (docs/SOLVING.md, "Beyond one machine").
    """
    binary = binary or tabula_binary()
    os.makedirs(out_dir, exist_ok=True)
    args = [str(a) for a in args]
    root_args = args if root_args is None else [str(a) for a in root_args]
    tag = "root" if root_args == args else f"{zlib.crc32(' '.join(args).encode()):08x}"
    paths = [os.path.join(out_dir, f"solve-{tag}-shard-{i}.json") for i in range(shards)]
    futures = [client.submit(run_solve_shard, binary, rules, args, i, shards, paths[i], cwd,
                             key=f"tabula-solve-{tag}-{i}-of-{shards}-{os.path.abspath(out_dir)}", pure=False)
               for i in range(shards)]
    client.gather(futures)
    files = sorted(glob.glob(os.path.join(out_dir, "solve-*-shard-*.json")))
    combined = subprocess.run([binary, "solve", rules, *root_args, "--combine", *files, "--json"], cwd=cwd,
                              capture_output=True, text=True)
    if combined.returncode != 0:
        raise RuntimeError(f"combine failed ({combined.returncode}): {combined.stderr.strip()}")
    return json.loads(combined.stdout)

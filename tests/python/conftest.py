"""Shared pieces of the Python tests (run by ctest, which sets PYTHONPATH to the build's
package and TABULA_BINARY to the build's CLI; see tests/CMakeLists.txt)."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULES = sorted((ROOT / "rules").glob("*.rules"))


def tabula_binary():
    binary = os.environ.get("TABULA_BINARY")
    if not binary:
        raise RuntimeError("TABULA_BINARY is not set: run these tests through ctest (tools/run-tests)")
    return binary


def cli(*args, check=True):
    """Runs the build's `tabula` from the repository root; returns the completed process."""
    done = subprocess.run([tabula_binary(), *map(str, args)], cwd=ROOT, capture_output=True, text=True)
    if check and done.returncode != 0:
        raise AssertionError(f"tabula {' '.join(map(str, args))} failed ({done.returncode}):\n{done.stderr}")
    return done


def rules_id(path):
    return path.stem


@pytest.fixture(params=RULES, ids=rules_id)
def rules(request):
    return request.param

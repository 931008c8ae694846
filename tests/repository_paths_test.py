#!/usr/bin/env python3
"""Fails when a file of the repository cites a path outside the repository.

A clone of the project has only what is in it, so a comment, a doc or a script that points at
a file beside the checkout (a private workbench folder, a developer's absolute path) points a
reader at nothing. This test lists the tracked files (`git ls-files`; without git, or outside
a git checkout, it walks the tree and skips .git and build*/ folders) and reports, as
FILE:LINE: TEXT, every line that
- names the workbench kept beside the checkout during development (its design notes, rule
  texts, benchmark sources, data or hooks folders, or the folder itself, reached through `..`),
- holds an absolute path into the machine's work folder, or the checkout's own absolute path,
- or holds a relative path that climbs out of the repository when it is resolved from the
  folder of the file it is in (`../../x/y.txt` two folders down is fine, three is not). Only
  tokens that look like a file path count: something after the `..` parts that has a slash or
  a file extension. `$(dirname "$0")/../..` and `#include "../x.hpp"` inside the tree pass.

  tests/repository_paths_test.py [ROOT]     (ROOT: the repository, default this file's ../)
"""
import os
import re
import subprocess
import sys

HERE = os.path.relpath(os.path.abspath(__file__), os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The workbench beside the checkout: written so that this file does not match itself.
WORKBENCH_FOLDERS = ("design", "seeds", "bench", "data", "hooks")
WORKBENCH = re.compile(r"(?<![\w.-])(?:\.\./)+" + "shared" + r"(?![\w-])"
                       r"|(?<![\w.-])" + "shared" + r"/(?:" + "|".join(WORKBENCH_FOLDERS) + r")(?![\w-])")
WORK_FOLDER = re.compile(r"(?<![\w.~-])/" + "work" + r"/")
# A run of `../` not preceded by a path character, and what follows it.
CLIMB = re.compile(r"(?<![\w./~$-])((?:\.\./)+)([\w.+@-]+(?:/[\w.+@-]+)*/?)?")
EXTENSION = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,7}$")

# Lines that quote a path outside the repository on purpose, as (file, text in the line).
ALLOWED = [
    # A hostile input that must be refused, and the account of how it is.
    ("tests/hostile/inputs/board_passwd.rules", '"../../../../../../../../etc/passwd"'),
    ("docs/ROBUSTNESS.md", '"../../../../../etc/passwd"'),
    # A board path as the golden files in tests/golden/warnings/ write it, quoted elsewhere.
    ("tests/fuzz/fuzz_support.cpp", '"../../../boards/x.yaml"'),
]

SKIPPED_FOLDERS = {".git", "fuzz-out", "node_modules", "__pycache__"}


def tracked_files(root):
    """The repository's files, relative to root: git's list, or a walk of the tree."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True).stdout
        inside = subprocess.run(["git", "-C", root, "rev-parse", "--show-toplevel"], capture_output=True,
                                text=True, check=True).stdout.strip()
        if os.path.realpath(inside) == os.path.realpath(root):
            return sorted(p for p in out.decode().split("\0") if p)
    except (OSError, subprocess.CalledProcessError):
        pass
    found = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [d for d in subfolders if d not in SKIPPED_FOLDERS and not d.startswith("build")]
        for name in files:
            found.append(os.path.relpath(os.path.join(folder, name), root))
    return sorted(found)


def looks_like_a_path(rest):
    """Whether what follows the `../` parts names a file or folder (not `../..` or `../x`)."""
    rest = rest.rstrip("/.")
    return bool(rest) and ("/" in rest or EXTENSION.search(rest) is not None)


def violations(path, text, root_abs):
    """(line number, reason, line) for every line of text, from file path, that leaves the tree."""
    depth = len([part for part in os.path.dirname(path).split(os.sep) if part])
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if any(path == allowed_file and snippet in line for allowed_file, snippet in ALLOWED):
            continue
        reasons = []
        if WORKBENCH.search(line):
            reasons.append("the workbench beside the checkout")
        if WORK_FOLDER.search(line) or (len(root_abs) > 1 and root_abs + "/" in line):
            reasons.append("an absolute path on the development machine")
        for match in CLIMB.finditer(line):
            ups = match.group(1).count("../")
            if ups > depth and looks_like_a_path(match.group(2) or ""):
                reasons.append(f"'{match.group(0)}' climbs {ups - depth} folder(s) above the repository")
        if reasons:
            found.append((number, "; ".join(reasons), line.strip()))
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    root = os.path.abspath(root)
    files = tracked_files(root)
    if not files:
        print(f"repository_paths: no files found under {root}", file=sys.stderr)
        return 2
    bad = 0
    for path in files:
        if path == HERE:
            continue
        try:
            with open(os.path.join(root, path), "rb") as f:
                data = f.read()
        except OSError:
            continue  # a tracked file deleted in the work tree, or a dangling link
        if b"\0" in data:
            continue  # binary
        for number, reason, line in violations(path, data.decode("utf-8", "replace"), root):
            print(f"{path}:{number}: {line}\n    ({reason})")
            bad += 1
    if bad:
        print(f"repository_paths: {bad} line(s) cite a path outside the repository; cite the project's own "
              "files instead (docs/GAMES.md, docs/LANKO.md, docs/LANRICK.md, ...)")
        return 1
    print(f"repository_paths: {len(files)} files, none cites a path outside the repository")
    return 0


if __name__ == "__main__":
    sys.exit(main())

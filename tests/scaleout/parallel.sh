#!/usr/bin/env bash
# The GNU parallel lines of docs/SCALING.md, run as documented (from a folder holding
# rules/ and boards/, with `tabula` on the PATH): the shards' merged report and games must
# equal the unsharded run's, and running the lines again (--resume) must play nothing
# more and give the same report.
#   tests/scaleout/parallel.sh TABULA_BINARY
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/scaleout/common.sh
tabula=$(realpath "${1:?usage: parallel.sh TABULA_BINARY}")
repo=$PWD
command -v parallel >/dev/null || fail "GNU parallel is not installed: run tools/install-deps"

# The documented lines, verbatim: the test fails when docs/SCALING.md no longer holds them.
read -r -d '' documented <<'LINES' || true
mkdir -p results
parallel -j 2 -q tabula match rules/loa.rules --players alphabeta:2,random --games 100 --seed 7 \
  --shard {}/4 --out results/shard-{}.jsonl --resume ::: 0 1 2 3 > /dev/null
tabula merge results/shard-*.jsonl --json > results/report.json
LINES
[[ "$(cat docs/SCALING.md)" == *"$documented"* ]] || fail "docs/SCALING.md no longer holds the lines this test runs"

work=$(mktemp -d /tmp/tabula-parallel-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/study"
ln -s "$tabula" "$work/bin/tabula"
ln -s "$repo/rules" "$work/study/rules"
ln -s "$repo/boards" "$work/study/boards"
run_documented() { (cd "$work/study" && PATH="$work/bin:$PATH" bash -euo pipefail -c "$documented"); }

run_documented || fail "the documented parallel lines failed"
[ -s "$work/study/results/report.json" ] || fail "no results/report.json"
"$tabula" match rules/loa.rules --players alphabeta:2,random --games 100 --seed 7 --out "$work/whole.jsonl" --json \
  > "$work/whole.json"
same_games "$work/whole.jsonl" "$work"/study/results/shard-*.jsonl
same_report "$work/whole.json" "$work/study/results/report.json"

# Again, on the finished shards: --resume plays nothing, the files and report stay.
before=$(cat "$work"/study/results/shard-*.jsonl | md5sum)
cp "$work/study/results/report.json" "$work/first-report.json"
run_documented || fail "running the documented lines a second time failed"
[ "$(cat "$work"/study/results/shard-*.jsonl | md5sum)" = "$before" ] || fail "a second run changed the shards' files"
same_report "$work/first-report.json" "$work/study/results/report.json"
# The same lines with a folder whose name holds shell syntax (as a user's own folder name may):
# every word reaches tabula as it is, and nothing in the name is run.
# (8 games: what is checked here is the folder's name, not the study.)
export folder='r $(touch ran-a-command); touch ran-too'
lines=${documented//results/\"\$folder\"}
(cd "$work/study" && PATH="$work/bin:$PATH" bash -euo pipefail -c "${lines//--games 100/--games 8}") \
  || fail "the documented lines failed for a folder named $folder"
[ ! -e "$work/study/ran-a-command" ] && [ ! -e "$work/study/ran-too" ] && [ ! -e "$work/study/r " ] \
  || fail "the documented parallel line ran a command found in a folder name"
grep -q '"games":8,' "$work/study/$folder/report.json" || fail "the shards in the folder $folder are not the 8 games"
echo "ok: GNU parallel shards merged into the unsharded report; a second run added nothing; a folder's name ran nothing"

#!/usr/bin/env bash
# The Slurm path of docs/SCALING.md, for real: a one-node cluster on this machine
# (tools/slurm/local-cluster: munged, slurmctld, slurmd), a match, an analysis and a solve
# (and a subtree of it) submitted through tools/slurm/submit as job arrays with a dependent
# merge job, and the merged reports and games compared with the unsharded runs. A requeued (killed and
# restarted) task, and a task finding a killed run's file, must lose no finished game. Every daemon started here is stopped on
# exit, failure included; every wait has a deadline.
#   tests/scaleout/slurm.sh TABULA_BINARY
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/scaleout/common.sh
tabula=$(realpath "${1:?usage: slurm.sh TABULA_BINARY}")
# The whole test's deadline: 150 s (it takes about 30 s), more for a sanitized binary (tests/CMakeLists.txt).
deadline=$((SECONDS + ${TABULA_SCALEOUT_DEADLINE:-150}))

work=$(mktemp -d /tmp/tabula-slurm-XXXXXX)
cleanup() {
  tools/slurm/local-cluster stop "$work/cluster" || true
  rm -rf "$work"
}
trap cleanup EXIT
[ -n "${KEEP:-}" ] && trap - EXIT

command -v sbatch >/dev/null && command -v munged >/dev/null \
  || fail "slurm-wlm and munge are not installed: run tools/install-deps"
tools/slurm/local-cluster start "$work/cluster" 2 \
  || fail "the one-node cluster did not start" "$work/cluster/log/slurmctld.log" "$work/cluster/log/slurmd.log"
export SLURM_CONF="$work/cluster/slurm.conf"
logs=("$work/cluster/log/slurmctld.log" "$work/cluster/log/slurmd.log")

# wait_for_report DIR: until DIR/report.json exists; fails (with the jobs' logs) when the
# merge job is gone without it, or at the deadline.
wait_for_report() {
  local dir=$1 merge_job
  merge_job=$(cut -d' ' -f2 "$dir/jobs")
  while [ ! -s "$dir/report.json" ]; do
    [ $SECONDS -lt $deadline ] || fail "no report in $dir before the deadline; queue: $(squeue -h 2>&1 | head -5)" \
      "${logs[@]}" "$dir"/logs/*.log
    if [ -z "$(timeout 5 squeue -h -j "$merge_job" -o %i 2>/dev/null || true)" ] && [ ! -s "$dir/report.json" ]; then
      sleep 1  # the merge job may have just finished writing
      [ -s "$dir/report.json" ] || fail "the merge job $merge_job ended without a report in $dir" "${logs[@]}" "$dir"/logs/*.log
    fi
    sleep 0.5
  done
}

# An analysis in 2 tasks, where task 1 finds the file a killed run left: two games and a
# cut-off line. It must keep the games, drop the cut-off line, and play the rest.
analyze=(analyze rules/loa.rules --games 8 --skill-games 2 --strong alphabeta:1 --seed 2 --solve-positions 20000)
mkdir -p "$work/analyze"
"$tabula" "${analyze[@]}" --shard 1/2 --out "$work/killed.jsonl" > /dev/null
{ head -n 2 "$work/killed.jsonl"; sed -n 3p "$work/killed.jsonl" | head -c 120; } > "$work/analyze/shard-1.jsonl"
tools/slurm/submit --tabula "$tabula" --tasks 2 --dir "$work/analyze" -- "${analyze[@]}" \
  || fail "submit refused the analysis" "${logs[@]}"

# A match in 3 tasks of 30 games; task 0 is requeued (Slurm kills it and starts it again)
# once it has written its first game. Its folder's name holds what Slurm reads as patterns
# in --output paths (%x, %a, %%) and a blank: the tasks must still find their logs.
match=(match rules/loa.rules --players alphabeta:2,random --games 90 --seed 3 --max-plies 80)
m="$work/match %x %a 100%%"
tools/slurm/submit --tabula "$tabula" --tasks 3 --dir "$m" --dry-run -- "${match[@]}" --games-csv g.csv >"$work/csv.out" 2>&1 \
  && fail "submit took --games-csv, which every task would write"
grep -q "the merge job writes DIR/games.csv" "$work/csv.out" || fail "submit did not say why it refused --games-csv" "$work/csv.out"
tools/slurm/submit --tabula "$tabula" --tasks 3 --dir "$m" -- "${match[@]}" \
  || fail "submit refused the match" "${logs[@]}"
study_job=$(cut -d' ' -f1 "$m/jobs")
until [ -s "$m/shard-0.jsonl" ]; do
  [ $SECONDS -lt $deadline ] || fail "task 0 wrote no game before the deadline" "${logs[@]}" "$m"/logs/*.log
  sleep 0.05
done
kept=$(head -n 1 "$m/shard-0.jsonl")
scontrol requeue "${study_job}_0" || fail "scontrol requeue of task 0 failed" "${logs[@]}"
# A requeued job waits two minutes before it may start again (its begin time, set once it
# is back in the queue); no need to here.
released=no
while :; do
  [ $SECONDS -lt $deadline ] || fail "the requeued task 0 did not start again" "${logs[@]}"
  state=$(timeout 5 squeue -h -j "${study_job}_0" -o %T/%r 2>/dev/null || true)
  case "$state" in
    PENDING/BeginTime) scontrol update jobid="${study_job}_0" StartTime=now && released=yes ;;
    RUNNING/*|"") [ $released = yes ] && break ;;
  esac
  sleep 0.2
done

wait_for_report "$m"
wait_for_report "$work/analyze"
[ "$(head -n 1 "$m/shard-0.jsonl")" = "$kept" ] || fail "task 0's first game was lost or rewritten"

# The unsharded runs, here, and the comparison: same games, seeds, seats and results.
"$tabula" "${match[@]}" --out "$work/whole-match.jsonl" --games-csv "$work/whole-games.csv" --json > "$work/whole-match.json"
same_games "$work/whole-match.jsonl" "$m"/shard-*.jsonl
same_report "$work/whole-match.json" "$m/report.json"
cmp -s "$work/whole-games.csv" "$m/games.csv" || fail "the merge job's games.csv is not the unsharded run's"
grep -q "^Lines of Action: 90 games, 2 seats" "$m/report.txt" || fail "report.txt is not the 90-game report"
grep -q "CANCELLED .* DUE TO JOB REQUEUE" "$m/logs/shard-0.log" \
  && grep -q "^Lines of Action: 30 games" "$m/logs/shard-0.log" \
  || fail "task 0 was not killed by the requeue and then finished" "$m/logs/shard-0.log"
"$tabula" "${analyze[@]}" --out "$work/whole-analyze.jsonl" --json > "$work/whole-analyze.json"
same_games "$work/whole-analyze.jsonl" "$work"/analyze/shard-*.jsonl
same_report "$work/whole-analyze.json" "$work/analyze/report.json"
grep -q "shard-1.jsonl:3: removed a cut-off last line" "$work/analyze/logs/shard-1.log" \
  || fail "task 1 did not say it removed the cut-off line" "$work/analyze/logs/shard-1.log"
[ "$(head -n 2 "$work/analyze/shard-1.jsonl")" = "$(head -n 2 "$work/killed.jsonl")" ] \
  || fail "task 1 lost or rewrote the games it found"

# A solve in 2 tasks with too small a budget (moves left unknown), then the first unknown
# move's subtree split again in 2 tasks into the same folder: its merge combines it in.
c4=(solve tests/solve/connect-four-4x4.rules --memory 16M)
tools/slurm/submit --tabula "$tabula" --tasks 2 --dir "$work/solve" -- "${c4[@]}" --nodes 300 \
  || fail "submit refused the solve" "${logs[@]}"
wait_for_report "$work/solve"
unknown=$(python3 -c 'import json,sys; print(next(m["move"] for m in json.load(open(sys.argv[1]))["moves"] if "bounds" in m))' \
  "$work/solve/report.json") || fail "the solve's shards proved every move: the subtree has nothing to do" "$work/solve/report.json"
rm "$work/solve/report.json" "$work/solve/report.txt"
tools/slurm/submit --tabula "$tabula" --tasks 2 --dir "$work/solve" -- "${c4[@]}" --moves "$unknown" \
  || fail "submit refused the subtree's solve" "${logs[@]}"
wait_for_report "$work/solve"
"$tabula" "${c4[@]}" --json > "$work/whole-solve.json"
python3 - "$work/whole-solve.json" "$work/solve/report.json" "$unknown" <<'PY' || fail "the subtree's value is not the unsharded solve's" "$work/solve/report.json"
import json, sys
whole, merged, move = (json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3])
value = lambda report: next(m for m in report["moves"] if m["move"] == move)
assert "bounds" not in value(merged), value(merged)
assert value(merged)["value"] == value(whole)["value"], (value(merged), value(whole))
PY
ls "$work"/solve/solve-*-shard-*.json | wc -l | grep -qx 4 || fail "the solve folder does not hold 4 shards" "$work/solve"

# A study with a failing task: the dependent merge never runs (afterok), and the script
# says so instead of waiting.
mkdir -p "$work/broken"
echo "not a results file" > "$work/broken/shard-1.jsonl"
tools/slurm/submit --tabula "$tabula" --tasks 2 --dir "$work/broken" -- "${match[@]}" >/dev/null
broken_merge=$(cut -d' ' -f2 "$work/broken/jobs")
while [ -n "$(timeout 5 squeue -h -j "$broken_merge" -o %i 2>/dev/null || true)" ]; do
  [ $SECONDS -lt $deadline ] || fail "the merge job of a failed study was neither run nor cancelled" "${logs[@]}"
  sleep 0.5
done
[ ! -e "$work/broken/report.json" ] || fail "a study with a failed task got a report"
grep -q "is not a results file" "$work/broken/logs/shard-1.log" || fail "task 1's log does not say why it failed" \
  "$work/broken/logs/shard-1.log"

echo "ok: Slurm job arrays (a match with a requeued task, an analysis resuming a killed task's file, a solve and a subtree of it) merged into the unsharded results, in $SECONDS s"

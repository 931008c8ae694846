#!/usr/bin/env bash
# tools/slurm/submit on a machine with Slurm's commands but no cluster (slurm-wlm installed,
# no controller): one clear message that names tools/slurm/local-cluster, exit 1, nothing
# submitted and no raw Slurm error flood. Fake sinfo and sbatch on PATH stand for Slurm's
# commands without a controller (what Debian's print then), so no daemon is needed.
#   tests/scaleout/slurm_no_cluster.sh TABULA_BINARY
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/scaleout/common.sh
tabula=$(realpath "${1:?usage: slurm_no_cluster.sh TABULA_BINARY}")

work=$(mktemp -d /tmp/tabula-no-cluster-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
cat > "$work/bin/sinfo" <<'FAKE'
#!/bin/sh
echo "slurm_load_partitions: Unable to contact slurm controller (connect failure)" >&2
exit 1
FAKE
cat > "$work/bin/sbatch" <<FAKE
#!/bin/sh
touch "$work/sbatch-was-called"
echo "sbatch: error: Batch job submission failed: Unable to contact slurm controller (connect failure)" >&2
exit 1
FAKE
chmod +x "$work/bin/sinfo" "$work/bin/sbatch"

status=0
PATH="$work/bin:$PATH" tools/slurm/submit --tasks 2 --dir "$work/study" --tabula "$tabula" -- \
  match rules/loa.rules --players random,random --games 4 >"$work/out" 2>"$work/err" || status=$?
[ "$status" = 1 ] || fail "submit exited $status, not 1" "$work/out" "$work/err"
grep -q "no Slurm cluster answers here (sinfo: slurm_load_partitions: Unable to contact slurm controller" "$work/err" \
  || fail "the message does not say that no cluster answers, quoting sinfo" "$work/err"
grep -q "tools/slurm/local-cluster start DIR" "$work/err" || fail "the message does not name local-cluster" "$work/err"
grep -q "nothing was submitted" "$work/err" || fail "the message does not say that nothing was submitted" "$work/err"
[ "$(wc -l <"$work/err")" -le 3 ] || fail "more than one message" "$work/err"
[ ! -e "$work/sbatch-was-called" ] || fail "sbatch was called without a cluster" "$work/err"
[ ! -s "$work/out" ] || fail "submit printed on standard output" "$work/out"
echo "ok: without a cluster, submit says so in one message naming tools/slurm/local-cluster"

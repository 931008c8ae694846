#!/usr/bin/env bash
# tools/slurm/submit on a machine with Slurm's commands but no cluster (slurm-wlm installed,
# no controller): one clear message that names tools/slurm/local-cluster, exit 1, nothing
# submitted and no raw Slurm error flood. Fake sinfo, scontrol and sbatch on PATH stand for
# Slurm's commands without a controller (what Debian's print then), so no daemon is needed.
#   tests/scaleout/slurm_no_cluster.sh TABULA_BINARY
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/scaleout/common.sh
tabula=$(realpath "${1:?usage: slurm_no_cluster.sh TABULA_BINARY}")

work=$(mktemp -d /tmp/tabula-no-cluster-XXXXXX)
trap 'rm -rf "$work"' EXIT

# no_cluster CASE QUOTED: Slurm's commands print CASE's lines on standard error and fail;
# submit must stop with one message quoting QUOTED (the line that says why), calling no sbatch.
no_cluster() {
  local bin=$work/$1-bin out=$work/$1.out err=$work/$1.err status=0
  mkdir "$bin"
  for command in sinfo scontrol sbatch; do
    printf '#!/bin/sh\ntouch "%s/%s-was-called"\ncat "%s/lines" >&2\nexit 1\n' "$work" "$command" "$bin" >"$bin/$command"
    chmod +x "$bin/$command"
  done
  cat >"$bin/lines"
  rm -f "$work"/*-was-called
  PATH="$bin:$PATH" tools/slurm/submit --tasks 2 --dir "$work/$1-study" --tabula "$tabula" -- \
    match rules/loa.rules --players random,random --games 4 >"$out" 2>"$err" || status=$?
  [ "$status" = 1 ] || fail "$1: submit exited $status, not 1" "$out" "$err"
  grep -qF "no Slurm cluster answers here (sinfo: $2); nothing was submitted" "$err" \
    || fail "$1: the message does not say that no cluster answers, quoting '$2'" "$err"
  grep -qF "tools/slurm/local-cluster start DIR" "$err" || fail "$1: the message does not name local-cluster" "$err"
  grep -qF "docs/SCALING.md" "$err" || fail "$1: the message does not name docs/SCALING.md" "$err"
  [ "$(wc -l <"$err")" -le 2 ] || fail "$1: more than the one message" "$err"
  [ ! -e "$work/sbatch-was-called" ] || fail "$1: sbatch was called without a cluster" "$err"
  [ ! -s "$out" ] || fail "$1: submit printed on standard output" "$out"
}

# A slurm.conf naming a controller that is not running.
no_cluster controller-down "slurm_load_partitions: Unable to contact slurm controller (connect failure)" <<'SLURM'
slurm_load_partitions: Unable to contact slurm controller (connect failure)
SLURM
# No slurm.conf at all (Debian's slurm-wlm as installed): sinfo gives up on its last line.
no_cluster no-configuration "fatal: Could not establish a configuration source" <<'SLURM'
sinfo: error: resolve_ctls_from_dns_srv: res_nsearch error: Unknown host
sinfo: error: fetch_config: DNS SRV lookup failed
sinfo: error: _establish_config_source: failed to fetch config
sinfo: fatal: Could not establish a configuration source
SLURM
echo "ok: without a cluster, submit says so in one message naming tools/slurm/local-cluster"

# Options out of tabula's range are refused before anything is asked of Slurm (issue 58, S05).
status=0
tools/slurm/submit --tasks 2 --threads 999 --dir "$work/threads" --dry-run -- \
  match rules/loa.rules --players random,random --games 4 >"$work/threads.out" 2>&1 || status=$?
[ "$status" = 1 ] || fail "--threads 999: submit exited $status, not 1" "$work/threads.out"
grep -qF "submit: --threads: '999' is out of range: expected a whole number from 1 to 256, as tabula takes" \
  "$work/threads.out" || fail "--threads 999: not refused naming the range" "$work/threads.out"
[ ! -e "$work/threads" ] || fail "--threads 999: the study folder was made" "$work/threads.out"
echo "ok: --threads beyond tabula's 256 is refused"


# Shared by the scale-out tests (sourced): temporary folders, failure with logs, and the
# comparison of a sharded study with the unsharded run.

# fail MESSAGE [LOG...]: print the message and the logs' tails, exit 1 (the trap cleans up).
fail() {
  echo "FAIL: $1" >&2
  shift
  for log in "$@"; do
    [ -f "$log" ] && { echo "--- $log (last 40 lines)" >&2; tail -n 40 "$log" >&2; }
  done
  exit 1
}

# The parts of a report or results lines that must not change with sharding: thinking
# times removed, and merge's "verified" (whether it replayed the games; a match has none).
without_timing() {
  sed -E 's/"seconds(_per_move)?":(\[[^]]*\]|[0-9.eE+-]+)/"seconds":T/g; s/,"verified":(true|false)//' "$@"
}

# A results file's games as sorted lines without what a run decides (times, shard, plan):
# the game index, seed, seats, result and moves remain.
games_of() {
  cat "$@" | sed -E 's/"seconds":\[[^]]*\]/"seconds":T/; s/"shard":\[[0-9]+,[0-9]+\]/"shard":S/' | sort
}

# same_games WHOLE_FILE SHARD_FILE...: the shards hold exactly the unsharded run's games.
same_games() {
  local whole=$1
  shift
  local a b
  a=$(games_of "$whole")
  b=$(games_of "$@")
  [ -n "$a" ] || fail "no games in $whole"
  if [ "$a" != "$b" ]; then
    diff <(echo "$a") <(echo "$b") | head -n 20 >&2
    fail "the shards' games differ from the unsharded run's ($whole against $*)"
  fi
}

# same_report EXPECTED ACTUAL (files): equal reports, times aside.
same_report() {
  if [ "$(without_timing "$1")" != "$(without_timing "$2")" ]; then
    diff <(without_timing "$1") <(without_timing "$2") | head -n 20 >&2
    fail "the merged report $2 differs from the unsharded run's $1"
  fi
}

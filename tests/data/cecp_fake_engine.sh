#!/bin/sh
# A CECP (xboard) engine that goes wrong in the way its argument names, for the forfeits of
# the cecp: players (tests/cecp_tests.cpp): it lists its features (usermove, ping), answers
# each ping, and at its first `go`:
#   illegal  plays `move a1a1`, which no rules allow
#   resign   resigns
#   claim    claims a result instead of moving
#   die      exits with status 3
# and with `refuse` it answers every move it is told with `Illegal move: MOVE`. With `v1` it is
# an engine of the protocol's first version (no features, moves told bare), which writes lines
# a GUI ignores before each move and always plays e2e4: legal as White's first move only.
mode="$1"
if [ "$mode" != v1 ]; then
  printf 'feature myname="fake" usermove=1 ping=1 setboard=1 done=0\n'
  printf 'feature sigint=0 san=1 done=1\n'
fi
while read -r command rest; do
  case "$command" in
    ping) printf 'pong %s\n' "$rest" ;;
    usermove) [ "$mode" = refuse ] && printf 'Illegal move: %s\n' "$rest" ;;
    go)
      case "$mode" in
        illegal) printf 'move a1a1\n' ;;
        resign) printf 'resign\n' ;;
        claim) printf '1-0 {White mates}\n' ;;
        die) exit 3 ;;
        v1) printf 'telluser thinking\n# a comment\nsome words a GUI does not know\nmove e2e4\n' ;;
      esac ;;
    quit) exit 0 ;;
  esac
done

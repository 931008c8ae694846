#!/bin/sh
# A CECP (xboard) engine that goes wrong in the way its argument names, for the forfeits of
# the cecp: players (tests/cecp_tests.cpp): it lists its features (usermove, ping), answers
# each ping, and at its first `go`:
#   illegal  plays `move a1a1`, which no rules allow
#   resign   resigns
#   claim    claims a result instead of moving
#   die      exits with status 3
# and with `refuse` it answers every move it is told with `Illegal move: MOVE`.
mode="$1"
printf 'feature myname="fake" usermove=1 ping=1 setboard=1 done=0\n'
printf 'feature sigint=0 san=1 done=1\n'
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
      esac ;;
    quit) exit 0 ;;
  esac
done

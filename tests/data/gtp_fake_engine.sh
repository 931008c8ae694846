#!/bin/sh
# A GTP engine that says yes to every command and answers every genmove with its argument:
# `gtp_fake_engine.sh A1` plays an illegal move at its second genmove (the point is taken),
# which must forfeit its game; `gtp_fake_engine.sh pass` always passes. Each time it starts
# it adds a line to the file $ENGINE_STARTS, when set, so a test can count its starts.
[ -n "$ENGINE_STARTS" ] && echo started >> "$ENGINE_STARTS"
while read -r line; do
  case "$line" in
    genmove*) printf '= %s\n\n' "$1" ;;
    quit*) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done

#!/bin/sh
# A GTP engine that says yes to every command and answers every genmove with A1: its second
# genmove is an illegal move (the point is taken), which must forfeit its game.
while read -r line; do
  case "$line" in
    genmove*) printf '= A1\n\n' ;;
    quit*) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done

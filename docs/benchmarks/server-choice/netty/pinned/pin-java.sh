#!/usr/bin/env bash
# java for drive.sh: the load generator (a loadtest jar on the command line) on CPU 1, a server on CPU 0
for arg in "$@"; do
  case "$arg" in *loadtest*.jar | *lt.jar) exec taskset -c 1 "$DUGOUT_PIN_JAVA" "$@" ;; esac
done
exec taskset -c 0 "$DUGOUT_PIN_JAVA" "$@"

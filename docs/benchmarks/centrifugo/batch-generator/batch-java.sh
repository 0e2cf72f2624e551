#!/usr/bin/env bash
# java for drive.sh: the load generator (a loadtest jar on the command line) under SCHED_BATCH,
# which the kernel disfavours at wake-up (sched(7)), so that a woken generator thread waits for a
# core instead of taking one from a running server thread; a server as it is
for arg in "$@"; do
  case "$arg" in *loadtest*.jar | *lt.jar) exec chrt --batch 0 "$DUGOUT_BATCH_JAVA" "$@" ;; esac
done
exec "$DUGOUT_BATCH_JAVA" "$@"

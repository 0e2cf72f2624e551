#!/usr/bin/env bash
# java for drive.sh: the load generator (a loadtest jar on the command line) under SCHED_BATCH,
# which the kernel never lets preempt a running thread when it wakes; a server as it is
for arg in "$@"; do
  case "$arg" in *loadtest*.jar | *lt.jar) exec chrt --batch 0 "$DUGOUT_BATCH_JAVA" "$@" ;; esac
done
exec "$DUGOUT_BATCH_JAVA" "$@"

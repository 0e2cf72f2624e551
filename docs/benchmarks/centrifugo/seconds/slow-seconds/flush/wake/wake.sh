#!/usr/bin/env bash
# Two wake probes (wake.py, one per core) with nothing else running, then while dd writes 400 MB
# to a new file under SCHED_IDLE, then while it writes them over that file; three rounds.
#   bash wake.sh
f=${TMPDIR:-/tmp}/wake-ddfile
phase() {
  local name=$1; shift
  python3 "$(dirname "$0")/wake.py" 6 > "$f.w1" & python3 "$(dirname "$0")/wake.py" 6 > "$f.w2" &
  sleep 0.5; [ $# -gt 0 ] && "$@" 2>/dev/null
  wait
  echo "$name: $(cat "$f.w1") | $(cat "$f.w2")"
}
for r in 1 2 3; do
  rm -f $f; sync; echo 1 > /proc/sys/vm/drop_caches 2>/dev/null
  phase quiet
  phase new-file chrt -i 0 dd if=/dev/zero of=$f bs=1M count=400 status=none
  phase overwrite chrt -i 0 dd if=/dev/zero of=$f bs=1M count=400 conv=notrunc status=none
done
rm -f "$f" "$f.w1" "$f.w2"

#!/usr/bin/env bash
# What RocksDB holds per SEND: for each server jar, a fresh server, one chat run at 2,000 sends/s
# for 20 s (1000 users in 100 rooms; too little for any memtable to flush), then the write-ahead
# log's bytes and the memtables' bytes (dugout_rocksdb_memtable_bytes) divided by the messages
# stored. Usage:
#   bytes.sh LOADTEST_JAR OUT_DIR LABEL=SERVER_JAR...
# JAVA as in ../../../../../fresh-server.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../../../fresh-server.sh
. "$here/../../../../../fresh-server.sh"
loadtest=$1 out=$2
shift 2
mkdir -p "$out"

for variant in "$@"; do
  label=${variant%%=*} jar=${variant#*=}
  start_server "$jar" 18598 "$out/$label-server.log"
  "${JAVA:-java}" -jar "$loadtest" chat --users 1000 --rooms 100 --rate 2000 --duration 20s \
    --ramp-up 5s --url http://localhost:18598 --out "$out/$label" \
    >"$out/$label.txt" 2>&1
  wal=$(cat "$server_data"/rocksdb/*.log | wc -c)
  memtables=$(server_metrics 18598 | awk '/^dugout_rocksdb_memtable_bytes/ {print $2}')
  stop_server
  python3 - "$label" "$out/$label/result.json" "$wal" "$memtables" <<'PY' | tee -a "$out/bytes.txt"
import json, sys
label, result, wal, memtables = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
stored = json.load(open(result))['counts']['sent']
print(f"{label:10} messages {stored:7d}  WAL {wal / stored:6.0f} B/message  "
      f"memtables {memtables / stored:6.0f} B/message")
PY
done

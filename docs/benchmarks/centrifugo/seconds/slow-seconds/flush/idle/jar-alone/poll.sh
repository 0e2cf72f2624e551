#!/usr/bin/env bash
# poll.sh PORT OUT SECONDS: epoch ms and the attempt counters, 4 times a second
port=$1 out=$2 secs=$3
token=$(python3 - <<'PY'
import base64, hashlib, hmac, json, time
b = lambda d: base64.urlsafe_b64encode(d).rstrip(b'=')
h = b(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
p = b(json.dumps({"sub": "bench", "scope": "dugout:service", "exp": int(time.time()) + 3600}).encode())
s = b(hmac.new(b"bench-secret-bench-secret-bench-secret-0123", h + b"." + p, hashlib.sha256).digest())
print((h + b"." + p + b"." + s).decode())
PY
)
end=$(( $(date +%s) + secs ))
while [ "$(date +%s)" -lt "$end" ]; do
  printf '%s ' "$(date +%s%3N)" >> "$out"
  curl -s -H "Authorization: Bearer $token" "localhost:$port/actuator/prometheus" | grep -E '^dugout_realtime_netty_attempts_total|^dugout_rocksdb_write_stall|^dugout_rocksdb_memtable' | tr '\n' ' ' >> "$out"
  echo >> "$out"
  sleep 0.25
done

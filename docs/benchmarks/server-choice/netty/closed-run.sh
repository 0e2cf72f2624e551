# Sourced by ab.sh and listener.sh after ../../fresh-server.sh, with jar, loadtest, out and here
# set: one closed-loop run of 1000 users in 100 rooms on a fresh server.
#   closed_run LABEL JAVA [LOAD_TESTER_OPTIONS...]
# runs the load tester with JAVA: an unmeasured 20 s run, then 30 s measured after a 5 s
# --warm-up, and appends the run's line to OUT_DIR/runs.txt (closed-line.py, with the server's
# CPU over the measured run).
closed_run() {
  local label=$1 lt=$2 before after
  shift 2
  start_server "$jar" 18597 "$out/$label.server.log"
  "$lt" -jar "$loadtest" chat --users 1000 --rooms 100 --closed-loop --duration 20s \
    --ramp-up 10s --url http://localhost:18597 --out "$out/$label-warm" "$@" \
    >"$out/$label-warm.txt" 2>&1 || true
  before=$(awk '{print $14 + $15}' "/proc/$server_pid/stat")
  "$lt" -jar "$loadtest" chat --users 1000 --rooms 100 --closed-loop --duration 30s \
    --ramp-up 10s --warm-up 5s --url http://localhost:18597 --out "$out/$label" "$@" \
    >"$out/$label.txt" 2>&1 || true
  after=$(awk '{print $14 + $15}' "/proc/$server_pid/stat")
  stop_server
  python3 "$here/closed-line.py" "$out/$label/result.json" "$label" "$before" "$after" \
    "$(getconf CLK_TCK)" | tee -a "$out/runs.txt"
}

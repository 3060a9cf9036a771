#!/usr/bin/env bash
# Fan-out benchmark: souk's realtime channels against a plain socket.io
# 4.8.4 server doing the same, one after the other on this machine, both
# driven by the same load generator.
#
#   benchmarks/realtime/run.sh [clients...]      (default: 1000 5000)
#
# Environment: PACED_DELIVERIES (deliveries per second in the paced phase,
# default 10000), PACED (messages, default 100), BURST (messages, default
# 200). Results are printed and kept in benchmarks/realtime/results/.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
counts=("${@:-1000}")
[ $# -eq 0 ] && counts=(1000 5000)
paced_deliveries=${PACED_DELIVERIES:-10000}
paced=${PACED:-100}
burst=${BURST:-200}

# Every client is a socket on both sides; leave room for both.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
need=$(( ${counts[-1]} * 2 + 1000 ))
if [ "$(ulimit -n)" -lt "$need" ]; then
  echo "ulimit -n is $(ulimit -n); $need file descriptors are needed" >&2
  exit 1
fi

bin=$(mktemp -d)
trap 'rm -rf "$bin"; [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true' EXIT
go build -o "$bin/goserver" ./benchmarks/realtime/goserver
go build -o "$bin/loadgen" ./benchmarks/realtime/loadgen
out=benchmarks/realtime/results
mkdir -p "$out"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
results="$out/$stamp.jsonl"

. benchmarks/realtime/ports.sh # the cd above put us at the repository root

measure() { # label port clients
  local rate
  rate=$(awk "BEGIN { printf \"%.3f\", $paced_deliveries / $3 }")
  "$bin/loadgen" -url "http://127.0.0.1:$2" -label "$1" -clients "$3" -paced "$paced" -rate "$rate" -burst "$burst" | tee -a "$results"
}

for n in "${counts[@]}"; do
  port=$(free_port 7990)
  "$bin/goserver" -addr "127.0.0.1:$port" -users $((n + 1)) & server=$!
  wait_port "$port"
  measure souk "$port" "$n"
  kill "$server"; wait "$server" 2>/dev/null || true; server=

  port=$(free_port 7991)
  node benchmarks/realtime/reference-server.mjs "$port" & server=$!
  wait_port "$port"
  measure socket.io-4.8.4 "$port" "$n"
  kill "$server"; wait "$server" 2>/dev/null || true; server=
done

echo
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), node $(node --version), $(go version | cut -d' ' -f3)"
node -e '
const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse);
const by = {};
for (const r of rows) (by[r.clients] ??= {})[r.server] = r;
const f = (x, d = 1) => x.toFixed(d);
console.log("clients  server            paced p50/p99 ms   burst deliveries/s  burst p50/p99 ms");
for (const [n, servers] of Object.entries(by)) {
  for (const r of Object.values(servers))
    console.log(`${String(n).padEnd(8)} ${r.server.padEnd(17)} ${(f(r.paced_p50_ms) + "/" + f(r.paced_p99_ms)).padEnd(18)} ${f(r.burst_deliveries_per_s, 0).padEnd(19)} ${f(r.burst_p50_ms) + "/" + f(r.burst_p99_ms)}`);
  const s = servers["souk"], ref = servers["socket.io-4.8.4"];
  if (s && ref) console.log(`${String(n).padEnd(8)} ratio souk/reference: deliveries/s x${f(s.burst_deliveries_per_s / ref.burst_deliveries_per_s, 2)}, paced p99 x${f(s.paced_p99_ms / ref.paced_p99_ms, 2)}, burst p99 x${f(s.burst_p99_ms / ref.burst_p99_ms, 2)}`);
}
' "$results"
echo "results: $results"

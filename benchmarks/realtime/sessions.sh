#!/usr/bin/env bash
# Session cost: what N connected clients cost the server, over HTTP
# long-polling and over WebSocket, on souk's realtime channels and on a
# plain socket.io 4.8.4 server, one run after the other on this machine,
# all driven by the same client program (sessions/).
#
#   benchmarks/realtime/sessions.sh [clients]      (default: 5000)
#
# Environment: HOLD (idle phase, default 30s: one ping round at the
# default 25s interval), ROUNDS (acknowledged events per client, default
# 5). Results are printed and kept in benchmarks/realtime/results/.
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-5000}
hold=${HOLD:-30s}
rounds=${ROUNDS:-5}

# A polling client holds two connections (its pending GET and its POSTs).
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
need=$(( n * 2 + 1000 ))
if [ "$(ulimit -n)" -lt "$need" ]; then
  echo "ulimit -n is $(ulimit -n); $need file descriptors are needed" >&2
  exit 1
fi

bin=$(mktemp -d)
trap 'rm -rf "$bin"; [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true' EXIT
go build -o "$bin/goserver" ./benchmarks/realtime/goserver
go build -o "$bin/sessions" ./benchmarks/realtime/sessions
out=benchmarks/realtime/results
mkdir -p "$out"
results="$out/sessions-$(date -u +%Y%m%dT%H%M%SZ).jsonl"

. benchmarks/realtime/ports.sh # the cd above put us at the repository root

for transport in polling websocket; do
  port=$(free_port 7990)
  "$bin/goserver" -addr "127.0.0.1:$port" -users $((n + 1)) & server=$!
  wait_port "$port"
  "$bin/sessions" -url "http://127.0.0.1:$port" -pid "$server" -label souk -transport "$transport" \
    -clients "$n" -hold "$hold" -rounds "$rounds" | tee -a "$results"
  kill "$server"; wait "$server" 2>/dev/null || true; server=

  port=$(free_port 7991)
  node benchmarks/realtime/reference-server.mjs "$port" polling,websocket & server=$!
  wait_port "$port"
  "$bin/sessions" -url "http://127.0.0.1:$port" -pid "$server" -label socket.io-4.8.4 -transport "$transport" \
    -clients "$n" -hold "$hold" -rounds "$rounds" | tee -a "$results"
  kill "$server"; wait "$server" 2>/dev/null || true; server=
done

echo
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), node $(node --version), $(go version | cut -d' ' -f3)"
node -e '
const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse);
const key = (r) => r.server + "/" + r.transport;
const by = Object.fromEntries(rows.map((r) => [key(r), r]));
const f = (x, d = 1) => x.toFixed(d);
console.log("server/transport            RSS/client KB  connect CPU ms  idle CPU ms  events CPU ms  events/s");
for (const r of rows)
  console.log(`${key(r).padEnd(27)} ${f(r.rss_per_client_kb).padEnd(14)} ${f(r.connect_cpu_ms, 0).padEnd(15)} ${f(r.hold_cpu_ms, 0).padEnd(12)} ${f(r.events_cpu_ms, 0).padEnd(14)} ${f(r.events_per_s, 0)}`);
const ratio = (a, b, what) => {
  const x = by[a], y = by[b];
  if (!x || !y) return;
  console.log(`${a} vs ${b}: memory x${f(x.rss_per_client_kb / y.rss_per_client_kb, 2)}, connect CPU x${f(x.connect_cpu_ms / y.connect_cpu_ms, 2)}, idle CPU x${f(x.hold_cpu_ms / Math.max(y.hold_cpu_ms, 1), 2)}, events CPU x${f(x.events_cpu_ms / y.events_cpu_ms, 2)}`);
};
ratio("souk/polling", "souk/websocket");
ratio("souk/polling", "socket.io-4.8.4/polling");
ratio("souk/websocket", "socket.io-4.8.4/websocket");
ratio("socket.io-4.8.4/polling", "socket.io-4.8.4/websocket");
' "$results"
echo "results: $results"

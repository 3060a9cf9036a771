#!/usr/bin/env bash
# A/B of server builds under the same livestream load: each binary in turn
# as a fresh process on loopback, rounds interleaved so that a drift in the
# machine's speed hits every build alike. A binary whose path contains
# "livekit" or "lkbin" is started as livekit-server, any other as
# `souk serve`. Prints one line per run: server CPU µs per forwarded packet
# (from /proc over the window), loss, forward delay p50/p99, RSS, and the
# server's user and system CPU over its whole life (clock ticks).
#
# usage: benchmarks/sidebyside/ab.sh N DURATION ROUNDS BINARY...
# env:   BENCH (the `souk` binary that generates the load; built from this
#        checkout when unset)
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 4 ] || { echo "usage: $0 N DURATION ROUNDS BINARY..." >&2; exit 2; }
n=$1 duration=$2 rounds=$3
shift 3
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
bench=${BENCH:-}
if [ -z "$bench" ]; then
	go build -o "$work/bench" ./cmd/souk
	bench="$work/bench"
fi
. benchmarks/sidebyside/lib.sh

for round in $(seq 1 "$rounds"); do
	for bin in "$@"; do
		rm -rf "$work/run" && mkdir -p "$work/run"
		kind=souk
		case "$bin" in *livekit* | *lkbin*) kind=livekit ;; esac
		start_server "$kind" "$bin" "$work/run"
		pid=$server_pid port=$server_port
		wait_ready "$work/run" || true
		"$bench" bench --url "http://127.0.0.1:$port" --api-key "$bench_key" --api-secret "$bench_secret" \
			--scenario livestream --subscribers "$n" --duration "$duration" --server-pid "$pid" \
			--probe-packets 0 --json >"$work/run/report.json" 2>"$work/run/bench.log" ||
			{ echo "$bin: bench failed:" >&2; tail -5 "$work/run/bench.log" >&2; }
		read -r utime stime < <(awk '{print $14, $15}' "/proc/$pid/stat")
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		node -e "
const r = JSON.parse(require('node:fs').readFileSync('$work/run/report.json', 'utf8'));
const t = r.total_received;
console.log(['$(basename "$bin")', 'n=$n', 'us=' + r.server.cpu_us_per_forwarded_packet.toFixed(2), 'loss=' + t.loss_pct.toFixed(2),
  'p50=' + t.forward_delay_p50_ms.toFixed(2), 'p99=' + t.forward_delay_p99_ms.toFixed(1), 'rss=' + r.server.rss_mib.toFixed(0),
  'held=' + r.subscribers_under_1pct_loss, 'user_ticks=$utime', 'sys_ticks=$stime'].join(' '));"
	done
done

#!/usr/bin/env bash
# Side-by-side forwarding sweep: Souk against livekit-server on this machine,
# with the same load from `souk bench --scenario livestream`.
#
# For each subscriber count the two servers run in turn, each as a fresh
# process on loopback, so a drift in the machine's speed hits both alike.
# Both are measured the same way: CPU seconds from /proc/<pid> over the
# window, divided by the packets the subscribers received (Souk's own
# metrics are turned off so that the bench counts for both).
#
# The summary gives two ratios: souk/livekit divides the two servers'
# medians; paired is the median of each round's own ratio, the Souk run
# divided by the livekit-server run right after it, which cancels a drift
# in the machine's speed between rounds. With one round they are equal.
#
# usage: benchmarks/sidebyside/run.sh [N ...]        (default: 50 100 150)
# env:   DURATION (default 20s), ROUNDS (default 1), JOIN_PATH (v0),
#        LIVEKIT_SERVER (path of livekit-server; built with go install when unset)
set -euo pipefail
cd "$(dirname "$0")/../.."

counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(50 100 150)
duration=${DURATION:-20s}
rounds=${ROUNDS:-1}
join_path=${JOIN_PATH:-v0}
lk_version=v1.13.5
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

go build -o "$work/souk" ./cmd/souk
lk=${LIVEKIT_SERVER:-}
if [ -z "$lk" ]; then
	echo "building livekit-server $lk_version (once; it is cached by Go)" >&2
	GOBIN="$work/bin" go install "github.com/livekit/livekit-server/cmd/server@$lk_version"
	lk="$work/bin/server"
fi

. benchmarks/sidebyside/lib.sh

run_one() { # $1: souk|livekit, $2: subscribers; prints one JSON line
	local bin=$work/souk pid
	[ "$1" = livekit ] && bin=$lk
	start_server "$1" "$bin" "$work"
	pid=$server_pid
	wait_ready "$work"
	"$work/souk" bench --url "http://127.0.0.1:$server_port" --api-key "$bench_key" --api-secret "$bench_secret" \
		--scenario livestream --subscribers "$2" --duration "$duration" --join-path "$join_path" \
		--server-pid "$pid" --probe-packets 20000 --json >"$work/report.json" 2>"$work/bench.log" ||
		{ echo "bench against $1 failed:" >&2; tail -5 "$work/bench.log" >&2; }
	kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	node -e "
const r = JSON.parse(require('node:fs').readFileSync('$work/report.json', 'utf8'));
console.log(JSON.stringify({ server: '$1', n: $2, us: r.server.cpu_us_per_forwarded_packet, rss: r.server.rss_mib,
  loss: r.total_received.loss_pct, held: r.subscribers_under_1pct_loss, floor: r.probe ? r.probe.floor_us : null,
  ratioFloor: r.server.ratio_to_probe_floor }));"
}

results="$work/results.jsonl"
for round in $(seq 1 "$rounds"); do
	for n in "${counts[@]}"; do
		for server in souk livekit; do
			echo "round $round: $server, $n subscribers, $duration" >&2
			run_one "$server" "$n" | tee -a "$results" >&2
		done
	done
done

node -e "
const rows = require('node:fs').readFileSync('$results', 'utf8').trim().split('\n').map(JSON.parse);
const med = (a) => { const s = [...a].sort((x, y) => x - y); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
console.log('subscribers  souk µs/pkt  livekit µs/pkt  souk/livekit  paired  souk RSS MiB  livekit RSS MiB  souk loss %  livekit loss %  souk/floor');
for (const n of [...new Set(rows.map((r) => r.n))]) {
  const s = rows.filter((r) => r.n === n && r.server === 'souk'), l = rows.filter((r) => r.n === n && r.server === 'livekit');
  const su = med(s.map((r) => r.us)), lu = med(l.map((r) => r.us));
  const paired = med(s.map((r, i) => (l[i] ? r.us / l[i].us : NaN)).filter((x) => !Number.isNaN(x)));
  console.log([String(n).padStart(11), su.toFixed(1).padStart(12), lu.toFixed(1).padStart(15), (su / lu).toFixed(2).padStart(13), paired.toFixed(2).padStart(7),
    med(s.map((r) => r.rss)).toFixed(0).padStart(13), med(l.map((r) => r.rss)).toFixed(0).padStart(16),
    med(s.map((r) => r.loss)).toFixed(2).padStart(12), med(l.map((r) => r.loss)).toFixed(2).padStart(15),
    med(s.map((r) => r.ratioFloor)).toFixed(1).padStart(11)].join(' '));
}"

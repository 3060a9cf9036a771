# Shared by run.sh and ab.sh (sourced): the key pair both servers get,
# free loopback ports, and starting one server as a fresh process.

bench_key=bench
bench_secret=bench-secret-bench-secret-bench-secret-42

free_port() { # $1: tcp or udp
	node -e "
const net = require('node:net'), dgram = require('node:dgram');
if ('$1' === 'udp') { const s = dgram.createSocket('udp4'); s.bind(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); }); }
else { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); }); }"
}

# start_server KIND BINARY DIR starts `souk serve` (KIND souk) or
# livekit-server (KIND livekit) on loopback in the background, with its
# data, config and server.log in DIR, and sets server_pid and server_port.
start_server() {
	local kind=$1 bin=$2 dir=$3 udp
	server_port=$(free_port tcp)
	udp=$(free_port udp)
	case "$kind" in
	livekit)
		cat >"$dir/livekit.yaml" <<-YAML
			port: $server_port
			bind_addresses: ["127.0.0.1"]
			rtc:
			  udp_port: $udp
			  tcp_port: $(free_port tcp)
			  use_external_ip: false
			  node_ip: 127.0.0.1
			keys:
			  $bench_key: $bench_secret
			logging:
			  level: warn
		YAML
		"$bin" --config "$dir/livekit.yaml" >"$dir/server.log" 2>&1 &
		;;
	souk)
		mkdir -p "$dir/data"
		SOUK_SERVER_ADDR="127.0.0.1:$server_port" SOUK_DATA_DIR="$dir/data" SOUK_LOG_LEVEL=warn \
			SOUK_MEDIA_KEYS="$bench_key:$bench_secret" SOUK_MEDIA_UDP_PORT="$udp" SOUK_MEDIA_TCP_PORT=0 \
			SOUK_MEDIA_TURN_ENABLED=false SOUK_METRICS_ENABLED=false \
			"$bin" serve >"$dir/server.log" 2>&1 &
		;;
	*)
		echo "start_server: unknown kind $kind" >&2
		return 1
		;;
	esac
	server_pid=$!
}

# wait_ready waits for the server started last to answer HTTP; it fails,
# printing the server's log, if the process exits first.
wait_ready() { # $1: DIR given to start_server
	for _ in $(seq 1 300); do
		kill -0 "$server_pid" 2>/dev/null || { echo "server exited early; its log:" >&2; cat "$1/server.log" >&2; return 1; }
		curl -fsS -o /dev/null "http://127.0.0.1:$server_port/" 2>/dev/null && return 0
		sleep 0.1
	done
	echo "server on port $server_port did not answer" >&2
	return 1
}

#!/usr/bin/env bash
# Builds the image, starts docker-compose.yml (two Souk nodes, PostgreSQL,
# Redis, Caddy) under a project name of its own, and checks that:
#   - both Souk nodes become healthy (the image's `souk healthcheck`) and
#     run as the unprivileged user;
#   - Caddy, which waits for them, answers /healthz;
#   - /metrics through Caddy refuses a scrape without the token and serves
#     one with it, with the security headers.
# Everything it started is removed at the end, volumes included.
#
# It publishes the compose file's ports on this host (80, 443, 3478-3479,
# 5349, 5359, 7881-7892), so they must be free. DOCKER_TEST_TIMEOUT bounds
# the wait for health (seconds, default 900: the first build is long).
set -euo pipefail
cd "$(dirname "$0")/.."

project="souk-docker-test-$$"
if docker compose version >/dev/null 2>&1; then
	compose=(docker compose -p "$project")
elif command -v docker-compose >/dev/null; then
	compose=(docker-compose -p "$project")
else
	echo "docker-test: neither 'docker compose' nor docker-compose is installed" >&2
	exit 1
fi

export SOUK_PUBLIC_IP="${SOUK_PUBLIC_IP:-127.0.0.1}"
export SOUK_SMTP_HOST="${SOUK_SMTP_HOST:-127.0.0.1}"
export SOUK_METRICS_TOKEN="docker-test-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"

ok=0
finish() {
	if [ "$ok" != 1 ]; then
		echo "docker-test: FAILED; the services' logs:" >&2
		"${compose[@]}" logs --no-color --tail=80 >&2 || true
	fi
	"${compose[@]}" down --volumes --remove-orphans >/dev/null 2>&1 || true
}
trap finish EXIT

"${compose[@]}" up --detach --build

deadline=$((SECONDS + ${DOCKER_TEST_TIMEOUT:-900}))
for svc in souk1 souk2; do
	id="$("${compose[@]}" ps -q "$svc")"
	while :; do
		status="$(docker inspect -f '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}' "$id")"
		case "$status" in
		"running healthy") break ;;
		*unhealthy | exited* | dead*)
			echo "docker-test: $svc is $status" >&2
			exit 1
			;;
		esac
		if [ "$SECONDS" -ge "$deadline" ]; then
			echo "docker-test: $svc still '$status' after the deadline" >&2
			exit 1
		fi
		sleep 2
	done
	uid="$(docker exec "$id" id -u)"
	if [ "$uid" != 10001 ]; then
		echo "docker-test: $svc runs as '$uid', want 10001" >&2
		exit 1
	fi
	echo "docker-test: $svc healthy, user $uid"
done

# Caddy starts once both nodes are healthy.
until curl -fsS http://127.0.0.1/healthz >/dev/null 2>&1; do
	if [ "$SECONDS" -ge "$deadline" ]; then
		echo "docker-test: Caddy does not answer /healthz on port 80" >&2
		exit 1
	fi
	sleep 2
done
echo "docker-test: Caddy answers /healthz"

code="$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1/metrics)"
if [ "$code" != 401 ]; then
	echo "docker-test: /metrics without the token answered $code, want 401" >&2
	exit 1
fi
headers="$(curl -fsS -D - -o /dev/null -H "Authorization: Bearer $SOUK_METRICS_TOKEN" http://127.0.0.1/metrics)"
for h in X-Content-Type-Options X-Frame-Options Content-Security-Policy Strict-Transport-Security; do
	if ! grep -qi "^$h:" <<<"$headers"; then
		echo "docker-test: /metrics lacks $h" >&2
		exit 1
	fi
done
echo "docker-test: /metrics needs its token and carries the security headers"
ok=1
echo "docker-test: PASS"

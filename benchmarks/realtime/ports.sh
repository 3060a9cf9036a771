# Port helpers sourced by run.sh and sessions.sh.

# free_port prints the first port from $1 on that nothing listens on:
# other programs on a shared machine may hold the usual ones.
free_port() {
  for p in $(seq "$1" $(( $1 + 500 ))); do
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return 0; }
  done
  echo "no free port from $1" >&2
  return 1
}

# wait_port waits up to 10 s for a server to listen on port $1.
wait_port() {
  for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "server on port $1 did not start" >&2
  return 1
}

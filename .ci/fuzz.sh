#!/usr/bin/env bash
# Runs every Go fuzz target in the module for FUZZTIME (default 10s).
# `go test -fuzz` accepts one target per invocation, so they are found
# by name and run one after the other.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-10s}"
found=0
while IFS=: read -r file name; do
	dir="./$(dirname "$file")"
	echo "fuzz $dir $name ($fuzztime)"
	go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" "$dir"
	found=$((found + 1))
done < <(grep -rHoE --include='*_test.go' '^func (Fuzz[A-Za-z0-9_]+)' --exclude-dir=node_modules . | sed -E 's#^\./##; s/func //' | sort -u)
echo "ran $found fuzz targets"

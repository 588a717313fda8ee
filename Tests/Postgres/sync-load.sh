#!/usr/bin/env bash
# The household server under load (issue 30): LEDGERS ledgers x DEVICES devices syncing at once for SECONDS against
# one `kakeibo server run` on 127.0.0.1, driven by the sync-load executable (Tests/Postgres/SyncLoad); it prints
# throughput, push latency percentiles (HdrHistogram), errors and lost events, and fails on any error or loss.
# Run inside with-postgres.sh:
#   bash Tests/Postgres/with-postgres.sh bash Tests/Postgres/sync-load.sh .build/release/kakeibo .build/release/sync-load 60 20 3
# `make sync-load` does that (release, 60 s); `make test` runs a 5-second debug variant.
set -euo pipefail
kakeibo="$(realpath "$1")"; driver="$(realpath "$2")"; seconds="${3:-60}"; ledgers="${4:-20}"; devices="${5:-3}"
pg="${KAKEIBO_TEST_POSTGRES:?run inside Tests/Postgres/with-postgres.sh}"
dir="$(mktemp -d "${TMPDIR:-/tmp}/kakeibo-load.XXXXXX")"
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"' EXIT

"$kakeibo" server init --postgres "$pg" --ledger warmup >/dev/null
"$kakeibo" server run --postgres "$pg" --listen 127.0.0.1:0 >"$dir/server.out" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "listening on" "$dir/server.out" && break; sleep 0.1; done
base="http://$(sed -n 's/^listening on //p' "$dir/server.out")"
[ "$base" != "http://" ] || { cat "$dir/server.out"; exit 1; }
echo "sync-load: $ledgers ledgers x $devices devices for $seconds s against $base ($("$kakeibo" --version)), $(nproc) cores"
status=0
"$driver" "$pg" "$base" "$seconds" "$ledgers" "$devices" || status=$?
echo "server peak RSS: $(awk '/VmHWM/ {print $2, $3}' "/proc/$server/status")"
exit $status

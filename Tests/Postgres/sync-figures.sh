#!/usr/bin/env bash
# Figures for the household server (issue 19): push and pull throughput, sync time on a large
# ledger, server memory. Run inside with-postgres.sh, with a built kakeibo:
#   bash Tests/Postgres/with-postgres.sh bash Tests/Postgres/sync-figures.sh .build/release/kakeibo 100000 10000
# EVENTS: the ledger's size before the timed syncs; PUSH: events recorded offline, then pushed and pulled.
# With KAKEIBO_SYNC_TRACE=1 the client's and the server's phase timings (SyncTrace) go to $SYNC_TRACE_LOG (default
# stderr), after each figure and at the end; the machine's load is printed before and after.
# Everything listens on 127.0.0.1 only, and every loop is bounded.
set -euo pipefail
kakeibo="$(realpath "$1")"; events="${2:-10000}"; push="${3:-10000}"
pg="${KAKEIBO_TEST_POSTGRES:?run inside Tests/Postgres/with-postgres.sh}"
dir="$(mktemp -d "${TMPDIR:-/tmp}/kakeibo-figures.XXXXXX")"
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"' EXIT

journal() { # N FIRST: N one-line expenses
    python3 - "$1" "$2" <<'PY'
import random, sys
n, first = int(sys.argv[1]), int(sys.argv[2])
random.seed(first)
for i in range(first, first + n):
    print(f"2026-{1 + i % 12:02d}-{1 + i % 28:02d} shop {i}\n    expenses:food  ${random.randint(1, 9999) / 100:.2f}\n    assets:checking\n")
PY
}
server_cpu() { # the server's CPU time so far (user + system), in clock ticks
    awk '{print $14 + $15}' "/proc/$server/stat"
}
timed() { # LABEL COMMAND…: wall seconds and peak RSS of one command, the client's CPU and the server's CPU meanwhile
    # (on this shared machine wall time moves with the load; CPU seconds compare across runs)
    local label="$1"; shift
    local before; before="$(server_cpu)"
    /usr/bin/time -f "%e %M %U %S" -o "$dir/time" "$@" >"$dir/out" 2>&1 || { cat "$dir/out"; exit 1; }
    [ -z "${KAKEIBO_SYNC_TRACE:-}" ] || { echo "== $label"; grep "^trace" "$dir/out"; } >>"${SYNC_TRACE_LOG:-/dev/stderr}"
    read -r seconds kilobytes user system <"$dir/time"
    printf '%-52s %8.2f s  %7d KiB client peak  CPU client %5.2f s server %5.2f s  (%s)\n' "$label" "$seconds" "$kilobytes" \
        "$(echo "$user + $system" | bc)" "$(echo "scale=2; ($(server_cpu) - $before) / $(getconf CLK_TCK)" | bc)" "$(tail -1 "$dir/out" | cut -c1-40)"
}

ledger="figures$$"
"$kakeibo" server init --postgres "$pg" --ledger "$ledger" >/dev/null
token_a="$("$kakeibo" server token --postgres "$pg" --ledger "$ledger" --member alice --device laptop)"
token_b="$("$kakeibo" server token --postgres "$pg" --ledger "$ledger" --member bob --device phone)"
"$kakeibo" server run --postgres "$pg" --listen 127.0.0.1:0 >"$dir/server.out" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "listening on" "$dir/server.out" && break; sleep 0.1; done
port="$(sed -n 's/listening on 127.0.0.1:\([0-9]*\)/\1/p' "$dir/server.out")"
remote="http://127.0.0.1:$port/ledgers/$ledger"

export KAKEIBO_DB="$dir/a.sqlite"
"$kakeibo" init --currency USD >/dev/null
journal "$events" 0 >"$dir/base.journal"
"$kakeibo" import journal "$dir/base.journal" >/dev/null
base="$("$kakeibo" verify --digest)"
echo "ledger: $base (events:hash), kakeibo $("$kakeibo" --version)"
echo "load before: $(uptime)"
timed "adopt: upload $events events (A)" "$kakeibo" sync --remote "$remote" --token "$token_a"
timed "clone: download $events events (B)" env KAKEIBO_DB="$dir/b.sqlite" "$kakeibo" sync --remote "$remote" --token "$token_b"
journal "$push" "$events" >"$dir/push.journal"
"$kakeibo" import journal "$dir/push.journal" >/dev/null
timed "push: $push events recorded offline on A" "$kakeibo" sync --remote "$remote" --token "$token_a"
timed "pull: the same $push events into B" env KAKEIBO_DB="$dir/b.sqlite" "$kakeibo" sync --remote "$remote" --token "$token_b"
KAKEIBO_DB="$dir/b.sqlite" "$kakeibo" expense 1.00 --from assets:checking --category food >/dev/null 2>&1 \
    || KAKEIBO_DB="$dir/b.sqlite" "$kakeibo" expense 1.00 --from assets:checking --category expenses:food >/dev/null
timed "sync one new event (B, nobody else pushed)" env KAKEIBO_DB="$dir/b.sqlite" "$kakeibo" sync --remote "$remote" --token "$token_b"
"$kakeibo" expense 2.00 --from assets:checking --category food >/dev/null 2>&1 \
    || "$kakeibo" expense 2.00 --from assets:checking --category expenses:food >/dev/null
timed "sync one new event (A, rebased after B's)" "$kakeibo" sync --remote "$remote" --token "$token_a"
timed "sync pulling the one event A pushed (B)" env KAKEIBO_DB="$dir/b.sqlite" "$kakeibo" sync --remote "$remote" --token "$token_b"
# The same rebase as every rebase went before migration 0026 (issue 30): A's kept undo is dropped by hand, so
# `Ledger.truncateLog` folds the projections again from the first event. Same binary and load as the figure above.
KAKEIBO_DB="$dir/b.sqlite" "$kakeibo" expense 1.50 --from assets:checking --category expenses:food >/dev/null 2>&1 \
    || KAKEIBO_DB="$dir/b.sqlite" "$kakeibo" expense 1.50 --from assets:checking --category food >/dev/null
KAKEIBO_DB="$dir/b.sqlite" "$kakeibo" sync --remote "$remote" --token "$token_b" >/dev/null 2>&1
"$kakeibo" expense 2.50 --from assets:checking --category food >/dev/null 2>&1 \
    || "$kakeibo" expense 2.50 --from assets:checking --category expenses:food >/dev/null
python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM projection_undo"); c.commit()' "$dir/a.sqlite"
timed "the same, A's undo dropped (a fold from the start)" "$kakeibo" sync --remote "$remote" --token "$token_a"
KAKEIBO_DB="$dir/b.sqlite" "$kakeibo" sync --remote "$remote" --token "$token_b" >/dev/null 2>&1
[ "$("$kakeibo" verify --digest)" = "$(KAKEIBO_DB="$dir/b.sqlite" "$kakeibo" verify --digest)" ] \
    && echo "A and B: equal digests $("$kakeibo" verify --digest)" || { echo "A and B differ"; exit 1; }
# The rebase above went back by undo, not by a fold from the start (issue 30): both files still equal a replay.
for db in "$dir/a.sqlite" "$dir/b.sqlite"; do
    KAKEIBO_DB="$db" "$kakeibo" replay --check >/dev/null || { echo "replay --check failed on $db"; exit 1; }
done
echo "replay --check: A and B equal a replay"
echo "server peak RSS: $(awk '/VmHWM/ {print $2, $3}' "/proc/$server/status")"
echo "load after: $(uptime)"
[ -z "${KAKEIBO_SYNC_TRACE:-}" ] || { echo "== server"; grep "^trace" "$dir/server.out"; } >>"${SYNC_TRACE_LOG:-/dev/stderr}"
kill -TERM "$server"; wait "$server"; echo "server exit on SIGTERM: $?"; server=""

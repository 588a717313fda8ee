#!/usr/bin/env bash
# Figures for the web app (issue 31) on a large ledger: server-side render time of home and capture,
# a capture's round trip, and a receipt photo to its result page. Run inside with-postgres.sh, with a built kakeibo:
#   bash Tests/Postgres/with-postgres.sh bash Tests/Browser/webapp-figures.sh .build/release/kakeibo 100000
# Times are curl's time_total on 127.0.0.1 (the server's work plus a loopback round trip), median of RUNS.
set -euo pipefail
kakeibo="$(realpath "$1")"; events="${2:-100000}"; runs="${RUNS:-15}"
pg="${KAKEIBO_TEST_POSTGRES:?run inside Tests/Postgres/with-postgres.sh}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$(mktemp -d "${TMPDIR:-/tmp}/kakeibo-webfigures.XXXXXX")"
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"' EXIT

python3 - "$events" >"$dir/base.journal" <<'PY'
import random, sys
random.seed(31)
for i in range(int(sys.argv[1])):
    print(f"2026-{1 + i % 12:02d}-{1 + i % 28:02d} shop {i % 500}\n    expenses:food  ${random.randint(1, 9999) / 100:.2f}\n    assets:checking\n")
PY
ledger="web$$"
"$kakeibo" server init --postgres "$pg" --ledger "$ledger" >/dev/null
token="$("$kakeibo" server token --postgres "$pg" --ledger "$ledger" --member alice --device laptop)"
"$kakeibo" server run --postgres "$pg" --listen 127.0.0.1:0 --cache "$dir/cache" >"$dir/server.out" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "listening on" "$dir/server.out" && break; sleep 0.1; done
base="http://$(sed -n 's/^listening on //p' "$dir/server.out")"
export KAKEIBO_DB="$dir/a.sqlite" KAKEIBO_CONFIG="$dir/config"
"$kakeibo" init --currency USD >/dev/null
"$kakeibo" import journal "$dir/base.journal" >/dev/null
"$kakeibo" sync --remote "$base/ledgers/$ledger" --token "$token" >/dev/null
echo "ledger: $("$kakeibo" verify --digest) (events:hash), kakeibo $("$kakeibo" --version), $(nproc) cores"
link="$("$kakeibo" server invite --postgres "$pg" --ledger "$ledger" --member alice --scope write --base-url "$base" 2>/dev/null)"
curl -s -o /dev/null -c "$dir/jar" -X POST "$link"   # GET /join only asks; the Join button POSTs
page="$base/ledgers/$ledger"
curl -s -b "$dir/jar" "$page/capture" >/dev/null # the replica caught up once, as after any push

median() { sort -n | awk '{a[NR]=$1} END {printf "%.1f ms (median of %d; min %.1f, max %.1f)", a[int((NR+1)/2)]*1000, NR, a[1]*1000, a[NR]*1000}'; }
for path in "" capture review; do
    for _ in $(seq "$runs"); do curl -s -o /dev/null -w '%{time_total}\n' -b "$dir/jar" "$page/$path"; done | median \
        | sed "s|^|GET ${path:-home}: |"; echo
done
csrf="$(curl -s -b "$dir/jar" "$page/capture" | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p')"
for i in $(seq "$runs"); do
    curl -s -o /dev/null -w '%{time_total}\n' -b "$dir/jar" -H 'Accept: application/json' \
        --data-urlencode "csrf=$csrf" --data "idem=fig-$i&kind=expense&amount=1.25&account=assets:checking&category=expenses:food&payee=shop+1" \
        "$page/capture"
done | median | sed 's|^|POST capture (decided, appended to PostgreSQL, answered): |'; echo
# PERF=FILE: the server's profile (perf record -g) while it renders home after each capture.
[ -n "${PERF:-}" ] && { perf record -g -o "$PERF" -p "$server" >/dev/null 2>&1 & perf=$!; sleep 1; }
for i in $(seq "$runs"); do # home right after a capture: the head moved, nothing of it is cached
    curl -s -o /dev/null -b "$dir/jar" -H 'Accept: application/json' --data-urlencode "csrf=$csrf" \
        --data "idem=fig-home-$i&kind=expense&amount=1.25&account=assets:checking&category=expenses:food" "$page/capture"
    curl -s -o /dev/null -w '%{time_total}\n' -b "$dir/jar" "$page/"
done | median | sed 's|^|GET home after a capture (head moved): |'; echo
[ -n "${PERF:-}" ] && { kill -INT "$perf"; wait "$perf" 2>/dev/null || true; }
photo="$root/Fixtures/receipts/synthetic/syn-02-us-diner.jpg"
for i in 1 2 3; do
    curl -s -o "$dir/result.html" -w '%{time_total}\n' -b "$dir/jar" -F "csrf=$csrf" -F "idem=photo-$i" -F "account=assets:checking" \
        -F "photo=@$photo;type=image/jpeg" "$page/receipts"
    grep -q 'data-testid="receipt-result"' "$dir/result.html" || { echo "no result page:"; grep -o 'role="alert"[^<]*<' "$dir/result.html" || true; }
done | median | sed 's|^|POST receipt photo to result page: |'; echo
echo "server peak RSS: $(awk '/VmHWM/ {print $2, $3}' "/proc/$server/status")"

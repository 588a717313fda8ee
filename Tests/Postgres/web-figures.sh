#!/usr/bin/env bash
# Figures for the web app (issue 31), server side, over loopback HTTP: render time of home and
# capture, the capture round trip (POST, decided against the replica, appended to PostgreSQL, the
# page rendered again), and photo to result page. Run inside with-postgres.sh with a built kakeibo:
#   bash Tests/Postgres/with-postgres.sh bash Tests/Postgres/web-figures.sh .build/release/kakeibo 100000
# curl's time_total on 127.0.0.1 is the server's time plus a loopback round trip (well under 1 ms).
set -euo pipefail
kakeibo="$(realpath "$1")"; events="${2:-10000}"
photo="$(realpath "${3:-Fixtures/receipts/synthetic/syn-02-us-diner.jpg}")"
pg="${KAKEIBO_TEST_POSTGRES:?run inside Tests/Postgres/with-postgres.sh}"
dir="$(mktemp -d "${TMPDIR:-/tmp}/kakeibo-web-figures.XXXXXX")"
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"' EXIT

ledger="web$$"
"$kakeibo" server init --postgres "$pg" --ledger "$ledger" >/dev/null
token="$("$kakeibo" server token --postgres "$pg" --ledger "$ledger" --member alice --device laptop)"
"$kakeibo" server run --postgres "$pg" --listen 127.0.0.1:0 >"$dir/server.out" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "listening on" "$dir/server.out" && break; sleep 0.1; done
port="$(sed -n 's/listening on 127.0.0.1:\([0-9]*\)/\1/p' "$dir/server.out")"
base="http://127.0.0.1:$port"

export KAKEIBO_DB="$dir/a.sqlite" KAKEIBO_CONFIG="$dir/config"
"$kakeibo" init --currency USD >/dev/null
python3 - "$events" >"$dir/base.journal" <<'PY'
import random, sys
random.seed(1)
for i in range(int(sys.argv[1]) - 3):
    print(f"2026-{1 + i % 12:02d}-{1 + i % 28:02d} shop {i}\n    expenses:food  ${random.randint(1, 9999) / 100:.2f}\n    assets:checking\n")
PY
"$kakeibo" import journal "$dir/base.journal" >/dev/null
"$kakeibo" sync --remote "$base/ledgers/$ledger" --token "$token" >/dev/null
echo "ledger: $("$kakeibo" verify --digest) (events:hash), kakeibo $("$kakeibo" --version), $(nproc) cores"

link="$("$kakeibo" server invite --postgres "$pg" --ledger "$ledger" --member alice --scope write --base-url "$base" 2>/dev/null)"
curl -sf -c "$dir/jar" -o /dev/null "$link"
get() { curl -sf -b "$dir/jar" -o "$dir/page" -w '%{time_total}' "$base/ledgers/$ledger/$1"; }
ms() { python3 -c "import sys; v=sorted(float(x)*1000 for x in sys.argv[1:]); print(f'median {v[len(v)//2]:.1f} ms, min {v[0]:.1f}, max {v[-1]:.1f} (n={len(v)})')" "$@"; }
get "" >/dev/null; get capture >/dev/null   # the replica caught up, caches warm
home=(); capture=(); post=()
for _ in $(seq 9); do home+=("$(get "")"); capture+=("$(get capture)"); done
echo "render home:    $(ms "${home[@]}")"
echo "render capture: $(ms "${capture[@]}")"
for i in $(seq 9); do
    get capture >/dev/null
    csrf="$(grep -o 'name="csrf" value="[^"]*"' "$dir/page" | head -1 | sed 's/.*value="//; s/"$//')"
    idem="$(grep -o 'name="idem" value="[^"]*"' "$dir/page" | head -1 | sed 's/.*value="//; s/"$//')"
    post+=("$(curl -sf -b "$dir/jar" -o "$dir/posted" -w '%{time_total}' --data-urlencode "csrf=$csrf" --data-urlencode "idem=$idem" \
        -d kind=expense -d amount=12.50 -d account=assets:checking -d category=expenses:food -d "payee=Shop $i" -d date=2026-11-20 \
        "$base/ledgers/$ledger/capture")")
    grep -q 'data-testid="recorded"' "$dir/posted" || { echo "capture $i not recorded"; head -c 600 "$dir/posted"; exit 1; }
done
echo "capture round trip (POST, record, page): $(ms "${post[@]}")"
get receipts/new >/dev/null
csrf="$(grep -o 'name="csrf" value="[^"]*"' "$dir/page" | head -1 | sed 's/.*value="//; s/"$//')"
idem="$(grep -o 'name="idem" value="[^"]*"' "$dir/page" | head -1 | sed 's/.*value="//; s/"$//')"
t="$(curl -sf -b "$dir/jar" -o "$dir/receipt" -w '%{time_total}' -F "csrf=$csrf" -F "idem=$idem" -F account=assets:checking \
    -F "photo=@$photo;type=image/jpeg" "$base/ledgers/$ledger/receipts")"
grep -q 'data-testid="receipt-result"' "$dir/receipt" || { echo "receipt not recorded"; head -c 600 "$dir/receipt"; exit 1; }
echo "photo to result page ($(basename "$photo"), first engine start included): $(ms "$t")"
"$kakeibo" sync >/dev/null
echo "server verify: $("$kakeibo" server verify --postgres "$pg" --ledger "$ledger")"

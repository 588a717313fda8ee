#!/usr/bin/env bash
# Conformance with hledger's own journals (issue 20). For every journal file under DIR
# (*.journal, *.j, *.ledger, *.hledger; hledger's `examples/` and `hledger/test/` folders,
# fetched by hand: they are not ours and are never committed), it
#   1. asks hledger whether it accepts the file: `hledger -f F --auto bal -N -O json` (with
#      automated postings applied, as `import journal` applies them since issue 36);
#   2. imports it into a fresh ledger: `kakeibo init` + `kakeibo import journal F`;
#   3. compares `kakeibo balance --format csv` with hledger's balances per account and
#      commodity, exactly (trailing zeros off). `equity:conversion:` accounts are left out on
#      both sides, as issue 17 measures it: Kakeibo generates them for every priced posting
#      (hledger does only with --infer-equity), so only the journal's own would compare.
# One line per journal (ACCEPTED-BY-HLEDGER=no | EQUAL | DIFFER | REFUSED reason), then totals.
#
#   swift build --product kakeibo
#   Benchmarks/journal-conformance.sh [--kakeibo PATH] [DIR]       (DIR defaults to /tmp/conf/hl)
#
# Skips (exit 0) when DIR or hledger is absent. Exits 1 when any journal DIFFERs.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
KAKEIBO="$ROOT/.build/debug/kakeibo"
DIR=/tmp/conf/hl
while [ $# -gt 0 ]; do
    case "$1" in
        --kakeibo) KAKEIBO="$2"; shift 2 ;;
        *) DIR="$1"; shift ;;
    esac
done
if [ ! -d "$DIR" ]; then echo "skipped: no journals in $DIR"; exit 0; fi
if ! command -v hledger >/dev/null; then echo "skipped: hledger is not installed"; exit 0; fi
[ -x "$KAKEIBO" ] || { echo "no kakeibo at $KAKEIBO: swift build --product kakeibo" >&2; exit 1; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export KAKEIBO_NOW="${KAKEIBO_NOW:-$(date -u +%Y-%m-%d)}"

normalise_hledger() {
    python3 -c '
import json, sys
from decimal import Decimal
sym = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₴": "UAH"}
rows = json.load(open(sys.argv[1]))[0]
sums = {}
for r in rows:
    if r[0].startswith("equity:conversion:"): continue
    for a in r[3]:
        c = sym.get(a["acommodity"], a["acommodity"]); q = a["aquantity"]
        k = (r[0], c)
        sums[k] = sums.get(k, Decimal(0)) + Decimal(q["decimalMantissa"]).scaleb(-q["decimalPlaces"])
print("\n".join(sorted(f"{a},{c},{v.normalize():f}" for (a, c), v in sums.items() if v != 0)))
' "$1"
}

normalise_kakeibo() {
    python3 -c '
import csv, sys
from decimal import Decimal
out = []
rows = list(csv.reader(open(sys.argv[1])))
for row in rows[1:]:
    a, c, v = row[0], row[1], row[2]
    if a.startswith("equity:conversion:"): continue
    d = Decimal(v)
    if d != 0: out.append(f"{a},{c},{d.normalize():f}")
print("\n".join(sorted(out)))
' "$1"
}

total=0; accepted=0; equal=0; differ=0; refused=0
: > "$WORK/refusals"
while IFS= read -r f; do
    total=$((total + 1))
    name="${f#"$DIR"/}"
    if ! hledger -f "$f" --auto bal -N -O json > "$WORK/h.json" 2>/dev/null; then
        echo "NOT-ACCEPTED-BY-HLEDGER $name"; continue
    fi
    accepted=$((accepted + 1))
    normalise_hledger "$WORK/h.json" > "$WORK/h.txt"
    rm -f "$WORK/l.sqlite"*
    "$KAKEIBO" --db "$WORK/l.sqlite" init --currency USD >/dev/null 2>&1
    if ! "$KAKEIBO" --db "$WORK/l.sqlite" import journal "$f" > "$WORK/k.out" 2> "$WORK/k.err"; then
        refused=$((refused + 1))
        reason="$(grep -v '^ *$' "$WORK/k.err" | head -1 | cut -c1-220)"
        echo "REFUSED $name :: $reason"
        echo "$reason" >> "$WORK/refusals"
        continue
    fi
    "$KAKEIBO" --db "$WORK/l.sqlite" balance --format csv > "$WORK/k.csv" 2>/dev/null
    normalise_kakeibo "$WORK/k.csv" > "$WORK/k.txt"
    if diff -q "$WORK/h.txt" "$WORK/k.txt" >/dev/null; then
        equal=$((equal + 1)); echo "EQUAL $name"
    else
        differ=$((differ + 1)); echo "DIFFER $name"; diff "$WORK/h.txt" "$WORK/k.txt" | head -8 | sed 's/^/    /'
    fi
done < <(find -L "$DIR" \( -type f -o -type l \) \( -name '*.journal' -o -name '*.j' -o -name '*.ledger' -o -name '*.hledger' \) | sort)

echo
echo "journals: $total; accepted by hledger: $accepted; equal: $equal; differ: $differ; refused: $refused"
if [ "$accepted" -gt 0 ]; then
    python3 -c "import sys; print(f'equal share of accepted: {100*$equal/$accepted:.1f} %')"
fi
[ "$differ" -eq 0 ]

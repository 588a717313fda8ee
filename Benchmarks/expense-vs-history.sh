#!/usr/bin/env bash
# Principle 6 for the CLI: one `kakeibo expense` on a ledger of N expenses with varied payees
# against the same command on an empty ledger (accounts and categories only), with and
# without --category. Whole process, spawn to exit, median of RUNS interleaved runs.
#
#   swift build -c release --product kakeibo
#   Benchmarks/expense-vs-history.sh [--kakeibo PATH] [--expenses 60000] [--runs 21] [--dir DIR]
#
# The big ledger is built once per DIR (a generated journal, `kakeibo import journal`) and kept,
# so a rerun measures again without rebuilding. Each timed expense appends one event, which is
# noise next to N. Target (issue 12): big/empty <= 1.3 for both commands.
set -euo pipefail

KAKEIBO=""
EXPENSES=60000
RUNS=21
DIR="${TMPDIR:-/tmp}/kakeibo-expense-vs-history"
while [ $# -gt 0 ]; do
    case "$1" in
        --kakeibo) KAKEIBO="$2"; shift 2 ;;
        --expenses) EXPENSES="$2"; shift 2 ;;
        --runs) RUNS="$2"; shift 2 ;;
        --dir) DIR="$2"; shift 2 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
KAKEIBO="${KAKEIBO:-$ROOT/.build/release/kakeibo}"
[ -x "$KAKEIBO" ] || { echo "no kakeibo at $KAKEIBO: swift build -c release --product kakeibo" >&2; exit 1; }
mkdir -p "$DIR"
BIG="$DIR/big-$EXPENSES.sqlite"
EMPTY="$DIR/empty.sqlite"
CATEGORIES="groceries dining fuel pharmacy books clothing hardware travel utilities gifts"

# A seeded journal: each category has its own pool of made-up merchant words, each payee is two
# or three of them plus a store number, so the vocabulary grows with the ledger as it does with
# real bank descriptors.
make_journal() {
    python3 - "$EXPENSES" "$CATEGORIES" <<'PY'
import random, sys
n, categories = int(sys.argv[1]), sys.argv[2].split()
rng = random.Random(12)
letters = "abcdefghijklmnopqrstuvwxyz"
def word(): return "".join(rng.choice(letters) for _ in range(rng.randint(4, 8)))
pools = {c: [word() for _ in range(5000)] for c in categories}
print("account assets:checking  ; type: A")
for c in categories: print(f"account expenses:{c}")
print()
for i in range(n):
    c = rng.choice(categories)
    words = rng.sample(pools[c], rng.randint(2, 3))
    payee = " ".join(w.capitalize() for w in words) + f" #{rng.randint(1, 999)}"
    day = 1 + i % 28
    month = 1 + (i // 28) % 12
    year = 2020 + i // (28 * 12)
    cents = rng.randint(100, 20000)
    print(f"{year:04d}-{month:02d}-{day:02d} {payee}")
    print(f"    expenses:{c}    {cents // 100}.{cents % 100:02d} USD")
    print("    assets:checking")
    print()
PY
}

setup_accounts() { # the empty ledger: the same accounts, no transactions
    "$KAKEIBO" --db "$1" init --currency USD >/dev/null
    "$KAKEIBO" --db "$1" account open assets:checking --type asset >/dev/null
    for c in $CATEGORIES; do "$KAKEIBO" --db "$1" account open "expenses:$c" >/dev/null; done
}

if [ ! -f "$BIG" ]; then
    echo "building $BIG ($EXPENSES expenses)..." >&2
    make_journal > "$DIR/big.journal"
    rm -f "$BIG.tmp"
    "$KAKEIBO" --db "$BIG.tmp" init --currency USD >/dev/null
    "$KAKEIBO" --db "$BIG.tmp" import journal "$DIR/big.journal" >/dev/null
    mv "$BIG.tmp" "$BIG"
fi
rm -f "$EMPTY" "$EMPTY-wal" "$EMPTY-shm"
setup_accounts "$EMPTY"
# The ledgers are opened once (and migrated, when the binary is newer) before timing.
"$KAKEIBO" --db "$BIG" balance >/dev/null
"$KAKEIBO" --db "$EMPTY" balance >/dev/null

# A payee the suggester knows well (a groceries merchant's words), so the read has work to do.
PAYEE="$(python3 - "$CATEGORIES" <<'PY'
import random, sys
rng = random.Random(12)
letters = "abcdefghijklmnopqrstuvwxyz"
def word(): return "".join(rng.choice(letters) for _ in range(rng.randint(4, 8)))
pools = {c: [word() for _ in range(5000)] for c in sys.argv[1].split()}
print(" ".join(w.capitalize() for w in pools["groceries"][:2]) + " #12")
PY
)"

time_ms() { # wall milliseconds of one run of the command
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

declare -A samples
for variant in uncategorised categorised; do
    for ledger in empty big; do samples[$variant-$ledger]=""; done
done
for run in $(seq 0 "$RUNS"); do  # run 0 is a warm-up
    for variant in uncategorised categorised; do
        extra=()
        [ "$variant" = categorised ] && extra=(--category groceries)
        for ledger in empty big; do
            db="$EMPTY"; [ "$ledger" = big ] && db="$BIG"
            ms=$(time_ms "$KAKEIBO" --db "$db" expense 12.34 --from assets:checking --payee "$PAYEE" --date 2026-11-20 "${extra[@]}")
            [ "$run" -gt 0 ] && samples[$variant-$ledger]+="$ms"$'\n'
        done
    done
done

echo "kakeibo expense, whole process, median of $RUNS interleaved runs ($(nproc) cores, $(date -u +%FT%TZ))"
for variant in uncategorised categorised; do
    e=$(printf '%s' "${samples[$variant-empty]}" | median)
    b=$(printf '%s' "${samples[$variant-big]}" | median)
    label="without --category"; [ "$variant" = categorised ] && label="with --category   "
    awk -v l="$label" -v e="$e" -v b="$b" -v n="$EXPENSES" \
        'BEGIN { printf "%s  empty %6.1f ms   %d expenses %6.1f ms   ratio %.2fx\n", l, e, n, b, b / e }'
done

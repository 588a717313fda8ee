#!/usr/bin/env bash
# Issue 12's "Must show" speed figures, each against `ledger -f FILE bal` (ledger 3, the Debian
# package) on the same data, in one run:
#   - `kakeibo import journal` of IMPORT transactions (default 100k) into a new ledger: ≤ 2× ledger bal,
#     peak RSS ≤ 150 MB;
#   - `kakeibo replay` of the household ledger (1M events): ≤ 1.0× ledger bal on its journal, ≤ 200 MB;
#   - `kakeibo balance` on it: ≥ 100× faster than ledger bal.
#
#   swift build -c release --product kakeibo
#   Benchmarks/vs-ledger.sh --ledger /tmp/bench-1m.sqlite [--kakeibo PATH] [--before PATH] [--runs 3] [--dir DIR] [--floor]
#
# --ledger is a household ledger `ledger-bench --events 1m --ledger PATH --only balances` builds
# (and keeps). Its journal (`kakeibo export journal`) is what ledger reads for the replay line;
# the import journal is its first IMPORT transactions (the account directives, then transactions).
# Both journals are kept in DIR, so a rerun measures again without exporting. --before runs every
# kakeibo line with a second binary too (an older build), in the same run, interleaved.
# --floor also runs Floor/sqlite-floor.c (what SQLite alone costs for the same rows on the ledger's
# own schema, no Swift) for the import's count and the household's, and its `import` phase (the
# rows an imported journal transaction stores, keys and hashes included), so the targets can be
# held against the floor in the same run.
# Wall seconds and peak RSS come from /usr/bin/time; each figure is the median of RUNS runs.
set -euo pipefail

KAKEIBO=""
BEFORE=""
HOUSEHOLD=""
IMPORT=100000
RUNS=3
DIR="${TMPDIR:-/tmp}/kakeibo-vs-ledger"
FLOOR=""
while [ $# -gt 0 ]; do
    case "$1" in
        --kakeibo) KAKEIBO="$2"; shift 2 ;;
        --before) BEFORE="$2"; shift 2 ;;
        --ledger) HOUSEHOLD="$2"; shift 2 ;;
        --import) IMPORT="$2"; shift 2 ;;
        --runs) RUNS="$2"; shift 2 ;;
        --dir) DIR="$2"; shift 2 ;;
        --floor) FLOOR=1; shift ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
KAKEIBO="${KAKEIBO:-$ROOT/.build/release/kakeibo}"
[ -x "$KAKEIBO" ] || { echo "no kakeibo at $KAKEIBO: swift build -c release --product kakeibo" >&2; exit 1; }
[ -n "$HOUSEHOLD" ] && [ -f "$HOUSEHOLD" ] || { echo "--ledger PATH: a household ledger (ledger-bench --events 1m --ledger PATH --only balances)" >&2; exit 1; }
command -v ledger >/dev/null || { echo "no ledger: apt-get install ledger" >&2; exit 1; }
mkdir -p "$DIR"
BIGJ="$DIR/household.journal"
SMALLJ="$DIR/import-$IMPORT.journal"

if [ ! -s "$BIGJ" ]; then
    echo "exporting $HOUSEHOLD to $BIGJ…" >&2
    "$KAKEIBO" --db "$HOUSEHOLD" export journal > "$BIGJ"
fi
if [ ! -s "$SMALLJ" ]; then
    # Directives, then the first IMPORT transactions (a transaction starts with a date at column 1).
    awk -v n="$IMPORT" '/^[0-9]/ { t++ } t > n { exit } { print }' "$BIGJ" > "$SMALLJ"
fi

# median of the numbers on stdin
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# run LABEL CMD...: RUNS timed runs; prints "LABEL wall_median peak_kb_median cpu_median" (cpu = user + sys)
# PREPARE, if set, is evaluated before each run (not timed).
PREPARE=""
run() {
    local label="$1"; shift
    local walls="" peaks="" cpus=""
    for _ in $(seq "$RUNS"); do
        [ -n "$PREPARE" ] && eval "$PREPARE"
        /usr/bin/time -f "%e %M %U %S" -o "$DIR/time.out" "$@" > /dev/null 2> "$DIR/stderr.out" || {
            echo "$label failed:" >&2; cat "$DIR/stderr.out" >&2; exit 1; }
        walls+="$(cut -d' ' -f1 "$DIR/time.out")"$'\n'
        peaks+="$(cut -d' ' -f2 "$DIR/time.out")"$'\n'
        cpus+="$(awk '{ print $3 + $4 }' "$DIR/time.out")"$'\n'
    done
    printf '%s %s %s %s\n' "$label" "$(printf '%s' "$walls" | median)" "$(printf '%s' "$peaks" | median)" "$(printf '%s' "$cpus" | median)"
}

RESULTS="$DIR/results.txt"
: > "$RESULTS"
TXNS=$(grep -c '^[0-9]' "$SMALLJ")
EVENTS=$(sqlite3 "$HOUSEHOLD" 'SELECT MAX(position) FROM events' 2>/dev/null || echo "?")
BIGTXNS=$(grep -c '^[0-9]' "$BIGJ")
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); ledger $(ledger --version | head -1)" >&2

binaries=("after:$KAKEIBO")
[ -n "$BEFORE" ] && binaries=("before:$BEFORE" "${binaries[@]}")

run "ledger-bal-import" ledger -f "$SMALLJ" bal >> "$RESULTS"
for entry in "${binaries[@]}"; do
    name="${entry%%:*}"; binary="${entry#*:}"
    target="$DIR/import-$name.sqlite"
    PREPARE="rm -f '$target' '$target-wal' '$target-shm'; '$binary' --db '$target' init --currency USD --timezone UTC >/dev/null"
    run "$name-import" "$binary" --db "$target" import journal "$SMALLJ" >> "$RESULTS"
    # The same file again into the ledger that holds it (appends nothing): the re-import of a
    # journal one keeps editing, which reads back what every earlier import recorded.
    again="$DIR/reimport-$name.sqlite"
    PREPARE="rm -f '$again' '$again-wal' '$again-shm'; cp '$target' '$again'"
    run "$name-reimport" "$binary" --db "$again" import journal "$SMALLJ" >> "$RESULTS"
    PREPARE=""
done
run "ledger-bal-household" ledger -f "$BIGJ" bal >> "$RESULTS"
for entry in "${binaries[@]}"; do
    name="${entry%%:*}"; binary="${entry#*:}"
    run "$name-replay" "$binary" --db "$HOUSEHOLD" replay >> "$RESULTS"
    RUNS_SAVED=$RUNS; RUNS=$((RUNS * 3))
    "$binary" --db "$HOUSEHOLD" balance > /dev/null
    run "$name-balance" "$binary" --db "$HOUSEHOLD" balance >> "$RESULTS"
    RUNS=$RUNS_SAVED
done

if [ -n "$FLOOR" ]; then
    cc -O2 -o "$DIR/sqlite-floor" "$ROOT/Benchmarks/Floor/sqlite-floor.c" -lsqlite3
    for n in "$IMPORT" "$EVENTS"; do
        rm -f "$DIR/floor.sqlite"*
        "$DIR/sqlite-floor" "$ROOT/Migrations" "$DIR/floor.sqlite" "$n" > "$DIR/floor.out"
        # "append N events W s wall = R events/s C s CPU = …": a result line per phase
        awk -v n="$n" '{ printf "floor-%s-%s %s 0 %s\n", $1, n, $4, $10 }' "$DIR/floor.out" >> "$RESULTS"
        rm -f "$DIR/floor.sqlite"*
    done
    # What the import's own rows cost SQLite (keys, command hashes, provenance, real payload sizes).
    "$DIR/sqlite-floor" "$ROOT/Migrations" "$DIR/floor.sqlite" "$IMPORT" import > "$DIR/floor.out"
    awk -v n="$IMPORT" '{ printf "floor-%s-%s %s 0 %s\n", $1, n, $4, $10 }' "$DIR/floor.out" >> "$RESULTS"
    rm -f "$DIR/floor.sqlite"*
fi

awk -v txns="$TXNS" -v import="$IMPORT" -v events="$EVENTS" -v bigtxns="$BIGTXNS" '
    { wall[$1] = $2; peak[$1] = $3 / 1024; cpu[$1] = $4 }
    END {
        printf "import journal, %d transactions: ledger bal %.2f s (%.2f s CPU), %.0f MB\n", txns, wall["ledger-bal-import"], cpu["ledger-bal-import"], peak["ledger-bal-import"]
        for (n in wall) if (n ~ /-import$/ && n !~ /^ledger/) { split(n, p, "-"); printf "  %-7s kakeibo import %.2f s = %.2fx ledger (CPU %.2f s = %.2fx), peak %.0f MB (target <= 2x, <= 150 MB)\n", p[1], wall[n], wall[n] / wall["ledger-bal-import"], cpu[n], cpu[n] / cpu["ledger-bal-import"], peak[n] }
        for (n in wall) if (n ~ /-reimport$/) { split(n, p, "-"); printf "  %-7s kakeibo re-import of the same file %.2f s = %.2fx ledger, peak %.0f MB (target <= 150 MB)\n", p[1], wall[n], wall[n] / wall["ledger-bal-import"], peak[n] }
        printf "household, %s events (%d transactions in its journal): ledger bal %.2f s (%.2f s CPU), %.0f MB\n", events, bigtxns, wall["ledger-bal-household"], cpu["ledger-bal-household"], peak["ledger-bal-household"]
        for (n in wall) if (n ~ /-replay$/) { split(n, p, "-"); printf "  %-7s kakeibo replay %.2f s = %.2fx ledger (CPU %.2f s = %.2fx), peak %.0f MB (target <= 1.0x, <= 200 MB)\n", p[1], wall[n], wall[n] / wall["ledger-bal-household"], cpu[n], cpu[n] / cpu["ledger-bal-household"], peak[n] }
        for (n in wall) if (n ~ /-balance$/) { split(n, p, "-"); printf "  %-7s kakeibo balance %.3f s: ledger bal / balance = %.0fx, peak %.0f MB (target >= 100x)\n", p[1], wall[n], wall["ledger-bal-household"] / wall[n], peak[n] }
        if (("floor-import-" import) in wall) printf "SQLite alone storing the rows import journal stores (Floor/sqlite-floor.c import): %d transactions %.2f s = %.2fx ledger bal (CPU %.2f s)\n", import, wall["floor-import-" import], wall["floor-import-" import] / wall["ledger-bal-import"], cpu["floor-import-" import]
        if (("floor-append-" import) in wall) printf "SQLite alone (Floor/sqlite-floor.c, no Swift): append of %d expenses %.2f s = %.2fx ledger bal on the import journal (CPU %.2f s); replay of %s events %.2f s = %.2fx ledger bal on the household (CPU %.2f s)\n", import, wall["floor-append-" import], wall["floor-append-" import] / wall["ledger-bal-import"], cpu["floor-append-" import], events, wall["floor-replay-" events], wall["floor-replay-" events] / wall["ledger-bal-household"], cpu["floor-replay-" events]
    }' "$RESULTS"

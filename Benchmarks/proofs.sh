#!/usr/bin/env bash
# Issue 34's figures, release builds, whole processes (Benchmarks/proofs.sh):
#   1. import journal of N transactions and replay, the commit before the Merkle tree (BASE) against it (MINE),
#      in interleaved pairs, on fresh ledgers;
#   2. on MINE's ledger: prove for K random transactions and proof check of each, per-process wall time,
#      and each proof's size against 32·log2(n) per event plus the event's bytes.
#   bash Benchmarks/proofs.sh BASE_KAKEIBO MINE_KAKEIBO [N=100000] [K=1000] [DIR=/work/bench-proofs] [PAIRS=2]
# Needs python3 and sqlite3. Prints `uptime` before and after: the machine is shared.
set -euo pipefail
base=${1:?base kakeibo}; mine=${2:?kakeibo with the tree}; n=${3:-100000}; k=${4:-1000}; dir=${5:-/work/bench-proofs}; pairs=${6:-2}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"; cd "$dir"
[ -f "j$n.journal" ] || python3 "$here/proofs-journal.py" "$n" > "j$n.journal"
now() { date +%s.%N; }
echo "load before: $(uptime)"
for pair in $(seq 1 "$pairs"); do
    for which in base mine; do
        bin=$base; [ $which = mine ] && bin=$mine
        db="$dir/$which-$n.sqlite"; rm -f "$db" "$db-wal" "$db-shm"
        "$bin" --db "$db" init --currency USD >/dev/null
        t0=$(now); "$bin" --db "$db" import journal "j$n.journal" >/dev/null; t1=$(now)
        "$bin" --db "$db" replay >/dev/null 2>&1; t2=$(now)
        printf 'pair %s %-4s import journal %s: %6.2f s   replay: %6.2f s\n' "$pair" "$which" "$n" "$(echo "$t1 - $t0" | bc)" "$(echo "$t2 - $t1" | bc)"
    done
done
db="$dir/mine-$n.sqlite"
sqlite3 "$db" "SELECT DISTINCT substr(stream, 5) FROM events WHERE stream LIKE 'txn-%' ORDER BY random() LIMIT $k" > ids.txt
head=$("$mine" --db "$db" checkpoint --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print("%d:%s" % (d["size"], d["root"]))')
mkdir -p proofs; rm -f proofs/*.json
t0=$(now); i=0
while read -r id; do i=$((i + 1)); "$mine" --db "$db" prove "$id" --format json > "proofs/$i.json"; done < ids.txt
t1=$(now)
for f in proofs/*.json; do "$mine" proof check "$f" --root "$head" >/dev/null; done
t2=$(now)
t3=$(now); "$mine" --version >/dev/null; for _ in $(seq 1 20); do "$mine" --version >/dev/null; done; t4=$(now)
printf 'tree of %s: prove %d txns: %.1f ms each; proof check: %.1f ms each (whole processes; a bare `kakeibo --version` is %.1f ms)\n' \
    "${head%%:*}" "$k" "$(echo "($t1 - $t0) * 1000 / $k" | bc -l)" "$(echo "($t2 - $t1) * 1000 / $k" | bc -l)" "$(echo "($t4 - $t3) * 1000 / 21" | bc -l)"
python3 - "${head%%:*}" proofs <<'PY'
import json, math, os, sys
n = int(sys.argv[1]); files = [os.path.join(sys.argv[2], f) for f in os.listdir(sys.argv[2])]
events = raw = js = 0; paths = []
for f in files:
    d = json.load(open(f)); js += os.path.getsize(f)
    for e in d["events"]:
        events += 1; paths.append(len(e["path"]))
        raw += 32 * len(e["path"]) + 64 + len(e["envelope"].encode()) + len(e["payload"].encode())
print(f"{events} events in {len(files)} proofs: path {sum(paths)/events:.1f} hashes (log2 n = {math.log2(n):.1f}); "
      f"binary size {raw/events:.0f} B/event = 32·{sum(paths)/events:.1f} + 64 + event bytes; JSON (hex, indented) {js/events:.0f} B/event")
PY
echo "load after: $(uptime)"

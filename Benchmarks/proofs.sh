#!/usr/bin/env bash
# Issue 34's proof figures, release builds (Benchmarks/proofs.sh):
#   1. a ledger of N one-event transactions, built once by `kakeibo import journal` of a seeded
#      journal (proofs-journal.py) and kept in DIR (1M: about 6 minutes at load 8, 1.4 GB);
#   2. K transactions at seeded random positions, proved and checked in one process by proofs-bench
#      (Benchmarks/Sources/proofs-bench: the ledger opened once; p50/p90/p99/max of each proof's wall
#      and CPU time; each proof's size against 32·log2(n) per event plus the event's bytes);
#   3. for reference, 100 of them as whole processes (`kakeibo prove`, `kakeibo proof check --root`)
#      beside a bare `kakeibo --version`: process start is most of those;
#   4. `kakeibo verify --expect-root` of the tree 1 % smaller than the log, which reads the stored tree.
# The append and replay cost of the tree, A against B, is Benchmarks/proofs-ab.sh.
#   bash Benchmarks/proofs.sh KAKEIBO PROOFS_BENCH [N=1000000] [K=1000] [DIR=/work/.bench-proofs]
#   (cd Benchmarks && swift build -c release --product proofs-bench && swift build -c release --product kakeibo)
# Needs python3, sqlite3 and GNU time. Prints `uptime` before and after: the machine is shared.
set -euo pipefail
kakeibo=$(realpath "${1:?kakeibo (release)}"); bench=$(realpath "${2:?proofs-bench (release)}")
n=${3:-1000000}; k=${4:-1000}; dir=${5:-/work/.bench-proofs}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"; cd "$dir"
echo "load before: $(uptime)"
db="$dir/proofs-$n.sqlite"
if [ ! -f "$db" ]; then
    [ -f "j$n.journal" ] || python3 "$here/proofs-journal.py" "$n" > "j$n.journal"
    "$kakeibo" --db "$db" init --currency USD >/dev/null
    /usr/bin/time -f "built the ledger: import journal of $n transactions in %e s (%U s user, %S s system)" \
        "$kakeibo" --db "$db" import journal "j$n.journal" >/dev/null
fi
size=$("$kakeibo" --db "$db" checkpoint --format json | python3 -c 'import json, sys; print(json.load(sys.stdin)["size"])')
python3 -c "import random; print('\n'.join(map(str, random.Random(34).sample(range(10, $size + 1), $k))))" > positions.txt
sqlite3 "$db" "CREATE TEMP TABLE p(position INTEGER PRIMARY KEY);
    $(awk '{ printf "INSERT INTO p VALUES(%s);", $1 }' positions.txt)
    SELECT DISTINCT substr(e.stream, 5) FROM p JOIN events e USING (position) WHERE e.stream LIKE 'txn-%' ORDER BY random();" > ids.txt
echo "== in one process: $(wc -l < ids.txt) transactions"
"$bench" --db "$db" --ids ids.txt --out proofs
head=$("$kakeibo" --db "$db" checkpoint --format json | python3 -c 'import json, sys; d = json.load(sys.stdin); print("%d:%s" % (d["size"], d["root"]))')
echo "== whole processes, 100 of them (for reference)"
now() { date +%s.%N; }
head -100 ids.txt > ids100.txt; mkdir -p cli; t0=$(now); i=0
while read -r id; do i=$((i + 1)); "$kakeibo" --db "$db" prove "$id" --format json > "cli/$i.json"; done < ids100.txt
t1=$(now); for f in cli/*.json; do "$kakeibo" proof check "$f" --root "$head" >/dev/null; done; t2=$(now)
for _ in $(seq 1 100); do "$kakeibo" --version >/dev/null; done; t3=$(now)
printf 'kakeibo prove: %.1f ms a process; kakeibo proof check --root: %.1f ms; a bare kakeibo --version: %.1f ms\n' \
    "$(echo "($t1 - $t0) * 10" | bc -l)" "$(echo "($t2 - $t1) * 10" | bc -l)" "$(echo "($t3 - $t2) * 10" | bc -l)"
old=$(( size - size / 100 ))
root=$("$kakeibo" --db "$db" prove --consistency "$old" --format json | python3 -c 'import json, sys; d = json.load(sys.stdin); print("%d:%s" % (d["oldSize"], d["oldRoot"]))')
echo "== verify --expect-root $root (the stored tree, not a re-hash)"
for _ in 1 2 3; do /usr/bin/time -f "  %e s wall, %U s user, %S s system" "$kakeibo" --db "$db" verify --expect-root "$root" | head -1; done
echo "load after: $(uptime)"

#!/usr/bin/env bash
# Issue 34's append and replay cost of the Merkle tree, A/B interleaved (Benchmarks/proofs-ab.sh):
# BASE is a release kakeibo of the commit before the tree, MINE one with it. Each pair imports the
# same seeded journal of N transactions into a fresh ledger with A then B (then B then A in the next
# pair, so neither always runs second), and replays it; the machine is shared, so the order cancels
# a drift in load, and the medians of PAIRS pairs are compared, in wall time and in the process's
# CPU time (user + system, which moves less with load than wall time does).
#   bash Benchmarks/proofs-ab.sh BASE_KAKEIBO MINE_KAKEIBO [N=100000] [PAIRS=5] [DIR=/work/.bench-proofs/ab]
# Needs python3 and GNU time (/usr/bin/time). Prints `uptime` before and after.
set -euo pipefail
base=$(realpath "${1:?base kakeibo}"); mine=$(realpath "${2:?kakeibo with the tree}"); n=${3:-100000}; pairs=${4:-5}; dir=${5:-/work/.bench-proofs/ab}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"; cd "$dir"
[ -f "j$n.journal" ] || python3 "$here/proofs-journal.py" "$n" > "j$n.journal"
echo "load before: $(uptime)"
: > results.tsv
run() { # which bin
    local which=$1 bin=$2 db="$dir/$1-$n.sqlite"
    rm -f "$db" "$db-wal" "$db-shm"
    "$bin" --db "$db" init --currency USD >/dev/null
    /usr/bin/time -f "%e %U %S" -o t.import "$bin" --db "$db" import journal "j$n.journal" >/dev/null
    /usr/bin/time -f "%e %U %S" -o t.replay "$bin" --db "$db" replay >/dev/null 2>&1
    read -r iw iu is < t.import; read -r rw ru rs < t.replay
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pair" "$which" "$iw" "$(echo "$iu + $is" | bc)" "$rw" "$(echo "$ru + $rs" | bc)" | tee -a results.tsv
}
echo -e "pair\twhich\timport_wall_s\timport_cpu_s\treplay_wall_s\treplay_cpu_s"
for pair in $(seq 1 "$pairs"); do
    if [ $((pair % 2)) = 1 ]; then run base "$base"; run mine "$mine"; else run mine "$mine"; run base "$base"; fi
done
python3 - results.tsv "$n" <<'PY'
import statistics, sys
rows = [l.split("\t") for l in open(sys.argv[1]).read().splitlines()]
def med(which, col): return statistics.median(float(r[col]) for r in rows if r[1] == which)
for col, name in [(2, "import wall"), (3, "import CPU"), (4, "replay wall"), (5, "replay CPU")]:
    b, m = med("base", col), med("mine", col)
    ratios = sorted(float(x[col]) / float(y[col]) for x in rows if x[1] == "mine" for y in rows if y[1] == "base" and y[0] == x[0])
    print(f"{name:12s} of {sys.argv[2]}: base median {b:7.2f} s, with the tree {m:7.2f} s: {100 * (m / b - 1):+5.1f} %"
          f"  (per pair: {' '.join(f'{100 * (r - 1):+.1f}' for r in ratios)} %)")
PY
echo "load after: $(uptime)"

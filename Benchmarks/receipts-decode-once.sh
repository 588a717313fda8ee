#!/usr/bin/env bash
# Issue 35: CPU seconds and peak memory of reading one receipt with PP-OCR, per synthetic fixture, to compare the
# image decoded twice (Leptonica's check in Swift, then cv2.imread in the worker) with decoded once (Leptonica's
# pixels handed to the worker). Each receipt is one `kakeibo import receipt FILE --dry-run` on an empty ledger, so
# the figure includes starting the worker and loading its models (the same on both sides). CPU is user + system
# seconds of kakeibo (GNU time) plus the worker's (receipts-decode-once-worker.py reports them: kakeibo stops its
# worker and never waits for its usage); peak is the larger resident set of the two, so it is the worker's. The
# payee, date and total read are printed beside each figure, so a run also shows the reads did not change.
#
#   Benchmarks/receipts-decode-once.sh [KAKEIBO] [ENGINE]     (default .build/release/kakeibo, ppocr-v6)
# Run it with the machine otherwise quiet, and say its load (printed before and after).
set -euo pipefail
kakeibo=${1:-$(dirname "$0")/../.build/release/kakeibo}
engine=${2:-ppocr-v6}
fixtures=$(cd "$(dirname "$0")/.." && pwd)/Fixtures/receipts/synthetic
[ -x "$kakeibo" ] || { echo "no kakeibo at $kakeibo (swift build -c release)" >&2; exit 2; }
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
python=${KAKEIBO_PYTHON:-$here/../.venv/bin/python3}
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$python" "$here/receipts-decode-once-worker.py" >"$folder/python"
chmod +x "$folder/python"
export KAKEIBO_NOW=2026-11-20
"$kakeibo" init --db "$folder/ledger.sqlite" --currency USD >/dev/null
"$kakeibo" account open assets:cash --any-commodity --db "$folder/ledger.sqlite" >/dev/null
echo "load before: $(uptime | sed 's/.*load average: //')"
printf "%-34s %8s %10s  %s\n" receipt "cpu (s)" "peak (MB)" "payee | date | total | items | digest of the rows read"
total_cpu=0
peak=0
for image in "$fixtures"/syn-0*.jpg "$fixtures"/syn-10*.jpg; do
    rm -f "$folder/worker"
    KAKEIBO_PYTHON="$folder/python" KAKEIBO_BENCH_RUSAGE="$folder/worker" /usr/bin/time -f "%U %S %M" -o "$folder/time" "$kakeibo" import receipt "$image" --engine "$engine" --dry-run \
        --db "$folder/ledger.sqlite" --format json >"$folder/out.json" 2>"$folder/err.txt" || cat "$folder/err.txt" >&2
    read -r user system rss < <(tail -n 1 "$folder/time")
    worker_cpu=0 worker_rss=0
    [ -s "$folder/worker" ] && read -r worker_cpu worker_rss <"$folder/worker"
    cpu=$(echo "$user + $system + $worker_cpu" | bc)
    [ "$worker_rss" -gt "$rss" ] && rss=$worker_rss
    total_cpu=$(echo "$total_cpu + $cpu" | bc)
    [ "$rss" -gt "$peak" ] && peak=$rss
    read_fields=$(python3 "$here/receipts-decode-once-summary.py" "$folder/out.json" 2>/dev/null || head -n 1 "$folder/err.txt")
    printf "%-34s %8s %10d  %s\n" "$(basename "$image")" "$cpu" $((rss / 1024)) "$read_fields"
done
echo "mean cpu per receipt: $(echo "scale=2; $total_cpu / 10" | bc) s; peak resident: $((peak / 1024)) MB"
echo "load after: $(uptime | sed 's/.*load average: //')"

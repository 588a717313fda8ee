#!/usr/bin/env bash
# Time and peak memory of the PP-OCR worker in a 2-core batch (issue 33's caps: <= 1.5 s a receipt, <= 1.5 GB a worker).
#   bash Tools/receipts-worker-bench.sh MODEL N [DIR...]     MODEL: v4 | v5 | v6 | v6-tiny; N receipts (default 24)
# Splits the first N images of DIR (default ../shared/receipts-dev) between two workers started together, as
# `ReceiptBatch` runs one worker per core, each under /usr/bin/time -v, at `nice -n 15` so the machine's other work
# comes first. Prints each worker's peak RSS and the batch's wall seconds per receipt, model load included, and
# `uptime` before and after: the wall figure means something only on a quiet machine; each worker's CPU seconds
# (user + system) are what a receipt costs a core whatever else runs.
set -euo pipefail
cd "$(dirname "$0")/.."
model=${1:?model: v4, v5, v6 or v6-tiny}
count=${2:-24}
shift 2 || shift $#
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(../shared/receipts-dev)
for dir in "${dirs[@]}"; do
    [ -d "$dir" ] || { echo "receipts-worker-bench: skipped, $dir is absent"; exit 0; }
done
python=${KAKEIBO_PYTHON:-.venv/bin/python3}
[ -x "$python" ] || { echo "receipts-worker-bench: skipped, no $python (make python-deps)"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
find "${dirs[@]}" -maxdepth 1 \( -name '*.jpg' -o -name '*.png' \) | sort | head -n "$count" >"$work/all"
total=$(wc -l <"$work/all")
awk 'NR % 2 == 1' "$work/all" | sed 's/.*/{"path": "&"}/' >"$work/a"
awk 'NR % 2 == 0' "$work/all" | sed 's/.*/{"path": "&"}/' >"$work/b"
echo "load before: $(uptime)"
start=$(date +%s.%N)
for part in a b; do
    nice -n 15 /usr/bin/time -v "$python" Sources/KakeiboPPOCR/ppocr_worker.py --model "$model" <"$work/$part" \
        >"$work/$part.out" 2>"$work/$part.err" &
done
wait
end=$(date +%s.%N)
echo "load after:  $(uptime)"
errors=$(cat "$work/a.out" "$work/b.out" | { grep -c '"error"' || true; })
for part in a b; do
    rss=$(awk '/Maximum resident set size/ { print $NF }' "$work/$part.err")
    cpu=$(awk '/User time|System time/ { s += $NF } END { print s }' "$work/$part.err")
    echo "worker $part: $(wc -l <"$work/$part") receipts, $(grep -c '"observations"' "$work/$part.out" || true) read, peak RSS $(awk -v k="$rss" 'BEGIN { printf "%.2f GB", k / 1048576 }'), CPU $cpu s (model load included)"
done
awk -v s="$start" -v e="$end" -v n="$total" -v m="$model" -v errors="$errors" \
    'BEGIN { printf "%s: %d receipts (%d errors) in %.1f s on 2 workers: %.2f s a receipt\n", m, n, errors, e - s, (e - s) / n }'

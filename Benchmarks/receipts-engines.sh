#!/usr/bin/env bash
# Issue 33: seconds a receipt in a 2-core batch and peak memory of one worker, for every OCR engine, on the first
# N receipts of ../shared/receipts-dev (links in a temporary folder: nothing is copied into the repository).
# `kakeibo receipts eval --jobs 2` reads them with two workers, one engine each (no observation cache), so the
# figure includes starting the workers and parsing. Peak is GNU time's maximum resident set of one process of
# the run (the largest worker, or kakeibo itself for Tesseract, which runs in process).
#
#   Benchmarks/receipts-engines.sh [N] [KAKEIBO]     (default 40, .build/release/kakeibo)
# Engines not installed are reported and skipped. Run it with the machine otherwise quiet, and say its load.
set -euo pipefail
count=${1:-40}
kakeibo=${2:-$(dirname "$0")/../.build/release/kakeibo}
shared=$(cd "$(dirname "$0")/.." && pwd)/../shared/receipts-dev
[ -d "$shared" ] || { echo "skipped: $shared is absent (the receipts live outside the repository)"; exit 0; }
[ -x "$kakeibo" ] || { echo "no kakeibo at $kakeibo (swift build -c release)" >&2; exit 2; }
folder=$(mktemp -d)
timing=$(mktemp)
trap 'rm -rf "$folder" "$timing"' EXIT
for image in $(ls "$shared"/*.jpg | head -n "$count"); do
    ln -s "$image" "$folder/"
    ln -s "${image%.jpg}.json" "$folder/"
done
echo "load before: $(uptime | sed 's/.*load average: //')"
printf "%-14s %10s %12s %10s\n" engine "s/receipt" "peak (MB)" "total"
for engine in tesseract ppocr ppocr-v5 ppocr-v6 ppocr-v6-tiny; do
    if ! /usr/bin/time -f "%e %M" -o "$timing" "$kakeibo" receipts eval "$folder" --engine "$engine" --jobs 2 --format json \
        >"$folder/out.json" 2>"$folder/err.txt"; then
        echo "$engine: skipped ($(head -n 1 "$folder/err.txt"))"
        continue
    fi
    read -r wall peak <"$timing"
    total=$(python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["fields"]["total"]; print("%d/%d" % (f["correct"], f["count"] if "count" in f else 0))' "$folder/out.json" 2>/dev/null || echo "?")
    printf "%-14s %10.2f %12d %10s\n" "$engine" "$(echo "$wall $count" | awk '{ print $1 / $2 }')" "$((peak / 1024))" "$total"
done
echo "load after: $(uptime | sed 's/.*load average: //')"

#!/usr/bin/env bash
# The receipt target "whole pipeline time per receipt within 1.2x of the tesseract CLI on the same image",
# measured one image at a time: `tesseract IMAGE -` (as installed, and with OMP_THREAD_LIMIT=1, since
# Debian's build spins OpenMP threads) against `kakeibo receipts read IMAGE` (OCR, re-reads, parsing).
# Prints each image and the totals; wall and CPU (user + sys) seconds.
#
#   Benchmarks/receipts-vs-tesseract.sh DIR [KAKEIBO]     (default KAKEIBO: .build/release/kakeibo)
set -euo pipefail
dir=${1:?usage: receipts-vs-tesseract.sh DIR [KAKEIBO]}
kakeibo=${2:-$(dirname "$0")/../.build/release/kakeibo}
[ -x "$kakeibo" ] || { echo "no kakeibo at $kakeibo (swift build -c release)" >&2; exit 2; }
command -v tesseract >/dev/null || { echo "tesseract is not installed" >&2; exit 2; }

timing=$(mktemp)
trap 'rm -f "$timing"' EXIT
# Runs a command, discarding its output; prints "wall cpu".
measure() {
    /usr/bin/time -f "%e %U %S" -o "$timing" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    awk '{ printf "%.2f %.2f", $1, $2 + $3 }' "$timing"
}

printf "%-16s %22s %22s %22s\n" image "tesseract wall/cpu" "tesseract 1 thread" "kakeibo wall/cpu"
totals=(0 0 0 0 0 0)
count=0
for image in "$dir"/*.jpg "$dir"/*.png; do
    [ -e "$image" ] || continue
    read -r tw tc <<<"$(measure tesseract "$image" -)"
    read -r ow oc <<<"$(OMP_THREAD_LIMIT=1 measure tesseract "$image" -)"
    read -r kw kc <<<"$(measure "$kakeibo" receipts read "$image")"
    printf "%-16s %11s / %-8s %11s / %-8s %11s / %-8s\n" "$(basename "${image%.*}")" "$tw" "$tc" "$ow" "$oc" "$kw" "$kc"
    totals=($(echo "${totals[*]} $tw $tc $ow $oc $kw $kc" | awk '{ for (i = 1; i <= 6; i++) printf "%.2f ", $i + $(i + 6) }'))
    count=$((count + 1))
done
[ "$count" -gt 0 ] || { echo "no .jpg or .png images in $dir" >&2; exit 2; }
echo "${totals[*]} $count" | awk '{
    n = $7
    printf "per receipt: tesseract %.2f s wall, %.2f s CPU; one thread %.2f s wall, %.2f s CPU; kakeibo %.2f s wall, %.2f s CPU\n", $1/n, $2/n, $3/n, $4/n, $5/n, $6/n
    printf "kakeibo / tesseract: %.2fx wall, %.2fx CPU; against one thread: %.2fx wall, %.2fx CPU\n", $5/$1, $6/$2, $5/$3, $6/$4
}'

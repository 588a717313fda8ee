#!/usr/bin/env bash
# hledger's own example and test journals (issue 36 must-show), through
# Benchmarks/journal-conformance.sh: every journal hledger 1.25 accepts is imported into a fresh
# ledger and its balances compared with `hledger --auto bal -N -O json`, exactly.
#
# Fetches nothing. The corpus is a folder OUTSIDE the repository (default /work/hledger-corpus,
# or $HLEDGER_CORPUS) holding files of simonmichael/hledger at their repository paths:
# `*.journal` files (examples/, hledger/test/), and shelltest `*.test` files, each of whose stdin
# blocks (a `<` line up to the first `$ ` command line) is one journal, named TEST-NN.journal.
# Without the corpus or hledger it skips and says why.
#
#   bash Tests/Journals/hledger-corpus.sh [PATH-TO-kakeibo]
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
KAKEIBO="${1:-$ROOT/.build/debug/kakeibo}"
CORPUS="${HLEDGER_CORPUS:-/work/hledger-corpus}"
if [ ! -d "$CORPUS" ]; then echo "skipping: no hledger corpus at $CORPUS (set HLEDGER_CORPUS)"; exit 0; fi
if ! command -v hledger >/dev/null; then echo "skipping: hledger is not installed"; exit 0; fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
# The corpus's journals as they are (includes resolve beside them), and the snippets of its tests.
ln -s "$CORPUS" "$WORK/corpus"
mkdir "$WORK/snippets"
find "$CORPUS" -name '*.test' | sort | while IFS= read -r test; do
    awk -v out="$WORK/snippets/$(basename "$test" .test)" '
        /^<$/ { n++; on = 1; file = sprintf("%s-%02d.journal", out, n); printf "" > file; next }
        on && /^\$ / { on = 0; close(file); next }
        on { print >> file }
    ' "$test"
done
bash "$ROOT/Benchmarks/journal-conformance.sh" --kakeibo "$KAKEIBO" "$WORK" | grep -v '^EQUAL \|^NOT-ACCEPTED'

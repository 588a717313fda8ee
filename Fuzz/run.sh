#!/usr/bin/env bash
# libFuzzer over the parsers that read untrusted bytes: canonical JSON, stored event payloads,
# typed amounts, hledger journals, bank CSV statements (with their rules) and receipt text.
# Each target is compiled together with the sources it exercises in one swiftc call: a fuzz
# target has no main() of its own (libFuzzer's is linked in), which SwiftPM executables cannot
# express. Sources of other modules are copied with their `import KakeiboDomain` line removed, so
# they compile into the same module; only the pure reader files are taken (no GRDB, no ledger).
#
#   Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET…]   (default 5 s, every target; `make test` runs 3 s)
#   FUZZ_RUNS=N Fuzz/run.sh SECONDS TARGET       (stop after N executions, or SECONDS, whichever first)
#   FUZZ_OPT=-O FUZZ_BUILD=.build-fuzz-long Fuzz/run.sh …   (optimised, in its own folder: long runs)
#   FUZZ_JOBS=2 FUZZ_MAX_LEN=1024 Fuzz/run.sh …   (a worker per core sharing one corpus; inputs up to 1024 bytes)
#   FUZZ_SANITIZERS=fuzzer Fuzz/run.sh …   (without AddressSanitizer: the 10M-execution runs. Swift's own bounds and
#     overflow checks still trap, and the readers hold no unsafe pointers; OFX ran 6,800/s against 4,200/s with ASan,
#     40 s each on an idle core. `make test`'s short slot keeps ASan.)
#   FUZZ_RSS_MB=12000 Fuzz/run.sh …   (the memory bound, default 2048 MB: FoundationXML's XMLParser leaks about 13 KB
#     on every document it refuses part-way (20,000 refused parses of one OFX 2 input: 273 MB, against 21 MB for a
#     well-formed one; swift-corelibs-foundation's, reproduced without our code), so a 10M run of the OFX or camt
#     reader outgrows 2 GB. A one-shot import parses one file.)
#   FUZZ_FORK=1 Fuzz/run.sh …   (libFuzzer's fork mode: the campaign runs in short-lived child processes that share
#     one corpus, and `FUZZ_RUNS` bounds the executions of all of them, so the leak above never piles up. The camt
#     reader leaked 1.5 KB an execution on average: 4.4 GB by 2.9M executions, past 14 GB before 10M. A crash, an
#     out-of-memory or a timeout in any child still ends the run.)
# Crashes land in Fuzz/Crashes/; add each as a regression test before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-5}
shift || true
targets=("$@")
# Every Fuzz/Fuzz*.swift is a target; each names the folders (or files) it reads from in a header
# line `// fuzz-sources: DIR|FILE …`. Of those, every Swift file that imports nothing beyond
# Foundation (FoundationXML included: it ships with it), Dispatch and KakeiboDomain is compiled in: a new reader file joins its fuzz target
# without an edit here (issue 35; FuzzSourcesTests checks it), and a file that needs GRDB or the
# ledger is left out by its imports, not by a hand-kept list.
if [ ${#targets[@]} -eq 0 ]; then
    for file in Fuzz/Fuzz*.swift; do targets+=("$(basename "$file" .swift)"); done
fi
# The pure sources beyond KakeiboDomain a target declares (`FUZZ_LIST=1 Fuzz/run.sh 0 TARGET` prints them).
extra_sources() {
    local declared
    declared=$(sed -n 's|^// fuzz-sources:||p' "Fuzz/$1.swift")
    [ -z "$declared" ] && return 0
    # shellcheck disable=SC2086
    find $declared -name '*.swift' | sort -u | while read -r source; do
        if ! grep -E '^[[:space:]]*(@preconcurrency |@_implementationOnly |internal |public )?import ' "$source" \
            | grep -vqE 'import (Foundation|FoundationXML|Dispatch|KakeiboDomain)$'; then
            echo "$source"
        fi
    done
}

if [ -n "${FUZZ_LIST:-}" ]; then
    for target in "${targets[@]}"; do extra_sources "$target"; done
    exit 0
fi

build=${FUZZ_BUILD:-.build-fuzz}
case $build in /*) ;; *) build="$root/$build" ;; esac
mkdir -p "$build" Fuzz/Crashes
domain_sources=$(find Sources/KakeiboDomain -name '*.swift' | sort)

status=0
for target in "${targets[@]}"; do
    copies="$build/src-$target"
    rm -rf "$copies" && mkdir -p "$copies"
    sources=()
    for source in $(extra_sources "$target"); do
        copy="$copies/$(basename "$source")"
        grep -v '^import KakeiboDomain$' "$source" >"$copy"
        sources+=("$copy")
    done
    swiftc -sanitize="${FUZZ_SANITIZERS:-fuzzer,address}" -parse-as-library -g "${FUZZ_OPT:--Onone}" -module-name "$target" \
        $domain_sources "${sources[@]}" "Fuzz/$target.swift" -o "$build/$target" 2>"$build/$target.build.log" \
        || { cat "$build/$target.build.log"; exit 1; }
    corpus="$build/corpus-$target"
    mkdir -p "$corpus"
    [ -d "Fuzz/Corpus/$target" ] && cp -n Fuzz/Corpus/$target/* "$corpus/" 2>/dev/null || true
    limit=(-max_total_time="$seconds")
    [ -n "${FUZZ_RUNS:-}" ] && limit+=(-runs="$FUZZ_RUNS")
    [ -n "${FUZZ_MAX_LEN:-}" ] && limit+=(-max_len="$FUZZ_MAX_LEN")
    jobs=${FUZZ_JOBS:-1}
    # Each worker writes fuzz-N.log where it runs; one folder per target keeps them apart.
    logs="$build/logs-$target"
    rm -rf "$logs" && mkdir -p "$logs"
    [ "$jobs" -gt 1 ] && limit+=(-jobs="$jobs" -workers="$jobs")
    [ -n "${FUZZ_FORK:-}" ] && limit+=(-fork="$FUZZ_FORK" -ignore_crashes=0 -ignore_ooms=0 -ignore_timeouts=0)
    echo "== $target: ${seconds}s${FUZZ_RUNS:+ or $FUZZ_RUNS runs}${FUZZ_MAX_LEN:+, inputs up to $FUZZ_MAX_LEN bytes}, $jobs worker(s)"
    # No leak checks, per input or at exit: Swift's lazily initialised globals (a Regex literal,
    # metadata caches) read as leaks, and so does Foundation's NSRegularExpression when a pattern
    # does not compile (swift-corelibs-foundation, not ours). Memory errors still stop the run.
    if ! (cd "$logs" && ASAN_OPTIONS=detect_leaks=0 "$build/$target" "${limit[@]}" -detect_leaks=0 -timeout=10 -rss_limit_mb="${FUZZ_RSS_MB:-2048}" \
        -print_final_stats=1 -artifact_prefix="$root/Fuzz/Crashes/$target-" "$corpus" >"$target.log" 2>&1); then
        status=1
        tail -n 30 "$logs"/*.log
    fi
    cat "$logs"/*.log | awk -v prefix="   " '/stat::number_of_executed_units/ { runs += $2 } /stat::peak_rss_mb/ && $2 > rss { rss = $2 }
        END { printf "%sexecutions: %d\n%speak RSS: %d MB\n", prefix, runs, prefix, rss }'
done
exit $status

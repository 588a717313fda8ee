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
# Crashes land in Fuzz/Crashes/; add each as a regression test before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzCanonicalJSON FuzzEventDecoder FuzzMoneyParser FuzzJournalReader FuzzCSVReader FuzzReceiptParser)
build=${FUZZ_BUILD:-.build-fuzz}
mkdir -p "$build" Fuzz/Crashes
domain_sources=$(find Sources/KakeiboDomain -name '*.swift' | sort)

# The sources beyond KakeiboDomain each target needs.
extra_sources() {
    case "$1" in
        FuzzJournalReader) echo Sources/KakeiboInterop/Common/{ImportError,SourceLocation,UntrustedText}.swift \
            Sources/KakeiboInterop/Journal/{AmountSyntax,Journal,JournalReader,JournalReader+Transactions,JournalTransaction}.swift ;;
        FuzzCSVReader) echo Sources/KakeiboInterop/Common/{ImportError,SourceLocation,UntrustedText}.swift \
            Sources/KakeiboInterop/Journal/AmountSyntax.swift Sources/KakeiboInterop/CSV/{CSVDateFormat,CSVRules,CSVTable,CSVRow}.swift ;;
        FuzzReceiptParser) find Sources/KakeiboReceipts -name '*.swift' -not -path '*/Evaluation/*' | sort ;;
    esac
}

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
    swiftc -sanitize=fuzzer,address -parse-as-library -g "${FUZZ_OPT:--Onone}" -module-name "$target" \
        $domain_sources "${sources[@]}" "Fuzz/$target.swift" -o "$build/$target" 2>"$build/$target.build.log" \
        || { cat "$build/$target.build.log"; exit 1; }
    corpus="$build/corpus-$target"
    mkdir -p "$corpus"
    [ -d "Fuzz/Corpus/$target" ] && cp -n Fuzz/Corpus/$target/* "$corpus/" 2>/dev/null || true
    limit=(-max_total_time="$seconds")
    [ -n "${FUZZ_RUNS:-}" ] && limit+=(-runs="$FUZZ_RUNS")
    echo "== $target: ${seconds}s${FUZZ_RUNS:+ or $FUZZ_RUNS runs}"
    # No leak checks, per input or at exit: Swift's lazily initialised globals (a Regex literal,
    # metadata caches) read as leaks, and so does Foundation's NSRegularExpression when a pattern
    # does not compile (swift-corelibs-foundation, not ours). Memory errors still stop the run.
    if ! ASAN_OPTIONS=detect_leaks=0 "$build/$target" "${limit[@]}" -detect_leaks=0 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix=Fuzz/Crashes/"$target"- "$corpus" 2>"$build/$target.log"; then
        status=1
        tail -n 30 "$build/$target.log"
    fi
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$build/$target.log" | sed "s/^/   /"
done
exit $status

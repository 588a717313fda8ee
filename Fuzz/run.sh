#!/usr/bin/env bash
# libFuzzer over the parsers that read untrusted bytes (canonical JSON, stored event payloads,
# typed amounts). Each target is compiled together with the KakeiboDomain sources in one
# swiftc call: a fuzz target has no main() of its own (libFuzzer's is linked in), which SwiftPM
# executables cannot express.
#
#   Fuzz/run.sh [SECONDS_PER_TARGET]        (default 5: the smoke run `make test` does)
# Crashes land in Fuzz/Crashes/; add each as a regression test before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
build=.build-fuzz
mkdir -p "$build" Fuzz/Crashes
domain_sources=$(find Sources/KakeiboDomain -name '*.swift' | sort)
status=0
for target in FuzzCanonicalJSON FuzzEventDecoder FuzzMoneyParser; do
    swiftc -sanitize=fuzzer,address -parse-as-library -g -Onone -module-name "$target" \
        $domain_sources "Fuzz/$target.swift" -o "$build/$target" 2>"$build/$target.build.log" \
        || { cat "$build/$target.build.log"; exit 1; }
    corpus="$build/corpus-$target"
    mkdir -p "$corpus"
    [ -d "Fuzz/Corpus/$target" ] && cp -n Fuzz/Corpus/$target/* "$corpus/" 2>/dev/null || true
    echo "== $target: ${seconds}s"
    if ! "$build/$target" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix=Fuzz/Crashes/ \
        "$corpus" 2>"$build/$target.log"; then
        status=1
        tail -n 30 "$build/$target.log"
    fi
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$build/$target.log" | sed "s/^/   /"
done
exit $status

#!/usr/bin/env bash
# The command-line fuzz target (issue 29) in a release build of its own, for its rate and its long run.
#
#   bash Benchmarks/cli-fuzz.sh RUNS [SEED] [START]
#
# Builds the tests in release (-enable-testing) under $BUILD_PATH (default .build-release-clifuzz beside the
# repository, so it does not queue behind the debug build's lock), then runs
# CommandLineFuzzTests/testGeneratedCommandLinesAreRecordedOrRefusedInOneLine with FUZZ_CLI_RUNS/SEED/START.
# It prints a progress line every 20,000 runs (runs, runs/s, violations) and a summary at the end; `uptime` is
# printed before and after, since the rate depends on the machine's load. Exit status: the test's.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:?usage: cli-fuzz.sh RUNS [SEED] [START]}
seed=${2:-29}
start=${3:-0}
build_path=${BUILD_PATH:-$(cd .. && pwd)/.build-release-clifuzz}
if [ "${SKIP_BUILD:-}" != 1 ]; then
    swift build -c release --build-tests -Xswiftc -enable-testing --build-path "$build_path" 2>&1 | grep -E "error|Build" || true
fi
bundle=$(ls -d "$build_path"/release/*PackageTests.xctest | head -1)
echo "cli-fuzz: $runs runs from $start, seed $seed, $(git rev-parse --short HEAD), $(date -u +%FT%TZ); uptime:$(uptime)"
status=0
FUZZ_CLI_RUNS=$runs FUZZ_CLI_SEED=$seed FUZZ_CLI_START=$start \
    "$bundle" KakeiboCLITests.CommandLineFuzzTests/testGeneratedCommandLinesAreRecordedOrRefusedInOneLine 2>&1 \
    | grep --line-buffered -E "command-line fuzz|error|passed|failed|skipped|Executed" || status=1
echo "cli-fuzz: done $(date -u +%FT%TZ); uptime:$(uptime)"
exit $status

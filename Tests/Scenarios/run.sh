#!/usr/bin/env bash
# Scenario suite: short user sessions typed as a person types them, each compared whole with its golden transcript.
#
#   bash Tests/Scenarios/run.sh KAKEIBO_BINARY [NAME…]     (NAME: a scenario's file name without .sh, or a prefix)
#   UPDATE_GOLDEN=1 bash Tests/Scenarios/run.sh BIN NAME    (writes NAME.golden; read it before committing)
#
# Each Tests/Scenarios/NAME.sh is sourced in a fresh folder with KAKEIBO_DB=$PWD/ledger.sqlite. It calls
#   k ARGS…      kakeibo ARGS: the transcript gets `$ kakeibo ARGS`, stdout, stderr as `! …` lines, `[exit N]` if not 0;
#                stdout is also printed, so TXN=$(k expense …) works
#   run CMD …    the same for another program (hledger, sqlite3, bean-check…)
#   skip_unless CMD…   stops the scenario as skipped, with the reason, when a program is missing
# and $FIXTURES (the repo's Fixtures, absolute). Anything else in the script is setup and is not recorded.
# The clock is fixed (KAKEIBO_NOW: 2026-11-25 09:00 UTC plus one second per call) and ids are seeded (KAKEIBO_SEED, the
# call's number, so no two calls mint the same random bits and short ids stay unique),
# so ids, hashes and dates print the same on every run. The sandbox's path prints as $SANDBOX, the repo's as $REPO.
# A call that dies by a signal fails its scenario whatever the golden says. The last line is `N passed, N failed`.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
binary=${1:?usage: run.sh KAKEIBO_BINARY [NAME…]}
case $binary in /*) ;; *) binary="$PWD/$binary" ;; esac
[ -x "$binary" ] || { echo "run.sh: $binary is not an executable" >&2; exit 2; }
shift
names=("$@")

selected() {
    [ ${#names[@]} -eq 0 ] && return 0
    local name
    for name in "${names[@]}"; do [[ $1 == "$name"* ]] && return 0; done
    return 1
}

passed=0 failed=0 skipped=0
failures=()
for script in "$here"/*.sh; do
    name=$(basename "$script" .sh)
    [ "$name" = run ] && continue
    selected "$name" || continue
    sandbox=$(mktemp -d "${TMPDIR:-/tmp}/kakeibo-scenario.XXXXXX")
    mkdir -p "$sandbox/home"
    transcript="$sandbox/.transcript" setup_log="$sandbox/.setup.log"
    : >"$transcript"; echo 0 >"$sandbox/.calls"
    (
        cd "$sandbox" || exit 2
        export KAKEIBO="$binary" KAKEIBO_DB="$sandbox/ledger.sqlite" HOME="$sandbox/home" KAKEIBO_ACTOR=alice TZ=UTC \
            LC_ALL=C.UTF-8 FIXTURES="$repo/Fixtures" SCENARIO_TRANSCRIPT="$transcript" SCENARIO_DIR="$sandbox"
        unset KAKEIBO_TOKEN KAKEIBO_NOW
        words() {
            local word out=""
            for word in "$@"; do
                if [[ $word =~ ^[A-Za-z0-9_./:=,+@%^-]+$ ]]; then out+=" $word"; else out+=" '${word//\'/\'\\\'\'}'"; fi
            done
            printf '%s' "${out# }"
        }
        record() { # record LABEL CMD ARGS…
            local label=$1; shift
            local calls; calls=$(($(cat "$SCENARIO_DIR/.calls") + 1)); echo "$calls" >"$SCENARIO_DIR/.calls"
            local out="$SCENARIO_DIR/.out.$calls" err="$SCENARIO_DIR/.err.$calls" status
            KAKEIBO_NOW=$((1795597200000 + calls * 1000)) KAKEIBO_SEED=$calls timeout 120 "$@" >"$out" 2>"$err" </dev/null
            status=$?
            {
                printf '$ %s %s\n' "$label" "$(words "${@:2}")"
                cat "$out"
                sed 's/^/! /' "$err"
                [ $status -eq 0 ] || echo "[exit $status]"
                echo
            } >>"$SCENARIO_TRANSCRIPT"
            [ $status -lt 128 ] || [ $status -eq 124 ] || echo "$label died by signal $((status - 128))" >>"$SCENARIO_DIR/.signals"
            cat "$out"
            return $status
        }
        k() { record kakeibo "$KAKEIBO" "$@"; }
        run() { record "$1" "$@"; }
        skip_unless() {
            local program
            for program in "$@"; do
                command -v "$program" >/dev/null 2>&1 || { echo "$program is not installed" >"$SCENARIO_DIR/.skipped"; exit 0; }
            done
        }
        # shellcheck disable=SC1090
        source "$script"
    ) >"$setup_log" 2>&1
    status=$?
    if [ -f "$sandbox/.skipped" ]; then
        echo "SKIP $name: $(cat "$sandbox/.skipped")"
        skipped=$((skipped + 1)); rm -rf "$sandbox"; continue
    fi
    actual=$(sed -e "s#$sandbox#\$SANDBOX#g" -e "s#$repo#\$REPO#g" "$transcript")
    golden="$here/$name.golden"
    problem=""
    [ -f "$sandbox/.signals" ] && problem="$(cat "$sandbox/.signals")"
    if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
        printf '%s\n' "$actual" >"$golden"
        echo "wrote $name.golden"
    elif [ ! -f "$golden" ]; then
        problem+=" no golden file (UPDATE_GOLDEN=1 writes one)"
    elif ! diff -u "$golden" <(printf '%s\n' "$actual") >"$sandbox/.diff"; then
        problem+=" transcript differs from $name.golden:"$'\n'"$(cat "$sandbox/.diff")"
    fi
    if [ -z "$problem" ]; then
        echo "ok   $name"; passed=$((passed + 1))
    else
        echo "FAIL $name:$problem"
        [ -s "$setup_log" ] && { echo "  setup output (last 10 lines):"; tail -n 10 "$setup_log" | sed 's/^/  | /'; }
        failed=$((failed + 1)); failures+=("$name")
    fi
    rm -rf "$sandbox"
done
[ ${#failures[@]} -eq 0 ] || echo "failed: ${failures[*]}"
echo "scenarios: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]

#!/usr/bin/env bash
# Issue 32's speed target: `kakeibo import statement` of one OFX file of N transactions (default
# 10,000) into a fresh ledger takes <= 2 s, whole process, spawn to exit (release build). Then the
# same file again (every transaction already recorded: reading and the key look-up only).
# Median of RUNS runs, each on a fresh ledger. Prints the machine load (uptime) with the figures.
#
#   swift build -c release --product kakeibo --build-path /work/.build-release-NAME
#   Benchmarks/statement-import.sh [--kakeibo PATH] [--transactions 10000] [--runs 5] [--dir DIR]
set -euo pipefail

KAKEIBO=""
COUNT=10000
RUNS=5
DIR="${TMPDIR:-/tmp}/kakeibo-statement-import"
while [ $# -gt 0 ]; do
    case "$1" in
        --kakeibo) KAKEIBO="$2"; shift 2 ;;
        --transactions) COUNT="$2"; shift 2 ;;
        --runs) RUNS="$2"; shift 2 ;;
        --dir) DIR="$2"; shift 2 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
KAKEIBO="${KAKEIBO:-$ROOT/.build/release/kakeibo}"
[ -x "$KAKEIBO" ] || { echo "no kakeibo at $KAKEIBO: swift build -c release --product kakeibo" >&2; exit 1; }
mkdir -p "$DIR"
OFX="$DIR/statement-$COUNT.ofx"

# An OFX 1.x SGML statement: N transactions over a year, 40 payees, FITIDs unique, amounts exact.
python3 - "$COUNT" "$OFX" <<'PY'
import sys
count, path = int(sys.argv[1]), sys.argv[2]
payees = [f"SHOP {i:02d}" for i in range(40)]
lines = ["OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "SECURITY:NONE", "ENCODING:USASCII", "CHARSET:1252",
         "COMPRESSION:NONE", "OLDFILEUID:NONE", "NEWFILEUID:NONE", "", "<OFX>", "<BANKMSGSRSV1><STMTTRNRS><TRNUID>1",
         "<STATUS><CODE>0<SEVERITY>INFO</STATUS>", "<STMTRS><CURDEF>USD",
         "<BANKACCTFROM><BANKID>1<ACCTID>2<ACCTTYPE>CHECKING</BANKACCTFROM>", "<BANKTRANLIST><DTSTART>20250101<DTEND>20251231"]
total = 0
for i in range(count):
    day = i * 365 // count
    month, dom = 1 + day // 31 % 12, 1 + day % 28
    cents = -(100 + (i * 7919) % 20000) if i % 10 else 250000
    total += cents
    lines.append(f"<STMTTRN><TRNTYPE>{'CREDIT' if cents > 0 else 'DEBIT'}<DTPOSTED>2025{month:02d}{dom:02d}120000[-5:EST]"
                 f"<TRNAMT>{cents // 100 if cents >= 0 else -((-cents) // 100)}.{abs(cents) % 100:02d}<FITID>F{i:08d}"
                 f"<NAME>{payees[i % 40]}<MEMO>purchase {i}</STMTTRN>")
lines += ["</BANKTRANLIST>", f"<LEDGERBAL><BALAMT>{'-' if total < 0 else ''}{abs(total) // 100}.{abs(total) % 100:02d}<DTASOF>20251231</LEDGERBAL>",
          "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>", ""]
open(path, "w").write("\r\n".join(lines))
PY

seconds() { python3 -c 'import sys; print(f"{float(sys.argv[1]):.2f}")' "$1"; }
first=() again=()
for run in $(seq 1 "$RUNS"); do
    db="$DIR/ledger-$run.sqlite"
    rm -f "$db" "$db-wal" "$db-shm"
    KAKEIBO_DB="$db" "$KAKEIBO" init --currency USD >/dev/null
    start=$(date +%s.%N)
    KAKEIBO_DB="$db" "$KAKEIBO" import statement "$OFX" --account assets:checking >"$DIR/out.txt"
    end=$(date +%s.%N)
    first+=("$(echo "$end - $start" | bc)")
    grep -q "$COUNT transactions appended" "$DIR/out.txt" || { cat "$DIR/out.txt"; echo "wrong count" >&2; exit 1; }
    start=$(date +%s.%N)
    KAKEIBO_DB="$db" "$KAKEIBO" import statement "$OFX" --account assets:checking >"$DIR/out.txt"
    end=$(date +%s.%N)
    again+=("$(echo "$end - $start" | bc)")
    grep -q "0 transactions appended, $COUNT already recorded" "$DIR/out.txt" || { cat "$DIR/out.txt"; exit 1; }
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "import statement, $COUNT OFX transactions, fresh ledger: median $(seconds "$(median "${first[@]}")") s of $RUNS (target <= 2 s)"
echo "the same file again (all already recorded):      median $(seconds "$(median "${again[@]}")") s"
echo "load: $(uptime)"

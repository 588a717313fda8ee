#!/usr/bin/env bash
# Real bank statement files from other projects' test suites, imported by kakeibo and compared with
# a Python library's parse of the same file (Tests/Statements/corpus-check.py says how): count,
# dates and amounts. The corpus is NOT committed: it is built from PyPI sdists and wheels
# (ofxparse, mt-940 4.23.0, quiffen, qifparse, ofx-br, ofxstatement, beangulp-mt940, odoo's
# statement import add-ons) into CORPUS (default /work/statement-corpus), with its own venv for the
# reference libraries (ofxparse, mt-940, quiffen, pycamt).
#
#   Tests/Statements/corpus-check.sh [--kakeibo PATH] [--corpus DIR] [--fetch]
#
# --fetch downloads and unpacks the packages first (pip, PyPI only). Exits 1 if any file DIFFERs
# (accepted with other figures than the reference's); skips with a reason when the corpus or the
# venv is absent.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
KAKEIBO="$ROOT/.build/debug/kakeibo"
CORPUS=/work/statement-corpus
FETCH=0
while [ $# -gt 0 ]; do
    case "$1" in
        --kakeibo) KAKEIBO="$2"; shift 2 ;;
        --corpus) CORPUS="$2"; shift 2 ;;
        --fetch) FETCH=1; shift ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done
[ -x "$KAKEIBO" ] || { echo "no kakeibo at $KAKEIBO: swift build --product kakeibo" >&2; exit 1; }

if [ "$FETCH" = 1 ]; then
    mkdir -p "$CORPUS/pkgs" "$CORPUS/src"
    [ -x "$CORPUS/venv/bin/python" ] || python3 -m venv "$CORPUS/venv"
    "$CORPUS/venv/bin/pip" install -q ofxparse mt-940 quiffen pycamt
    cd "$CORPUS/pkgs"
    for p in ofxparse quiffen qifparse ofx-br ofxstatement beangulp-mt940 "mt-940==4.23.0"; do
        "$CORPUS/venv/bin/pip" download -q --no-deps --no-binary :all: "$p" -d . || echo "could not fetch $p" >&2
    done
    for p in odoo14-addon-account-statement-import-camt odoo14-addon-account-statement-import-ofx \
             odoo13-addon-account-bank-statement-import-qif odoo13-addon-account-bank-statement-import-camt-oca \
             odoo14-addon-l10n-ro-account-bank-statement-import-mt940-base odoo14-addon-l10n-ro-account-bank-statement-import-mt940-ing \
             odoo14-addon-l10n-ro-account-bank-statement-import-mt940-brd odoo14-addon-l10n-ro-account-bank-statement-import-mt940-bcr \
             odoo-addon-account-statement-import-camt; do
        "$CORPUS/venv/bin/pip" download -q --no-deps --only-binary :all: --ignore-requires-python --python-version 3.8 "$p" -d . \
            || echo "could not fetch $p" >&2
    done
    cd "$CORPUS/src"
    for f in ../pkgs/*; do
        case $f in
            *.whl) unzip -q -o "$f" -d "$(basename "$f" .whl)" ;;
            *.tar.gz) tar xzf "$f" ;;
        esac
    done
fi

if [ ! -d "$CORPUS/src" ] || [ ! -x "$CORPUS/venv/bin/python" ]; then
    echo "skipped: no corpus at $CORPUS (run with --fetch to build it from PyPI)"
    exit 0
fi
cd "$CORPUS/src"
# Statement files: the test folders' bank files by name, and the OFX specification's example.
mapfile -t files < <(find . -type f \( -path '*test*' -o -path '*ofx_sample_files*' \) \
    \( -iname '*.ofx' -o -iname '*.qfx' -o -iname '*.qif' -o -iname '*.sta' -o -iname '*.940' -o -iname '*.swi' \
       -o -iname '*.mt940' -o -iname 'test_*940*.txt' -o -iname 'test-camt05*' -o -iname '*stmtrs_example.xml' \) \
    ! -iname '*.zip' ! -iname '*.pydata' | sed 's|^\./||' | sort)
echo "$(uptime)"
echo "kakeibo: $KAKEIBO; ${#files[@]} files under $CORPUS/src"
exec "$CORPUS/venv/bin/python" "$ROOT/Tests/Statements/corpus-check.py" --kakeibo "$KAKEIBO" "${files[@]}"

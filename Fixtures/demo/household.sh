#!/usr/bin/env bash
# Records three months of a household's money with the kakeibo CLI, then audits it.
# Usage: KAKEIBO=path/to/kakeibo [DEMO_DB=path] bash Fixtures/demo/household.sh
set -euo pipefail

KAKEIBO=${KAKEIBO:-kakeibo}
if [ -n "${DEMO_DB:-}" ]; then
    DB=$DEMO_DB
else
    DB=$(mktemp -d "${TMPDIR:-/tmp}/kakeibo-demo.XXXXXX")/household.sqlite
fi
rm -f "$DB" "$DB-wal" "$DB-shm"
k() { "$KAKEIBO" --db "$DB" "$@"; }
section() { printf '\n== %s\n' "$1"; }

section "A new ledger at $DB"
k init --currency USD --timezone America/New_York --name "The Tanakas"

for account in assets:bank:checking assets:bank:savings assets:cash liabilities:visa equity:opening; do
    k account open "$account" >/dev/null
done
k account open income:salary --type income >/dev/null
k account open income:interest --type income >/dev/null
while read -r name hue icon; do
    k category add "$name" --hue "$hue" --icon "$icon" >/dev/null
done <<'CATEGORIES'
groceries 120 cart
dining 20 fork.knife
rent 260 house
utilities 200 bolt
internet 220 wifi
phone 240 phone
transport 180 tram
fuel 30 fuelpump
health 0 cross.case
entertainment 300 film
clothing 330 tshirt
gifts 350 gift
household 60 sofa
CATEGORIES
k account list

section "Three months of spending, income and transfers"
k transfer 3000 --from equity:opening --to assets:bank:checking --date 2026-08-01 --memo "opening balance" >/dev/null
k transfer 10000 --from equity:opening --to assets:bank:savings --date 2026-08-01 --memo "opening balance" >/dev/null

count=0
for month in 08 09 10; do
    k expense 1450 --from assets:bank:checking --category rent --payee "Maple Court Apartments" --date 2026-$month-01 >/dev/null
    k expense 59.99 --from assets:bank:checking --category internet --payee "FiberNet" --date 2026-$month-03 >/dev/null
    k expense 35 --from assets:bank:checking --category phone --payee "Mobile Co" --date 2026-$month-05 >/dev/null
    k expense "$(( 80 + 10#$month * 7 )).40" --from assets:bank:checking --category utilities --payee "City Power & Water" --date 2026-$month-12 >/dev/null
    for day in 02 09 16 23 30; do
        k expense "$(( 60 + (10#$day * 3 + 10#$month) % 45 )).$(( (10#$day * 7) % 100 ))" --from liabilities:visa \
            --category groceries --payee "Green Grocer #$(( 10#$day % 3 + 101 ))" --date 2026-$month-$day >/dev/null
        count=$((count + 1))
    done
    for day in 06 14 27; do
        k expense "$(( 18 + 10#$day % 25 )).50" --from liabilities:visa --category dining --payee "Noodle Bar" --date 2026-$month-$day >/dev/null
    done
    k expense 45.10 --from liabilities:visa --category fuel --payee "Shell 0423" --date 2026-$month-08 >/dev/null
    k expense 2.90 --from assets:cash --category transport --payee "Metro" --date 2026-$month-10 >/dev/null
    k expense 2.90 --from assets:cash --category transport --payee "Metro" --date 2026-$month-11 >/dev/null
    k income 4200 --to assets:bank:checking --from income:salary --payee "Acme Corp payroll" --date 2026-$month-25 >/dev/null
    k income "$(( 20 + 10#$month )).17" --to assets:bank:savings --from income:interest --payee "Bank interest" --date 2026-$month-28 >/dev/null
    k transfer 200 --from assets:bank:checking --to assets:cash --date 2026-$month-07 --memo "ATM" >/dev/null
    k transfer 900 --from assets:bank:checking --to liabilities:visa --date 2026-$month-20 --memo "card payment" >/dev/null
    k transfer 500 --from assets:bank:checking --to assets:bank:savings --date 2026-$month-26 --memo "savings" >/dev/null
done
k expense 64 --from liabilities:visa --category health --payee "Pharmacy" --date 2026-09-15 >/dev/null
k expense 120 --from liabilities:visa --category clothing --payee "Outfitters" --date 2026-10-04 >/dev/null
k expense 38 --from assets:cash --category gifts --payee "Flower stand" --date 2026-10-18 >/dev/null

# A warehouse run split across two categories, the card paying for both.
k txn --date 2026-10-11 --payee "Warehouse Club" --memo "monthly stock-up" \
    --posting expenses:groceries=86.40 --posting expenses:household=42.15 --posting liabilities:visa >/dev/null

section "Corrections: nothing is overwritten, each is a new event"
typo=$(k expense 1.85 --from liabilities:visa --category groceries --payee "Green Grocer #101" --date 2026-10-21)
k edit "$typo" --amount 18.50 --reason "misread the receipt: 18.50, not 1.85" >/dev/null
movie=$(k expense 32 --from liabilities:visa --category dining --payee "Cinema City" --date 2026-10-24)
k edit "$movie" --category entertainment --payee "Cinema City (2 tickets)" --reason "it was a film, not a meal" >/dev/null
duplicate=$(k expense 45.10 --from liabilities:visa --category fuel --payee "Shell 0423" --date 2026-10-08)
k void "$duplicate" --reason "imported twice: same as the 10-08 fuel purchase" >/dev/null
echo "edited $typo and $movie, voided $duplicate"

section "No category given: the ledger suggests one (stderr says which), or files it under expenses:unknown"
k expense 21.50 --from liabilities:visa --payee "SQ *NOODLE BAR 7" --date 2026-10-27 >/dev/null
k expense 41.00 --from liabilities:visa --payee "PETRONAS 88 KL" --date 2026-10-28 >/dev/null
k expense 9.00 --from assets:cash --payee "Street market" --date 2026-10-29 >/dev/null
k suggest --stats

section "A receipt photo becomes an expense (PP-OCR, or Tesseract when PP-OCR is not installed, on a synthetic receipt)"
receipts=$(cd "$(dirname "$0")/../receipts/synthetic" && pwd)
receipt=$(k import receipt "$receipts/syn-02-us-diner.jpg" --account liabilities:visa)
echo "$receipt"
k import receipt "$receipts/syn-02-us-diner.jpg" --account liabilities:visa   # the same image again: nothing appended
k receipt show "$(echo "$receipt" | awk '{print $4}')"

section "Budgets with rollover, and an income goal"
k budget set groceries 450 --rollover positive --from 2026-08-01 >/dev/null
k budget set dining 150 --rollover both --from 2026-08-01 >/dev/null
k budget set fuel 60 --period weekly --from 2026-10-01 >/dev/null
k goal set 4000 --period monthly --from 2026-08-01 >/dev/null
k budget report --period 2026-10
k goal report --as-of 2026-10-31
section "Widget snapshots and the dashboard as of 2026-10-31"
WIDGETS="$(cd "$(dirname "$DB")" && pwd)/widgets"
# Exported as on that day (the household's three months end then), so the pages are not marked stale (issue 29, N21).
KAKEIBO_NOW=2026-10-31 k widgets export --out "$WIDGETS" --as-of 2026-10-31 --html

section "Balances (tree with roll-ups)"
k balance
section "Balances as of 2026-09-30"
k balance --as-of 2026-09-30 --format csv
section "Checking account register (last 8 postings)"
k register assets:bank:checking | tail -n 8
section "Audit history of the corrected grocery purchase"
k history "$typo"
section "Verifying the hash chain, the books and the projections"
k verify
k replay --check
echo "chain head digest (keep it somewhere else, check later with: kakeibo verify --expect DIGEST):"
k verify --digest
echo
echo "The ledger is at $DB — try: $KAKEIBO --db $DB log | tail"
echo "The dashboard (HTML beside the widget JSON, no server needed):"
echo "open $WIDGETS/index.html"

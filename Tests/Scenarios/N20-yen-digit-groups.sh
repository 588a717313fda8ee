# N20 (Low): `export journal` keeps the digit groups of ¥ amounts (`¥50,000` under `commodity ¥1,000.`), and the export reads back to the same balances.
k init --currency USD
k import journal "$FIXTURES/journals/travel-trip.journal"
k export journal >export.journal
grep -n '¥' export.journal >yen.txt
run cat yen.txt
k import journal export.journal
skip_unless hledger
run hledger -f export.journal bal -N assets:cash:jpy expenses:lodging expenses:dining

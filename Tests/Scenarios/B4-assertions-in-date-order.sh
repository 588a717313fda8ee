# B4 (Medium): journal balance assertions are checked in date order, as hledger does, not in file order.
cat >dateorder.journal <<'JOURNAL'
2026-08-05 later in date, first in file
    assets:cash   $5 = $15
    equity:opening

2026-08-01 earlier
    assets:cash   $10
    equity:opening
JOURNAL
k init --currency USD
k import journal dateorder.journal
k balance --format csv
